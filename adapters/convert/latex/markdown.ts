/**
 * Prepared LaTeX (preprocess.ts) → Markdown. A hand-written scanner rather than a full TeX parse
 * (blocks.ts): text commands map to Markdown, math is copied as LaTeX (math.ts), sections become
 * numbered headings, figures their captions, simple tabulars Markdown tables (tables.ts),
 * footnotes go to the end and \cite resolves against the .bbl (references.ts).
 */
import { formatBibliography } from './bibliography.ts';
import { renderBlocks } from './blocks.ts';
import { inline, newContext, type Ctx } from './context.ts';
import { referenceBlocks, resolveReferences } from './references.ts';
import { group } from './scan.ts';

/** Markdown body + headings for a prepared document. */
export function renderLatex(
  body: string,
  preamble: string,
  bbl: string | null,
): { markdown: string; title: string | null; unknownCommands: string[] } {
  const ctx = newContext(renderBlocks, theoremDefs(preamble + body));
  const inlineBib = /\\begin\s*\{thebibliography\}[\s\S]*?\\end\s*\{thebibliography\}/.exec(body);
  ctx.bib = formatBibliography(bbl ?? inlineBib?.[0] ?? '', (t) => inline(t, ctx));
  ctx.bib.forEach((e, i) => ctx.citeNumber.set(e.key, i + 1));
  const title = titleOf(preamble + body, ctx);
  const blocks: string[] = [];
  if (title) blocks.push(`# ${title}`);
  blocks.push(...renderBlocks(body, ctx));
  if (!ctx.referencesPlaced && ctx.bib.length) blocks.push(...referenceBlocks(ctx));
  if (ctx.footnotes.length) blocks.push(ctx.footnotes.map((f, i) => `[^${i + 1}]: ${f}`).join('\n'));
  const markdown = resolveReferences(blocks.filter((b) => b.trim() !== '').join('\n\n'), ctx);
  return { markdown: `${markdown}\n`, title, unknownCommands: [...ctx.unknown].sort() };
}

function theoremDefs(s: string): Ctx['theorems'] {
  const out: Ctx['theorems'] = new Map();
  for (const m of s.matchAll(
    /\\newtheorem\s*(\*?)\s*\{([^}]*)\}\s*(?:\[([^\]]*)\])?\s*\{([^}]*)\}\s*(?:\[([^\]]*)\])?/g,
  )) {
    const name = m[2]!.trim();
    out.set(name, {
      title: m[4]!.trim(),
      counter: m[1] ? '' : (m[3]?.trim() ?? name),
      within: m[5]?.trim() ?? null,
    });
  }
  return out;
}

function titleOf(s: string, ctx: Ctx): string | null {
  const m = /\\title\s*(?:\[[^\]]*\])?\s*\{/.exec(s);
  if (!m) return null;
  const g = group(s, m.index + m[0].length - 1);
  if (!g) return null;
  const t = inline(g.inner.replace(/\\\\/g, ' '), { ...ctx, footnotes: [] });
  return t || null;
}
