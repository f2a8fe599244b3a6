/** The Markdown document `get` prints: metadata and the API abstract first, then the full text. */
import { versionedId, type Paper } from '../../domain/paper.ts';
import { SOURCE_NAMES, type ContentSource } from '../../domain/content-source.ts';

/**
 * Render a paper: `# Title`, authors, arXiv id and primary category, published date, abs link,
 * license, `## Abstract` from the API record, then the converted body (its own title heading is
 * dropped, its headings demoted below the title, its abstract section skipped as a duplicate).
 * With no body, `note` (why conversion failed) is printed as one line instead.
 */
export function renderPaperMarkdown(
  paper: Paper,
  body: { markdown: string; source: ContentSource } | null,
  note?: string,
): string {
  const lines: string[] = [`# ${oneLine(paper.title)}`, ''];
  if (paper.authors.length) lines.push(`**Authors:** ${paper.authors.map((a) => a.name).join(', ')}`, '');
  lines.push(`**arXiv:** ${versionedId(paper)} [${paper.primaryCategory}]  `);
  lines.push(`**Published:** ${paper.published.slice(0, 10)}  `);
  lines.push(`**Abstract page:** ${paper.links.abs}  `);
  lines.push(`**License:** ${paper.license ?? 'not stated'}`, '');
  lines.push('## Abstract', '', oneLine(paper.abstract), '');
  if (body) {
    lines.push(
      `## Full text (from ${SOURCE_NAMES[body.source]})`,
      '',
      stripDuplicates(body.markdown).trim(),
      '',
    );
  } else if (note) {
    lines.push(`> Full text unavailable: ${oneLine(note)}`, '');
  }
  return `${lines.join('\n').trimEnd()}\n`;
}

function oneLine(s: string): string {
  return s.replace(/\s+/g, ' ').trim();
}

/** Drop the body's title heading and abstract section; push remaining headings one level down. */
function stripDuplicates(markdown: string): string {
  const blocks = markdown.split(/\n{2,}/);
  const out: string[] = [];
  let skippingAbstract = false;
  for (const block of blocks) {
    const h = /^(#{1,6}) +(.+)$/.exec(block.trim());
    if (h) {
      const level = h[1]!.length;
      skippingAbstract = /^abstract[.:]?$/i.test(h[2]!.trim());
      if (level === 1 || skippingAbstract) continue;
      out.push(`${'#'.repeat(Math.min(6, level + 1))} ${h[2]}`);
      continue;
    }
    if (!skippingAbstract) out.push(block);
  }
  return out.join('\n\n');
}
