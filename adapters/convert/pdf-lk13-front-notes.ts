/**
 * Author notes set between the author block and the abstract (session 13, helper "lk13", issue
 * #30). PLOS and other classes print `¤Current Address: …`, `* name@host` and `† These authors
 * contributed equally` right under the affiliations in text type, not as foot notes. Above the
 * abstract no line of the body can open with a note symbol, and a line that is only an e-mail
 * address is a contact line in any layout: both are front matter.
 */
import type { Segment } from './pdf-layout.ts';

/** Note symbols: the footnote set, and `¤`, which PLOS marks a current address with. */
const NOTE_OPEN = /^[∗*†‡§¶⋆♯¤]+\s*\p{L}/u;
/** A line that is an e-mail address alone (after a note mark, before a stop). */
const EMAIL_ONLY = /^[∗*†‡§¶⋆♯¤\d]*\s*[\p{L}\d._%+-]+@[\p{L}\d-]+(?:\.[\p{L}\d-]+)+[.,;]?$/u;
const ABSTRACT = /^a ?b ?s ?t ?r ?a ?c ?t\b/i;

/**
 * Page 1's lines below the title and above the abstract label that open with a note symbol or are
 * an e-mail address alone, one group each. Nothing without an abstract label: where the front
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
        (NOTE_OPEN.test(s.text.trim()) || EMAIL_ONLY.test(s.text.trim())),
    )
    .map((s) => [s]);
}
