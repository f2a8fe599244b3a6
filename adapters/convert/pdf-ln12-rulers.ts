/**
 * Line-number rulers printed over the other column. Review copies (ACL's review mode, some
 * two-column `lineno` setups) may set each column's ruler in the gutter side, where it runs through
 * the lines of the other column: its strip is crossed by text, which otherwise marks bare numbers
 * as part of the text (a table's cells, numbers in prose). The ruler is still told apart in any
 * layout by three things no number inside text has together: consecutive integers, set in a type (face
 * and size) the crossing text does not use, on baselines the crossing lines do not share (those lines belong
 * to another column, whose rows fall between the numbered ones).
 */
import type { TextRun } from './pdf-layout.ts';

/** A ruler over text numbers every line: this many at least, each one more than the last. */
const MIN_RULER = 5;
/**
 * Crossing lines that may share a number's baseline by chance: two columns' rows drift against each
 * other at different pitches. A ruler sits on its own lines' baselines exactly (within 0.05 em).
 */
const SHARED_BASELINES = 0.25;

/** The numbers `column` (top to bottom) are a ruler printed over the lines `crossing` of another column. */
export function overprintsOtherColumn(column: readonly TextRun[], crossing: readonly TextRun[]): boolean {
  if (column.length < MIN_RULER) return false;
  const values = column.map((r) => Number(r.text));
  if (values.some((v, i) => i > 0 && v !== values[i - 1]! + 1)) return false;
  const first = column[0]!;
  if (crossing.some((r) => r.font === first.font && Math.abs(r.size - first.size) < 0.1)) return false;
  const tolerance = 0.05 * first.size;
  const shared = crossing.filter((r) => column.some((n) => Math.abs(n.y - r.y) < tolerance)).length;
  return shared <= SHARED_BASELINES * crossing.length;
}
