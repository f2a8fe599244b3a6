/**
 * An appendix subsection number with its arabic part fused to the appendix letter (`B3`), set a
 * quad apart from its title: joined to it, as pdf-outline.ts joins `Appendix B.1` to its title.
 */
import { joinedOnRow, type Segment } from './pdf-layout.ts';

/**
 * A lettered appendix's subsection number with its arabic part fused on (`A1`, `B3`, `C2.1`): what
 * Copernicus, AMS and other journal classes print for the sections of appendix A, B, ….
 */
const FUSED_NUMBER = /^[A-Z]\d{1,2}(?:\.\d{1,2}){0,2}$/;

/** The font that sets most of a line's letters. */
function mainFace(s: Segment): string | undefined {
  let best: string | undefined;
  let n = -1;
  for (const r of s.fonts ?? []) if (r.chars > n) [best, n] = [r.font, r.chars];
  return best;
}

/**
 * `B3` ⟶ `Spatial derivative of …`: a fused appendix number set a quad apart from its title, on its
 * baseline, in the title's own face and size (a heading style sets number and title alike; a
 * table's row label and its first cell need not share a face). One line `B3 Spatial …`.
 */
export function joinFusedNumber(s: Segment, next: Segment | undefined): Segment | null {
  if (!next || next.page !== s.page || !FUSED_NUMBER.test(s.text)) return null;
  if (Math.abs(next.size - s.size) > 0.3 || Math.abs(next.baseline - s.baseline) > 0.2 * s.size) return null;
  const gap = next.x0 - s.x1;
  if (gap < 0 || gap > 3 * s.size || next.text.length > 160 || !/^\p{Lu}/u.test(next.text)) return null;
  if (mainFace(s) === undefined || mainFace(s) !== mainFace(next) || s.bold !== next.bold) return null;
  return joinedOnRow(s, next);
}
