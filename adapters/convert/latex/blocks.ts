/**
 * The scanner of the LaTeX → Markdown conversion: walks prepared LaTeX once, copying math as
 * LaTeX, mapping text commands to Markdown (vocabulary.ts), sections to numbered headings, and
 * handing environments to environments.ts and references to references.ts.
 */
import { inline, nest, type Ctx, type Scan } from './context.ts';
import { environment } from './environments.ts';
import { cleanMath, mathClose } from './math.ts';
import { referenceCommand } from './references.ts';
import { argument, findEnd, group, optional } from './scan.ts';
import { ACCENTS, DROP, SECTION_LEVEL, SKIP_FIRST, STYLE, SYMBOLS } from './vocabulary.ts';

/**
 * Markdown blocks of a LaTeX text. `inlineOnly` keeps everything on one line (no headings, no
 * paragraphs): captions, table cells, footnotes.
 */
export function renderBlocks(s: string, ctx: Ctx, inlineOnly = false): string[] {
  const blocks: string[] = [];
  const st: Scan = { s, i: 0, para: '', inlineOnly, ctx, block: () => {} };
  const flush = () => {
    const t = st.para
      .replace(/[ \t]*\n[ \t]*/g, ' ')
      .replace(/[ \t]{2,}/g, ' ')
      .trim();
    if (t) blocks.push(t);
    st.para = '';
  };
  st.block = (b: string) => {
    if (inlineOnly) {
      st.para += ` ${b} `;
      return;
    }
    flush();
    if (b.trim()) blocks.push(b);
  };
  while (st.i < s.length) {
    const c = s[st.i]!;
    if (c === '\\') backslash(st);
    else if (c === '$') dollar(st);
    else if (c === '\n' && !inlineOnly && /^\n[ \t]*\n/.test(s.slice(st.i, st.i + 100))) {
      flush();
      st.i = s.indexOf('\n', st.i + 1) + 1;
    } else character(st, c);
  }
  flush();
  return blocks;
}

function backslash(st: Scan): void {
  const m = /^\\([a-zA-Z@]+)(\*?)/.exec(st.s.slice(st.i, st.i + 60));
  if (!m) return controlSymbol(st);
  const name = m[1]!;
  st.i += m[0].length;
  // Accents written as letters: \c{c}, \v{s}, \H{o}, \u{a}…
  if (name.length === 1 && ACCENTS[name] && /^\s*\{/.test(st.s.slice(st.i, st.i + 5))) {
    const a = argument(st.s, st.i)!;
    st.para += accent(a.inner, name);
    st.i = a.end;
    return;
  }
  if (structureCommand(st, name, m[2] === '*')) return;
  if (referenceCommand(st, name)) return;
  if (textCommand(st, name)) return;
  // Unknown: keep the text of its arguments (a macro from a package we do not have).
  st.ctx.unknown.add(name);
}

/** `\[`, `\(`, `\\`, accents like `\'e`, escaped characters and spacing (`\,`, `\ `). */
function controlSymbol(st: Scan): void {
  const { s } = st;
  const n = s[st.i + 1] ?? '';
  if (n === '[' || n === '(') {
    const close = s.indexOf(n === '[' ? '\\]' : '\\)', st.i + 2);
    const end = close < 0 ? s.length : close;
    const tex = cleanMath(s.slice(st.i + 2, end), st.ctx);
    if (n === '[') st.block(`$$${tex}$$`);
    else st.para += `$${tex}$`;
    st.i = end + 2;
    return;
  }
  if (n in ACCENTS && /[^a-zA-Z]/.test(n)) {
    const a = argument(s, st.i + 2);
    if (a) {
      st.para += accent(a.inner, n);
      st.i = a.end;
      return;
    }
  }
  if (n === '\\') {
    const o = /^\\\\\*?\s*(\[[^\]]*\])?/.exec(s.slice(st.i, st.i + 40))!;
    st.para += st.inlineOnly ? ' ' : '  \n';
    st.i += o[0].length;
    return;
  }
  st.para += '{}%&$#_'.includes(n)
    ? n === '_'
      ? '\\_'
      : n === '#'
        ? '\\#'
        : n
    : n === ' ' || n === ',' || n === ';' || n === ':' || n === '>' || n === '\n'
      ? ' '
      : '';
  st.i += 2;
}

