/**
 * The rest of a running head's row (session 22, helper "lk23", issue #30). A two-sided book or thesis
 * class sets its head as one row of two parts: the chapter's name at one edge and the current section's
 * number and (often shortened, capitalised) title at the other (`2.5. E. ROTOR-VIENTO` ·
 * `CAPÍTULO 2. SISTEMAS DE REFERENCIA`). The chapter part repeats on page after page and is dropped by
 * repetition; the section part may stand on one or two pages only, and over a figure the slot's
 * separation cannot be measured. A line on the same baseline as a dropped running line, in the page's
 * first row and in the same type, is that head's other part: furniture too. Body text never
 * shares a baseline with a running head.
 */
import type { Segment } from './pdf-layout.ts';

/** The page's first row: the segments within 2 pt of its highest baseline. */
function topRow(segs: readonly Segment[]): Set<Segment> {
  if (!segs.length) return new Set();
  const first = Math.min(...segs.map((s) => s.baseline));
  return new Set(segs.filter((s) => s.baseline - first <= 2));
}

/**
 * Lines of `kept` (the pages after dropping furniture) set in a page's top row beside a running line
 * that `raw` had there and that was dropped: same baseline and size, words on both (a page number
 * alone beside a line decides nothing), short, as a head's part is, and the two parts spanning the
 * text block from edge to edge, as a head's do (a figure's labels or a table's cells at a page's top
 * stand inside it). Page 1's top row is the front matter's, never a running head's.
 */
export function headRowmates(raw: readonly Segment[][], kept: readonly Segment[][]): Set<Segment> {
  const out = new Set<Segment>();
  raw.forEach((segs, p) => {
    if (p === 0 || segs.length < 2) return;
    const left = new Set(kept[p] ?? []);
    const row = topRow(segs);
    const dropped = [...row].filter((s) => !left.has(s) && /\p{L}{3}/u.test(s.text));
    if (!dropped.length) return;
    const x0 = Math.min(...segs.map((s) => s.x0));
    const x1 = Math.max(...segs.map((s) => s.x1));
    const near = (a: number, b: number) => Math.abs(a - b) < 0.05 * (x1 - x0);
    for (const s of row) {
      if (!left.has(s) || s.text.length > 60 || !/\p{L}{2}/u.test(s.text)) continue;
      const mate = dropped.some(
        (d) =>
          Math.abs(d.baseline - s.baseline) < 0.3 * d.size &&
          Math.abs(d.size - s.size) < 0.5 &&
          (d.x1 < s.x0 || s.x1 < d.x0) &&
          near(Math.min(d.x0, s.x0), x0) &&
          near(Math.max(d.x1, s.x1), x1),
      );
      if (mate) out.add(s);
    }
  });
  return out;
}
