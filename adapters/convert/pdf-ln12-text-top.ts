/**
 * The top of the text block. A running head sits above it; a page's first text line sits at it.
 * On a paper without running heads a row at the top of the text block can still look like a head
 * on a few pages (a title, a column's last line above a heading or a float, a table's header row):
 * set apart from what follows. What tells the two apart in any layout is the other pages: when as
 * many pages start ordinary running text (lines at body pitch) at that same height, the height is
 * where the text block begins, and nothing set there is a running head.
 */

/** A page's first row: its height as a share of the page, set apart from the text below or followed by it at its pitch. */
export interface TopRow {
  page: number;
  y: number;
  apart: boolean;
  text?: boolean;
}

/**
 * Whether the slot at height `y` is the top of the text block: at least as many pages start
 * ordinary text there (a first row followed by lines at the text's pitch) as show a row apart there.
 */
export function isTextBlockTop(tops: readonly TopRow[], y: number, sameHeight: number): boolean {
  const at = tops.filter((t) => Math.abs(t.y - y) < sameHeight);
  const apart = new Set(at.filter((t) => t.apart).map((t) => t.page)).size;
  const text = new Set(at.filter((t) => t.text === true).map((t) => t.page)).size;
  return text >= apart;
}
