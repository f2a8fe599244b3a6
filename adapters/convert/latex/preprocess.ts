/**
 * LaTeX source before conversion: the main file (by `\documentclass`), comments and `\iffalse`
 * blocks gone, `\input`/`\include` resolved, the paper's own macros collected and expanded.
 * Plain string scanning, no TeX engine: what a paper defines with `\newcommand`, `\def` (undelimited
 * parameters), `\DeclareMathOperator` and `\newenvironment` is honoured; anything cleverer stays as
 * written.
 */
import { AppError } from '../../../domain/errors.ts';
import type { SourceFiles } from './archive.ts';

/** Expanded text stops growing here (a macro that expands to itself twice, fan-out includes). */
const MAX_EXPANDED_CHARS = 20_000_000;
const MAX_INCLUDE_DEPTH = 20;
const MAX_MACRO_DEPTH = 40;

export interface Macro {
  params: number;
  /** Default of the first parameter when it is optional (`\newcommand{\x}[2][d]{…}`). */
  optional: string | null;
  body: string;
}

export interface EnvDef {
  params: number;
  optional: string | null;
  begin: string;
  end: string;
}

export interface Prepared {
  /** The text between \begin{document} and \end{document}, includes resolved, macros expanded. */
  body: string;
  /** The preamble, includes resolved (for \title, \newtheorem). */
  preamble: string;
  macros: Map<string, Macro>;
  /** The `.bbl` next to the main file (or the only one), if the archive has one. */
  bbl: string | null;
  mainFile: string;
  warnings: string[];
}

const decoder = new TextDecoder('utf-8');
const latin1 = new TextDecoder('latin1');

function text(b: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(b);
  } catch {
    return latin1.decode(b); // older sources are often Latin-1
  }
}

/** Pick the main file: a .tex with \documentclass (or \documentstyle) and \begin{document}, preferring ms/main/paper names. */
export function findMainFile(src: SourceFiles): string {
  const candidates: Array<{ path: string; score: number }> = [];
  for (const [path, bytes] of src.files) {
    if (!/\.(tex|ltx|latex)$/i.test(path) && !(src.files.size === 1)) continue;
    const t = stripComments(decoder.decode(bytes.subarray(0, 200_000)));
    if (!/\\document(class|style)\b/.test(t)) continue;
    let score = /\\begin\s*\{document\}/.test(t) ? 10 : 0;
    if (/(^|\/)(main|ms|paper|article)\.tex$/i.test(path)) score += 2;
    score -= path.split('/').length; // top level first
    candidates.push({ path, score });
  }
  candidates.sort((a, b) => b.score - a.score || a.path.localeCompare(b.path));
  if (!candidates[0]) {
    throw new AppError(
      'CONVERT_NO_TEXT',
      `The LaTeX source has no main file (no .tex with \\documentclass among ${src.files.size} files).`,
    );
  }
  return candidates[0].path;
}

/** Drop `%` comments (not `\%`), keeping verbatim environments and `\verb` intact. */
export function stripComments(s: string): string {
  const lines = s.split(/\r?\n|\r/);
  const out: string[] = [];
  let verbatim: string | null = null;
  for (const line of lines) {
    if (verbatim) {
      out.push(line);
      if (line.includes(`\\end{${verbatim}}`)) verbatim = null;
      continue;
    }
    const v = /\\begin\{(verbatim\*?|lstlisting|minted|comment|Verbatim)\}/.exec(line);
    let cut = -1;
    for (let i = 0; i < line.length; i++) {
      const c = line[i];
      if (c === '\\') {
        if (line.startsWith('verb', i + 1) && !/[a-zA-Z*]/.test(line[i + 5] ?? 'a')) {
          const delim = line[i + 5]!;
          const close = line.indexOf(delim, i + 6);
          i = close < 0 ? line.length : close;
          continue;
        }
        i++;
        continue;
      }
      if (c === '%') {
        cut = i;
        break;
      }
    }
    if (v && (cut < 0 || v.index < cut)) {
      verbatim = v[1]!;
      out.push(line);
      if (line.includes(`\\end{${verbatim}}`)) verbatim = null;
      continue;
    }
    // A comment eats the newline too (TeX joins the lines), which matters inside words and macros.
    if (cut >= 0) out.push(`${line.slice(0, cut)}\u0000`);
    else out.push(line);
  }
  // \u0000 marks where a comment ate the line end.
  /* eslint-disable no-control-regex */
  return out
    .join('\n')
    .replace(/\u0000\n[ \t]*/g, '')
    .replace(/\u0000/g, '');
  /* eslint-enable no-control-regex */
}

