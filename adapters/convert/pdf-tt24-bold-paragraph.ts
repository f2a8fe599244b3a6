/**
 * Session 23 (tt24): a paragraph set in bold is prose, not display type. Some journals set the
 * abstract in bold without a label (Science's template: bold text-size lines under the authors'
 * notes), so a first page can hold no line of prose in the text face while carrying its abstract.
 * A display line (`Prepared by …`, a degree, a committee) stands alone or in a short block of
 * short lines; a paragraph wraps: three or more lines of prose in one size, each right under the
 * one before (within a line's height) and most of them as wide as the widest line of the page.
 */
import type { Segment } from './pdf-layout.ts';

/** Lines of one paragraph that make it prose: three at least. */
const MIN_LINES = 3;

/**
 * Whether `page` carries a wrapped paragraph of bold lines of prose in text type (below 1.3 × the
 * body size). `isProse` and `isMeta` are the caller's tests of a line's words.
 */
export function hasBoldParagraph(
  page: readonly Segment[],
  body: number,
  isProse: (text: string) => boolean,
  isMeta: (text: string) => boolean,
): boolean {
  const width = Math.max(0, ...page.map((s) => s.x1 - s.x0));
  const line = (s: Segment) => s.bold === true && s.size < 1.3 * body && isProse(s.text) && !isMeta(s.text);
  let run: Segment[] = [];
  for (const s of page) {
    const last = run[run.length - 1];
    if (
      line(s) &&
      (!last ||
        (Math.abs(s.size - last.size) <= 0.3 && s.top >= last.bottom - 0.5 && s.top - last.bottom <= s.size))
    )
      run.push(s);
    else run = line(s) ? [s] : [];
    if (run.length >= MIN_LINES && run.filter((o) => o.x1 - o.x0 >= 0.7 * width).length >= MIN_LINES - 1)
      return true;
  }
  return false;
}
