/**
 * `tabular` and friends → a Markdown table when the rows line up, else a fenced LaTeX block.
 */
import { inline, type Ctx } from './context.ts';
import { group, optional, splitTop } from './scan.ts';

export const TABULAR_ENVS = new Set([
  'tabular',
  'tabular*',
  'tabularx',
  'tabulary',
  'longtable',
  'supertabular',
  'tblr',
]);
const TABULAR_ARGS: Record<string, number> = {
  tabular: 1,
  'tabular*': 2,
  tabularx: 2,
  tabulary: 2,
  longtable: 1,
  supertabular: 1,
  tblr: 1,
};

export function tabular(env: string, inner: string, ctx: Ctx): string {
  let body = inner;
  for (let k = 0; k < (TABULAR_ARGS[env] ?? 1); k++) {
    const o = optional(body, 0);
    if (o) body = body.slice(o.end + 1);
    const g = group(body, 0);
    if (g) body = body.slice(g.end);
  }
  const fenced = () => '```latex\n' + `\\begin{${env}}${inner}\\end{${env}}`.trim() + '\n```';
  // A table in a cell or a split diagonal cell has no Markdown form.
  if (/\\(begin\s*\{tabular|diagbox|slashbox|backslashbox)/.test(body)) return fenced();
  const rows = splitTop(
    body.replace(
      /\\(hline|toprule|midrule|bottomrule|addlinespace|endhead|endfirsthead|endfoot|endlastfoot|hhline\{[^}]*\}|cline\{[^}]*\}|cmidrule(\([^)]*\))?\{[^}]*\}|specialrule\{[^}]*\}\{[^}]*\}\{[^}]*\}|rowcolor(\[[^\]]*\])?\{[^}]*\})/g,
      '',
    ),
    '\\\\',
  )
    .map((r) => r.trim())
    .filter((r) => r !== '')
    .map((r) => splitTop(r, '&').flatMap((cell) => cells(cell, ctx)));
  if (!rows.length) return '';
  // LaTeX lets a row stop early: the missing cells are empty.
  const width = Math.max(...rows.map((r) => r.length));
  for (const r of rows) while (r.length < width) r.push('');
  return [
    `| ${rows[0]!.join(' | ')} |`,
    `|${' --- |'.repeat(width)}`,
    ...rows.slice(1).map((r) => `| ${r.join(' | ')} |`),
  ].join('\n');
}

/**
 * One LaTeX cell → its Markdown cells. Markdown has no spanning cells: `\multicolumn{n}` writes
 * its content in the first of its n columns and leaves the other n − 1 empty (repeating it would
 * read as n values); `\multirow` writes its content in its first row, the rows below already have
 * their own (empty) cells. `\makecell` and `\shortstack` lines are joined by spaces.
 */
function cells(cell: string, ctx: Ctx): string[] {
  let t = cell.trim();
  let span = 1;
  const mc = /^\\multicolumn\s*\{\s*(\d+)\s*\}/.exec(t);
  if (mc) {
    const spec = group(t, mc[0].length);
    const content = spec ? group(t, spec.end) : null;
    if (content) {
      span = Math.max(1, Math.min(Number(mc[1]), 100));
      t = content.inner.trim();
    }
  }
  t = multirowContent(t);
  t = t.replace(/\\(makecell|shortstack|thead)\s*(\[[^\]]*\])?\s*(?=\{)/g, '');
  const md = inline(t, ctx)
    .replace(/\|/g, '\\|')
    .replace(/\\\\\|/g, '\\|');
  return [md, ...Array<string>(span - 1).fill('')];
}

/** `\multirow[pos]{rows}[struts]{width}[fixup]{content}` → content (anywhere in the cell). */
function multirowContent(t: string): string {
  const m = /\\multirow\b/.exec(t);
  if (!m) return t;
  let i = m.index + m[0].length;
  const skipOptional = () => {
    const o = optional(t, i);
    if (o) i = o.end + 1;
  };
  skipOptional();
  const rows = group(t, i);
  if (!rows) return t;
  i = rows.end;
  skipOptional();
  const width = group(t, i);
  if (!width) return t;
  i = width.end;
  skipOptional();
  const content = group(t, i);
  if (!content) return t;
  return t.slice(0, m.index) + content.inner + t.slice(content.end);
}
