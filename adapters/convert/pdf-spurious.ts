/**
 * Lines that look like headings by their type but never are one, by what they say or what follows
 * them: the label of a table or figure set on a line of its own (`TABLE 1` above an emulateapj
 * table's caption), a line without a word (`2016-04-08` in a figure, axis ticks), an affiliation's
 * address in an author list at the back (`1 Department of Physics, University of Adelaide,
 * Adelaide, Australia`), and the term of a description list (`Global` in bold over its indented
 * description).
 */
import { isAffiliationLine } from './pdf-front.ts';
import type { Segment } from './pdf-layout.ts';

/** A float's label alone: a caption follows it (a section is never titled `Table 1`). */
const FLOAT_LABEL = /^(?:fig(?:ure)?|table|tab|scheme)\.?\s*(?:\d+|[IVX]+)[a-z]?\s*[.:]?$/i;

/** By its text alone, never a heading, wherever it stands. */
export function neverHeading(text: string): boolean {
  const t = text.trim();
  return (
    FLOAT_LABEL.test(t) ||
    // A heading names something: it has a word of two letters (dates, numbers, ticks have none).
    !/\p{L}{2}/u.test(t) ||
    // An address: an institution and at least two commas (a title has a comma or so, no city and country).
    (isAffiliationLine(t) && (t.match(/,/g) ?? []).length >= 2)
  );
}

/**
 * `s` is the term of a description list: the two lines right below it, at the line pitch, start at
 * the same indent past the term's own start (its description, set as an indented block). A
 * heading's paragraph starts at the heading's left edge, or indents only its first line.
 */
export function isDescriptionTerm(
  s: Segment,
  below: (line: Segment) => Segment | undefined,
  pitch: number,
): boolean {
  const first = below(s);
  if (!first || first.page !== s.page || first.top - s.bottom > 0.8 * pitch || first.top < s.bottom - 0.5)
    return false;
  const second = below(first);
  return (
    first.x0 > s.x0 + s.size &&
    second !== undefined &&
    second.page === s.page &&
    second.top - first.bottom < 0.5 * pitch &&
    second.top >= first.bottom - 0.5 &&
    Math.abs(second.x0 - first.x0) < 0.5 * s.size
  );
}
