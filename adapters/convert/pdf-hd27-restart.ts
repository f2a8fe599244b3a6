/**
 * hd27: a numbering restarted inside a section, in display type (a thesis's research objectives set
 * as heads `1. Deformable DEM Homogenization`, `2. Parameterization Methodology` … under
 * `1.2 Research Objectives`). The outline's counter stands at the chapter's number, so `1.` looks
 * like a step back and is refused, while `2.` passes as the next chapter. The head's own siblings
 * show the restart: below it on its page, at its left edge, in its size and weight, the next number
 * (`2.`) opens a line closed the same way. A list item in body type never qualifies (the caller asks
 * for type larger than the body's).
 */
import type { Segment } from './pdf-layout.ts';
import { parseSectionNumber, type SectionNumber } from './pdf-numbering.ts';

export function restartsNumbering(s: Segment, n: SectionNumber, segs: readonly Segment[]): boolean {
  if (n.kind !== 'arabic' || n.parts.length !== 1 || n.parts[0] !== '1' || n.word !== '') return false;
  return segs.some((o) => {
    if (o.page !== s.page || o.top <= s.bottom || Math.abs(o.x0 - s.x0) > 0.5 * s.size) return false;
    if (Math.abs(o.size - s.size) >= 0.25 || (o.bold === true) !== (s.bold === true)) return false;
    const m = parseSectionNumber(o.text);
    return (
      m !== null && m.kind === 'arabic' && m.parts.length === 1 && m.parts[0] === '2' && m.closer === n.closer
    );
  });
}
