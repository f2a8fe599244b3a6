/**
 * Section numbers as a grammar rather than a list of forms: a number is parts joined by dots, each
 * part arabic (`2`), roman (`IV`) or a capital letter (`B`; below the first part also a lower-case
 * one, `2.1.a`), mixed and nested to any depth (`2.A`, `3.B.1`, `A.B.2`, `IV.C`, IEEE's `IV-C`, MNRAS's `B12`), optionally behind
 * a supplement prefix (`S2.1`) or a word (`Chapter 1`, `Appendix B:`, `Part II`), and closed by a
 * dot, a parenthesis (IEEE's `1)`) or nothing.
 */
import { formulasJoinedByWord } from './pdf-hd13b-formula-titles.ts';
import { isMathLine } from './pdf-math.ts';

/** A heading's number, split into parts, and the text after it. */
export interface SectionNumber {
  /** As printed, without the word before it and the closing dot or parenthesis. */
  num: string;
  parts: string[];
  /**
   * Kind of the first part: it decides which counter the number continues. `appendix` is a number
   * after the word Appendix; `supplement` one with the `S` prefix.
   */
  kind: 'arabic' | 'roman' | 'letter' | 'supplement' | 'appendix';
  /** The word before the number (`Chapter`, `Appendix`, `Part`), as printed, or ''. */
  word: string;
  /** What closes the number: `.`, `)`, `:` or '' (a space). */
  closer: string;
  /** The title after the number; '' only after a word (`Chapter 1` on a line of its own). */
  rest: string;
}

const PART = String.raw`(?:\d{1,2}|[IVX]{1,5}|[A-Z])`;
/**
 * The division's name before a number: English, and (hd20) a chapter's in the languages a thesis is
 * written in (`Capitolo 2`, `Kapitel 3`, `Chapitre 1`, `Capítulo 4`), the same closed class as
 * pdf-lk14b-chapter-label.ts.
 */
const DIVISION = String.raw`Chapter|CHAPTER|Appendix|APPENDIX|Part|PART|Capitolo|CAPITOLO|Kapitel|KAPITEL|Chapitre|CHAPITRE|Cap[ií]tulo|CAP[IÍ]TULO|Hoofdstuk|HOOFDSTUK`;
const WORD = String.raw`(?:(${DIVISION})\s+)?`;
/** A part below the first may be a lower-case letter (`2.1.a`, `3.b`): a deep level set like a list's. */
const SUBPART = String.raw`(?:${PART}|[a-z])`;
/**
 * hd22: IEEEtran numbers a subsection `\thesection-\Alph` (`IV-C`, what its cross-references print, and
 * what a heading shows when a language package or a class option puts the full number in the label):
 * a roman section and a lettered subsection joined by a hyphen, the same two parts as `IV.C`. Only this
 * pairing takes a hyphen: `3-D`, `1-2` are words and ranges.
 */
const ROMAN_LETTER = String.raw`[IVX]{1,5}-[A-Z](?![A-Za-z])`;
/**
 * hd23: MNRAS (and other journals' appendices) number an appendix's subsections with the letter and
 * the arabic part fused, no dot between (`B1`, `B12`, `C3.2`): the same two parts as `B.1`.
 */
const LETTER_DIGITS = String.raw`[A-Z]\d{1,2}(?!\d)`;
/** The fused form, read off a number as printed: its letter and its digits are separate parts. */
const FUSED = /^[A-Z]\d/;
const FUSED_ALONE = new RegExp(String.raw`^${LETTER_DIGITS}$`);

/**
 * A fused number alone (`B12`) before its title a quad away. It is also a table's cell (`F1`, `T3`,
 * a station's `W68`) and a symbol in a formula (`H1`, `L2`), so it is no bare number (which marks a
 * run and joins across any quad): only a title close by (1.5 em), opening with a capital and of two
 * words or more (a header's next cell is one: `F1   PR-AUC`), joins it.
 */
export function fusedNumberBefore(num: string, title: string, gap: number, size: number): boolean {
  return FUSED_ALONE.test(num.trim()) && gap <= 1.5 * size && /^\p{Lu}\S*\s+\S/u.test(title);
}
/**
 * The grammar of a section number as printed (no word before it, no closer after it): parts joined
 * by dots, each of any kind (`2`, `IV.C`, `3.B.1`, `J.4.1`, `S2.1`). Every rule that reads a
 * number off a line or a run builds on this one source, so a form one rule knows all rules know.
 */
export const SECTION_NUMBER = String.raw`(?:S(?=\d))?(?:${ROMAN_LETTER}|${LETTER_DIGITS}|${PART})(?:\.${SUBPART}){0,5}`;
/**
 * The same with two parts or more: a subsection's number, which a run-in head carries. Not the fused
 * `B1`: a line of a formula starts so (`H1 norm`), and no class sets a run-in head under it.
 */
