/**
 * Heading rules of session 13 (issue #30), each a typographic habit of a whole layout class rather
 * than of one paper: a lettered appendix head in the small capitals of the known section heads, a
 * numbered line set wholly in a heading face that is no run-in heading although its title holds a
 * stop (`vs.`), and a bold paragraph's indented first line that is no heading. The fused appendix
 * number (`B3`) is in pdf-hd13a-fused-number.ts.
 */
import type { Segment } from './pdf-layout.ts';
import type { SectionNumber } from './pdf-numbering.ts';
import { isCapitals, type HeadingStyle } from './pdf-outline.ts';

/**
 * A numbered line's title is set in a type of its own, though neither bold nor larger: a face
 * other than the body's (an italic subsection title), or capitals in its known siblings' size.
 */
export function inHeadingType(
  s: Segment,
  n: SectionNumber | null,
  face: string | null,
  ctx: { bodyFace: string | null; styles: ReadonlyMap<number, HeadingStyle[]>; body: number },
): boolean {
  if (face !== null && face !== ctx.bodyFace) return true;
  return n !== null && capitalsInHeadingSize(s, n.rest, face, ctx.styles.get(n.parts.length), ctx.body);
}

/**
 * The title is in capitals at the size of accepted headings of its depth that are set in capitals
 * at a size apart from the body's (ICLR's small-capital `4 EXPERIMENTS` at 9.6 pt over a 10 pt
 * body), not bold, in the same face: set apart as a bold title is, so a dotless appendix letter
 * before it (`A PROOF OF THEOREM 3.1`) is a number, not the article. A sentence in capitals is at
 * the body's size.
 */
export function capitalsInHeadingSize(
  s: Segment,
  title: string,
  face: string | null,
  known: readonly HeadingStyle[] | undefined,
  body: number,
): boolean {
  if (s.bold === true || !isCapitals(title) || Math.abs(s.size - body) <= 0.25) return false;
  return (known ?? []).some(
    (k) => k.caps && !k.bold && Math.abs(k.size - s.size) < 0.25 && (k.face === null || k.face === face),
  );
}

/**
 * Every letter of the line is in one face, not the body's (elsarticle's italic `5.2. Parity vs.
 * USDA CSB1825`): a heading set on its own line. A run-in head's paragraph goes on in the body face,
 * so a stop inside such a line (an abbreviation) ends no run-in title.
 */
export function wholeLineInHeadingFace(s: Segment, bodyFace: string | null): boolean {
  const faces = new Set((s.fonts ?? []).filter((r) => r.chars > 0).map((r) => r.font));
  return bodyFace !== null && faces.size === 1 && !faces.has(bodyFace);
}
