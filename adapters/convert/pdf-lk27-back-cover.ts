/**
 * A report's back cover (session 26, helper "lk27", issue #30). Report series (Inria's research
 * reports, many institutes' technical reports) close with a back cover that prints the publisher's
 * record again in small type: the research centre and its address, the publisher, the ISSN. The
 * same address block stands at the foot of an opening page (the page after the cover). Neither is
 * the text: after the reference list they would be read as its last entries, and the opening page's
 * block as a footnote.
 *
 * Told by layout and repetition, in any language: the last page holds a few lines only, all in type
 * smaller than the text's, none of them prose, and two or more of them repeat lines of one of the
 * first pages word for word. Then the whole last page is front matter, and so are those repeated
 * lines on the opening page.
 */
import type { Segment } from './pdf-layout.ts';

/** At most this many lines on a back cover. */
const MAX_LINES = 16;

/** At most this many words on each (an address, a name, a number; never a paragraph's line). */
const MAX_WORDS = 10;

/** The opening pages looked at for the repeated lines. */
const OPENING_PAGES = 4;

/** A repeated line is long enough not to be a common word (`Publisher`). */
const MIN_CHARS = 8;

/**
 * The back cover's lines and their first prints on an opening page: `front`, one line a group, the
 * first prints and the back cover's other lines; `repeats`, the back cover's reprints of those lines,
 * left out of the text without being named twice.
 */
export function backCoverLines(
  pages: readonly Segment[][],
  taken: ReadonlySet<Segment>,
  body: number,
): { front: Segment[][]; repeats: Segment[] } {
  const none = { front: [], repeats: [] };
  if (pages.length < OPENING_PAGES + 2) return none;
  const last = pages[pages.length - 1] ?? [];
  if (
    !last.length ||
    last.length > MAX_LINES ||
    last.some((s) => s.size > body - 0.5 || s.text.trim().split(/\s+/).length > MAX_WORDS)
  )
    return none;
  const texts = new Set(last.map((s) => s.text.trim()).filter((t) => t.length >= MIN_CHARS));
  for (const page of pages.slice(0, OPENING_PAGES)) {
    const firsts = page.filter((s) => texts.has(s.text.trim()));
    if (firsts.length < 2) continue;
    const printed = new Set(firsts.map((s) => s.text.trim()));
    const repeats = last.filter((s) => printed.has(s.text.trim()));
    const front = [...firsts, ...last.filter((s) => !printed.has(s.text.trim()))];
    return { front: front.filter((s) => !taken.has(s)).map((s) => [s]), repeats };
  }
  return none;
}
