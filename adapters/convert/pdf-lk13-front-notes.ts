/**
 * Author notes set between the author block and the abstract (session 13, helper "lk13", issue
 * #30). PLOS and other classes print `¤Current Address: …`, `* name@host` and `† These authors
 * contributed equally` right under the affiliations in text type, not as foot notes. Above the
 * abstract no line of the body can open with a note symbol: such a line is front matter. (An
 * e-mail address without a mark stays: in ACM's author blocks it sits under its author's name.)
 */
import type { Segment } from './pdf-layout.ts';
import { OPENER } from './pdf-lk13-section-names.ts';

/** Note symbols: the footnote set, and `¤`, which PLOS marks a current address with. */
const NOTE_OPEN = /^[∗*†‡§¶⋆♯¤]+\s*\p{L}/u;
const ABSTRACT = /^a ?b ?s ?t ?r ?a ?c ?t\b/i;

/**
 * Page 1's lines below the title and above the abstract label that open with a note symbol, one
 * group each. Nothing without an abstract label: where the front
 * matter ends is then not sure.
 */
export function authorNoteLines(
  page: readonly Segment[],
  titleSegs: readonly Segment[],
  taken: ReadonlySet<Segment>,
): Segment[][] {
  if (!titleSegs.length) return [];
  const abstract = page.find((s) => ABSTRACT.test(s.text.trim()));
  if (!abstract) return [];
  const titleBottom = Math.max(...titleSegs.map((s) => s.bottom));
  return page
    .filter(
      (s) =>
        !taken.has(s) &&
        s.top > titleBottom &&
        s.bottom <= abstract.top + 0.1 &&
        s.text.length <= 160 &&
        NOTE_OPEN.test(s.text.trim()),
    )
    .map((s) => [s]);
}

/** The first section's heading: `1 Introduction`, `1. Preliminaries`, `I. INTRODUCTION`. */
const FIRST_SECTION = /^(?:1\.?|I\.)\s+\p{Lu}/u;

/**
 * A line set alone right above page 1's first section heading, below the abstract (`This document
 * uses knowledge: …`, a dedication, a keywords or classification line no pattern knows), in text
 * type and no section name: the body
 * begins at that heading, so what stands between it and the abstract, set apart from the abstract's
 * text by more than a line, is front matter in every class.
 */
export function loneLineAboveFirstSection(
  page: readonly Segment[],
  taken: ReadonlySet<Segment>,
  body: number,
): Segment[][] {
  const a = page.findIndex((s) => ABSTRACT.test(s.text.trim()));
  if (a < 0) return [];
  const h = page.findIndex(
    (s, i) => i > a && FIRST_SECTION.test(s.text.trim()) && (s.bold === true || s.size > body + 0.5),
  );
  const line = page[h - 1];
  const above = page[h - 2];
  const heading = page[h];
  if (h - 2 <= a || !line || !above || !heading || taken.has(line)) return [];
  // A section name (`Contents` over the contents list) or a line in heading type is no note.
  if (OPENER.test(line.text.trim()) || line.bold === true || line.size > body + 0.5) return [];
  const apart = line.top - above.bottom > line.size && heading.top > line.bottom;
  return apart && line.text.length <= 200 ? [[line]] : [];
}

/** Page 1's author notes and the lone line above its first section (both above), one group each. */
export function frontNoteLines(
  page: readonly Segment[],
  titleSegs: readonly Segment[],
  taken: ReadonlySet<Segment>,
  body: number,
): Segment[][] {
  const notes = authorNoteLines(page, titleSegs, taken);
  const all = new Set([...taken, ...notes.flat()]);
  return [...notes, ...(titleSegs.length ? loneLineAboveFirstSection(page, all, body) : [])];
}
