/**
 * A page that holds a licence notice and nothing else (session 24, helper "lk25", issue #30). A
 * thesis or report may give its Creative Commons notice a page of its own among the preliminaries,
 * after the title page and even after the contents lists (an Italian thesis's `Quest’opera è
 * distribuita con licenza Creative Commons …` on the page after its list of listings), where the
 * title-page and preliminary-page rules no longer look. A notice alone on its page is furniture
 * wherever it stands: a page of at most a few short lines that names a Creative Commons licence,
 * with a word for licence in one of several languages, none of them a float's caption.
 */
import type { Segment } from './pdf-layout.ts';
import { FLOAT_CAPTION } from './pdf-lk24-front-leaks.ts'; // a photo's credit names its licence too

/** A Creative Commons licence by name or by its code (`CC BY-SA 4.0`). */
const CREATIVE_COMMONS = /creative\s+commons|\bcc[- ]by\b/i;

/** The word for a licence or for licensing, in the languages papers and theses are written in. */
const LICENCE_WORD = /licen[cs]|licenza|licencia|lizenz|licença|licentie|licencja|лиценз/iu;

/** A page number printed on the page (arabic or roman). */
const PAGE_NUMBER = /^(?:\d{1,4}|[ivxlc]{1,7})$/i;

/** A notice page has this many lines at most, and this many characters. */
const MAX_LINES = 4;
const MAX_CHARS = 400;

/** The lines of each page after the first that are a licence notice alone, one group each. */
export function licencePages(pages: readonly Segment[][], taken: ReadonlySet<Segment>): Segment[][] {
  const out: Segment[][] = [];
  for (const page of pages.slice(1)) {
    const segs = page.filter((s) => !taken.has(s) && !PAGE_NUMBER.test(s.text.trim()));
    if (!segs.length || segs.length > MAX_LINES) continue;
    const text = segs.map((s) => s.text.trim()).join(' ');
    if (text.length > MAX_CHARS || !CREATIVE_COMMONS.test(text) || !LICENCE_WORD.test(text)) continue;
    if (segs.some((s) => FLOAT_CAPTION.test(s.text.trim()))) continue;
    out.push(segs);
  }
  return out;
}
