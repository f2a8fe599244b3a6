/**
 * A running head that echoes a heading (session 14, second round, helper "lk15b", issue #30). Book
 * and report classes (LaTeX's `book`/`report` with `\leftmark`/`\rightmark`, most thesis templates)
 * head each page with the current chapter's or section's title in body-size capitals
 * (`CHAPTER 1. IN SILICO MATERIALS DESIGN`, `1.3. GUIDE TO THIS THESIS`). In a short excerpt a head
 * may print only once, so the repetition test misses it; but it stands alone at the top of its page,
 * set apart from the text below, and repeats the words of a heading set in larger type elsewhere.
 * Position, type size and the repeated words are layout facts that hold for any template.
 */
import type { Segment } from './pdf-layout.ts';

/** A heading's words, case, a chapter label and the section number aside. */
function headingKey(text: string): string {
  return text
    .toLowerCase()
    .replace(/^(?:chapter|chapitre|kapitel|cap[ií]tulo|hoofdstuk|part|appendix)\s+\S+\s+/u, '')
    .replace(/^(?:\d{1,2}|[a-z])(?:\.\d{1,2})*\.?\s+/u, '')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/**
 * The lines of `pages` that are such echoes: a page's topmost line, at most body size, in its top
 * tenth, with a gap of more than a line's height to the line below, whose words (two or more) are
 * those of a line set at least 15 % larger than the body somewhere in the document.
 */
export function headingEchoes(
  pages: readonly Segment[][],
  heights: readonly number[],
  body: number,
): Set<Segment> {
  const out = new Set<Segment>();
  const headings = new Set<string>();
  for (const s of pages.flat()) if (s.size >= 1.15 * body) headings.add(headingKey(s.text));
  if (!headings.size) return out;
  for (const [p, segs] of pages.entries()) {
    if (segs.length < 2) continue;
    const top = segs.reduce((a, b) => (b.top < a.top ? b : a));
    if (top.size > body + 0.5 || top.top > 0.1 * (heights[p] ?? 792)) continue;
    const below = Math.min(...segs.filter((s) => s !== top && s.top > top.top).map((s) => s.top));
    if (below - top.bottom <= top.size) continue;
    const key = headingKey(top.text);
    if (key.includes(' ') && headings.has(key)) out.add(top);
  }
  return out;
}
