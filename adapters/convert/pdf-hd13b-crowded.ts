/**
 * A heading stands clear on its row: nothing else is drawn into its box. A line that another piece
 * of text touches or overlaps at a different baseline is part of a display formula (`1` over
 * `NX(t)` beside `[∆rj(t)]2`, a fraction's numerator and its neighbour) or a label inside a drawing
 * (`Reflected ray` with the drawing's glyphs over its end). aloneOnRow sees only one baseline; this
 * sees the staggered ones that formulas and drawings set.
 */
import { isAccentFragment, isIndexFragment, isOtherColumnLine } from './pdf-heading-text.ts';
import type { Segment } from './pdf-layout.ts';

/**
 * Another segment in comparable type reaches into `s`'s box (widened by half an em) from another
 * baseline, over a quarter of their height.
 */
export function crowdedOnRow(s: Segment, segs: readonly Segment[]): boolean {
  const reach = 0.5 * s.size;
  return segs.some((o) => {
    if (o === s || o.page !== s.page || Math.abs(o.baseline - s.baseline) < 0.5 * s.size) return false;
    // In the line's own range of type and height: a drop cap, a chapter's big number or a drawing's huge glyph box is not a piece beside it.
    const tall = (o.bottom - o.top) / (s.bottom - s.top);
    if (o.size < 0.6 * s.size || o.size > 1.6 * s.size || tall < 0.5 || tall > 1.6) return false;
    if (o.x0 > s.x1 + reach || o.x1 < s.x0 - reach) return false;
    const overlap = Math.min(o.bottom, s.bottom) - Math.max(o.top, s.top);
    if (overlap < 0.25 * Math.min(o.bottom - o.top, s.bottom - s.top)) return false;
    // A heading's own raised index or accent, and the other column's text, do not crowd it.
    return !isIndexFragment(o, s) && !isAccentFragment(o, s) && !isOtherColumnLine(o, s);
  });
}
