/**
 * A title page's display lines that read like prose (session 14, second round, helper "lk15b", issue
 * #30). A thesis's title page sets its degree formula (`Proefschrift voorgelegd tot het behalen van de
 * graad van`, `A thesis submitted in partial fulfilment of…`) in lower-case words at body size, and its
 * title's translation on a line of its own. Running prose is set in paragraphs that fill the measure;
 * these lines are either centred and well short of the measure, or stand alone with no line at a line's
 * distance above or below. Both are layout facts, so the test holds for any university's wording and
 * language.
 */
import type { Segment } from './pdf-layout.ts';

/** The body's measure and its centre line, from the body-size lines of the pages after the first. */
function bodyFrame(pages: readonly Segment[][], body: number): { measure: number; centre: number } | null {
  const lines = pages
    .slice(1, 25)
    .flat()
    .filter((s) => Math.abs(s.size - body) < 0.5);
  const widths = lines.map((s) => s.x1 - s.x0).sort((a, b) => a - b);
  const measure = widths[Math.floor(0.9 * (widths.length - 1))] ?? 0;
  if (!measure) return null;
  // The centre of the full lines (a two-column body has two: then no line is called centred).
  const mids = lines
    .filter((s) => s.x1 - s.x0 >= 0.9 * measure)
    .map((s) => (s.x0 + s.x1) / 2)
    .sort((a, b) => a - b);
  const lo = mids[Math.floor(0.1 * (mids.length - 1))] ?? 0;
  const hi = mids[Math.floor(0.9 * (mids.length - 1))] ?? 0;
  if (!mids.length || hi - lo > 0.1 * measure) return null;
  return { measure, centre: mids[Math.floor(mids.length / 2)]! };
}

/**
 * Which of page 1's lines are display lines, not prose: centred on the body's measure and shorter
 * than three quarters of it, or alone (no other line within two line heights) and without a sentence's
 * final stop. A paragraph's lines fill the measure and follow each other at the line pitch.
 */
export function titlePageDisplayLine(pages: readonly Segment[][], body: number): (s: Segment) => boolean {
  // Read on the first call: most papers have no title page, and never ask.
  let frame: ReturnType<typeof bodyFrame> | undefined;
  const first = pages[0] ?? [];
  return (s) => {
    if (frame === undefined) frame = bodyFrame(pages, body);
    const width = s.x1 - s.x0;
    if (
      frame &&
      width < 0.75 * frame.measure &&
      Math.abs((s.x0 + s.x1) / 2 - frame.centre) < 0.05 * frame.measure
    )
      return true;
    const near = first.some(
      (o) => o !== s && Math.abs(o.top - s.top) > 0.3 * s.size && Math.abs(o.top - s.top) < 2 * s.size,
    );
    return !near && !/[.!?]["”’)]?$/.test(s.text.trim());
  };
}
