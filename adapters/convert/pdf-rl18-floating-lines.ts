/**
 * Running lines that float (session 17, helper rl18, issue #30). A review manuscript prints an
 * identification line on each figure and table page, right under the float's caption (SEG's
 * `Werthmüller – GEO-2016-0626.R3`, above the page number): the float's height sets where it
 * falls, so dropPageFurniture's same-height test misses it. What stays fixed is its text, word for
 * word, and its place as the last (or first) line of the page's text, only a page number beyond it.
 * Body text does not repeat a whole line of a dozen letters and more at the very edge of page after page.
 */
import { PAGE_NUMBER } from './pdf-page-number.ts';

/** What the rule reads of a layout segment (pdf-layout's `Segment`; structural, so that pdf-layout can import this module). */
interface Segment {
  text: string;
  baseline: number;
  size: number;
}

/** The line's words in lower case, a page number glued at either end aside; digits kept (`Figure 1` ≠ `Figure 2`). */
function exactKey(s: Segment): string {
  return s.text
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .replace(/^\d{1,4} (?=\S)|(?<=\S) \d{1,4}$/g, '')
    .trim();
}

/** The segments on the first and last rows of a page's text, lone page numbers (`12`, `– 12 –`) left out. */
function edgeLines<S extends Segment>(segs: readonly S[]): S[] {
  const text = segs.filter((s) => !PAGE_NUMBER.test(s.text.trim()));
  if (!text.length) return [];
  const top = Math.min(...text.map((s) => s.baseline));
  const bottom = Math.max(...text.map((s) => s.baseline));
  return text.filter((s) => Math.abs(s.baseline - top) <= 2 || Math.abs(s.baseline - bottom) <= 2);
}

/**
 * The lines that are the first or last line of text on at least `repeatMin` pages with the same
 * words, at whatever height: running lines that follow a float. Only lines of 12 letters and more
 * and two words at least count, so a short label (`Proof.`, `Table 1`) never does.
 */
export function floatingRunningLines<S extends Segment>(pages: readonly S[][], repeatMin: number): Set<S> {
  const byKey = new Map<string, Array<{ page: number; s: S }>>();
  pages.forEach((segs, page) => {
    // Page 1's edge is its title or banner, printed larger or once; the running lines repeat later.
    if (page === 0) return;
    for (const s of edgeLines(segs)) {
      // Each print in one size: a title page's larger print of a running title is no print of it.
      const k = `${exactKey(s)}\u0000${Math.round(s.size * 2) / 2}`;
      if ((s.text.match(/\p{L}/gu)?.length ?? 0) < 12 || !/\S\s+\S/.test(s.text)) continue;
      const list = byKey.get(k) ?? [];
      list.push({ page, s });
      byKey.set(k, list);
    }
  });
  const out = new Set<S>();
  for (const list of byKey.values())
    if (new Set(list.map((o) => o.page)).size >= repeatMin) for (const o of list) out.add(o.s);
  return out;
}
