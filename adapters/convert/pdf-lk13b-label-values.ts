/**
 * The value under a front-matter label (session 13, second round, helper "lk13b", issue #30). A
 * label set alone with a colon (`Submitted to:`, `Published in:`, EPTCS's foot box) that is already
 * front matter has its value on the next line, at the same left edge (`TFPIE 2022`): that value is
 * front matter too, in every class that sets a record as label over value.
 */
import type { Segment } from './pdf-layout.ts';

/** A label alone: up to four words ending in a colon. */
const LABEL_ALONE = /^\S+(?:\s+\S+){0,3}:$/u;

/** The line under each lone label among page 1's front-matter groups, one group each. */
export function labelValues(page: readonly Segment[], groups: readonly Segment[][]): Segment[][] {
  const taken = new Set(groups.flat());
  const out: Segment[][] = [];
  for (const label of taken) {
    if (label.page !== (page[0]?.page ?? -1) || !LABEL_ALONE.test(label.text.trim())) continue;
    const value = page.find(
      (s) =>
        !taken.has(s) &&
        s.top >= label.bottom - 0.2 * label.size &&
        s.top - label.bottom < 0.8 * label.size &&
        Math.abs(s.x0 - label.x0) < 0.5 * label.size &&
        s.text.trim().length <= 60,
    );
    if (value) {
      taken.add(value);
      out.push([value]);
    }
  }
  return out;
}
