/**
 * A thesis prints its title page's lines again: the title and the author's name over the abstract,
 * in the same type. Such a line on a later page, before the first numbered section, is the title
 * page repeated, never a section: front matter's headings are printed once (a contents list sets
 * its entries in other type, and section names such as `Abstract` are left to the heading rules).
 * After the body has begun a repeat may be a heading of its own (a collaboration's author list
 * under the name its cover page printed), so the caller asks only before the first numbered heading.
 */
import { isSectionName } from './pdf-heading-words.ts';
import type { Segment } from './pdf-layout.ts';
import { parseSectionNumber } from './pdf-numbering.ts';

/** `s`, on a later page, repeats an unnumbered line of the first page in the same size. */
export function repeatsTitlePage(s: Segment, firstPage: readonly Segment[]): boolean {
  if (s.page === 0 || parseSectionNumber(s.text) || isSectionName(s.text.replace(/[.:]$/, ''))) return false;
  return firstPage.some((o) => o.text === s.text && Math.abs(o.size - s.size) < 0.3);
}
