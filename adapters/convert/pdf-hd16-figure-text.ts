/**
 * Lines inside a figure's or a table's area that look like headings by size or face alone: a panel's
 * numbered legend set in tiny type (`2 Bandpass filter`), a sketch's large labels (`To Earth`), a
 * table's bold group row (`Redshift Evolution Model Parameters`). Told by where they stand, not by
 * their words: a heading is followed by its text, a figure's labels by more labels and then the
 * figure's caption, a table's rows by more rows (hd16).
 */
import { lineAbove, lineBelow, type Segment } from './pdf-layout.ts';

/**
 * Smaller than LaTeX's `\scriptsize` against the body (7 pt under 10 pt): sub- and superscripts,
 * figure and table text. The smallest headings of any class are footnote-sized (amsart's
 * `References`, 0.73 of the body).
 */
export function tooSmallForHeading(s: Segment, body: number): boolean {
  return s.size < 0.65 * body;
}

/**
 * A figure's caption, with Nature's qualifier and no stop after the number (`Extended Data Fig. 5
 * Sketch…`), or an appendix's figure (`Figure C.2:`, hd24).
 */
const FIGURE_CAPTION =
  /^(?:(?:Extended Data|Supplementary)\s+)?(?:Fig\.?|Figure|FIG\.?|FIGURE)\s*(?:[A-Z]\.?)?\d+[a-z]?(?:\s*[.:|—–-]|\s+\p{Lu})/u;

/** How many lines a figure's labels may run to before its caption. */
const FIGURE_LINES = 15;
/**
 * The same for labels set in a size other than the body's (a scaled plot's legend and ticks, hd17b):
 * a heading's own text is in body type, so such lines say nothing of a heading and may run longer.
 */
const FIGURE_LINES_OFF_BODY = 60;

/**
 * `s` is text inside a figure: the lines after it in reading order, on its page, reach a figure's
 * caption before any line of body text (body size, 25 characters or more). LaTeX sets a caption
 * under its figure, and a heading is followed by its text.
 */
export function insideFigure(s: Segment, segs: readonly Segment[], body: number): boolean {
  const i = segs.indexOf(s);
  if (i < 0) return false;
  let bodySized = 0;
  for (const o of segs.slice(i + 1, i + 1 + FIGURE_LINES_OFF_BODY)) {
    if (o.page !== s.page) return false;
    if (FIGURE_CAPTION.test(o.text)) return true;
    // Body text is set in the class's text size itself; a scaled figure's labels land on any size,
    // often within half a point of it (8.6 pt beside 9 pt text, fm18).
    if (Math.abs(o.size - body) >= 0.3) continue;
    if (o.text.length >= 25 || ++bodySized >= FIGURE_LINES) return false;
  }
  return false;
}

/** Two short cells or more beside `line` on its baseline: `line` is in a table's row. */
function inRowOfCells(line: Segment | undefined, segs: readonly Segment[]): boolean {
  if (!line) return false;
  const row = segs.filter(
    (o) => o !== line && o.page === line.page && Math.abs(o.baseline - line.baseline) < 0.3 * line.size,
  );
  return row.length >= 2 && row.every((o) => o.text.length < 30);
}

/**
 * `s` stands between two rows of a table, each line beside short cells on its baseline: a table's
 * group row (a bold `Mass Ratio Model Parameters` over its parameters' descriptions). A heading
 * between paragraphs has at most the other column's lines beside its neighbours, long ones.
 */
export function betweenTableRows(s: Segment, segs: readonly Segment[], pitch: number): boolean {
  const above = lineAbove(s, segs);
  const below = lineBelow(s, segs);
  const near = (o: Segment | undefined) =>
    o !== undefined && Math.max(s.top - o.bottom, o.top - s.bottom) < 2 * pitch;
  return near(above) && near(below) && inRowOfCells(above, segs) && inRowOfCells(below, segs);
}