/** Remove `\iffalse … \fi` (nesting counted), `\begin{comment} … \end{comment}` and `\if0 … \fi`. */
export function dropDeadCode(s: string): string {
  s = s.replace(/\\begin\{comment\}[\s\S]*?\\end\{comment\}/g, '');
  const re = /\\iffalse\b|\\if\s*0\b/g;
  let m: RegExpExecArray | null;
  while ((m = re.exec(s))) {
    const start = m.index;
    const cond = /\\(if(?!f\b)[a-zA-Z@]*|fi|else)\b/g;
    cond.lastIndex = start + m[0].length;
    let depth = 1;
    let end = s.length;
    let elseAt = -1;
    let c: RegExpExecArray | null;
    while ((c = cond.exec(s))) {
      if (c[1] === 'fi') {
        if (--depth === 0) {
          end = c.index + c[0].length;
          break;
        }
      } else if (c[1] === 'else') {
        if (depth === 1 && elseAt < 0) elseAt = c.index;
      } else if (!/^if(thenelse)?$/.test(c[1]!) || c[1] === 'if') depth++;
    }
    // \iffalse A \else B \fi keeps B.
    const kept = elseAt >= 0 ? s.slice(elseAt + 5, Math.max(elseAt + 5, end - 3)) : '';
    s = s.slice(0, start) + kept + s.slice(end);
    re.lastIndex = start;
  }
  return s;
}

