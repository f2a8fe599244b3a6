/**
 * The papers of one topic folder as a Markdown document (seeds 000/003): what the CLI `topics
 * <name>` prints and the MCP resource `papers://{topic}` serves. Pure: no I/O; the store only
 * returns the papers (`LibraryStore.topicPapers`).
 */
import type { Paper } from './paper.ts';

/** Escapes characters that would turn a title into Markdown structure. */
function inline(text: string): string {
  return text
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/([\\`*_[\]<>#|])/g, '\\$1');
}

/** `# topic`, a count line, then one section per paper: title, authors, id link, dates, categories, PDF, abstract. */
export function formatTopicMarkdown(topic: string, papers: Paper[]): string {
  const lines = [`# ${inline(topic)}`, '', `${papers.length} paper${papers.length === 1 ? '' : 's'}.`, ''];
  papers.forEach((p, i) => {
    const id = p.version ? `${p.id}v${p.version}` : p.id;
    lines.push(`## ${i + 1}. ${inline(p.title)}`, '');
    lines.push(`- **Authors:** ${inline(p.authors.map((a) => a.name).join(', '))}`);
    lines.push(`- **arXiv:** [${id}](${p.links.abs})`);
    lines.push(`- **Published:** ${p.published.slice(0, 10)}`);
    lines.push(`- **Categories:** ${p.categories.join(', ')}`);
    if (p.links.pdf) lines.push(`- **PDF:** ${p.links.pdf}`);
    lines.push(
      '',
      ...p.abstract
        .replace(/\s+/g, ' ')
        .trim()
        .split('\n')
        .map((l) => `> ${l}`),
      '',
    );
  });
  return `${lines.join('\n').trimEnd()}\n`;
}
