/**
 * A book chapter's or a thesis chapter's label set alone above its title (session 14, helper
 * "lk14b", issue #30): `Chapter 1`, `CHAPTER IV`, `Part II`, `Lecture 3`, `Hoofdstuk 2`. Book classes
 * (Springer's svmult, memoir, report, most university templates) print it in large type right above
 * the chapter's title, so the topmost large line of the page is the label, never the title. The
 * words are a closed class (the name of a book's division in a few languages) and the number one
 * numeral, so the rule holds for any publisher's layout.
 */

/** A division's name and its numeral (arabic, roman, a letter or a number word), and nothing else. */
const CHAPTER_LABEL =
  /^(?:chapter|chapitre|kapitel|cap[ií]tulo|capitolo|hoofdstuk|rozdział|part|partie|teil|lecture|appendix|anhang|annexe)\s+(?:\d{1,3}|[ivxlc]{1,7}|[a-z]|one|two|three|four|five|six|seven|eight|nine|ten)\.?$/i;

/** A line that is only a chapter's label (`Chapter 1`): it names the division, it is no title. */
export function isChapterLabel(text: string): boolean {
  return CHAPTER_LABEL.test(text.trim());
}
