/** Text clean-up shared by the converters: Unicode normalisation, ligatures, de-hyphenation. */

const SPACING_ACCENTS: Record<string, string> = {
  '\u02C7': '\u030C', // caron
  '\u00B4': '\u0301', // acute
  '\u00A8': '\u0308', // diaeresis
  '`': '\u0300',
  '\u02C6': '\u0302', // circumflex
  '\u02DC': '\u0303', // tilde
  '\u00B8': '\u0327', // cedilla
  '\u02D8': '\u0306', // breve
  '\u02D9': '\u0307', // dot above
  '\u02DA': '\u030A', // ring above
};
const ACCENT_BEFORE_LETTER = /([\u02C7\u00B4\u00A8\u02C6\u02DC\u00B8\u02D8\u02D9\u02DA])([A-Za-z\u0131])/g;
const LETTER_BEFORE_ACCENT = /([A-Za-z\u0131])([\u02C7\u00B4\u00A8\u02C6\u02DC\u02D8\u02D9\u02DA])(?=[a-z])/g;

/** Tab, line breaks and printable ASCII but the backtick (a TeX grave accent): normalizeText keeps these as they are. */
const PLAIN_ASCII = /^[\t\n\r\x20-\x5F\x61-\x7E]*$/;

/**
 * Normalise text extracted from a PDF: ligatures (ﬁ → fi) and compatibility forms via NFKC, but
 * only character by character outside math alphanumerics, so `𝑥` and superscripts are left alone
 * where NFKC would change meaning (x² → x2). TeX's spacing accents (`Teˇsanovi´c`, how dvips
 * writes š and ć) are recombined with their letter.
 */
export function normalizeText(s: string): string {
  // Most lines are plain ASCII, which none of the steps below changes (the backtick aside).
  if (PLAIN_ASCII.test(s)) return s;
  let t = s.replace(/[\uFB00-\uFB06]/g, (c) => c.normalize('NFKC'));
  t = t.replace(/[\u00A0\u2000-\u200A\u202F\u205F\u3000]/g, ' ').replace(/[\u200B-\u200D\uFEFF\u00AD]/g, '');
  // Fullwidth forms and other compatibility letters outside math are safe under NFKC.
  t = t.replace(/[\uFF01-\uFF5E]/g, (c) => c.normalize('NFKC'));
  t = t.replace(
    ACCENT_BEFORE_LETTER,
    (_m, a: string, l: string) => (l === '\u0131' ? 'i' : l) + SPACING_ACCENTS[a],
  );
  t = t.replace(
    LETTER_BEFORE_ACCENT,
    (_m, l: string, a: string) => (l === '\u0131' ? 'i' : l) + SPACING_ACCENTS[a],
  );
  t = t.replace(/\u0131\u0308/g, 'ï');
  // eslint-disable-next-line no-control-regex
  t = t.replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFD]/g, '');
  return t.normalize('NFC');
}

/**
 * Join two consecutive lines of one paragraph, undoing a hyphen that TeX put at the line end
 * (`convo-` + `lution`). A hyphen before a capital or digit (`Navier-` + `Stokes`) is kept, but
 * for two lines set in capitals alone (a title or heading in caps: `MODEL COM-` + `PLEXITY`, tt21),
 * where a word breaks as it does in lower case.
 */
export function joinLines(prev: string, next: string): string {
  if (/[a-z]-$/.test(prev) && /^[a-z]/.test(next)) {
    hyphenJoins?.(prev, next);
    return prev.slice(0, -1) + next;
  }
  if (/[A-Z]{2}-$/.test(prev) && /^[A-Z]{2}/.test(next) && !/\p{Ll}/u.test(prev + next))
    return prev.slice(0, -1) + next;
  if (/[-/–]$/.test(prev)) return prev + next;
  return `${prev} ${next}`;
}

/** tt24: told of each line-end hyphen joinLines drops (pdf-tt24-printed-hyphens.ts), while set. */
let hyphenJoins: ((prev: string, next: string) => void) | null = null;

/** Run `fn` with `joins` told of each line-end hyphen joinLines drops meanwhile. */
export function withHyphenJoins<T>(joins: (prev: string, next: string) => void, fn: () => T): T {
  const outer = hyphenJoins;
  hyphenJoins = joins;
  try {
    return fn();
  } finally {
    hyphenJoins = outer;
  }
}

/** `text.split(/\s+/).length > max`, counted without building the pieces and stopping at max + 1. */
export function morePiecesThan(text: string, max: number): boolean {
  if (max < 1) return true;
  let pieces = 1;
  let inSpace = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    const space = c < 0x80 ? c === 0x20 || (c >= 0x09 && c <= 0x0d) : WHITESPACE.test(text[i]!);
    if (space && !inSpace && ++pieces > max) return true;
    inSpace = space;
  }
  return false;
}

const WHITESPACE = /\s/;

/** Collapse runs of whitespace (newlines included) and trim. */
export function squash(s: string): string {
  return s.replace(/\s+/g, ' ').trim();
}
