/**
 * Whether a PDF's extracted text is a usable text layer or needs OCR. Type 3 bitmap fonts without
 * ToUnicode (the corpus's 0706.3971) come out as punctuation soup, 6% letters; scans come out
 * empty; a font whose glyphs map to the wrong letters comes out as letter soup with no common
 * words. Real pages dense with formulas and tables hold as few as 45% letters, so the letter bar
 * sits well below that.
 *
 * Common words are only asked of text in the Latin script, in the languages arXiv papers are written
 * in: a paper in Russian or Chinese has none of them, and one in Vietnamese has its own. Text in
 * another script must instead keep to that script (garbled glyph codes read as Unicode scatter over
 * several scripts).
 */
const MIN_VISIBLE_PER_PAGE = 100;
const MIN_LETTER_SHARE = 0.25;
const MIN_WORDS_TO_JUDGE = 200;
const MIN_COMMON_SHARE = 0.02;
const MIN_OWN_SCRIPT_SHARE = 0.6;

/** Null for a usable text layer, else what is wrong, for the CONVERT_NO_TEXT message. */
export function textLayerProblem(text: string, pageCount: number): string | null {
  const { visible, letters, latin, scripts } = countVisible(text);
  const perPage = visible / Math.max(1, pageCount);
  const problem = `${Math.round(perPage)} characters per page, ${Math.round((100 * letters) / Math.max(1, visible))}% letters`;
  if (perPage < MIN_VISIBLE_PER_PAGE || letters / Math.max(1, visible) < MIN_LETTER_SHARE) return problem;
  if (latin >= letters / 2) {
    const { words, common } = countWords(text.toLowerCase());
    return words < MIN_WORDS_TO_JUDGE || common / words >= MIN_COMMON_SHARE
      ? null
      : `${problem}, almost no common words`;
  }
  const own = Math.max(...scripts.values());
  return own >= MIN_OWN_SCRIPT_SHARE * letters ? null : `${problem}, in no one script`;
}

// The counts below walk the whole document's text once each: matching every letter and word with
// a global pattern built arrays as long as the text.

const SPACE = /^\s$/;
const LETTER = /^\p{L}$/u;
const LATIN = /^\p{Script=Latin}$/u;
/** Scripts a paper is written in; Han, kana and Hangul count as one (Japanese mixes them). */
const SCRIPTS: readonly (readonly [string, RegExp])[] = [
  ['cyrillic', /^\p{Script=Cyrillic}$/u],
  ['greek', /^\p{Script=Greek}$/u],
  ['cjk', /^[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]$/u],
  ['arabic', /^\p{Script=Arabic}$/u],
  ['hebrew', /^\p{Script=Hebrew}$/u],
  ['devanagari', /^\p{Script=Devanagari}$/u],
  ['thai', /^\p{Script=Thai}$/u],
];

/** UTF-16 units outside `\s`, letters (code points), Latin letters, and letters per other script. */
function countVisible(text: string): {
  visible: number;
  letters: number;
  latin: number;
  scripts: Map<string, number>;
} {
  let visible = 0;
  let letters = 0;
  let latin = 0;
  const scripts = new Map<string, number>([['other', 0]]);
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80) {
      if (c === 0x20 || (c >= 0x09 && c <= 0x0d)) continue;
      visible++;
      if ((c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a)) {
        letters++;
        latin++;
      }
      continue;
    }
    const ch = String.fromCodePoint(text.codePointAt(i)!);
    i += ch.length - 1;
    if (SPACE.test(ch)) continue;
    visible += ch.length;
    if (!LETTER.test(ch)) continue;
    letters++;
    if (LATIN.test(ch)) latin++;
    else {
      const script = SCRIPTS.find(([, re]) => re.test(ch))?.[0] ?? 'other';
      scripts.set(script, (scripts.get(script) ?? 0) + 1);
    }
  }
  return { visible, letters, latin, scripts };
}

/** Runs of letters in lower-cased `text`, and how many are {@link COMMON_WORDS}. */
function countWords(lower: string): { words: number; common: number } {
  let words = 0;
  let common = 0;
  let start = -1;
  for (let i = 0; i <= lower.length; i++) {
    let letter = false;
    let units = 1;
    if (i < lower.length) {
      const c = lower.charCodeAt(i);
      if (c < 0x80) letter = c >= 0x61 && c <= 0x7a;
      else {
        const ch = String.fromCodePoint(lower.codePointAt(i)!);
        units = ch.length;
        letter = LETTER.test(ch);
      }
    }
    if (letter && start < 0) start = i;
    if (!letter && start >= 0) {
      words++;
      if (i - start <= MAX_COMMON && COMMON_WORDS.has(lower.slice(start, i))) common++;
      start = -1;
    }
    i += units - 1;
  }
  return { words, common };
}

/** The most frequent short words of the Latin-script languages papers are written in. */
const COMMON_WORDS = new Set([
  // English
  'the',
  'of',
  'and',
  'a',
  'in',
  'to',
  'is',
  'for',
  'we',
  'that',
  'with',
  'on',
  'are',
  'by',
  'as',
  'this',
  'be',
  // French, Spanish, Portuguese, Italian
  'de',
  'la',
  'et',
  'le',
  'les',
  'des',
  'el',
  'en',
  'que',
  'los',
  'do',
  'da',
  'em',
  'di',
  'il',
  'che',
  'per',
  // German, Dutch
  'der',
  'die',
  'und',
  'het',
  'van',
  'een',
  // Polish, Czech, Turkish, Indonesian
  'na',
  'się',
  'nie',
  'jest',
  've',
  'bir',
  'dan',
  'yang',
  // Vietnamese
  'và',
  'của',
  'là',
  'các',
  'có',
  'được',
  'trong',
  'cho',
  'một',
  'những',
]);
const MAX_COMMON = Math.max(...[...COMMON_WORDS].map((w) => w.length));
