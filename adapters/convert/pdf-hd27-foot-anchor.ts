/**
 * hd27: an outline entry whose destination sits at the foot of its page, below the top of every
 * line there (hyperref sets the anchor before the skip above a head; when the head moves on to the
 * next page the anchor can stay behind: R Journal's `tbl_regression()` anchored at y 773 of page
 * 6, under that page's last line, the head first on page 7). When no line of its own page matched
 * the entry, it is looked for at the top of the next page.
 */
import type { Segment } from './pdf-layout.ts';

/** An outline entry's target (pdf-bm13-bookmarks.ts's Bookmark; a structural type, so no import circle). */
interface Target {
  title: string;
  depth: number;
  page: number;
  y: number | null;
}

export function anchorCarriedOver<T extends Target>(b: T, pages: readonly Segment[][]): T | null {
  const segs = pages[b.page];
  const next = pages[b.page + 1];
  if (b.y === null || !segs?.length || !next?.length) return null;
  const y = b.y;
  if (segs.some((s) => s.top >= y)) return null;
  return { ...b, page: b.page + 1, y: Math.min(...next.map((s) => s.top)) };
}
