/**
 * A paragraph break where a skipped line stood (session 24, helper "lk25", issue #30). Lines taken
 * out of the text (front matter, most often an author's e-mail line in `arxiv.sty`'s author block)
 * leave a hole between the lines above and below them. When the gap they leave is wider than a
 * paragraph's, the renderer reads the next line as text continued in a new column and joins it to
 * the open paragraph, so the authors' names and affiliations ran on as one paragraph. A line that
 * was set between two others, in the same column of the same page, separated them: the paragraph
 * ends there, as it did while the skipped line was written. Not before a line that opens in lower
 * case: that continues a sentence, and what was skipped was set inside it (a column's text that
 * goes on under the authors printed across the top of page 1).
 */
import type { Segment } from './pdf-layout.ts';

/** Some overlap across the page: the two lines share a column. */
function overlaps(a: Segment, b: Segment): boolean {
  return Math.min(a.x1, b.x1) > Math.max(a.x0, b.x0);
}

/** `skipped` stood between `prev` (the open paragraph's last line) and `next`, in one column. */
export function skippedBetween(prev: Segment, skipped: Segment, next: Segment): boolean {
  return (
    !/^\p{Ll}/u.test(next.text.trim()) &&
    prev.page === skipped.page &&
    next.page === skipped.page &&
    skipped.top >= prev.bottom - 0.5 &&
    next.top >= skipped.bottom - 0.5 &&
    overlaps(skipped, prev) &&
    overlaps(skipped, next)
  );
}