/** \begin/\end, sections, \appendix, \item labels, \label, \caption, \abstract, \ensuremath, \verb. */
function structureCommand(st: Scan, name: string, star: boolean): boolean {
  const { s, ctx } = st;
  if (name === 'begin') {
    const g = group(s, st.i);
    if (!g) return true;
    const env = g.inner.trim();
    const end = findEnd(s, g.end, env);
    const innerEnd = end ? end.innerEnd : s.length;
    st.i = end ? end.end : s.length;
    const out = nest(ctx, () => environment(env, s.slice(g.end, innerEnd), ctx, st.inlineOnly));
    if (out.inline !== undefined) st.para += out.inline;
    for (const b of out.blocks ?? []) st.block(b);
    return true;
  }
  if (name === 'end') {
    const g = group(s, st.i);
    st.i = g ? g.end : st.i;
    return true;
  }
  if (name in SECTION_LEVEL && !st.inlineOnly) {
    section(st, name, star);
    return true;
  }
  if (name === 'appendix') {
    ctx.appendix = true;
    ctx.sec = [0, 0, 0, 0, 0, 0];
    return true;
  }
  if (name === 'item') {
    const o = optional(s, st.i);
    if (o) {
      st.para += `**${inline(o.inner, ctx)}** `;
      st.i = o.end + 1;
    }
    return true;
  }
  if (name === 'label') {
    const g = group(s, st.i);
    if (g) {
      ctx.labels.set(g.inner.trim(), { n: ctx.anchor, kind: ctx.anchorKind });
      st.i = g.end;
    }
    return true;
  }
  if (name === 'ensuremath') {
    const g = group(s, st.i);
    if (!g) return true;
    st.i = g.end;
    st.para += `$${cleanMath(g.inner, ctx)}$`;
    return true;
  }
  if (name === 'verb' || name === 'lstinline') {
    const o = name === 'lstinline' ? optional(s, st.i) : null;
    const at = o ? o.end + 1 : st.i;
    const delim = s[at] === '{' ? '}' : s[at];
    const close = delim ? s.indexOf(delim, at + 1) : -1;
    if (close < 0) return true;
    st.para += `\`${s.slice(at + 1, close)}\``;
    st.i = close + 1;
    return true;
  }
  return captionOrAbstract(st, name);
}

function section(st: Scan, name: string, star: boolean): void {
  const { s, ctx } = st;
  const o = optional(s, st.i);
  if (o) st.i = o.end + 1;
  const g = group(s, st.i);
  if (!g) return;
  st.i = g.end;
  const level = SECTION_LEVEL[name]!;
  const num = number(ctx, level, star);
  if (num) {
    ctx.anchor = num;
    ctx.anchorKind = ctx.appendix && level === 2 ? 'Appendix' : 'Section';
  }
  const title = inline(g.inner, ctx);
  st.block(`${'#'.repeat(level)} ${num ? `${num} ` : ''}${title}`);
}

function captionOrAbstract(st: Scan, name: string): boolean {
  const { s, ctx } = st;
  if (name === 'caption' || name === 'captionof') {
    // A caption outside a float environment (minipage, \captionof): keep it as a caption line.
    if (name === 'captionof') {
      const k = group(s, st.i);
      if (k) st.i = k.end;
    }
    const o = optional(s, st.i);
    if (o) st.i = o.end + 1;
    const g = group(s, st.i);
    if (!g) return true;
    st.i = g.end;
    st.block(inline(g.inner, ctx));
    return true;
  }
  if (name === 'abstract' && !st.inlineOnly) {
    const g = group(s, st.i);
    if (g) {
      st.i = g.end;
      st.block('## Abstract');
      for (const b of renderBlocks(g.inner, ctx)) st.block(b);
    }
    return true;
  }
  return false;
}

