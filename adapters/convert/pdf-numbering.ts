/**
 * Section numbers as a grammar rather than a list of forms: a number is parts joined by dots, each
 * part arabic (`2`), roman (`IV`) or a capital letter (`B`), mixed and nested to any depth (`2.A`,
 * `3.B.1`, `A.B.2`, `IV.C`), optionally behind a supplement prefix (`S2.1`).
 */

/** A heading's number, split into parts, and the text after it. */
export interface SectionNumber {
  /** As printed, without a trailing dot. */
  num: string;
  parts: string[];
  /** Kind of the first part: it decides which counter the number continues. */
  kind: 'arabic' | 'roman' | 'letter' | 'supplement';
  rest: string;
}

const PART = String.raw`(?:\d{1,2}|[IVX]{1,5}|[A-Z])`;
const NUMBER = new RegExp(String.raw`^((?:S(?=\d))?${PART}(?:\.${PART}){0,4})(\.?)\s+(\S.*)$`);

/**
 * The section number a line starts with, or null. A lone letter or roman numeral needs its dot
 * (`A.`, `IV.`) unless it is a letter A-H (appendices `A Dataset…`): `I think`, `X rays` are prose.
 */
export function parseSectionNumber(text: string): SectionNumber | null {
  const m = NUMBER.exec(text);
  if (!m) return null;
  const num = m[1]!;
  const parts = num.replace(/^S/, '').split('.');
  const first = parts[0]!;
  const kind = num.startsWith('S')
    ? 'supplement'
    : /^\d/.test(first)
      ? 'arabic'
      : /^[IVX]+$/.test(first) && (first.length > 1 || parts.length > 1 || m[2])
        ? 'roman'
        : 'letter';
  if (parts.length === 1 && kind !== 'arabic' && kind !== 'supplement' && !m[2] && !/^[A-H]$/.test(first))
    return null;
  return { num, parts, kind, rest: m[3]! };
}

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

/** The value of a top-level part (1 for `1`, `I` and `A`). */
export function partValue(part: string, kind: SectionNumber['kind']): number {
  if (kind === 'roman') return ROMAN.indexOf(part) + 1;
  if (/^\d+$/.test(part)) return Number(part);
  return part.charCodeAt(0) - 64;
}

/** The last top-level numbers seen, so that list items and footnotes are not taken for headings. */
export interface Numbering {
  arabic: number;
  roman: number;
}

/**
 * Section numbers go up one at a time; a subsection belongs to the current section. Letter and
 * supplement numbers (appendices, supplementary sections) follow no counter of the body.
 */
export function inSequence(n: SectionNumber, seq: Numbering): boolean {
  if (n.kind === 'letter' || n.kind === 'supplement') return true;
  const top = partValue(n.parts[0]!, n.kind);
  if (top <= 0) return false;
  const last = n.kind === 'roman' ? seq.roman : seq.arabic;
  if (n.parts.length === 1) return top === last + 1 || (last === 0 && top <= 2);
  return last === 0 || top === last;
}

/** Record a heading's number once it has been accepted. */
export function advance(n: SectionNumber | null, seq: Numbering): void {
  if (!n) return;
  if (n.kind === 'arabic') seq.arabic = partValue(n.parts[0]!, 'arabic');
  // Under roman sections (REVTeX) arabic numbers are sub-subsections: they restart in each subsection.
  else if (seq.roman > 0 || n.kind === 'roman') {
    if (n.kind === 'roman') seq.roman = partValue(n.parts[0]!, 'roman');
    seq.arabic = 0;
  }
}

/**
 * Markdown level of a numbered heading: `#` is the title, so depth 1 is `##`. A letter under a
 * roman section (REVTeX's `II.` then `A.`) is one deeper; so is an arabic part under a letter there.
 */
export function headingDepth(n: SectionNumber, sawRoman: boolean): number {
  const extra = !sawRoman || n.parts.length > 1 ? 0 : n.kind === 'letter' ? 1 : n.kind === 'arabic' ? 2 : 0;
  return Math.min(6, 1 + n.parts.length + extra);
}
