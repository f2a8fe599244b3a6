/**
 * A document's version or revision line (session 28, helper "fm29", issue #30).
 *
 * Specifications, white papers, manuals and reports print their edition as a line of its own on the
 * title page or at the foot of page 1: `Version 1.0`, `Version 20211102174100.`, `Revision 1.4 of
 * 2025-01-08`, `Rev. 3, 12 May 2020`, `Versión 2.1`, `Fassung 3 vom 1. März 2021`. It is a record of
 * the document, as its date or report number is, never a sentence of its text: the whole line is the
 * word for "version" or "revision" (in the languages papers here come in), a version number, and
 * at most a date. On page 1 (and on the page after a title page that carries no body) such a line
 * is front matter. A version line later in the text (a changelog's `Version 1.0`) is left alone.
 */
import type { Segment } from './pdf-layout.ts';

/** The word for an edition, in English, French, German, Spanish, Portuguese, Italian, Dutch, Polish. */
const WORD =
  '(?:version|revision|rev\\.?|release|draft\\s+version|versi[oó]n|vers[aã]o|versione|versie|wersja|r[ée]vision|revisi[oó]n|revis[aã]o|revisione|fassung|ausgabe)';

/** A version number (`1`, `1.4`, `2.0.3-rc1`, `20211102174100`, `v2`). */
const NUMBER = '[vV]?\\d[\\w.-]*';

/** What may follow: a date after `of`, `from`, `dated`, a comma or a dash, or a bracketed date. */
const DATE_TAIL =
  '(?:\\s*(?:,|[–—-]|\\bof\\b|\\bfrom\\b|\\bdated\\b|\\bdu\\b|\\bvom\\b|\\bdel\\b|\\bde\\b|\\bvan\\b|\\bz\\s+dnia\\b)?\\s*\\(?[\\p{L}\\d .,/-]{0,24}\\d{2,4}\\)?)?';

const VERSION_LINE = new RegExp(`^${WORD}\\s*(?:no\\.?\\s*)?:?\\s*${NUMBER}${DATE_TAIL}\\s*\\.?$`, 'iu');

/** A line that is a document's version or revision and at most its date. */
export function isVersionLine(text: string): boolean {
  const t = text.trim();
  return t.length <= 60 && VERSION_LINE.test(t);
}

/** The version lines of `page` that nothing has taken yet, one group each. */
export function versionLines(page: readonly Segment[], taken: ReadonlySet<Segment>): Segment[][] {
  return page.filter((s) => !taken.has(s) && isVersionLine(s.text)).map((s) => [s]);
}
