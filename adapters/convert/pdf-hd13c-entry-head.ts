/**
 * The first line of an author–year reference entry set in a face of its own (econ-ark's small
 * capitals `Allcott, Hunt, Joshua J Kim, … and Jonathan Zinman`) looks like a face heading, but
 * the entry goes on below it with a hanging indent, and its names are separated by commas. A
 * heading's text below starts flush with it, not indented under it (hd13c).
 */
import type { Segment } from './pdf-layout.ts';

export function referenceEntryHead(s: Segment, next: Segment | undefined, inReferences: boolean): boolean {
  return (
    inReferences &&
    next !== undefined &&
    next.page === s.page &&
    next.top >= s.bottom - 0.1 &&
    next.top - s.bottom < s.size &&
    next.x0 > s.x0 + 0.5 * s.size &&
    next.x0 < s.x0 + 4 * s.size &&
    /,.*,/.test(s.text)
  );
}
