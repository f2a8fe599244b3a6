/**
 * The outline a paper's numbered headings set up, used to accept the headings that follow it: a
 * chapter number on its own line joined to its title, and an unnumbered heading set in the style of
 * the known section headings (IEEE's `OPEN SCIENCE` in the small capitals of `IV. CONCLUSION`).
 */
import { joinedOnRow, type FontRun, type Segment } from './pdf-layout.ts';
import { LONE_SECTION_NUMBER, parseSectionNumber, type SectionNumber } from './pdf-numbering.ts';
import { joinFusedNumber } from './pdf-hd13a-fused-number.ts';
import { soleFace } from './pdf-face-headings.ts';

/** How an accepted numbered heading is set: a line set the same way is a sibling. */
export interface HeadingStyle {
  size: number;
  bold: boolean;
  /** The face of its title (number aside). */
  face: string | null;
  /** Its title is in capitals. */
  caps: boolean;
  /** What closes its number (`.`, `)`, `:` or ''), when it has one. */
  closer?: string;
  /** hd19: its capitals come in two sizes (small capitals made by scaling: {@link twoSizeCapitals}). */
  smallCaps?: boolean;
  /** hd20: the kind of its number's first part (IEEE numbers one depth `I.`, `A.` and `1)` alike). */
  kind?: SectionNumber['kind'];
}

/**
 * hd19: a line in capitals whose capitals come in two sizes, the line reaching well above its main
 * size: small capitals made by scaling a face that has none (ICLR's Times `LLM USAGE
 * ACKNOWLEDGEMENT`, 12 pt initials over 9.6 pt capitals). A table's header or a shouted sentence
 * keeps one size.
 */
export function twoSizeCapitals(s: Segment): boolean {
  return isCapitals(s.text) && s.bottom - s.top > 1.15 * s.size;
}

/** In capitals: at least three capital letters and no lower-case letter. */
export function isCapitals(text: string): boolean {
  return !/\p{Ll}/u.test(text) && (text.match(/\p{Lu}/gu)?.length ?? 0) >= 3;
}

/**
 * `Chapter 1` (or `Appendix B`, `Part II`) alone on its line, and its title right below in the same
 * size: one line `Chapter 1 Introduction`, so that the number and the title make one heading.
 */
export function joinNumberLine(s: Segment, next: Segment | undefined): Segment | null {
  const n = parseSectionNumber(s.text);
  if (!n || !n.word || n.rest || !next || next.page !== s.page) return null;
  if (Math.abs(next.size - s.size) > 0.3 || next.top < s.bottom - 0.1 || next.top - s.bottom > 3 * s.size)
    return null;
  if (next.text.length > 120 || !/^\p{Lu}/u.test(next.text) || parseSectionNumber(next.text)) return null;
  return { ...s, text: `${s.text} ${next.text}`, x1: Math.max(s.x1, next.x1), bottom: next.bottom };
}

/**
 * A section number set apart from its title on the same row by a wide space (`Appendix B.1` ⟶
 * `Supplementary details…`; elsarticle and PLOS put a quad there, wider than a word space, so the
 * two become segments of their own): in the same size and on the same baseline, the title starting
 * within 3 em and in capitals. Any heading style that spaces its number so wide splits like this.
 */
export function joinNumberBeside(s: Segment, next: Segment | undefined): Segment | null {
  if (!next || next.page !== s.page || !LONE_SECTION_NUMBER.test(s.text)) return null;
  if (Math.abs(next.size - s.size) > 0.3 || Math.abs(next.baseline - s.baseline) > 0.2 * s.size) return null;
  const gap = next.x0 - s.x1;
  if (gap < 0 || gap > 3 * s.size || next.text.length > 160 || !/^\p{Lu}/u.test(next.text)) return null;
  const text = `${s.text} ${next.text}`;
  if (parseSectionNumber(text)?.rest !== next.text) return null;
  return joinedOnRow(s, next, text);
}

/** A number and its title as one line: beside it on its row (`beside`), or a `Chapter 1` line over it. */
export function joinHeadingNumber(
  s: Segment,
  next: Segment | undefined,
): { joined: Segment | null; beside: boolean } {
  const beside = joinNumberBeside(s, next) ?? joinFusedNumber(s, next);
  return beside ? { joined: beside, beside: true } : { joined: joinNumberLine(s, next), beside: false };
}

