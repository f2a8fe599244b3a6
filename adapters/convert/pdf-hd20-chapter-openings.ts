/**
 * A chapter's label on its opening page (`Chapter 2`, `Capitolo 2`, `Kapitel 2` over the chapter's
 * title, session 19, helper "hd20", issue #30). Report and book classes set it at the same height
 * on every chapter's first page, so once a thesis has a handful of chapters its key (`chapter #`)
 * repeats like a running head's. A running head is set no larger than the text, while the label is
 * display type, larger than the page's text: that size, and a label's words alone, keep it.
 */
import { isChapterLabel } from './pdf-lk14b-chapter-label.ts';

/** What is read of a line (pdf-layout.ts's Segment, which imports this module). */
interface Line {
  text: string;
  size: number;
}

/** Display type: this much larger than the page's text (the median line's size). */
const DISPLAY = 1.3;

/** The chapter labels in display type, page by page: never page furniture. */
export function chapterOpenings<S extends Line>(pages: readonly S[][]): Set<S> {
  const out = new Set<S>();
  for (const segs of pages) {
    const labels = segs.filter((s) => isChapterLabel(s.text));
    if (!labels.length) continue;
    const sizes = segs.map((s) => s.size).sort((a, b) => a - b);
    const text = sizes[Math.floor(sizes.length / 2)]!;
    for (const s of labels) if (s.size >= DISPLAY * text) out.add(s);
  }
  return out;
}
