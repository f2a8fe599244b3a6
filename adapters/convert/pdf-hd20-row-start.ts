/**
 * Where a line begins when pdf.js split it into pieces (session 19, helper "hd20", issue #30). A
 * justified reference entry's first line can be spread so wide at its stops that it becomes several
 * segments (elsarticle's `Akaike, H., 1969.` · `Fitting autoregressive…` · `Annals of`); the hanging
 * indent of the entry's next line is measured against the line's start, not its last piece's.
 */
import type { Segment } from './pdf-layout.ts';

/** The left edge of the row `s` ends: pieces on its baseline chained to its left, each within 3 em. */
export function rowStart(s: Segment, segs: readonly Segment[]): number {
  let x0 = s.x0;
  for (let moved = true; moved;) {
    moved = false;
    for (const o of segs) {
      if (
        o !== s &&
        o.page === s.page &&
        Math.abs(o.baseline - s.baseline) < 1 &&
        o.x0 < x0 &&
        o.x1 <= x0 + 1 &&
        x0 - o.x1 < 3 * s.size
      ) {
        x0 = o.x0;
        moved = true;
      }
    }
  }
  return x0;
}