/**
 * An unnumbered line in capitals set like the known top-level headings, when those are in capitals
 * at a size of their own (not the body's, so that a shouted sentence is not one): `ACKNOWLEDGMENT`,
 * `OPEN SCIENCE` beside `IV. CONCLUSION` in IEEE's small capitals. hd18: at the body size too when
 * the line is `centred` over its text and in the known heads' face (AASTeX's `REPRODUCIBILITY`
 * beside `7. CONCLUSIONS`, both in the body face): a sentence is not centred. hd19: at the body
 * size too when both are small capitals made by scaling (ICLR's).
 */
export function capitalsSibling(
  s: Segment,
  known: HeadingStyle[] | undefined,
  body: number,
  centred = false,
): boolean {
  if (!known || !isCapitals(s.text)) return false;
  return known.some(
    (k) =>
      k.caps &&
      Math.abs(k.size - s.size) < 0.25 &&
      k.bold === (s.bold === true) &&
      (k.bold ||
        Math.abs(k.size - body) >= 0.08 * body ||
        (k.smallCaps === true && twoSizeCapitals(s)) ||
        (centred && k.face !== null && k.face === soleFace(s))),
  );
}

/**
 * A run-in heading told by its face: the number and title set in a face other than the body's and
 * closed by `:` or `.` (IEEE's italic `1) Crest Factor Discussion:`), the text going on in the body
 * face, on the same line or, when the head fills its line, on the next (ACM's long `6.2.2 Case: …
 * article.`). Only for a number closed by a parenthesis or of two parts or more: a single `2.` is a list.
 */
export function faceRunIn(
  s: Segment,
  bodyFace: string | null,
): { n: SectionNumber; head: string; rest: string } | null {
  const runs = s.fonts ?? [];
  if (!bodyFace || runs.length < 2) return null;
  let lead = 0;
  let i = 0;
  for (; i < runs.length && (runs[i]!.number || runs[i]!.font !== bodyFace); i++) lead += runs[i]!.chars;
  if (i === 0 || runs.slice(0, i).every((r) => r.number)) return null;
  // A head that fills its line closes it with its stop, the text starting on the next (hd15); a
  // line with bold in it is a heading of its own line, which the heading rules read.
  if (i === runs.length && (!/[.:]$/.test(s.text) || s.bold === true || s.boldLead)) return null;
  return runInOfLead(s, lead) ?? runInOfLead(s, headFaceLead(runs.slice(0, i)));
}

/**
 * The letters of a lead's number and of its title's face only: a paragraph may open with a word in
 * a third face (ACM's `4.2.2 obfs4. obfs4 [52] is…`, the second `obfs4` in typewriter), which is
 * text, not head, since a head is set in one face (hd13c).
 */
function headFaceLead(runs: readonly FontRun[]): number {
  const first = runs.findIndex((r) => !r.number);
  let lead = 0;
  for (const [j, r] of runs.entries()) {
    if (j > first && r.font !== runs[first]!.font) break;
    lead += r.chars;
  }
  return lead;
}

/** The run-in heading whose number and title are the line's first `lead` letters and digits. */
function runInOfLead(s: Segment, lead: number): { n: SectionNumber; head: string; rest: string } | null {
  let count = 0;
  let end = 0;
  for (const ch of s.text) {
    if (count >= lead) break;
    end += ch.length;
    if (/[\p{L}\p{N}]/u.test(ch)) count++;
  }
  // A title's own `?` or `!` closes the head in place of the stop (amsart adds none after it).
  const m = /^\s*([:.]|[?!][.:]?)(?:\s+(?=\S)|\s*$)/.exec(s.text.slice(end));
  if (!m) return null;
  const head = `${s.text.slice(0, end).trim()}${m[1]!.replace(/[.:]$/, '')}`;
  const n = parseSectionNumber(head, { formulaTitle: true, numeralTitle: true });
  if (!n || (n.closer !== ')' && n.parts.length < 2) || n.rest.split(/\s+/).length > 10) return null;
  return { n, head, rest: s.text.slice(end + m[0].length) };
}
