/**
 * hd27: a head in display type set with no more space above it than a line of text (a white paper
 * exported from a word processor: `Decentralized Identifiers (DIDs)` in 17 pt right under the last
 * 11 pt line of a paragraph, its baseline 16 pt below). Type half as large again as the body, between
 * two lines of prose at its left edge, is no line of either paragraph, nor a figure's label (those
 * are not flush with the text around them).
 */
import { lineAbove, type Segment } from './pdf-layout.ts';
import { textLineBelow } from './pdf-hd12-text-below.ts';

export function displayTypeBetweenProse(
  s: Segment,
  below: (line: Segment) => Segment | undefined,
  segs: readonly Segment[],
  body: number,
): boolean {
  if (s.size < 1.4 * body || s.text.split(/\s+/).length > 10) return false;
  const under = below(s);
  const above = lineAbove(s, segs);
  const flush = (o: Segment | undefined) => o !== undefined && Math.abs(o.x0 - s.x0) < body;
  return (
    flush(above) &&
    above!.text.length >= 25 &&
    Math.abs(above!.size - body) < 1 &&
    s.top - above!.bottom < 2 * body &&
    flush(under) &&
    under!.top >= s.bottom - 0.5 &&
    under!.top - s.bottom < 3 * body &&
    textLineBelow(under!, body)
  );
}
