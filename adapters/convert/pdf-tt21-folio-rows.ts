/**
 * Session 20 (tt21): a running head told by its page number. A two-sided class sets the page
 * number (the folio) at the outer end of the head row and a head at the other (`2 … Schutte et al.`
 * on page 2, `FantasticLamp … 3` on page 3): in a short paper each head prints too few times for
 * the repetition rules, and a draft's stamp above the row (Oxford's `“main” — 2024/2/2 — …`) keeps
 * it off the page's edge, where a lone number is taken for a page number. The folio itself tells
 * the row: a lone number at one end of the page's first or last row (the rows the other rules
 * dropped set aside) that counts up with the pages, on two pages or more at the same height.
 * Body rows do not open or close with a lone number set well apart from their words that equals
 * the page's place in the paper, page after page.
 */
/** What the rule reads of a layout segment (pdf-layout's `Segment`; structural, so that pdf-layout can import this module). */
interface Segment {
  text: string;
  x0: number;
  x1: number;
  top: number;
  baseline: number;
  size: number;
}

/** Rows share a baseline within this many points (dropPageFurniture's rows). */
const ROW = 2;
/** The head row lies in the page's top or bottom fifth. */
const BAND = 0.2;
/** Heights agree within this share of the page (dropPageFurniture's tolerance). */
const SAME_Y = 0.02;

interface Folio {
  page: number;
  /** The printed number less the page's index: the same on every page of one paper's numbering. */
  offset: number;
  y: number;
  top: boolean;
  segs: Segment[];
}

/** The page's first or last row (by baseline) as its segments, left to right. */
function edgeRow(segs: readonly Segment[], top: boolean): Segment[] {
  if (!segs.length) return [];
  const base = top ? Math.min(...segs.map((s) => s.baseline)) : Math.max(...segs.map((s) => s.baseline));
  return segs.filter((s) => Math.abs(s.baseline - base) <= ROW).sort((a, b) => a.x0 - b.x0);
}

/**
 * A row that opens or closes with a lone number at the text block's edge (`left`, `right`: the
 * page's text margins), set at least two ems from a few words (a figure's tick labels are no words).
 */
function folioOf(row: readonly Segment[], left: number, right: number): number | null {
  for (const end of [0, row.length - 1]) {
    const n = row[end]!;
    if (!/^\d{1,4}$/.test(n.text.trim())) continue;
    if (end === 0 ? n.x0 > left + n.size : n.x1 < right - n.size) continue;
    const rest = row.filter((s) => s !== n);
    const words = rest.reduce((k, s) => k + s.text.trim().split(/\s+/).length, 0);
    const apart = rest.every((s) => (end === 0 ? s.x0 - n.x1 : n.x0 - s.x1) >= 2 * n.size);
    if (words <= 12 && apart && rest.every((s) => /\p{L}{2}/u.test(s.text))) return Number(n.text);
  }
  return null;
}

/** The segments of head and foot rows that carry the page's folio (see above). */
export function folioRows(pages: readonly Segment[][], heights: readonly number[]): Set<Segment> {
  const found: Folio[] = [];
  pages.forEach((segs, p) => {
    const h = heights[p] ?? 792;
    for (const top of [true, false]) {
      const row = edgeRow(segs, top);
      if (!row.length) continue;
      const y = row[0]!.top / h;
      if (top ? y > BAND : y < 1 - BAND) continue;
      const n = folioOf(row, Math.min(...segs.map((s) => s.x0)), Math.max(...segs.map((s) => s.x1)));
      if (n !== null) found.push({ page: p, offset: n - p, y, top, segs: row });
    }
  });
  const out = new Set<Segment>();
  for (const f of found) {
    const agree = found.filter(
      (o) => o.offset === f.offset && o.top === f.top && Math.abs(o.y - f.y) < SAME_Y,
    );
    if (new Set(agree.map((o) => o.page)).size >= 2) for (const s of f.segs) out.add(s);
  }
  return out;
}
