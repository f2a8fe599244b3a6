/**
 * A numbered list item's first line, justified (session 19, helper "hd20", issue #30). An item in
 * body type whose first line breaks before a formula (`1. The DM–DM self-interaction is an
 * attractive` / `Yukawa potential V (r) = …`) reads as a short numbered title when its next line
 * starts with a capital and ends open. But a paragraph's lines are justified to one right edge and
 * a heading is set ragged right: a line that ends flush with the line right below it, both in the
 * body's type, is a line of running text.
 */
import type { Segment } from './pdf-layout.ts';

/** `s`, in plain body type, ends flush right with the next line of the same size right below it. */
export function justifiedWithNext(
  s: Segment,
  below: (line: Segment) => Segment | undefined,
  body: number,
  pitch: number,
): boolean {
  if (s.bold === true || Math.abs(s.size - body) > 0.6) return false;
  const next = below(s);
  if (!next || next.page !== s.page || next.bold === true || Math.abs(next.size - s.size) > 0.3) return false;
  if (next.baseline <= s.baseline || next.baseline - s.baseline > 1.3 * pitch) return false;
  // Flush right within a fraction of a point: a ragged heading meets the measure only by chance.
  return Math.abs(next.x1 - s.x1) < 0.5 && next.x1 - next.x0 > 0.5 * (s.x1 - s.x0);
}
