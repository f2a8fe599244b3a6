/**
 * A first page's banner and footer rows (issue #30): a journal prints its header or footer as one
 * row of small print, and when one cell of that row is a metadata line (`Submitted to Remote Sens.,
 * pages 1 – 13`) the cells beside it are the same furniture (`www.mdpi.com/journal/remotesensing`,
 * a logo's caption, an issue number) even when no pattern knows their words. Told by position alone:
 * the page's first or last row, on the metadata line's baseline, in its type size, no prose.
 */
import type { Segment } from './pdf-layout.ts';

/** Short enough to be a cell of a banner, never a line of prose. */
const MAX_CELL = 80;
/**
 * A footnote's opening mark (`⋆ Email: …`, `1 https://…`, `2https://…`): two columns' footnotes can
 * share the page's last row, and a footnote is the column's text, not a banner's cell.
 */
const FOOTNOTE_MARK = /^(?:[∗*†‡§¶⋆]|\d{1,2}(?![\d.,:/–-]))/;

/**
 * The cells of page 1's first and last rows that stand beside a metadata line. `isMeta` is
 * pdf-front.ts's metadata test (passed in: that module imports this one).
 */
export function bannerRowmates(
  page: readonly Segment[],
  body: number,
  isMeta: (text: string) => boolean,
): (s: Segment) => boolean {
  if (page.length < 3) return () => false;
  const top = Math.min(...page.map((s) => s.top));
  const bottom = Math.max(...page.map((s) => s.bottom));
  const sameRow = (a: Segment, b: Segment) =>
    Math.abs(a.baseline - b.baseline) < 0.5 * Math.max(a.size, b.size);
  // The outermost row: nothing on the page stands above (below) the line's baseline by a line.
  const outer = (s: Segment) => s.top - top < 0.5 * s.size || bottom - s.bottom < 0.5 * s.size;
  const banner = page.filter(
    (o) =>
      o.size <= body + 0.5 &&
      o.text.length <= 160 &&
      outer(o) &&
      !FOOTNOTE_MARK.test(o.text) &&
      isMeta(o.text),
  );
  return (s) =>
    banner.length > 0 &&
    s.text.length <= MAX_CELL &&
    !FOOTNOTE_MARK.test(s.text) &&
    s.size <= body + 0.5 &&
    banner.some((o) => o !== s && sameRow(o, s) && Math.abs(o.size - s.size) <= 0.5);
}

/** A footnote mark set alone (`*`, `†`, `1`, `a`): its own text run before the line it marks. */
const LONE_MARK = /^(?:[∗*†‡§¶⋆]{1,3}|\d{1,2}|[a-z])$/;

/**
 * A footnote mark set as its own run at the start of a front-matter line (`*` before
 * `Correspondence: …`) goes with that line, so it neither stays behind in the body nor prefixes the
 * next paragraph: a mark belongs to the note it opens, in every class.
 */
export function withLeadingMarks(page: readonly Segment[], groups: Segment[][]): Segment[][] {
  const taken = new Set(groups.flat());
  return groups.map((g) => {
    const first = g[0]!;
    if (first.page !== page[0]?.page) return g;
    const mark = page.find(
      (o) =>
        !taken.has(o) &&
        LONE_MARK.test(o.text.trim()) &&
        o.x1 <= first.x0 + 0.5 &&
        first.x0 - o.x1 < 2 * first.size &&
        Math.abs(o.top - first.top) < 0.6 * first.size,
    );
    if (!mark) return g;
    taken.add(mark);
    return [mark, ...g];
  });
}
