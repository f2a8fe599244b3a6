/**
 * A heading set in a face of its own (session 27, helper "qx28", issue #30): a bold typewriter
 * `cKDTree` among a paper's bold sans subsection heads. Two rules kept it out:
 * - Fonts are named (to tell bold) only for faces that recur: a face seen on one page after the
 *   first is most often an embedded figure's, and naming it would cost a page's operator list. A
 *   heading's own face may show on one page only, and then stays unnamed, its line never bold.
 * - A line wholly in a typewriter face is program text, never a heading (pdf-hd25-typewriter.ts).
 *   A listing's lines run on in the same face; a bold typewriter line standing over the body's
 *   text is a head.
 * Such a line sits where a heading sits and a figure's label or a listing's line does not: a short
 * line alone, directly over a full line of the body face that starts at its left edge (or a
 * paragraph indent right of it), no further below than a heading's spacing and further from the
 * line above (if any) than from it, and no list's item
 * (a glossary's term over its description set as a list stays what it was). Its face is named even
 * if it shows on one page only, and, bold, it is no program text.
 */
import { lineAbove, lineBelow, mostUsedFace, type Segment } from './pdf-layout.ts';

/** A list item's opening: a bullet or dash, or an item's number or letter (`1.`, `(a)`, `ii)`). */
const LIST_ITEM = /^(?:[•·▪◦‣∙○●■□➢►▶–—*-]|\(?[\da-z]{1,3}[.)])\s/u;

/** A heading's length at most, in characters. */
const MAX_HEAD_CHARS = 80;

/** A short line directly over a full line of the body face starting at its left edge or an indent right of it. */
function placedLikeHeading(s: Segment, segs: readonly Segment[], body: string): boolean {
  if (s.text.length > MAX_HEAD_CHARS) return false;
  const below = lineBelow(s, segs);
  if (!below || below.top - s.bottom > 2.5 * s.size) return false;
  // A glossary's term over its description set as a list (`Dead` / `• Only available when …`).
  if (LIST_ITEM.test(below.text)) return false;
  // A head stands closer to its text than to the text before it; a label inside the text's flow does not.
  const above = lineAbove(s, segs);
  if (above && s.top - above.bottom <= below.top - s.bottom + 0.2 * s.size) return false;
  const bodyChars = (below.fonts ?? []).reduce((n, f) => n + (f.font === body ? f.chars : 0), 0);
  const indent = below.x0 - s.x0;
  return (
    bodyChars >= 0.5 * below.text.length &&
    indent > -0.5 * s.size &&
    indent < 3 * below.size &&
    below.x1 - below.x0 > 3 * (s.x1 - s.x0)
  );
}

/** Of the faces given, those that set (all but a letter or two of) a line placed like a heading. */
export function headingPlacedFaces(
  pages: readonly Segment[][],
  faces: ReadonlySet<string>,
  body: string | undefined,
): Set<string> {
  const found = new Set<string>();
  if (!faces.size || !body) return found;
  for (const segs of pages)
    for (const s of segs) {
      const runs = s.fonts;
      if (!runs || runs.length > 2) continue;
      const face = runs.find((f) => faces.has(f.font) && !found.has(f.font));
      if (!face) continue;
      const all = runs.reduce((n, f) => n + f.chars, 0);
      if (face.chars >= 0.85 * all && placedLikeHeading(s, segs, body)) found.add(face.font);
    }
  return found;
}

/** A bold typewriter line placed like a heading is no program text: its typewriter mark is taken off (in place). */
export function boldTypewriterHeads(pages: Segment[][]): void {
  const candidates: Array<[Segment, Segment[]]> = [];
  for (const segs of pages) for (const s of segs) if (s.typewriter && s.bold) candidates.push([s, segs]);
  if (!candidates.length) return;
  const body = mostUsedFace(pages);
  if (!body) return;
  for (const [s, segs] of candidates) if (placedLikeHeading(s, segs, body)) s.typewriter = false;
}

/**
 * A name in mixed case opening with a small letter (`cKDTree`, `iPhone`, `pH`), alone or with a
 * word or two: a program's or product's name, which may head a section in bold like any title;
 * no sentence's first words run in lower case into a capital inside a word.
 */
export function mixedCaseName(text: string): boolean {
  return /^\p{Ll}[\p{Ll}\d]*\p{Lu}[\p{L}\d]*(?:\s+\S+){0,2}$/u.test(text);
}
