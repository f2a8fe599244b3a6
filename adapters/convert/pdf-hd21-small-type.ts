/**
 * Numbered lines that are no heads by their type or row (session 20, helper "hd21", issue #30).
 *
 * - The body's own face, smaller, plain: a class sets its heads at the body size or above, or marks
 *   a smaller one by a face, weight or capitals (REVTeX's italic, IEEE's small capitals). A numbered
 *   line in the body's face made smaller is a footnote (`4 Beta transformation …` under a page's
 *   text) or a caption's or table's line, whatever its number; unless set as a known head at its depth.
 * - A row that goes on inside its column (pdf-hd21-column-edge.ts): a list item's justified line that
 *   pdf.js split at a wide space (`6. Math` … `problem:`), or a table's row (`400 MByte/sec` … `5.1 MByte/sec`).
 */
import type { Segment } from './pdf-layout.ts';
import { isCapitals } from './pdf-outline.ts';
import { rowGoesOn } from './pdf-hd21-column-edge.ts';
import { soleFace } from './pdf-face-headings.ts';

/** `s`, whose title after its number is `rest`, is no head; `sibling`: it is set as a known head is. */
export function numberedNonHead(
  s: Segment,
  rest: string,
  body: number,
  bodyFace: string | null,
  sibling: boolean,
  segs: readonly Segment[],
): boolean {
  const smallPlain =
    s.bold !== true &&
    s.size < body - 0.6 &&
    !isCapitals(rest) &&
    bodyFace !== null &&
    soleFace(s) === bodyFace;
  return (smallPlain && !sibling) || rowGoesOn(s, segs);
}
