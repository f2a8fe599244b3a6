/**
 * The title's column. A journal that prints a sidebar beside the title (the Royal Society's
 * `rspa.royalsocietypublishing.org` / `Research` left of a four-line title) interleaves the
 * sidebar's rows with the title's when lines are sorted top-down. A title's lines always overlap
 * each other across the page (left-aligned, centred or ragged), a side column's lines never do:
 * only lines that share some of the first title line's width can continue it.
 */
import type { Segment } from './pdf-layout.ts';

/** `s` overlaps `first` horizontally (shares part of its width), so it may be a line of the same block. */
export function sharesColumn(first: Segment, s: Segment): boolean {
  return s.x0 < first.x1 && s.x1 > first.x0;
}
