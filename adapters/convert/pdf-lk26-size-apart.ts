/**
 * Two lines of very different type that share a baseline row (session 25, helper "lk26", issue #30).
 *
 * Row grouping takes every run within half the largest size of a row's baseline, so a margin box's
 * small labels beside a title in display type (IOP's `iopjournal` prints `RECEIVED` / `REVISED` and
 * their dates left of a 17 pt title) join the title's second line, and the split at gaps wider than
 * an em of the larger type keeps them there when the margin is narrower than that em. A run in type
 * at least half as large again as its neighbour's, set off from it by more than half an em of the
 * larger type, is another line: inside one line a change of size sits against its neighbour (an
 * index, a footnote mark, a drop capital, a large operator of a formula), never half an em away.
 */
/** What these tests read of a run or a line (pdf-layout.ts's TextRun and Segment; not imported, as pdf-layout.ts imports this file). */
interface Sized {
  size: number;
  text: string;
}

/** The larger type is at least this many times the smaller. */
const SIZE_RATIO = 1.5;

/** The gap, in ems of the larger type, beyond which the two runs are two lines. */
const GAP_EMS = 0.5;

/** `next` follows `last` on its row, `gap` points to its right, and is set apart from it by size. */
export function apartBySize(last: Sized, next: Sized, gap: number): boolean {
  const big = Math.max(last.size, next.size);
  const small = Math.min(last.size, next.size);
  // Both runs carry words, two or more: an index, a mark, a figure's label or a formula's operator
  // (`min`, `max` beside its limits) is no line of its own.
  const worded = (r: Sized) => r.text.split(/\s+/).filter((w) => /\p{L}{2}/u.test(w)).length >= 2;
  return big >= SIZE_RATIO * small && gap > GAP_EMS * big && worded(last) && worded(next);
}

/**
 * A metadata line in type at most half as large as a line on its row, when that line holds three
 * words or more: a margin box's label (`RECEIVED`, 5 pt) beside a title's line (17 pt), not a banner's
 * row (`CERN` beside `CERN-EP-2016-123` is one word), so it does not make the title's line a banner.
 */
export function marginLabelBeside(meta: Sized, line: Sized): boolean {
  return meta.size <= 0.5 * line.size && line.text.trim().split(/\s+/).length >= 3;
}
