/** Retrieval chunks of a converted paper that remember which section they came from. */

/** One chunk: its position, the heading path above it (title first) and its text. */
export interface Chunk {
  index: number;
  sectionPath: string[];
  text: string;
}

/**
 * Split Markdown at headings, then pack paragraphs into chunks of at most `maxChars` (default
 * 2000); an over-long paragraph is cut at sentence ends, and each chunk after the first in a
 * section starts with the last `overlapChars` (default 200) of the previous one, so an answer that
 * straddles a cut is still found.
 */
export function chunkMarkdown(
  markdown: string,
  opts: { maxChars?: number; overlapChars?: number } = {},
): Chunk[] {
  const maxChars = Math.max(200, opts.maxChars ?? 2000);
  const overlap = Math.min(Math.max(0, opts.overlapChars ?? 200), Math.floor(maxChars / 2));
  const chunks: Chunk[] = [];
  const path: Array<{ level: number; title: string }> = [];
  let paras: string[] = [];

  const emitSection = () => {
    const pieces = paras.flatMap((p) => splitLong(p, maxChars - overlap));
    paras = [];
    let cur = '';
    let tail = '';
    const push = () => {
      if (!cur.trim()) return;
      chunks.push({ index: chunks.length, sectionPath: path.map((h) => h.title), text: cur.trim() });
      tail = overlap ? cur.slice(-overlap).replace(/^\S*\s/, '') : '';
      cur = '';
    };
    for (const piece of pieces) {
      if (cur && cur.length + piece.length + 2 > maxChars) push();
      if (!cur && tail) cur = `${tail}\n\n`;
      cur += (cur && !cur.endsWith('\n\n') ? '\n\n' : '') + piece;
    }
    push();
  };

  for (const block of markdown.split(/\n{2,}/)) {
    const h = /^(#{1,6}) +(.+)$/.exec(block.trim());
    if (h) {
      emitSection();
      const level = h[1]!.length;
      while (path.length && path[path.length - 1]!.level >= level) path.pop();
      path.push({ level, title: h[2]!.trim() });
      continue;
    }
    if (block.trim()) paras.push(block.trim());
  }
  emitSection();
  return chunks;
}

/** Cut a paragraph longer than `max` at sentence ends (or spaces, or hard). */
function splitLong(text: string, max: number): string[] {
  if (text.length <= max) return [text];
  const out: string[] = [];
  let rest = text;
  while (rest.length > max) {
    const window = rest.slice(0, max);
    let cut = Math.max(window.lastIndexOf('. '), window.lastIndexOf('? '), window.lastIndexOf('! '));
    if (cut < max * 0.5) cut = window.lastIndexOf(' ');
    if (cut < max * 0.3) cut = max - 1;
    out.push(rest.slice(0, cut + 1).trim());
    rest = rest.slice(cut + 1);
  }
  if (rest.trim()) out.push(rest.trim());
  return out;
}
