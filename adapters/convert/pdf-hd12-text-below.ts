/**
 * What follows a heading: a line of text. Papers set some sections' text a size smaller than the
 * body (MDPI's back matter, `Abbreviations` over `\small` text; notes and acknowledgements in many
 * journals), so a line of prose in the body size or one step below it counts, never footnote type.
 */
import type { Segment } from './pdf-layout.ts';
import { parseSectionNumber } from './pdf-numbering.ts';

/** `n` is a line of text in the body size (within 1 pt) or a step below it (down to 0.85 of it): a paragraph's line. */
export function textLineBelow(n: Segment, body: number): boolean {
  if (n.text.length < 25) return false;
  if (Math.abs(n.size - body) < 1) return true;
  // A smaller paragraph is prose: words in lower case, not a table's cells or a caption's label.
  return n.size < body && n.size >= 0.85 * body && (n.text.match(/\p{Ll}{3,}/gu)?.length ?? 0) >= 3;
}

/**
 * `n`, below the section name `s`, is its first numbered subsection (`APPENDIX` over
 * `A. SUPPLEMENTAL MATERIAL`), not a table's cell: it carries a section number and sits further
 * below than a table's next row (more than a line pitch).
 */
export function numberedHeadBelow(s: Segment, n: Segment | undefined, pitch: number): boolean {
  return (
    n !== undefined && n.page === s.page && n.top - s.bottom > pitch && parseSectionNumber(n.text) !== null
  );
}

/**
 * A description list's term is set in the text's size; a bold line larger than the body over an
 * indented block is a heading over a section whose text is indented (JMLR's appendix heads).
 */
export function termSized(s: Segment, body: number): boolean {
  return s.size < 1.05 * body;
}
