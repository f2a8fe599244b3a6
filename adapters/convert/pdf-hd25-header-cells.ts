/**
 * A table's header cell in bold, read as a bold head: `Method` over a results table whose other
 * header cells (`Loss`, `∆ vs SFT`, `Similarity`) stand far right on its baseline, beyond the
 * reach aloneOnRow looks across; MDPI's `Value` at the right of a `Load … Value` header row.
 * A head stands alone on its row, or shares it with a head of the other column; a header cell
 * shares it with other cells in its own size and weight, and the row under it is a table's row:
 * two or more pieces on one baseline, one of them a short cell. Its row-mates stand in its own
 * column, within the edges of the prose around it; a head's row-mate in two columns is the other
 * column's line (a paragraph's short last line, a reference's `[4]`), beyond them. Only place, size, weight and length are read.
 */
import type { Segment } from './pdf-layout.ts';
import { isOtherColumnLine } from './pdf-heading-text.ts';

/** A table cell is short; a line of prose is longer. */
const CELL = 30;

/** `o` is another cell of `s`'s row: on its baseline, in its size and weight, short, set apart by a gap. */
function rowMate(s: Segment, o: Segment): boolean {
  return (
    o !== s &&
    o.page === s.page &&
    Math.abs(o.baseline - s.baseline) < 0.3 * s.size &&
    Math.abs(o.size - s.size) < 0.5 &&
    (o.bold === true) === (s.bold === true) &&
    o.text.length <= CELL &&
    (o.x0 > s.x1 + s.size || o.x1 < s.x0 - s.size) &&
    !isOtherColumnLine(o, s)
  );
}

/**
 * The left and right edges of the column `s` stands in: those of the lines of prose near it that
 * overlap it (null: none). In two columns the other column's short line on `s`'s baseline (a
 * paragraph's last line, a reference's `[4]`) is outside them; a table's cells are inside.
 */
function columnEdges(s: Segment, segs: readonly Segment[]): { lo: number; hi: number } | null {
  const prose = segs.filter(
    (o) =>
      o.page === s.page &&
      o.text.length >= 40 &&
      /\p{Ll}{3}/u.test(o.text) &&
      o.x0 < s.x1 &&
      o.x1 > s.x0 &&
      Math.abs(o.top - s.top) < 30 * s.size,
  );
  if (!prose.length) return null;
  return { lo: Math.min(...prose.map((o) => o.x0)), hi: Math.max(...prose.map((o) => o.x1)) };
}

/** `s` is a header cell of a table: a short line with cells of its row beside it and a row of cells below. */
export function tableHeaderCell(s: Segment, segs: readonly Segment[]): boolean {
  if (s.text.length > CELL) return false;
  const mates = segs.filter((o) => rowMate(s, o));
  if (!mates.length) return false;
  const column = columnEdges(s, segs);
  if (!column || !mates.every((o) => o.x0 > column.lo - s.size && o.x1 < column.hi + s.size)) return false;
  // The first baseline under `s`, within two lines.
  const under = segs.filter(
    (o) =>
      o.page === s.page &&
      o.top >= s.bottom - 1 &&
      o.top < s.bottom + 2 * s.size &&
      o.x1 > s.x0 - 20 * s.size,
  );
  if (!under.length) return false;
  const first = Math.min(...under.map((o) => o.baseline));
  const row = under.filter((o) => Math.abs(o.baseline - first) < 0.3 * s.size);
  return row.length >= 2 && row.some((o) => o.text.length <= CELL);
}
