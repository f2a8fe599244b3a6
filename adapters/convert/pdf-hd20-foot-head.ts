/**
 * A heading set as the last line of its column (session 19, helper "hd20", issue #30). LaTeX keeps
 * a heading with its first lines when it can, but a back-matter head whose section is short or
 * empty (Frontiers' `SUPPLEMENTAL DATA`, `FIGURE CAPTIONS` before the captions' page) stands at a
 * page's foot with its text on the next page. The rules that want a line of text under a heading
 * then find none; the head's face, size and capitals, the same as the known section heads', still
 * name it, so the line below is not asked for when the column ends under it.
 */
import type { Segment } from './pdf-layout.ts';

/** Nothing follows `s` in its column: no next line on the page, or the next one opens another column to its right, higher up. */
export function endsItsColumn(s: Segment, next: Segment | undefined): boolean {
  if (next === undefined || next.page !== s.page) return true;
  return next.top < s.top && next.x0 >= s.x1;
}
