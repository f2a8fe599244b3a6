/**
 * A description list's term whose description is a single line (`Function` over `Variable
 * declarations inside of functions bind …`, then the term `Block` and its longer description).
 * isDescriptionTerm knows a term by two lines of description hung at one indent under it; a
 * one-line description shows only one. The list shows the rest: the line after that description
 * is the next term, at the term's left edge in its size and weight, and its own description is
 * hung, two lines or more, at the same indent. A run of heads over paragraphs indented on their
 * first line only does not show that: the paragraph's second line comes back to the left edge.
 */
import type { Segment } from './pdf-layout.ts';
import { isDescriptionTerm, lineRightBelow } from './pdf-spurious.ts';

export function termOfOneLineDescription(
  s: Segment,
  below: (line: Segment) => Segment | undefined,
  pitch: number,
  segs: readonly Segment[] = [],
): boolean {
  const first = lineRightBelow(s, below, pitch);
  if (!first || first.x0 <= s.x0 + s.size) return false;
  const next = below(first);
  if (
    !next ||
    next.page !== s.page ||
    next.top - first.bottom > 1.5 * pitch ||
    Math.abs(next.x0 - s.x0) > 0.5 * s.size ||
    Math.abs(next.size - s.size) > 0.3 ||
    (next.bold === true) !== (s.bold === true) ||
    next.text.length > 40
  )
    return false;
  const hung = below(next);
  return (
    hung !== undefined &&
    Math.abs(hung.x0 - first.x0) < 0.5 * s.size &&
    isDescriptionTerm(next, below, pitch, segs)
  );
}
