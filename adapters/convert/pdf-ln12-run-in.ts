/**
 * Unnumbered run-in heads: a bold phrase closed by a stop or a colon that opens its paragraph on
 * the same line (`Acknowledgements. We thank…`, `Datasets: We use…`). In any layout such a lead is
 * a paragraph's label, not a heading line of its own; it is a section heading only when it names a
 * section (the closed class of section names: SIAM, amsart and many journals run their
 * acknowledgements in like this).
 */
import type { Segment } from './pdf-layout.ts';
import { isSectionName } from './pdf-heading-words.ts';

/**
 * The line's bold lead (its first `boldLead` letters and digits, with the stop after them, or the
 * title's own `?` or `!`) and the text after it.
 */
export function splitBoldLead(s: Segment): { lead: string; rest: string } | null {
  if (!s.boldLead) return null;
  let count = 0;
  let end = 0;
  for (const ch of s.text) {
    end += ch.length;
    if (/[\p{L}\p{N}]/u.test(ch) && ++count >= s.boldLead) break;
  }
  while (end < s.text.length && /[.:?!)\]]/.test(s.text[end]!)) end++;
  return { lead: s.text.slice(0, end).trim(), rest: s.text.slice(end).trim() };
}

/**
 * A label closed by `.` or `:` and followed by text on its line: a paragraph's run-in lead, set in
 * bold or in a face of its own (AASTeX's `Facility: TESS`, `Software: …`).
 */
export function labelRunsOn(s: Segment): boolean {
  const runs = (s.fonts ?? []).filter((r) => r.chars > 0);
  const faceLead = runs.length >= 2 && runs[0]!.font !== runs[1]!.font ? runs[0]!.chars : 0;
  const split = splitBoldLead(s.boldLead ? s : { ...s, boldLead: faceLead });
  // hd22: the lead may close on a bracketed year or acronym (`Concurrent work (2026).`, `Baselines (RQ1):`).
  return (
    split !== null &&
    split.rest !== '' &&
    /\p{L}{2}/u.test(split.lead) &&
    /(?:\p{L}{2}[^\s]*|\([^()\s]{1,12}\))[.:]$/u.test(split.lead)
  );
}

/**
 * A list item's bold lead with its text running on (REVTeX's `2. **The variance of baryon
 * fluctuations.** While the mean…` in an enumerate): the label `2.` is set in the body face, as
 * enumerate sets it, not in the lead's bold, so the line is an item, not a numbered heading (hd17b).
 */
export function listLeadRunsOn(s: Segment): boolean {
  return s.fonts?.[0]?.number === true && labelRunsOn(s);
}

/**
 * An unnumbered head run in at a paragraph's start (the paragraph before it, if any, has ended) in
 * a paper whose numbered heads are run in, bold, in the face `face`: a section name (`Acknowledgements.
 * We would like…`), or a phrase of three or more words in that same face (amsart's unnumbered
 * `Convolutional neural network model for the implication graph.`). A theorem's label has a number
 * or a word or two (`Remark.`), and the heads of a paper whose sections stand on lines of their own
 * are paragraph labels (`Related Work.` in CVPR).
 */
export function namedRunIn(
  s: Segment,
  before: string | undefined,
  face: string | undefined,
): { num: ''; title: string; rest: string } | null {
  // The paragraph before ends a sentence (perhaps with a footnote's mark: `approach.27`).
  if (face === undefined || (before !== undefined && !/[.!?:]["')\]]?\d{0,2}$/.test(before))) return null;
  const split = splitBoldLead(s);
  if (!split?.rest || !/[.:]$/.test(split.lead)) return null;
  const title = split.lead.slice(0, -1).trim();
  if (isSectionName(title)) return { num: '', title, rest: split.rest };
  const words = title.split(/\s+/).length;
  const inFace = s.fonts?.[0]?.font === face;
  return inFace && words >= 3 && words <= 12 && /^\p{Lu}[^\d]*$/u.test(title) && split.lead.endsWith('.')
    ? { num: '', title, rest: split.rest }
    : null;
}
