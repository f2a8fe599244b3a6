/**
 * What else a table of contents sets on an entry's row: a run of dot leaders that pdf.js kept
 * apart from the entry's text (a long title leaves a gap before its leaders), which is no text; and
 * on a page known to be contents, a line ending in leaders whose page number is gone (taken for a
 * page's own number at the foot of the list), which is an entry all the same.
 */
import type { Segment } from './pdf-layout.ts';

const LEADERS_ONLY = /^(?:[.·…]\s*){3,}$/;
const LEADER_TAIL = /(?:\s*[.·…]){3,}\s*$/;

/** Completes a contents page's entries: leader-ended lines are entries, leaders alone are dropped. */
export function completeContents(
  segs: readonly Segment[],
  out: { entries: Map<Segment, string>; pageNumbers: Set<Segment> },
): void {
  for (const l of leaderRuns(segs, out.entries)) out.pageNumbers.add(l);
  for (const s of segs)
    if (
      !out.entries.has(s) &&
      !out.pageNumbers.has(s) &&
      /\p{L}{2}/u.test(s.text) &&
      LEADER_TAIL.test(s.text)
    )
      out.entries.set(s, s.text.replace(LEADER_TAIL, '').trim());
}

/** Segments of dot leaders alone on the baseline of a contents entry. */
export function leaderRuns(segs: readonly Segment[], entries: ReadonlyMap<Segment, string>): Segment[] {
  const rows = [...entries.keys()].filter((e) => segs.includes(e));
  return segs.filter(
    (s) =>
      LEADERS_ONLY.test(s.text) &&
      rows.some((e) => Math.abs(e.baseline - s.baseline) < 0.3 * e.size && s.x0 >= e.x1),
  );
}

/** Lower-case roman page numbers (`iii`, `xii`): books and theses number their front matter so. */
const ROMAN_PAGE = /^(?=[ivxlc])(?:c{0,3})(?:xc|xl|l?x{0,3})(?:ix|iv|v?i{0,3})$/;

/**
 * Page-number cells of a contents page: arabic numbers, and lower-case roman ones, which a thesis's
 * contents give its front-matter entries (`Abstract … i`, `Contents … vii`).
 */
export function pageNumberCells(segs: readonly Segment[], arabic: readonly Segment[]): Segment[] {
  return [...arabic, ...segs.filter((s) => ROMAN_PAGE.test(s.text))];
}
