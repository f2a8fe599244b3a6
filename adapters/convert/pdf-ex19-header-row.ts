/**
 * ex19: a table's header row (`Constraint  Section 3.2.2  Value`, `method  rate ρ  iterations  work`).
 * A header names its column wherever the column sits: the last cell has its neighbours on the left
 * only, so the row is looked at on both sides of the line, not only after it. A bold cell needs one
 * bold neighbour; a cell in plain type (a section word in small capitals, `method`) needs two short
 * cells on its baseline, the nearer within 12 em, since one short neighbour may be the other
 * column's last line or an equation's number.
 */
import type { Segment } from './pdf-layout.ts';

function onRow(s: Segment, o: Segment): boolean {
  return (
    o !== s && o.page === s.page && o.text.length < 40 && Math.abs(o.baseline - s.baseline) < 0.3 * s.size
  );
}

/** How far `o` is from `s` along the row (0 when they overlap). */
function gapAlong(s: Segment, o: Segment): number {
  return o.x0 > s.x1 ? o.x0 - s.x1 : o.x1 < s.x0 ? s.x0 - o.x1 : 0;
}

/** `s` is a cell of a table's header row; `cellUnder`: a short line right under it (a cell of the first row). */
export function inHeaderRow(s: Segment, segs: readonly Segment[], cellUnder: () => boolean): boolean {
  const reach = 12 * s.size;
  const row = segs.filter((o) => onRow(s, o) && gapAlong(s, o) > 0);
  const near = (cells: Segment[]) => cells.some((o) => gapAlong(s, o) < reach);
  if (s.bold === true) {
    const bold = row.filter((o) => o.bold === true);
    // Three bold cells in a row are a header whatever the first row holds (a long cell under it).
    return near(bold) && (bold.length >= 2 || cellUnder());
  }
  return row.length >= 2 && near(row) && cellUnder();
}
