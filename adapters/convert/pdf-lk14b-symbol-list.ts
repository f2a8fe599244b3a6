/**
 * A heading over a list of symbols (session 14, helper "lk14b", issue #30). A nomenclature or
 * notation list sets each symbol in a column of its own and its meaning to the right on the same
 * row (`∅` … `Empty set`), so the line right below such a heading in reading order is the symbol
 * alone, no line of text. The row it stands on is the list's first entry: a short symbol and a
 * description in the text's size. Theses, books and long reports in any layout set their lists of
 * symbols this way, so the row vouches for the heading as a line of text would.
 */
import type { Segment } from './pdf-layout.ts';

/** A symbol: a few characters without a word of three letters (`∅`, `( · )⊤`, `R≥0`, `TQ`). */
const SYMBOL = /^(?!.*\p{L}{3})\S(?:.{0,7}\S)?$/u;

/** `n`, right below a heading, is a symbol whose row holds its description in the text's size. */
export function symbolRowBelow(n: Segment, segs: readonly Segment[], body: number): boolean {
  if (!SYMBOL.test(n.text.trim())) return false;
  return segs.some(
    (o) =>
      o !== n &&
      o.page === n.page &&
      o.x0 > n.x1 &&
      o.x0 - n.x1 < 12 * body &&
      Math.abs(o.baseline - n.baseline) < 0.3 * body &&
      Math.abs(o.size - body) < 0.5 &&
      /^\p{L}{2}/u.test(o.text),
  );
}
