/**
 * A large heading's second line in a document set with stretched leading (session 19, helper
 * "hd20", issue #30). `\linespread`, setspace's `\onehalfspacing`/`\doublespacing` and most
 * university templates stretch every baseline skip by one factor, the chapter title's as well as
 * the text's: a thesis's chapter title at 25 pt in a text spread to twice its size has its lines
 * 50 pt apart, further than any reach measured in the text's pitch. A heading's own lines sit at
 * the text's stretch times the heading's size, whatever the template; whether the line below is a
 * wrap at all the other tests of continuesHeading decide.
 */
import type { Segment } from './pdf-layout.ts';

/** A heading set larger than the text (a section's as well as a chapter's title). */
const LARGER = 1.12;

/** `next` sits below the large line `s` no further than the text's leading, scaled to `s`'s size, puts it. */
export function spreadLikeText(s: Segment, next: Segment, doc: { bodySize: number; pitch: number }): boolean {
  if (s.size < LARGER * doc.bodySize || Math.abs(next.size - s.size) > 0.3) return false;
  const stretch = doc.pitch / doc.bodySize;
  return next.baseline > s.baseline && next.baseline - s.baseline <= 1.1 * stretch * s.size;
}
