/**
 * A contents or list-of-figures entry that wraps onto three lines, or onto two whose last ends in
 * its page number without leaders (`3.4 Packet Structure of FTP Handshake. The fields … for` /
 * `identifying packets. … implementation detail. 13`). hd17a's joins take a second line only, and
 * only one that ends in leaders: the numbered first line was left as text and read as a heading.
 * The entry's lines are hung under its title past the number, each one line below the other, in
 * the entry's size; the last one ends in the page number, at the right edge where the page's other
 * entries end theirs (the title's lines stop short of that column). Written for any language: only
 * place, size, the number and digits are read.
 */
import { wrapsUnder } from './pdf-hd17a-contents-wraps.ts';
import type { Segment } from './pdf-layout.ts';
import { joinLines } from './text.ts';

/** At most this many lines between an entry's numbered first line and the one with its page number. */
const MAX_MIDDLE = 2;

/**
 * Joins the entries `joinWrappedEntries` leaves: a numbered line that is no entry, with the one or
 * two lines hung below it, up to a line that is an entry without a number (its leaders and page
 * number were read) or that ends in a page number at the right edge of the page's entries.
 */
export function joinEntryChains(
  segs: readonly Segment[],
  entries: Map<Segment, string>,
  consumed: Set<Segment>,
  entryStart: RegExp,
): void {
  const edges = [...entries.keys()].filter((e) => segs.includes(e) && /\d$/.test(e.text)).map((e) => e.x1);
  for (const o of segs) {
    if (entries.has(o) || consumed.has(o) || !entryStart.test(o.text)) continue;
    const chain: Segment[] = [];
    let cur = o;
    for (let k = 0; k <= MAX_MIDDLE; k++) {
      const next = segs.find(
        (w) => w !== cur && !consumed.has(w) && !entryStart.test(w.text) && wrapsUnder(o, w, cur),
      );
      if (!next) break;
      const entry = entries.get(next);
      // A page number at the entries' right edge: two entries end there (a line of text may end in a number).
      const tail = entry === undefined ? /\s(\d{1,4})$/.exec(next.text) : null;
      const atEdge = tail !== null && edges.filter((x) => Math.abs(x - next.x1) < 1).length >= 2;
      if (entry === undefined && !atEdge) {
        chain.push(next);
        cur = next;
        continue;
      }
      const last =
        entry ??
        next.text
          .slice(0, tail!.index)
          .replace(/(?:\s*[.·…])+$/, '')
          .trim();
      const text = [...chain.map((l) => l.text.trim()), last].reduce(joinLines, o.text.trim());
      entries.set(o, text);
      entries.delete(next);
      for (const l of [...chain, next]) consumed.add(l);
      break;
    }
  }
}
