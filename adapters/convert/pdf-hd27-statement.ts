/**
 * hd27: a declaration's one-word statement under its head (BMC's `Competing interests` over `None`,
 * then `Author's contributions`). A short line under a bold section name reads as a table's column
 * under its header cell; but a cell has cells beside it on its row, and the cell under it is no
 * bold head. Here the short line stands alone on its row and the next line, at the head's edge in
 * the head's size, is bold: a run of heads, each with its statement.
 */
import type { Segment } from './pdf-layout.ts';

export function statementBetweenHeads(
  s: Segment,
  under: Segment | undefined,
  after: Segment | undefined,
  segs: readonly Segment[],
): boolean {
  if (!under || !after || under.bold === true || after.bold !== true) return false;
  if (after.page !== s.page || after.top <= under.bottom - 0.5 || after.top - under.bottom > 3 * s.size)
    return false;
  if (Math.abs(after.x0 - s.x0) > 0.5 * s.size || Math.abs(after.size - s.size) > 0.3) return false;
  return !segs.some(
    (o) => o !== under && o.page === under.page && Math.abs(o.baseline - under.baseline) < 0.3 * under.size,
  );
}