/** Symbols, inline styles and the commands dropped with their arguments. */
function textCommand(st: Scan, name: string): boolean {
  const { s, ctx } = st;
  if (name in SYMBOLS) {
    st.para += SYMBOLS[name];
    if (/^[a-zA-Z]/.test(name) && s[st.i] === '{' && s[st.i + 1] === '}') st.i += 2;
    return true;
  }
  if (name in STYLE) {
    if (SKIP_FIRST.has(name)) {
      const box = name === 'makebox' || name === 'framebox';
      const first = box ? optional(s, st.i) : argument(s, st.i);
      if (first) st.i = first.end + (box ? 1 : 0);
      const o = optional(s, st.i);
      if (o) st.i = o.end + 1;
    }
    const a = argument(s, st.i);
    if (!a) return true;
    st.i = a.end;
    st.para += STYLE[name]!(inline(a.inner, ctx));
    return true;
  }
  if (name in DROP) {
    let n = DROP[name]!;
    for (;;) {
      const o = optional(s, st.i);
      if (!o) break;
      st.i = o.end + 1;
    }
    while (n-- > 0) {
      const g = name === 'color' || name === 'bibpunct' ? group(s, st.i) : argument(s, st.i);
      if (!g) break;
      st.i = g.end;
    }
    if (/^(hspace|quad|qquad)$/.test(name)) st.para += ' ';
    return true;
  }
  return false;
}

/** `$…$` inline, `$$…$$` display; an unclosed `$` is a dollar sign. */
function dollar(st: Scan): void {
  const { s } = st;
  const display = s[st.i + 1] === '$';
  const delim = display ? '$$' : '$';
  const close = mathClose(s, st.i + delim.length, delim);
  if (close < 0) {
    st.para += '\\$';
    st.i += 1;
    return;
  }
  const tex = cleanMath(s.slice(st.i + delim.length, close), st.ctx);
  st.i = close + delim.length;
  if (!tex) return;
  if (display) st.block(`$$${tex}$$`);
  else st.para += `$${tex}$`;
}

/** Plain characters: TeX ligatures (`--`, ``` `` ```), Markdown escapes, `~`, `&`, braces. */
function character(st: Scan, c: string): void {
  const { s } = st;
  const two = s.slice(st.i, st.i + 3);
  const [out, len] =
    c === '{' || c === '}'
      ? ['', 1]
      : c === '~'
        ? [' ', 1]
        : two === '---'
          ? ['—', 3]
          : two.startsWith('--')
            ? ['–', 2]
            : two.startsWith('``')
              ? ['“', 2]
              : two.startsWith("''")
                ? ['”', 2]
                : c === '*' || c === '_' || c === '|'
                  ? [`\\${c}`, 1]
                  : c === '#' && !st.inlineOnly && /(^|\n)\s*$/.test(st.para)
                    ? ['\\#', 1]
                    : c === '&'
                      ? [' ', 1]
                      : [c, 1];
  st.para += out;
  st.i += len;
}

function accent(letter: string, mark: string): string {
  const l = letter.trim().replace(/^\\i$/, 'i').replace(/^\\j$/, 'j');
  return `${l}${ACCENTS[mark] ?? ''}`.normalize('NFC');
}

function number(ctx: Ctx, level: number, star: boolean): string {
  if (star || level > 4) return '';
  const i = level - 2;
  ctx.sec[i]! += 1;
  for (let k = i + 1; k < ctx.sec.length; k++) ctx.sec[k] = 0;
  const top = ctx.appendix ? String.fromCharCode(64 + ctx.sec[0]!) : String(ctx.sec[0]);
  const parts = [top, ...ctx.sec.slice(1, i + 1).map(String)];
  return parts.join('.');
}
