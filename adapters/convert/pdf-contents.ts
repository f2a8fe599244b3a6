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
  for (const s of segs)
    if (!out.entries.has(s) && !out.pageNumbers.has(s) && /\p{L}{2}/u.test(s.text)) {
      // hd17a: or whose leaders pdf.js kept apart, as a run of their own on its baseline.
      if (LEADER_TAIL.test(s.text) || leaderRuns(segs, new Map([[s, '']])).length)
        out.entries.set(s, s.text.replace(LEADER_TAIL, '').trim());
    }
  for (const l of leaderRuns(segs, out.entries)) out.pageNumbers.add(l);
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

/**
 * A column of line numbers in the margin (a journal's review copy: `243`, `244`, … down the page)
 * sets a number beside every line, numbered list items too, which then look like contents entries.
 * Line numbers go up by one from line to line and are set small (lineno's `\tiny`); a contents
 * page's page numbers jump and repeat, in the entries' own size.
 */
export function hasLineNumbers(numbers: readonly Segment[], textSize: number): boolean {
  if (numbers.length < 8) return false;
  const sorted = [...numbers].sort((a, b) => a.top - b.top);
  const values = sorted.map((s) => Number(s.text));
  const steps = values.slice(1).filter((v, i) => v === values[i]! + 1).length;
  const small = sorted.filter((s) => s.size < 0.8 * textSize).length;
  return steps >= 0.6 * (values.length - 1) && small >= 0.8 * sorted.length;
}
