/**
 * A report's notice page (session 22, helper "lk23", issue #30). Government and laboratory reports
 * (DOE's labs: LLNL, Sandia, ORNL, LANL; NASA; DoD) print their legal boilerplate on the cover's verso
 * or the next preliminary page: a disclaimer (`This document was prepared as an account of work
 * sponsored by an agency of the United States government. Neither …`), the auspices or contract line
 * (`This work was performed under the auspices of the U.S. Department of Energy …`), the release or
 * distribution statement (`Approved for public release; distribution is unlimited`), where copies are
 * available. It is front matter however long its prose: the wording is fixed by the agency, so a
 * closed class of its phrases tells the page, and its place (among the preliminary pages, before any
 * section name or contents line) keeps the test off the body.
 */
import type { Segment } from './pdf-layout.ts';

/** The label a notice page may print over its text (`DISCLAIMER`, `NOTICE`, `Legal Notice`). */
export const NOTICE_LABEL =
  /^(?:(?:legal|important|copyright|availability|export\s+control)\s+)?(?:disclaimers?|notices?)\s*:?$|^distribution\s+statement(?:\s+[a-f])?\s*:?$/i;

/** Phrases of the agencies' fixed notices. */
const NOTICE_PHRASES = [
  /prepared\s+as\s+an\s+account\s+of\s+work\s+sponsored/i,
  /neither\s+the\s+united\s+states\s+government\s+nor/i,
  /(?:performed|prepared|supported)\s+under\s+the\s+auspices\s+of/i,
  /approved\s+for\s+public\s+release/i,
  /distribution\s+(?:statement\s+[a-f]\b|is\s+unlimited|unlimited)|unlimited\s+(?:distribution|release)/i,
  /(?:operated|managed)\s+(?:and\s+(?:operated|managed)\s+)?(?:by|for)\s+.{0,80}\bunder\s+contract\b/i,
  /national\s+technical\s+information\s+service|office\s+of\s+scientific\s+and\s+technical\s+information/i,
];

/**
 * The lines of a preliminary page that is a notice page, one group per paragraph (lines at the
 * paragraph's own leading), its label left out (the page's heading); null for any other page. A
 * notice page carries two of the fixed phrases, or one under a notice label.
 */
export function noticeGroups(segs: readonly Segment[]): Segment[][] | null {
  const sorted = [...segs].sort((a, b) => a.top - b.top || a.x0 - b.x0);
  const text = sorted.map((s) => s.text).join(' ');
  const phrases = NOTICE_PHRASES.filter((p) => p.test(text)).length;
  const labelled = sorted.length > 0 && NOTICE_LABEL.test(sorted[0]!.text.trim());
  if (phrases < (labelled ? 1 : 2)) return null;
  const groups: Segment[][] = [];
  for (const s of sorted) {
    if (NOTICE_LABEL.test(s.text.trim())) continue;
    const g = groups[groups.length - 1];
    const last = g?.[g.length - 1];
    if (g && last && Math.abs(last.size - s.size) < 0.5 && s.top - last.bottom < 0.6 * s.size) g.push(s);
    else groups.push([s]);
  }
  return groups;
}
