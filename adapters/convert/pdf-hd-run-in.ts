/**
 * Section heads run into their paragraph at the top level (SIAM's `1. Introduction. Glacier and…`,
 * `Appendix A. Proof of Lemma 2.1.` on a line of its own): a bold number and title closed by a stop.
 * Subsection run-ins (`2.1. Title. Text`) are read in pdf-markdown.ts; a single-part number needs
 * more evidence, because a numbered list item may start with a bold phrase too (`1. **Data.** We…`).
 */
import type { Segment } from './pdf-layout.ts';
import { inSequence, parseSectionNumber, SECTION_NUMBER, type Numbering } from './pdf-numbering.ts';

/** `1.`, `A.`, `IV.` or `Appendix A.`, then a title of up to 15 words closed by a stop (or its own `?`, `!`). */
const TOP_RUN_IN = new RegExp(
  String.raw`^((?:(?:Appendix|APPENDIX)\s+)?${SECTION_NUMBER}\.)\s+(\S.{1,150}?(?:[?!]|(?=\.$)))\.?$`,
);

/**
 * A top-level run-in head in the bold lead `lead` of `s` (its letters and digits counted in
 * `s.boldLead`). The number must be set in the head's bold face: an enumerate label is set in the
 * body face (pdf.ts marks such a lone number run `number`), so a list item never qualifies. The
 * title is one phrase (no sentence stop inside it) and the number continues the outline.
 */
export function topLevelRunIn(
  s: Segment,
  lead: string,
  rest: string,
  seq: Numbering,
): { num: string; title: string; rest: string } | null {
  const m = TOP_RUN_IN.exec(lead);
  if (!m || s.fonts?.[0]?.number === true) return null;
  const title = m[2]!;
  if (/[.!?]\s/.test(title) || title.split(/\s+/).length > 15) return null;
  const n = parseSectionNumber(`${m[1]} ${title}`);
  if (!n || n.parts.length !== 1 || !inSequence(n, seq)) return null;
  // Bold through the line's end, the head stands alone on its line (SIAM's appendix heads), closed
  // by its stop: a title's own `?` ends a heading line of any style (`4. What Mechanism…?`).
  if (!rest && (s.bold !== true || /[?!]$/.test(title))) return null;
  return { num: m[1]!, title, rest };
}
