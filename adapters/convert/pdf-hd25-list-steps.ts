/**
 * A numbered step of an enumerated list set in the body face (an algorithm's `2.5. Calculate
 * residual sum of squares RSS.` right under `2.4. Recalculate archetypes …`): numbered like a
 * subsection, alone on its line, it reads as a heading when its own words are plain. The line right
 * above it is the step before it (the same number with its last part one less), at the same left
 * edge in the same size and face; a section always has text, or a subsection, between its heading
 * and the next one's, never its predecessor's heading on the line above. Only numbers and place
 * are read: the same in any language.
 */
import { lineAbove, type Segment } from './pdf-layout.ts';
import { parseSectionNumber, type SectionNumber } from './pdf-numbering.ts';

/** `a` is the number right before `b` at its depth (`2.4` before `2.5`, `3` before `4`). */
function precedes(a: SectionNumber, b: SectionNumber): boolean {
  if (a.kind !== 'arabic' || b.kind !== 'arabic' || a.parts.length !== b.parts.length) return false;
  const last = a.parts.length - 1;
  return (
    a.parts.slice(0, last).join('.') === b.parts.slice(0, last).join('.') &&
    Number(a.parts[last]) + 1 === Number(b.parts[last])
  );
}

/** `s`, numbered `n` and set in the body weight, is the list step after the line right above it. */
export function stepAfterStep(
  s: Segment,
  n: SectionNumber,
  segs: readonly Segment[],
  pitch: number,
): boolean {
  if (s.bold || n.kind !== 'arabic' || n.word !== '') return false;
  const above = lineAbove(s, segs);
  if (!above || s.top - above.bottom > 1.5 * pitch || Math.abs(above.x0 - s.x0) > 0.5 * s.size) return false;
  if (Math.abs(above.size - s.size) > 0.3 || above.bold || above.fonts?.[0]?.font !== s.fonts?.[0]?.font)
    return false;
  const m = parseSectionNumber(above.text);
  return m !== null && m.closer === n.closer && precedes(m, n);
}
