/**
 * A bookmark whose heading was pushed over a page break. LaTeX (hyperref) sets a section's anchor
 * before the skip above its heading; when the heading and its first lines no longer fit, the
 * heading moves to the next page but the anchor stays at the foot of the page before, below its
 * last line of text (RSPA's `(b) Electrostatic model`). Any class that anchors before the skip
 * does this at a page break, so the destination is read as the top of the next page.
 */
import type { Bookmark } from './pdf-bm13-bookmarks.ts';
import type { Segment } from './pdf-layout.ts';

/**
 * `bookmarks` with each destination that lies below every line of body-size type on its page (a
 * footnote's smaller lines may still sit there) moved to the first line of the next page.
 */
export function carryOverPageBreaks(
  bookmarks: readonly Bookmark[],
  pages: readonly Segment[][],
  bodySize: number,
): Bookmark[] {
  return bookmarks.map((b) => {
    const here = pages[b.page];
    const next = pages[b.page + 1];
    if (b.y === null || !here?.length || !next?.length) return b;
    // The matcher looks from 1.5 body sizes above the destination down (pdf-bm13-bookmarks.ts).
    const y = b.y;
    const textBelow = here.some((s) => s.size >= 0.95 * bodySize && s.top >= y - 1.5 * bodySize);
    if (textBelow) return b;
    return { ...b, page: b.page + 1, y: Math.min(...next.map((s) => s.top)) };
  });
}
