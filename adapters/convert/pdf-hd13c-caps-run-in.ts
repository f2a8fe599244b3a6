/**
 * A section name set in bold capitals and closed by a stop, with its paragraph run in on the same
 * row (PNAS's `ACKNOWLEDGMENTS. We thank…`, the text in a separate, often smaller, run). pdf.js
 * gives the name a segment of its own, so the bold-lead run-in rules never see it. Only a closed
 * class of section names in capitals: a paragraph's title-case label (`Related Work.` in CVPR) or a
 * theorem label stays text (hd13c).
 */
import type { Segment } from './pdf-layout.ts';
import { isSectionName } from './pdf-heading-words.ts';

export function capsNameRunIn(
  s: Segment,
  next: Segment | undefined,
  before: string | undefined,
): { num: ''; title: string; rest: '' } | null {
  if (!s.bold || !next || next.bold || !/^\p{Lu}[\p{Lu}\s]{2,40}\.$/u.test(s.text)) return null;
  if (before !== undefined && !/[.!?:]["')\]]?\d{0,2}$/.test(before)) return null;
  const sameRow =
    next.page === s.page &&
    Math.abs(next.baseline - s.baseline) < 0.3 * s.size &&
    next.x0 > s.x1 &&
    next.x0 - s.x1 < 3 * s.size;
  const title = s.text.slice(0, -1).trim();
  return sameRow && isSectionName(title) ? { num: '', title, rest: '' } : null;
}
