/**
 * Math in the LaTeX → Markdown conversion: copied as LaTeX, minus what only numbers or labels it;
 * align-like environments become `aligned`/`gathered`/`array` (KaTeX renders them inside `$$`).
 */
import { type Ctx } from './context.ts';
import { group, splitTop } from './scan.ts';

export const MATH_ENVS: Record<string, ((arg: string) => [string, string]) | null> = {
  equation: null,
  'equation*': null,
  displaymath: null,
  math: null,
  dmath: null,
  'dmath*': null,
  align: () => ['\\begin{aligned}', '\\end{aligned}'],
  'align*': () => ['\\begin{aligned}', '\\end{aligned}'],
  flalign: () => ['\\begin{aligned}', '\\end{aligned}'],
  'flalign*': () => ['\\begin{aligned}', '\\end{aligned}'],
  eqnarray: () => ['\\begin{array}{rcl}', '\\end{array}'],
  'eqnarray*': () => ['\\begin{array}{rcl}', '\\end{array}'],
  gather: () => ['\\begin{gathered}', '\\end{gathered}'],
  'gather*': () => ['\\begin{gathered}', '\\end{gathered}'],
  multline: () => ['\\begin{gathered}', '\\end{gathered}'],
  'multline*': () => ['\\begin{gathered}', '\\end{gathered}'],
  alignat: (n) => [`\\begin{alignedat}{${n}}`, '\\end{alignedat}'],
  'alignat*': (n) => [`\\begin{alignedat}{${n}}`, '\\end{alignedat}'],
};
export const NUMBERED_MATH = new Set([
  'equation',
  'align',
  'flalign',
  'eqnarray',
  'gather',
  'multline',
  'alignat',
  'dmath',
]);

/** Math copied as written, minus what only numbers or labels it. */
export function cleanMath(s: string, ctx?: Ctx): string {
  let t = s.replace(/\\(label|tag\*?)\s*\{[^{}]*\}/g, (whole, cmd: string) => (cmd === 'label' ? '' : whole));
  // \ensuremath is a no-op in math (KaTeX does not know it).
  t = t.replace(/\\(nonumber|notag|ensuremath)\b/g, '');
  if (ctx)
    t = t.replace(
      /\\(eq)?ref\s*\{([^{}]*)\}/g,
      (_m, eq: string | undefined, l: string) =>
        `\\text{${eq ? '(' : ''}\u0001ref:${l}\u0001${eq ? ')' : ''}}`,
    );
  return t
    .replace(/\n\s*\n/g, '\n')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Index of the closing `$` (or `$$`) of math opened before `from`; -1 when unclosed. */
export function mathClose(s: string, from: number, delim: string): number {
  for (let i = from; i < s.length; i++) {
    const c = s[i];
    if (c === '\\') {
      i++;
      continue;
    }
    if (s.startsWith(delim, i)) return i;
    if (delim === '$' && c === '\n' && /^\n\s*\n/.test(s.slice(i, i + 200))) return -1; // paragraph end: unbalanced
  }
  return -1;
}

/**
 * Numbered multi-row environments as KaTeX writes numbered rows: the starred environment with a
 * `\tag{n}` per numbered row (KaTeX allows one \tag per row of align*, gather*, alignat*, not of
 * aligned). eqnarray's three columns go into align* too (array takes no per-row tags).
 */
const TAGGED: Record<string, (arg: string) => [string, string]> = {
  align: () => ['\\begin{align*}', '\\end{align*}'],
  flalign: () => ['\\begin{align*}', '\\end{align*}'],
  eqnarray: () => ['\\begin{align*}', '\\end{align*}'],
  gather: () => ['\\begin{gather*}', '\\end{gather*}'],
  alignat: (n) => [`\\begin{alignat*}{${n}}`, '\\end{alignat*}'],
};

/** A math environment → one `$$…$$` block, numbered as LaTeX numbers it (labels recorded). */
export function mathEnvironment(env: string, inner: string, ctx: Ctx): string | null {
  const base = env.replace(/\*$/, '');
  let arg = '';
  let body = inner;
  if (base === 'alignat') {
    const g = group(inner, 0);
    if (g) {
      arg = g.inner;
      body = inner.slice(g.end);
    }
  }
  const numbered = NUMBERED_MATH.has(base) && !env.endsWith('*');
  const multiRow = !!MATH_ENVS[env] && base !== 'multline';
  const rows = numbered && multiRow ? splitTop(body, '\\\\') : [body];
  const tags: Array<string | null> = numbered ? rows.map((row) => numberRow(row, ctx)) : [];
  let open: string;
  let close: string;
  let tail = '';
  // A starred environment with its own \tag rows needs the tag-taking form too.
  if ((numbered || /\\tag\b/.test(body)) && TAGGED[base]) {
    [open, close] = TAGGED[base](arg);
    body = rows
      .map((row, k) => (tags[k] && !/\\tag\b/.test(row) ? `${row} \\tag{${tags[k]}}` : row))
      .join('\\\\');
  } else {
    const wrapEnv = MATH_ENVS[env];
    [open, close] = wrapEnv ? wrapEnv(arg) : ['', ''];
    // A numbered single equation (or multline) shows its number, so "(3)" in the text can be found.
    const tag = tags.find((t) => t !== null);
    if (tag && !/\\(tag|nonumber|notag)\b/.test(body)) tail = ` \\tag{${tag}}`;
  }
  const tex = cleanMath(body, ctx);
  if (!tex) return null;
  return `$$${open}${tex}${close}${tail}$$`;
}

/** The number of one row (stepping the equation counter), null when it has none; its \label points at it. */
function numberRow(row: string, ctx: Ctx): string | null {
  if (!row.trim()) return null;
  if (/\\(nonumber|notag)\b/.test(row)) return null;
  const at = /\\tag\*?\s*(?=\{)/.exec(row);
  const own = at ? group(row, at.index + at[0].length) : null;
  let n: string;
  if (own) n = own.inner.trim();
  else {
    ctx.eq++;
    n = String(ctx.eq);
  }
  ctx.anchor = n;
  ctx.anchorKind = 'Equation';
  for (const l of row.matchAll(/\\label\s*\{([^{}]*)\}/g))
    ctx.labels.set(l[1]!.trim(), { n, kind: 'Equation' });
  return own ? null : n;
}
