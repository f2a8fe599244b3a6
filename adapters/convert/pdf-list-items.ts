/**
 * Numbered list items that look like headings: `2. Which obstacles prevent … from doing` set in the
 * body's own face and size, spaced from the item above, reads as a section heading until its next
 * line (`OS?`) shows a sentence wrapping at the line pitch and ending there. A heading in body type
 * is a phrase on its own line with space below; a wrapped sentence is an item of a list.
 */
import type { Segment } from './pdf-layout.ts';
import { parseSectionNumber } from './pdf-numbering.ts';

/** `s`, in plain body type, runs on into `next`, the last line of a sentence set right below it. */
export function wrapsIntoSentence(
  s: Segment,
  next: Segment | undefined,
  body: number,
  pitch: number,
): boolean {
  return (
    !s.bold &&
    Math.abs(s.size - body) < 0.6 &&
    !/[.?!:]$/.test(s.text) &&
    next !== undefined &&
    next.page === s.page &&
    next.top >= s.bottom - 0.5 &&
    next.top - s.bottom < 0.5 * pitch &&
    Math.abs(next.size - s.size) < 0.3 &&
    next.x0 >= s.x0 - 1 &&
    next.x0 < s.x1 &&
    /[.?!]$/.test(next.text) &&
    parseSectionNumber(next.text) === null
  );
}
