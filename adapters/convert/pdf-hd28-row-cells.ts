/**
 * hd28: a table's header row in type a step larger than the body (a table scaled up to the text
 * width: NeurIPS's `Configuration · Layers Removed · PPL · ∆ PPL (%)` at 10.7 pt over 9 pt text).
 * The larger-type rule takes a line whether or not it is alone on its row; a heading shares its
 * baseline with nothing in its type, or at most with one line of the other column, while a header
 * row sets two short cells or more beside the line, in its own size.
 */
import type { Segment } from './pdf-layout.ts';

/** Cells this short (characters): a header's label, not a line of prose. */
const CELL = 30;

/** Two short cells or more on the baseline of `s`, in its size: `s` is one of a table's header cells. */
export function amongHeaderCells(s: Segment, segs: readonly Segment[]): boolean {
  if (s.text.length >= CELL) return false;
  let cells = 0;
  for (const o of segs)
    if (
      o !== s &&
      o.page === s.page &&
      Math.abs(o.baseline - s.baseline) < 0.3 * s.size &&
      Math.abs(o.size - s.size) < 0.3 &&
      o.text.trim().length < CELL &&
      ++cells >= 2
    )
      return true;
  return false;
}