export const SUBSECTION_NUMBER = String.raw`(?:S(?=\d))?(?:${ROMAN_LETTER}(?:\.${SUBPART}){0,5}|${PART}(?:\.${SUBPART}){1,5})`;
const NUMBER = new RegExp(String.raw`^${WORD}(${SECTION_NUMBER})([.):]?)(?:\s+(\S.*))?$`);
/** A section number alone: `Appendix B.1`, `3`, `2.4.` (what a quad after it leaves as a segment of its own). */
export const LONE_SECTION_NUMBER = new RegExp(String.raw`^(?:(?:${DIVISION})\s+)?${SECTION_NUMBER}\.?$`);

const BARE_NUMBER = new RegExp(String.raw`^(${SECTION_NUMBER})(\.?)$`);

/**
 * A run or a segment that is a section number and nothing else (`2`, `2.1.`, `IV.`, `J.4.1`, `A`):
 * the number of a heading set in a face or a place of its own. As for {@link parseSectionNumber},
 * a lone roman numeral or a letter past `H` needs its dot (`I`, `X` alone are words or labels);
 * single capitals only, with no title beside them, are initials (`E.M.`), not `A.B.2`.
 */
export function isBareNumber(text: string): boolean {
  const m = BARE_NUMBER.exec(text.trim());
  if (!m || /^[A-Z](?:\.[A-Z])+$/.test(m[1]!) || (FUSED.test(m[1]!) && !/^S\d/.test(m[1]!))) return false;
  return m[2] === '.' || /[.\d]/.test(m[1]!) || /^[A-H]$/.test(m[1]!);
}

/**
 * What a title starts with: a letter, a Greek symbol, a bracket, a quote, a formula's `(`/`-`
 * (`(n, d)-regular graphs`), or a digit fused to a capital (`1-D Profiles`, `3D Reconstruction`).
 */
