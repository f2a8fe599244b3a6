/**
 * The rest of a running head's row (session 22, helper "lk23", issue #30). A two-sided book or thesis
 * class sets its head as one row of two parts: the chapter's name at one edge and the current section's
 * number and (often shortened, capitalised) title at the other (`2.5. E. ROTOR-VIENTO` ·
 * `CAPÍTULO 2. SISTEMAS DE REFERENCIA`). The chapter part repeats on page after page and is dropped by
 * repetition; the section part may stand on one or two pages only, and over a figure the slot's
 * separation cannot be measured. A line on the same baseline as a dropped running line, in the page's
 * first or last row and in the same type, is that head's other part: furniture too. Body text never
 * shares a baseline with a running head.
 */
import type { Segment } from './pdf-layout.ts';

/** The first and last rows of a page (baselines within 2 pt of the outermost). */
function edgeRows(segs: readonly Segment[]): Set<Segment> {
  if (!segs.length) return new Set();
  const first = Math.min(...segs.map((s) => s.baseline));
  const last = Math.max(...segs.map((s) => s.baseline));
  return new Set(segs.filter((s) => s.baseline - first <= 2 || last - s.baseline <= 2));
}

/**
 * Lines of `kept` (the pages after dropping furniture) set in an edge row beside a running line that
 * `raw` had there and that was dropped: same baseline and size, words on both (a page number alone
 * beside a line decides nothing), and short, as a head's part is.
 */
export function headRowmates(raw: readonly Segment[][], kept: readonly Segment[][]): Set<Segment> {
  const out = new Set<Segment>();
  raw.forEach((segs, p) => {
    const left = new Set(kept[p] ?? []);
    const edge = edgeRows(segs);
    const dropped = segs.filter((s) => edge.has(s) && !left.has(s) && /\p{L}{3}/u.test(s.text));
    if (!dropped.length) return;
    for (const s of segs) {
      if (!edge.has(s) || !left.has(s) || s.text.length > 60 || !/\p{L}{2}/u.test(s.text)) continue;
      const mate = dropped.some(
        (d) =>
          Math.abs(d.baseline - s.baseline) < 0.3 * d.size &&
          Math.abs(d.size - s.size) < 0.5 &&
          (d.x1 < s.x0 || s.x1 < d.x0),
      );
      if (mate) out.add(s);
    }
  });
  return out;
}
