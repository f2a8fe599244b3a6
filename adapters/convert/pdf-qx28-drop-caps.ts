/**
 * A paragraph opened by a drop cap drawn as a picture (session 27, helper "qx28", issue #30). A
 * designed thesis or magazine sets the first letter of a chapter's, an abstract's or an
 * acknowledgement's opening paragraph as a large initial (`lettrine`, or a letter drawn from
 * vector art as in Princeton's `puthesis` as its author styled it) with no text behind it, so the
 * text layer reads `pplied machine learning …` for `Applied machine learning …`. Session 26's rule
 * (pdf-lk27-drop-cap.ts) put the letter back on a title only; the same initial on a paragraph cut
 * that paragraph's first word. The paragraph's layout says where: its first line opens with a
 * lower-case fragment, the line under it starts at the same indent (the cap spans two or more
 * lines), and a later full line of the same column comes back to the margin, left of the indent by
 * more than the width of a capital. The letter itself comes from the paper's words, as for the
 * title: the fragment never stands alone but follows one and the same letter twice or more. A
 * line that continues a word broken at the line above (`ar-` / `ticle`) is no paragraph's opening.
 */
import { lineAbove, lineBelow, type Segment } from './pdf-layout.ts';
import { withDropCap } from './pdf-lk27-drop-cap.ts';

/** Lines looked at under the opening line for the one back at the margin. */
const MAX_LINES_DOWN = 5;

/** A lower-case letter opening a line (checked before any layout test). */
const LOWER_START = /^\p{Ll}/u;

/** The opening line of a paragraph with a drop cap beside it, by layout alone. */
function dropCapOpening(s: Segment, page: readonly Segment[]): boolean {
  const below = lineBelow(s, page);
  if (!below || Math.abs(below.x0 - s.x0) > s.size || Math.abs(below.size - s.size) > 0.1 * s.size)
    return false;
  const above = lineAbove(s, page);
  // The second half of a word broken at the line above.
  if (above && /[-\u00ad]$/.test(above.text)) return false;
  let line: Segment | undefined = below;
  for (let i = 0; line && i < MAX_LINES_DOWN; i++) {
    line = lineBelow(line, page);
    if (!line) return false;
    if (line.x0 < s.x0 - 2 * s.size && Math.abs(line.x1 - s.x1) <= s.size) return true;
  }
  return false;
}

/** Put back the initial of every paragraph opened by a drop cap the text layer lacks (in place). */
export function restoreParagraphDropCaps(pages: Segment[][]): void {
  for (const page of pages)
    for (const s of page) {
      if (!LOWER_START.test(s.text) || !dropCapOpening(s, page)) continue;
      s.text = withDropCap(s.text, pages, [s]);
    }
}
