/**
 * Headings told by the headings already accepted: a paper sets every heading of one depth alike.
 * A numbered line set smaller than its known siblings and closed otherwise (`3. Be ruthless…` in body
 * type under PLOS's large `2 Software`) is a list item, not the next section; a line set like the
 * abstract's heading right after it (`Author Summary`) is a heading of the same rank.
 */
import type { Segment } from './pdf-layout.ts';
import type { SectionNumber } from './pdf-numbering.ts';
import type { HeadingStyle } from './pdf-outline.ts';

/**
 * The numbered line is a list item by the style of its depth: the known headings of that depth are all
 * set larger than the body, and closed by another mark (`3` against `3.`), while this line is not larger.
 * Every heading of a depth shares its closer and type; a list's numbers follow the body's.
 */
export function listItemByStyle(
  n: SectionNumber,
  s: Segment,
  known: readonly HeadingStyle[] | undefined,
  body: number,
): boolean {
  if (!known?.length || s.size >= body * 1.12) return false;
  return known.every((k) => k.size >= body * 1.12 && k.closer !== undefined && k.closer !== n.closer);
}

/**
 * An unnumbered line set exactly like the abstract's heading (size, weight and face) and set apart
 * from the body (bold, larger, or in a face of its own): a heading of the front matter's rank,
 * such as PLOS's `Author Summary` or a `Significance` statement, even before the body starts.
 */
export function abstractSibling(
  s: Segment,
  style: HeadingStyle | null,
  face: string | null,
  ctx: { body: number; bodyFace: string | null },
): boolean {
  if (!style || Math.abs(style.size - s.size) >= 0.25 || style.bold !== (s.bold === true)) return false;
  if (style.face !== face) return false;
  const apart = style.bold || style.size >= ctx.body * 1.12 || (face !== null && face !== ctx.bodyFace);
  return apart && s.text.split(/\s+/).length <= 8 && /^\p{Lu}/u.test(s.text) && !/[.:;,]$/.test(s.text);
}
