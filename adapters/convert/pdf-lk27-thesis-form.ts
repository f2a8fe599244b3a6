/**
 * A thesis's abstract form (session 26, helper "lk27", issue #30). Many universities (Aalto's
 * `aaltothesis`, the Finnish and Swedish schools, several others) print the abstract inside a
 * form: a grid of label/value rows in ruled boxes (`Author …`, `Title …`, `Supervisor …`,
 * `Major …`, `Date … Number of pages … Language …`), the abstract's paragraphs, then a last box
 * (`Keywords …`), often the same form again in the school's own language. Those rows are the
 * thesis's record, as the title page's lines are: front matter, whatever the language.
 *
 * The form is told by its layout, never by its words:
 * - on a preliminary page (after page 1 and before the contents page);
 * - four or more rows in a row at the text's left edge, each a line that begins with a capital
 *   (the label) and does not run on as a paragraph: a value that wraps goes on in the value
 *   column, indented, never back at the left edge;
 * - rows parted by a box's padding (half a line or more between one row's foot and the next
 *   row's top), where a paragraph's lines follow each other closely; or, set close, rows whose
 *   values stand apart from their labels in one column (a second piece on each row at one left edge);
 * - one row at least that holds two fields side by side on one baseline, or a value that wraps
 *   into its column: a grid, never a list of lines;
 * - right under the rows, the abstract: a paragraph of three lines or more at the same left edge.
 * The short lines above the first row (the form's own heading, `Abstract of master's thesis`, set
 * right or in bold) and a last box under the abstract, parted from it by two lines or more (the
 * keywords), go with it; a lone abstract label (`Abstract`) stays a heading.
 */
import type { Segment } from './pdf-layout.ts';
import { contentsPage } from './pdf-lk26-thesis-prelims.ts';
import { OPENER } from './pdf-lk13-section-names.ts';

/** At least this many rows make a form. */
const MIN_ROWS = 4;

/** The abstract under the form: at least this many lines of a paragraph. */
const MIN_PROSE_LINES = 3;

/** At most this many words on a line of the form's heading. */
const MAX_HEAD_WORDS = 6;

/** At most this many boxes under the abstract (keywords, a classification). */
const MAX_TAIL_ROWS = 2;

/** A line's rows: segments on one baseline, left to right. */
function rowsOf(page: readonly Segment[]): Segment[][] {
  const sorted = [...page].sort((a, b) => a.baseline - b.baseline || a.x0 - b.x0);
  const rows: Segment[][] = [];
  for (const s of sorted) {
    const last = rows[rows.length - 1];
    if (last && Math.abs(last[0]!.baseline - s.baseline) < 0.3 * s.size) last.push(s);
    else rows.push([s]);
  }
  return rows;
}

const top = (r: readonly Segment[]) => Math.min(...r.map((s) => s.top));
const bottom = (r: readonly Segment[]) => Math.max(...r.map((s) => s.bottom));

/**
 * The rows of each abstract form among the preliminary pages, one group per row (a wrapped value
 * with its row), heading and keywords boxes included. Segments in `taken` are left alone.
 */
export function thesisFormRows(
  pages: readonly Segment[][],
  taken: ReadonlySet<Segment>,
  body: number,
): Segment[][] {
  const contents = contentsPage(pages);
  const out: Segment[][] = [];
  for (let p = 1; p < contents; p++) {
    const page = pages[p] ?? [];
    const text = page.filter((s) => Math.abs(s.size - body) < 0.5);
    if (text.length < MIN_ROWS + MIN_PROSE_LINES) continue;
    const left = Math.min(...text.map((s) => s.x0));
    const rows = rowsOf(page);
    const atLeft = (r: readonly Segment[]) => Math.abs(r[0]!.x0 - left) < 0.5 * body;
    // Walk the rows: a field row at the left edge, its value's wrapped lines indented under it.
    const fields: Segment[][] = [];
    let grid = false;
    let i = 0;
    // The form's heading: short lines above the first row, off the left edge or in bold.
    const head: Segment[] = [];
    while (i < rows.length && !atLeft(rows[i]!)) {
      head.push(...rows[i]!);
      i++;
    }
    // The value column: where a row's second field starts, when label and value stand apart.
    const valueX = (r: readonly Segment[] | undefined) => (r && r.length > 1 ? r[1]!.x0 : null);
    const aligned = (a: readonly Segment[] | undefined, b: readonly Segment[] | undefined) => {
      const x = valueX(a);
      const y = valueX(b);
      return x !== null && y !== null && Math.abs(x - y) < 0.5 * body;
    };
    let prevRow: Segment[] | undefined;
    for (; i < rows.length; i++) {
      const row = rows[i]!;
      const first = row[0]!;
      if (!atLeft(row) || Math.abs(first.size - body) >= 0.5 || first.bold === true) break;
      if (!/^\p{Lu}/u.test(first.text.trim()) || OPENER.test(first.text.trim())) break;
      const prev = fields[fields.length - 1];
      // A box's padding parts the rows, or the values stand in one column apart from the labels;
      // a paragraph's lines follow closely in one piece.
      if (prev && top(row) - bottom(prev) < 0.5 * body && !aligned(row, prevRow)) break;
      const field = [...row];
      // A value wraps into its column, indented; a paragraph runs on at the left edge.
      let j = i + 1;
      let wraps = false;
      while (j < rows.length && top(rows[j]!) - bottom(field) < 0.4 * body) {
        if (atLeft(rows[j]!) || rows[j]![0]!.x0 - left < 1.5 * body) break;
        field.push(...rows[j]!);
        wraps = true;
        j++;
      }
      const next = rows[j];
      const member = aligned(row, prevRow) || aligned(row, next);
      if (next && top(next) - bottom(field) < 0.4 * body && atLeft(next) && !member) break;
      if (row.length > 1 || wraps) grid = true;
      fields.push(field);
      prevRow = row;
      i = j - 1;
    }
    if (fields.length < MIN_ROWS || !grid) continue;
    // The abstract right under the rows: a paragraph at the left edge, lines close together.
    const proseStart = i;
    let k = proseStart;
    while (
      k + 1 < rows.length &&
      Math.abs(rows[k + 1]![0]!.x0 - left) < 2 * body &&
      top(rows[k + 1]!) - bottom(rows[k]!) < 0.5 * body
    )
      k++;
    if (k - proseStart + 1 < MIN_PROSE_LINES) continue;
    // Paragraphs of the abstract go on down the page, parted by a line's space at most.
    while (
      k + 1 < rows.length &&
      top(rows[k + 1]!) - bottom(rows[k]!) < 1.5 * body &&
      Math.abs(rows[k + 1]![0]!.x0 - left) < 2 * body
    )
      k++;
    // The last boxes: after a gap of two lines or more, at the left edge, to the page's end.
    const tail = rows.slice(k + 1);
    const tailRows =
      tail.length > 0 &&
      tail.length <= MAX_TAIL_ROWS &&
      top(tail[0]!) - bottom(rows[k]!) >= 2 * body &&
      tail.every((r) => atLeft(r) && /^\p{Lu}/u.test(r[0]!.text.trim()) && !OPENER.test(r[0]!.text.trim()))
        ? tail
        : [];
    // A one-word heading (`Abstract`) stays the abstract's heading.
    const heading = head.every((s) => {
      const words = s.text.trim().split(/\s+/).length;
      return words >= 2 && words <= MAX_HEAD_WORDS;
    })
      ? head
      : [];
    for (const g of [heading, ...fields, ...tailRows]) {
      const free = g.filter((s) => !taken.has(s));
      if (free.length) out.push(free);
    }
  }
  return out;
}
