/**
 * Two ways a contents entry (or a list-of-figures entry) escapes the contents pass. A long title
 * leaves a gap before its leaders, and pdf.js may keep the leaders and the page number together as
 * a run of their own beside the title (`3.3.3 Kinetic barriers - dimer workflow` `. . . . 39`). And a
 * title too long for one line wraps: its page number ends the second line, under the first one's
 * title (`6.2 First three levels of the … grid` / `with new nodes … . . . 106`). Left as text, the
 * numbered first line reads as a heading and moves the outline to a number of the contents.
 */
import type { Segment } from './pdf-layout.ts';
import { joinLines } from './text.ts';

/** Dot leaders, perhaps with the page number they lead to, as one run (`. . . . 39`). */
const LEADERS_RUN = /^(?:[.·…]\s*){3,}(\d{1,4})?$/;

/** A page's runs of leaders, in order: what {@link leadersBeside} looks among, read once per page rather than per line. */
export function leaderCells(segs: readonly Segment[]): Segment[] {
  return segs.filter((o) => LEADERS_RUN.test(o.text));
}

/** The run of leaders right of `s` on its baseline and its page number (null: the number is a run of its own). */
export function leadersBeside(
  s: Segment,
  segs: readonly Segment[],
): { cell: Segment; page: number | null } | null {
  // Called for every line of every page: the place is tested before the pattern.
  for (const o of segs) {
    if (o === s || o.x0 < s.x1 || Math.abs(o.baseline - s.baseline) >= 0.3 * s.size) continue;
    const m = LEADERS_RUN.exec(o.text);
    if (m) return { cell: o, page: m[1] === undefined ? null : Number(m[1]) };
  }
  return null;
}

/**
 * `second` is the line right under `above` (the numbered `first` itself, or a line already hung
 * under it), hung under `first`'s title past the number, in its size.
 */
export function wrapsUnder(first: Segment, second: Segment, above: Segment = first): boolean {
  return (
    first.page === second.page &&
    Math.abs(first.size - second.size) < 0.3 &&
    second.top >= above.bottom - 1 &&
    second.top - above.top < 1.8 * second.size &&
    second.x0 > first.x0 + 0.5 * second.size &&
    second.x0 < first.x0 + 5 * second.size
  );
}

/**
 * A numbered entry's title that ends in a number (`… the top 10 and bottom 10`) and wraps: the
 * number is the title's, its page number comes at the end of the line below.
 */
export function titleGoesOn(s: Segment, segs: readonly Segment[], entryStart: RegExp): boolean {
  return segs.some((o) => o !== s && wrapsUnder(s, o) && !entryStart.test(o.text));
}

/**
 * Joins wrapped entries on a contents page: an entry that starts with no number, right under a
 * numbered line that is no entry (in the same size, one line down, indented under its title), is
 * that line's second half. The first line takes the whole text; the second is written with it.
 */
export function joinWrappedEntries(
  segs: readonly Segment[],
  entries: Map<Segment, string>,
  consumed: Set<Segment>,
  entryStart: RegExp,
): void {
  for (const [e, text] of [...entries]) {
    if (entryStart.test(e.text) || !segs.includes(e)) continue;
    const above = segs.find(
      (o) => o !== e && !entries.has(o) && !consumed.has(o) && entryStart.test(o.text) && wrapsUnder(o, e),
    );
    if (!above) continue;
    entries.set(above, joinLines(above.text.trim(), text));
    entries.delete(e);
    consumed.add(e);
  }
  // A second line that ends in a page number after fewer leaders than an entry needs (`… model . . 137`).
  for (const o of segs) {
    if (entries.has(o) || consumed.has(o) || !entryStart.test(o.text)) continue;
    const wrap = segs.find((w) => w !== o && !entries.has(w) && !entryStart.test(w.text) && wrapsUnder(o, w));
    const tail = wrap && /(?:\s*[.·…]){2,}\s*\d{1,4}$/.exec(wrap.text);
    if (!wrap || !tail) continue;
    entries.set(o, joinLines(o.text.trim(), wrap.text.slice(0, tail.index).trim()));
    consumed.add(wrap);
  }
}
