/**
 * The paper's title printed again at the top of page 2 after a first page that is no cover
 * (session 19, helper "hd20", issue #30). findFrontMatter reads a title again on page 2 as the
 * sign of a cover page and takes page 2's lines above the body as front matter. A cover carries no
 * body; when page 1 already opens it (its abstract, its first section) and page 2's line is set
 * well below the title's size, that line is a running head (LIPIcs' and Dagstuhl's short title on
 * even pages), and the figure, caption and headings under it are the paper's text.
 */
import type { Segment } from './pdf-layout.ts';

/** A title's second printing on a real title page keeps most of its size; a running head does not. */
const RUNNING = 0.8;

/** `again` (the title's words on page 2) is a running head: page 1 starts the body and `again` is in smaller type. */
export function runningTitleAfterBody(
  first: readonly Segment[],
  title: readonly Segment[],
  again: readonly Segment[],
  bodyStart: RegExp,
): boolean {
  if (!again.length || !title.length || !first.some((s) => bodyStart.test(s.text))) return false;
  return Math.max(...again.map((s) => s.size)) < RUNNING * Math.max(...title.map((s) => s.size));
}

/** The running head `again` and its repeats: the same text as the first row of a later page. */
export function runningTitleLines(pages: readonly Segment[][], again: readonly Segment[]): Segment[] {
  const texts = new Set(again.map((s) => s.text.trim()));
  return pages.slice(1).flatMap((segs) => {
    const top = Math.min(...segs.map((s) => s.top));
    return segs.filter((s) => texts.has(s.text.trim()) && s.top - top < s.size);
  });
}
