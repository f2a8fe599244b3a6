/**
 * Headings told by the headings already accepted: a paper sets every heading of one depth alike.
 * A numbered line set smaller than its known siblings and closed otherwise (`3. Be ruthless…` in body
 * type under PLOS's large `2 Software`) is a list item, not the next section.
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
  // Lists count in arabic numbers; a lettered appendix heading is judged by its own kind's rules.
  if (n.kind !== 'arabic' || !known?.length || s.size >= body * 1.12) return false;
  return known.every((k) => k.size >= body * 1.12 && k.closer !== undefined && k.closer !== n.closer);
}