const TITLE_START = /^(?:[\p{L}([“"'‘-]|\d{1,2}-?\p{Lu}(?![\p{L}\p{N}]))/u;
/**
 * A title that opens with a count or a measure and a word (IEEE's `1) 25 Processes`, `A. 40 µm
 * BigBrain incrementation`): read so only where the face sets the line apart, since in body type
 * `2 patients were…` is a sentence after a footnote or list number.
 */
const NUMERAL_TITLE_START = /^\d{1,4}(?:[.,]\d+)?\s+\p{L}/u;

/** The title opens with a count or a measure (`25 Processes`); see NUMERAL_TITLE_START. */
export function startsWithNumeral(rest: string): boolean {
  return NUMERAL_TITLE_START.test(rest);
}

/**
 * The section number a line starts with, or null. A lone letter or roman numeral needs its dot
 * (`A.`, `IV.`) unless it is a letter A-H (appendices `A Dataset…`): `I think`, `X rays` are prose.
 * A parenthesis closes only a single part (`1)`, `B)`); the title after the number must start like
 * one and must not be a formula, so `2.5 ± 0.3`, `E A3 =`, `3 = x` are no headings.
 */
export function parseSectionNumber(
  text: string,
  opts: { formulaTitle?: boolean; numeralTitle?: boolean } = {},
): SectionNumber | null {
  const m = NUMBER.exec(text);
  if (!m) return null;
  const word = m[1] ?? '';
  const num = m[2]!;
  const closer = m[3]!;
  const rest = m[4] ?? '';
  if (!rest && !word) return null;
  if ((closer === ':' && !word) || (closer === ')' && num.includes('.'))) return null;
  // A title has a word: two letters in a row. `H L` (a band structure's axis labels under a
  // letter-numbered section) and `2 βc2 )` (a formula's tail, its bracket closing nothing) are no titles.
  const titleStart = TITLE_START.test(rest) || (opts.numeralTitle && NUMERAL_TITLE_START.test(rest));
  if (rest && (!titleStart || !/\p{L}{2}/u.test(rest) || closesUnopened(rest))) return null;
  const fused = FUSED.test(num) && !/^S\d/.test(num);
  // A fused number's title starts with a capital: `E1 and E2 are` is a sentence naming two things.
  if (fused && rest && !/^[^\p{Ll}]/u.test(rest)) return null;
  const parts = num.replace(/^S(?=\d)/, '').split(/[.-]|(?<=^[A-Z])(?=\d)/);
  // ex19: a part after the first with a leading zero (`2.02 Greggio`) is a decimal fraction, never a section number.
  if (parts.slice(1).some((p) => /^0\d/.test(p))) return null;
  const first = parts[0]!;
  const kind = /^appendix$/i.test(word)
    ? 'appendix'
    : // hd26: a supplement's prefix goes before digits (`S2.1`); a bare `S` is a letter (`S Bed slope`, a symbol's entry).
      /^S\d/.test(num)
      ? 'supplement'
      : /^\d/.test(first)
        ? 'arabic'
        : /^[IVX]+$/.test(first) && (first.length > 1 || parts.length > 1 || closer || word)
          ? 'roman'
          : 'letter';
  if (
    parts.length === 1 &&
    (kind === 'roman' || kind === 'letter') &&
    !closer &&
    !word &&
    !/^[A-H]$/.test(first)
  )
    return null;
  // lk22: a capital and a stop before a word in lower case is a genus abbreviated (`C. elegans`,
  // `E. coli`) at a sentence's start; a lettered section's title opens with a capital.
  if (kind === 'letter' && parts.length === 1 && closer === '.' && !word && /^\p{Ll}{2}/u.test(rest))
    return null;
  // The costliest test last.
  if (rest && isMathLine(rest) && !(opts.formulaTitle && formulasJoinedByWord(rest))) return null;
  return { num, parts, kind, word, closer, rest };
}

/** More closing brackets than opening ones: the tail of a formula cut at a line break. */
function closesUnopened(text: string): boolean {
  let depth = 0;
  for (const ch of text) {
    if (ch === '(' || ch === '[') depth++;
    else if (ch === ')' || ch === ']') depth--;
    if (depth < 0) return true;
  }
  return false;
}

/** The first section's name, in the languages of pdf-heading-words.ts (a closed class). */
const INTRODUCTION = /^(?:introduction|einleitung|einführung|introducción|introduzione)$/i;

const ROMAN = [
  'I',
  'II',
  'III',
  'IV',
  'V',
  'VI',
  'VII',
  'VIII',
  'IX',
  'X',
  'XI',
  'XII',
  'XIII',
  'XIV',
  'XV',
  'XVI',
  'XVII',
  'XVIII',
  'XIX',
  'XX',
];

/** The value of a part of a number of this kind (1 for `1`, `I` and `A`). */
export function partValue(part: string, kind: SectionNumber['kind']): number {
  if (kind === 'roman') return ROMAN.indexOf(part) + 1;
  if (/^\d+$/.test(part)) return Number(part);
  if (/^[a-z]$/.test(part)) return part.charCodeAt(0) - 96;
  return part.charCodeAt(0) - 64;
}

/** The last top-level numbers seen, so that list items, footnotes and initials are not taken for headings. */
export interface Numbering {
  arabic: number;
  roman: number;
  /** Letter sections: REVTeX's subsections under a roman section, or appendices. */
  letter: number;
}

/** A fresh counter set, before the first heading. */
export function newNumbering(): Numbering {
  return { arabic: 0, roman: 0, letter: 0 };
}

/**
 * Section numbers go up one at a time; a subsection belongs to the current section. Letters go up
 * too, by a few at most (a bibliography's initials `M. Dominik.` jump), and may start again at `A` (appendices after
 * REVTeX's lettered subsections). Supplement and appendix numbers follow no counter of the body.
 */
export function inSequence(n: SectionNumber, seq: Numbering): boolean {
  if (n.kind === 'supplement' || n.kind === 'appendix') return true;
  const top = partValue(n.parts[0]!, n.kind);
  if (top <= 0) return false;
  if (n.kind === 'letter') {
    // A missed subsection may leave a gap of a few letters; an initial (`M.`) jumps further.
    if (n.parts.length === 1) return top === 1 || (top > seq.letter && top <= seq.letter + 4);
    // A fused number (`B1`) is also a designation (a receptor `H2`, a cell `A1`): it numbers a
    // subsection only under its lettered section, once that is known.
    if (FUSED.test(n.num)) return top === seq.letter;
    return seq.letter === 0 || top === seq.letter;
  }
  const last = n.kind === 'roman' ? seq.roman : seq.arabic;
  // The first section introduces the paper: `1. Introduction` opens the numbering whatever was taken
  // for a number before it (an affiliation's mark `1 Institute` in the front matter).
  if (n.parts.length === 1 && top === 1 && INTRODUCTION.test(n.rest.replace(/[.:]$/, ''))) return true;
  // hd26: a division word (`Chapter 4`) may open the numbering anywhere: a thesis's chapters printed on their own.
  if (n.parts.length === 1) return top === last + 1 || (last === 0 && (top <= 2 || n.word !== ''));
  return last === 0 || top === last;
}

/**
 * A lettered or roman number continues a section already accepted (`J.4` once `Appendix J` or `J.`
 * is known). Initials in body type look like such numbers (`J.R. Tolkien. The…`), so a run-in head
 * told by its text alone needs this; an arabic number needs no more than {@link inSequence}.
 */
export function withinKnownSection(n: SectionNumber, seq: Numbering): boolean {
  if (n.kind === 'letter') return seq.letter > 0 && partValue(n.parts[0]!, 'letter') === seq.letter;
  if (n.kind === 'roman') return seq.roman > 0 && partValue(n.parts[0]!, 'roman') === seq.roman;
  return true;
}

/** The counter a number continues: `Appendix E` counts with the letters (its subsections are `E.1`). */
function counter(n: SectionNumber): SectionNumber['kind'] {
  return n.kind === 'appendix' && /^[A-Z]$/.test(n.parts[0]!) ? 'letter' : n.kind;
}

/** Record a heading's number once it has been accepted. */
export function advance(n: SectionNumber | null, seq: Numbering): void {
  if (!n) return;
  // `Appendix E` opens the lettered section `E`: its subsections (`E.1`) continue it.
  if (counter(n) === 'letter') seq.letter = partValue(n.parts[0]!, 'letter');
  if (n.kind === 'arabic') seq.arabic = partValue(n.parts[0]!, 'arabic');
  // Under roman sections (REVTeX) letters are subsections and arabic numbers sub-subsections: they
  // restart in each section and subsection.
  else if (seq.roman > 0 || n.kind === 'roman') {
    if (n.kind === 'roman') {
      seq.roman = partValue(n.parts[0]!, 'roman');
      seq.letter = 0;
    }
    seq.arabic = 0;
  }
}

/**
 * The number comes right after `last` in an outline: its first child (`3.B` → `3.B.1`), its next
 * sibling (`3.B.1` → `3.B.2`) or the next sibling of an ancestor (`3.B.2` → `3.C`, `4`). Such a
 * line is vouched for by the heading before it, even when little else sets it apart.
 */
export function isSuccessor(n: SectionNumber, last: SectionNumber | null): boolean {
  if (!last || counter(n) !== counter(last)) return false;
  const a = last.parts;
  const b = n.parts;
  const value = (p: string, i: number) =>
    partValue(p, i === 0 ? n.kind : /^\d/.test(p) ? 'arabic' : 'letter');
  const sameFrom = (k: number) => a.slice(0, k).every((p, i) => p === b[i]);
  if (b.length === a.length + 1 && sameFrom(a.length)) return value(b[b.length - 1]!, b.length - 1) === 1;
  if (b.length > a.length || !sameFrom(b.length - 1)) return false;
  const i = b.length - 1;
  return value(b[i]!, i) === value(a[i]!, i) + 1 && /^\d/.test(b[i]!) === /^\d/.test(a[i]!);
}

/**
 * Markdown level of a numbered heading: `#` is the title, so depth 1 is `##`. A letter under a
 * roman section (REVTeX's `II.` then `A.`) is one deeper; so is an arabic part under a letter there.
 */
export function headingDepth(n: SectionNumber, sawRoman: boolean): number {
  const extra =
    !sawRoman || n.parts.length > 1 || n.word ? 0 : n.kind === 'letter' ? 1 : n.kind === 'arabic' ? 2 : 0;
  return Math.min(6, 1 + n.parts.length + extra);
}

/**
 * A four-digit number standing alone (a year): a numbered line with one is a reference entry or a
 * dated list item, not a heading. Longer digit strings are designations (`HD 144548`, a catalogue
 * star in a section title), which headings do carry. hd17a: a line set like the headings already
 * accepted at its depth (size and a face other than the body's) is a heading even when its title
 * names years (`4.2 Dynamics of forest-cover in Madagascar from 1953 to 2014`): a reference entry
 * or a dated item is set in the body's or the notes' type.
 */
export function hasYear(text: string): boolean {
  // A year stands as a word of its own: `CSB1825` (letters fused on) is a designation too.
  return /(?<![\p{L}\d])\d{4}(?!\d)/u.test(text);
}

/**
 * A dotless single letter (`A CNN model should…`) on a line in body type is the article or an
 * initial that starts a sentence (the first line of a section's text sits spaced under its head):
 * only a line set apart (bold, larger, another face) numbers an appendix so (`A Proofs`).
 */
export function articleNotLetter(n: SectionNumber | null, setApart: boolean): boolean {
  return n !== null && n.kind === 'letter' && n.parts.length === 1 && n.closer === '' && !n.word && !setApart;
}

/**
 * hd18: a dotless single letter before a word in lower case is the article, in any type: an
 * appendix's title starts with a capital (`A Proofs`), a bold `A remark on Lebesgue consistency`
 * is an unnumbered head.
 */
export function articleBeforeWord(n: SectionNumber | null): boolean {
  return (
    n !== null &&
    n.kind === 'letter' &&
    n.parts.length === 1 &&
    n.closer === '' &&
    !n.word &&
    /^\p{Ll}{2}/u.test(n.rest)
  );
}