/** Resolve \input, \include, \subfile and \import against the archive; a file that includes itself is refused. */
export function resolveIncludes(src: SourceFiles, mainFile: string, warnings: string[]): string {
  const dir = (p: string) => (p.includes('/') ? p.slice(0, p.lastIndexOf('/') + 1) : '');
  const root = dir(mainFile);
  let total = 0;
  const find = (name: string, base: string): string | null => {
    const clean = name.trim().replace(/^"|"$/g, '').replace(/^\.\//, '');
    for (const b of [base, root, '']) {
      for (const ext of ['', '.tex']) {
        const p = normalise(b + clean + ext);
        if (p !== null && src.files.has(p)) return p;
      }
    }
    return null;
  };
  const load = (path: string, stack: string[]): string => {
    if (stack.includes(path)) {
      throw new AppError(
        'CONVERT_CORRUPT',
        `The LaTeX source \\input loops: ${[...stack, path].join(' → ')}; it cannot be converted.`,
      );
    }
    if (stack.length > MAX_INCLUDE_DEPTH)
      throw new AppError(
        'CONVERT_CORRUPT',
        `The LaTeX source nests \\input more than ${MAX_INCLUDE_DEPTH} deep.`,
      );
    const t = dropDeadCode(stripComments(text(src.files.get(path)!)));
    const here = dir(path);
    const out = t.replace(
      /\\(input|include|subfile|import|subimport|includefrom|subincludefrom)(?![a-zA-Z@])\s*(\*?)\s*(?:\{([^{}]*)\}\s*\{([^{}]*)\}|\{([^{}]*)\}|([^\s{}\\]+))/g,
      (
        whole,
        cmd: string,
        _star: string,
        a: string | undefined,
        b: string | undefined,
        one: string | undefined,
        bare: string | undefined,
      ) => {
        const twoArgs = /import|from/.test(cmd);
        if (twoArgs && (a === undefined || b === undefined)) return whole;
        if (!twoArgs && a !== undefined) {
          // \input{x}{…}: only the first group is the file name; give the rest back.
          one = a;
          bare = undefined;
          const rest = whole.slice(whole.indexOf('}') + 1);
          return include(one, here, stack, path) + rest;
        }
        const name = twoArgs ? `${a!.replace(/\/?$/, '/')}${b!}` : (one ?? bare ?? '');
        const base = cmd.startsWith('sub') ? here : '';
        return include(name, base || here, stack, path);
      },
    );
    total += out.length;
    if (total > MAX_EXPANDED_CHARS)
      throw new AppError(
        'CONVERT_TOO_LARGE',
        `The LaTeX source's \\input files add up to more than ${MAX_EXPANDED_CHARS} characters.`,
      );
    return out;
  };
  const include = (name: string, base: string, stack: string[], from: string): string => {
    if (/\.(pdf|png|jpe?g|eps|pdf_t|pgf|tikz)$/i.test(name) && !src.files.has(name)) return '';
    const found = find(name, base);
    if (!found) {
      if (!/\.(sty|cls|bst|clo)$/.test(name))
        warnings.push(`\\input{${name}} not in the source archive; skipped`);
      return '';
    }
    if (/\.(bbl)$/.test(found)) return text(src.files.get(found)!);
    return ` ${load(found, [...stack, from])} `;
  };
  return load(mainFile, []);
}

function normalise(p: string): string | null {
  const parts: string[] = [];
  for (const seg of p.split('/')) {
    if (seg === '' || seg === '.') continue;
    if (seg === '..') {
      if (!parts.length) return null;
      parts.pop();
    } else parts.push(seg);
  }
  return parts.join('/');
}

/**
 * The closing brace of every `{` of the last string asked about (-1: unbalanced), built in one
 * pass: the converter reads many groups of the same text, and rescanning to the end for each
 * unclosed `{` would make hostile input quadratic.
 */
let braceText: string | null = null;
let braceClose: Int32Array = new Int32Array(0);

function closingBraces(s: string): Int32Array {
  if (s === braceText) return braceClose;
  const close = new Int32Array(s.length).fill(-1);
  const open: number[] = [];
  for (let k = 0; k < s.length; k++) {
    const c = s.charCodeAt(k);
    if (c === 92 /* \\ */) k++;
    else if (c === 123 /* { */) open.push(k);
    else if (c === 125 /* } */) {
      const o = open.pop();
      if (o !== undefined) close[o] = k;
    }
  }
  braceText = s;
  braceClose = close;
  return close;
}

/** Read a balanced `{…}` group at i (after spaces); returns its inside and the index after it. */
export function group(s: string, i: number): { inner: string; end: number } | null {
  let j = i;
  while (j < s.length && /\s/.test(s[j]!)) j++;
  if (s[j] !== '{') return null;
  const k = closingBraces(s)[j]!;
  return k < 0 ? null : { inner: s.slice(j + 1, k), end: k + 1 };
}

/** Read `[…]` at i (after spaces, not across a blank line), braces respected. */
export function optional(s: string, i: number): { inner: string; end: number } | null {
  let j = i;
  while (j < s.length && (s[j] === ' ' || s[j] === '\t' || s[j] === '\n')) j++;
  if (s[j] !== '[') return null;
  let depth = 0;
  // Optional arguments are short; an unclosed `[` is text, not a reason to read to the end.
  for (let k = j + 1; k < s.length && k < j + 5000; k++) {
    const c = s[k];
    if (c === '\\') {
      k++;
      continue;
    }
    if (c === '{') depth++;
    else if (c === '}') depth--;
    else if (c === ']' && depth === 0) return { inner: s.slice(j + 1, k), end: k };
  }
  return null;
}

/** One argument: a group, or a single token (`\cmd` or one character) after spaces. */
export function argument(s: string, i: number): { inner: string; end: number } | null {
  let j = i;
  while (j < s.length && /\s/.test(s[j]!)) j++;
  if (j >= s.length) return null;
  if (s[j] === '{') return group(s, j);
  if (s[j] === '\\') {
    const m = /^\\([a-zA-Z@]+|.)/.exec(s.slice(j, j + 60));
    if (!m) return null;
    return { inner: m[0], end: j + m[0].length };
  }
  if (s[j] === '}') return null;
  return { inner: s[j]!, end: j + 1 };
}

/**
 * Environments and commands the converter maps itself: a paper's redefinition of them (a
 * `\renewenvironment{equation}` that adds links, a `\renewcommand{\cite}` for styling) is
 * dropped, since expanding it would only hide the construct the Markdown needs.
 */
const NATIVE_ENVS =
  /^(equation|align|gather|multline|eqnarray|flalign|alignat|displaymath|math|figure|table|tabular|itemize|enumerate|description|abstract|document|proof|verbatim|thebibliography|quote|quotation|center)\*?$/;
const NATIVE_COMMANDS =
  /^(section|subsection|subsubsection|paragraph|subparagraph|chapter|part|cite[a-z]*|[cC]ite[pt]?|ref|eqref|autoref|cref|Cref|label|footnote|caption|title|author|emph|textbf|textit|texttt|item|begin|end|maketitle|bibliography|appendix|url|href|input|include|frac|left|right)$/;

/**
 * Collect the paper's definitions and remove them from the text. Macros defined more than once
 * keep the last definition (\renewcommand); \providecommand never overrides.
 */
export function collectDefinitions(s: string, macros: Map<string, Macro>, envs: Map<string, EnvDef>): string {
  const re =
    /\\(newcommand|renewcommand|providecommand|DeclareRobustCommand|DeclareMathOperator|def|gdef|edef|let|newenvironment|renewenvironment)\b(\*?)/g;
  let out = '';
  let last = 0;
  let m: RegExpExecArray | null;
  while ((m = re.exec(s))) {
    const kind = m[1]!;
    let i = m.index + m[0].length;
    let handled = false;
    if (kind === 'def' || kind === 'gdef' || kind === 'edef') {
      const name = /^\s*\\([a-zA-Z@]+)/.exec(s.slice(i, i + 80));
      if (name) {
        i += name[0].length;
        const params = /^((?:#\d)*)\s*\{/.exec(s.slice(i, i + 40));
        const g = params ? group(s, i + params[1]!.length) : null;
        if (params && g && !NATIVE_COMMANDS.test(name[1]!)) {
          macros.set(name[1]!, { params: params[1]!.length / 2, optional: null, body: g.inner });
          i = g.end;
          handled = true;
        } else {
          // Delimited parameters (\def\x#1.{…}): not expanded; drop the definition so its body never shows.
          const brace = s.indexOf('{', i);
          const g2 = brace >= 0 && brace - i < 200 ? group(s, brace) : null;
          if (g2) {
            i = g2.end;
            handled = true;
          }
        }
      }
    } else if (kind === 'let') {
      const lm = /^\s*\\([a-zA-Z@]+)\s*=?\s*(\\[a-zA-Z@]+|\\.|[^\s\\])/.exec(s.slice(i, i + 120));
      if (lm) {
        const target = lm[2]!.startsWith('\\') ? macros.get(lm[2]!.slice(1)) : undefined;
        macros.set(lm[1]!, target ?? { params: 0, optional: null, body: lm[2]! });
        i += lm[0].length;
        handled = true;
      }
    } else if (kind === 'DeclareMathOperator') {
      const n = argument(s, i);
      const body = n ? group(s, n.end) : null;
      if (n && body && n.inner.startsWith('\\')) {
        macros.set(n.inner.trim().slice(1), {
          params: 0,
          optional: null,
          body: `\\operatorname${m[2]}{${body.inner}}`,
        });
        i = body.end;
        handled = true;
      }
    } else if (kind === 'newenvironment' || kind === 'renewenvironment') {
      const n = group(s, i);
      if (n) {
        let j = n.end;
        const p = optional(s, j);
        const params = p ? Number(p.inner) || 0 : 0;
        if (p) j = p.end + 1;
        const o = p ? optional(s, j) : null;
        if (o) j = o.end + 1;
        const b = group(s, j);
        const e = b ? group(s, b.end) : null;
        if (b && e) {
          if (!NATIVE_ENVS.test(n.inner.trim()))
            envs.set(n.inner.trim(), { params, optional: o ? o.inner : null, begin: b.inner, end: e.inner });
          i = e.end;
          handled = true;
        }
      }
    } else {
      const n = argument(s, i);
      if (n && n.inner.trim().startsWith('\\')) {
        let j = n.end;
        const p = optional(s, j);
        const params = p ? Number(p.inner) || 0 : 0;
        if (p) j = p.end + 1;
        const o = p ? optional(s, j) : null;
        if (o) j = o.end + 1;
        const b = group(s, j);
        if (b) {
          const name = n.inner.trim().slice(1);
          if (!(kind === 'providecommand' && macros.has(name)) && !NATIVE_COMMANDS.test(name))
            macros.set(name, { params, optional: o ? o.inner : null, body: b.inner });
          i = b.end;
          handled = true;
        }
      }
    }
    if (!handled) continue;
    out += s.slice(last, m.index);
    last = i;
    re.lastIndex = i;
  }
  return out + s.slice(last);
}

/**
 * Expand the collected macros (and user environments) everywhere, arguments included. A macro
 * that keeps expanding to itself stops at MAX_MACRO_DEPTH with a warning, never a hang.
 */
export function expandMacros(
  s: string,
  macros: Map<string, Macro>,
  envs: Map<string, EnvDef>,
  warnings: string[],
): string {
  if (macros.size === 0 && envs.size === 0) return s;
  let budget = MAX_EXPANDED_CHARS;
  let warned = false;
  const names = [...macros.keys()].filter((n) => /^[a-zA-Z@]+$/.test(n));
  if (names.length === 0 && envs.size === 0) return s;
  const cmd = names.length
    ? new RegExp(
        `\\\\(${names
          .sort((a, b) => b.length - a.length)
          .map(esc)
          .join('|')})(?![a-zA-Z@])`,
        'g',
      )
    : null;
  const env = envs.size
    ? new RegExp(`\\\\(begin|end)\\s*\\{(${[...envs.keys()].map(esc).join('|')})\\}`, 'g')
    : null;
  const run = (t: string, depth: number): string => {
    if (depth > MAX_MACRO_DEPTH) {
      if (!warned) warnings.push('a macro expands into itself; expansion stopped');
      warned = true;
      return t;
    }
    let out = '';
    let last = 0;
    const re = new RegExp(`${cmd ? cmd.source : '(?!)'}|${env ? env.source : '(?!)'}`, 'g');
    let m: RegExpExecArray | null;
    while ((m = re.exec(t))) {
      const isEnv = m[2] !== undefined;
      const def: Macro | EnvDef | undefined = isEnv ? envs.get(m[3]!) : macros.get(m[1]!);
      if (!def) continue;
      let i = m.index + m[0].length;
      let body: string;
      if (isEnv && m[2] === 'end') body = (def as EnvDef).end;
      else {
        const args: string[] = [];
        let n = def.params;
        if (def.optional !== null) {
          const o = optional(t, i);
          args.push(o ? o.inner : def.optional);
          if (o) i = o.end + 1;
          n--;
        }
        let ok = true;
        for (let k = 0; k < n; k++) {
          const a = argument(t, i);
          if (!a) {
            ok = false;
            break;
          }
          args.push(a.inner);
          i = a.end;
        }
        if (!ok) continue;
        const template = isEnv ? (def as EnvDef).begin : (def as Macro).body;
        body = template.replace(/##|#(\d)/g, (x, d: string | undefined) =>
          d ? (args[Number(d) - 1] ?? '') : '#',
        );
      }
      budget -= body.length;
      if (budget < 0)
        throw new AppError(
          'CONVERT_TOO_LARGE',
          `The LaTeX source's macros expand to more than ${MAX_EXPANDED_CHARS} characters.`,
        );
      // A control word followed by a letter needs a space to stay a control word.
      const next = t[i] ?? '';
      const sep = /[a-zA-Z]/.test(next) && /\\[a-zA-Z@]+$/.test(body) ? ' ' : '';
      out += t.slice(last, m.index) + run(body, depth + 1) + sep;
      last = i;
      re.lastIndex = i;
    }
    return out + t.slice(last);
  };
  return run(s, 0);
}

function esc(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\@]/g, '\\$&');
}

/** Everything before conversion. */
export function prepare(src: SourceFiles): Prepared {
  const warnings: string[] = [];
  const mainFile = findMainFile(src);
  const full = resolveIncludes(src, mainFile, warnings);
  const begin = /\\begin\s*\{document\}/.exec(full);
  let preamble = begin ? full.slice(0, begin.index) : '';
  let body = begin ? full.slice(begin.index + begin[0].length) : full;
  const end = /\\end\s*\{document\}/.exec(body);
  if (end) body = body.slice(0, end.index);
  // The paper's own packages (a .sty in the archive) define macros too.
  for (const m of preamble.matchAll(/\\usepackage\s*(?:\[[^\]]*\])?\s*\{([^}]*)\}/g)) {
    for (const name of m[1]!.split(',')) {
      const sty = src.files.get(`${name.trim()}.sty`);
      if (sty) preamble += `\n${dropDeadCode(stripComments(text(sty)))}\n`;
    }
  }
  const macros = new Map<string, Macro>();
  const envs = new Map<string, EnvDef>();
  preamble = collectDefinitions(preamble, macros, envs);
  body = collectDefinitions(body, macros, envs);
  // Definitions refer to each other: expanding the body expands them in turn.
  body = expandMacros(body, macros, envs, warnings);
  preamble = expandMacros(preamble, macros, new Map(), warnings);
  const base = mainFile.replace(/\.[^./]+$/, '');
  const bbls = [...src.files.keys()].filter((p) => p.endsWith('.bbl'));
  const bblPath = bbls.find((p) => p === `${base}.bbl`) ?? (bbls.length === 1 ? bbls[0] : undefined);
  const bbl = bblPath
    ? expandMacros(stripComments(text(src.files.get(bblPath)!)), macros, new Map(), warnings)
    : null;
  return { body, preamble, macros, bbl, mainFile, warnings };
}
