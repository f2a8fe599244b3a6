/**
 * Unnumbered headings in capitals told by the paper's numbered ones (hd18). Two cases that
 * `capitalsSibling` (pdf-outline.ts) left out:
 *
 * - Capitals at the body size in the body face (AASTeX: `7. CONCLUSIONS`, then `REPRODUCIBILITY`)
 *   look like a shouted sentence by type alone; what sets such a head apart is its place: centred
 *   over the text of its column, as the class centres its numbered heads.
 * - Heads stacked one over the other (IEEE's `\appendix` label `APPENDIX` over `ARTIFACT
 *   DESCRIPTION`, over `A. Abstract`): the line under the head is another head, not the text or a
 *   table's cell.
 */
import type { Segment } from './pdf-layout.ts';
import { parseSectionNumber } from './pdf-numbering.ts';

/**
 * `s` is centred over `below`, a line of its column's text: the midpoints agree within an em and `s`
 * stands in by two ems or more on either side (a flush-left line of capitals is the start of a sentence).
 */
export function centredOver(s: Segment, below: Segment | undefined): boolean {
  if (!below || below.page !== s.page || below.top < s.bottom - 0.1) return false;
  const em = s.size;
  return (
    Math.abs(s.x0 + s.x1 - below.x0 - below.x1) / 2 < em &&
    s.x0 - below.x0 >= 2 * em &&
    below.x1 - s.x1 >= 2 * em
  );
}

/**
 * `n`, right under a head, is a numbered head itself (`A. Abstract` under `ARTIFACT DESCRIPTION`):
 * a short line with a section number and a capitalised title closed by no stop.
 */
export function numberedHeadUnder(n: Segment | undefined): boolean {
  if (!n || n.text.length > 90) return false;
  const num = parseSectionNumber(n.text);
  return num !== null && /^\p{Lu}/u.test(num.rest) && !/[.,;:]$/.test(num.rest);
}

/**
 * `next` cannot be the second line of `s` wrapped: the first word of `next` would have fitted on
 * the line of `s`, as `next` itself shows the measure is wider (a heading wraps only when the next
 * word does not fit). `APPENDIX` over `ARTIFACT DESCRIPTION` are two heads, not one wrapped. hd21:
 * or the column's right edge `right` (pdf-hd21-column-edge.ts) shows it, when `next` is short.
 */
export function roomForNextWord(s: Segment, next: Segment, right: number | null = null): boolean {
  const first = /^\S+/.exec(next.text)?.[0] ?? '';
  const perChar = (next.x1 - next.x0) / Math.max(1, next.text.length);
  const word = (first.length + 1) * perChar;
  return s.x1 - s.x0 + word < next.x1 - next.x0 - s.size || (right !== null && s.x1 + word < right - s.size);
}
