/**
 * The column a line is set in (session 20, helper "hd21", issue #30), read from the page: the
 * lines of text nearest it that span its width, most of which start and end at the column's edges.
 *
 * Text is set to a measure and broken greedily: a line ends short of its column's right edge only
 * where its paragraph, or a heading, ends (or the author broke it). So a line with room at its end
 * for the next line's first word was not wrapped into that line: `Author's contributions` over
 * `Acknowledgements` are two heads, and `A. Stage 1: Mapping Dependences` over a one-line sentence
 * is a head, not a list item's first line. And a heading's row holds nothing else inside its column.
 */
import type { Segment } from './pdf-layout.ts';

/** Lines that must end at one x for it to be an edge: a paragraph's worth, not a chance. */
const MIN_LINES = 4;

/** The x most of `xs` share (within a point), if at least MIN_LINES do; else null. */
function commonX(xs: readonly number[], pick: (a: number, b: number) => boolean): number | null {
  const at = new Map<number, number>();
  for (const x of xs) at.set(Math.round(x), (at.get(Math.round(x)) ?? 0) + 1);
  let best: number | null = null;
  let most = 0;
  for (const [x, n] of at) {
    // Neighbouring whole points are one edge (a line's last glyph ends a little short or over).
    const count = n + (at.get(x - 1) ?? 0) + (at.get(x + 1) ?? 0);
    if (count > most || (count === most && best !== null && pick(x, best))) [best, most] = [x, count];
  }
  return most >= MIN_LINES ? best : null;
}

/** The lines nearest the line, above and below it, that the column's edges are read from. */
const NEAREST = 10;

/** The lines nearest `s`, above and below it, that span its width: its column's lines. */
function spanningLines(s: Segment, segs: readonly Segment[]): Segment[] {
  return segs
    .filter(
      (o) => o.page === s.page && o.text.length >= 20 && o.x0 <= s.x0 + 0.5 && o.x1 >= s.x1 - 0.5 && o !== s,
    )
    .sort((a, b) => Math.abs(a.top - s.top) - Math.abs(b.top - s.top))
    .slice(0, NEAREST);
}

/** The right edge of the column `s` is set in, if the page shows one. */
export function columnRight(s: Segment, segs: readonly Segment[]): number | null {
  const right = commonX(
    spanningLines(s, segs).map((o) => o.x1),
    (a, b) => a > b,
  );
  return right === null ? null : right + 1;
}

/**
 * Other text on the line's row inside its column, an em or more away: a list item's justified line
 * that pdf.js split at a wide space (a listing's `6. Math` … `problem:\n{question}`), or a table's
 * row. A heading's row holds nothing else there; the next column's lines lie past this column's
 * edge, and an index (`γ` `t`) sits against its letter. With no column on the page (a page of
 * tables), two other cells on the row make it a table's (`Maximum throughput` … `5.1 MByte/sec`):
 * a two-column page sets one line beside a heading at most.
 */
export function rowGoesOn(s: Segment, segs: readonly Segment[]): boolean {
  const others = segs.filter(
    (o) =>
      o !== s &&
      o.page === s.page &&
      o.text.trim().length >= 2 &&
      Math.abs(o.baseline - s.baseline) < 0.3 * s.size &&
      (o.x0 > s.x1 + s.size || o.x1 < s.x0 - s.size),
  );
  if (others.length === 0) return false;
  const column = spanningLines(s, segs);
  if (column.length < MIN_LINES) return others.length >= 2;
  // Most of the lines around it run under both: one column (a full-width caption spans two, but is a few lines).
  const under = (o: Segment) => column.filter((c) => c.x0 <= o.x0 + 0.5 && c.x1 >= o.x1 - 0.5).length;
  return others.some((o) => under(o) >= MIN_LINES && under(o) > column.length / 2);
}
