/**
 * The record lines of a document that opens with a title page (session 28, helper "fm29", issue #30).
 *
 * A white paper, a specification or a report may give page 1 to its title block alone (title,
 * author, the issuing body, a revision line) and print on page 2 what an article prints at the foot
 * of its first page: a "how to cite" block (`Reference Format:` and the citation under it) and the
 * copyright, licence and trademark notices in small print at the page's foot, under the abstract
 * and keywords. Page 2 is then the document's own first page, and those blocks are front matter as
 * they are on an article's first page (pdf-front-furniture.ts's `wholeFrontBlocks`, which looks at
 * page 2 only after a cover that repeats the title). The rules go by layout (a page that holds only
 * the title and front matter; small print with nothing of body size below it) and by the closed
 * class of metadata lines pdf-front.ts knows, so they hold in any language it knows.
 * Version lines (pdf-fm29-version-lines.ts) are front matter on page 1 and on that page 2.
 */
import type { Segment } from './pdf-layout.ts';
import { atFoot, blockAround, CITATION_LABEL, unmarked } from './pdf-front-furniture.ts';
import { isFrontMeta } from './pdf-front.ts';
import { versionLines } from './pdf-fm29-version-lines.ts';

/**
 * Notices a document's first pages print that pdf-front.ts's metadata patterns miss: a licence
 * stated by its verb (`Distributed under the Creative Commons …`, `Released under the MIT License`)
 * and a trademark notice (`seL4 is a trademark of …`), in English, French, German, Spanish,
 * Portuguese and Italian. Closed formulas: body prose does not state its own licence or marks.
 */
const NOTICE = new RegExp(
  [
    '^(?:(?:this|the)\\s+(?:\\p{L}+\\s+){0,2}(?:is|are)\\s+)?(?:distributed|released|made\\s+available|provided|published)\\s+under\\s+(?:the\\s+)?(?:terms\\s+of\\s+(?:the\\s+)?)?(?:.{0,100}\\blicen[cs]e|(?:creative\\s+commons|cc[- ]by|gnu|mit|apache|bsd)\\b)',
    '^(?:(?:distribué|diffusé|publié)e?s?\\s+sous|veröffentlicht\\s+unter|distribuido\\s+bajo|distribuído\\s+sob|distribuito\\s+con)\\b.{0,60}\\blicen[cz]',
    '\\b(?:is|are)\\s+(?:a\\s+)?(?:registered\\s+)?trade\\s?marks?\\s+(?:of|owned\\s+by)\\b',
    '\\b(?:all\\s+)?(?:other\\s+)?trade\\s?marks\\s+(?:are|remain)\\s+(?:the\\s+)?property\\s+of\\b',
    '\\b(?:marques?\\s+déposées?|eingetragene[ns]?\\s+(?:marke|warenzeichen)|marcas?\\s+registradas?|marchio\\s+registrato)\\b',
  ].join('|'),
  'iu',
);

/** A notice line of that kind (short: a sentence of the text that mentions a trademark runs longer). */
export function isNoticeLine(text: string): boolean {
  const t = unmarked(text);
  return t.length <= 200 && NOTICE.test(t);
}

/** A citation block runs a few lines. */
const MAX_CITATION_LINES = 8;

/**
 * Groups to add to the front block: page 1's version and notice lines, and when page 1 holds nothing
 * but the title and front matter, page 2's version lines, citation block and small-print foot box.
 */
export function titlePageRecords(
  pages: readonly Segment[][],
  titleSegs: readonly Segment[],
  front: readonly Segment[][],
  body: number,
): Segment[][] {
  const first = pages[0] ?? [];
  const title = new Set(titleSegs);
  const taken = new Set([...front.flat(), ...titleSegs]);
  const out: Segment[][] = [];
  const add = (block: readonly Segment[]) => {
    const rest = block.filter((s) => !taken.has(s));
    if (!rest.length) return;
    out.push(rest);
    for (const s of rest) taken.add(s);
  };
  for (const block of versionLines(first, taken)) add(block);
  // Page 1's notices: in small print at the foot with the rest of their box, else the line alone.
  for (const [i, s] of first.entries()) {
    if (taken.has(s) || !isNoticeLine(s.text)) continue;
    const box = s.size <= body - 0.5 ? blockAround(first, i, 1.5, true) : [];
    add(box.length && atFoot(first, box, body) ? box : [s]);
  }
  // Page 1 is a title page: every line of it is the title's or the front block's.
  const titlePage = titleSegs.length > 0 && titleSegs.every((s) => s.page === first[0]?.page);
  if (!titlePage || pages.length < 3 || !first.every((s) => title.has(s) || taken.has(s))) return out;
  const page = pages[1] ?? [];
  for (const block of versionLines(page, taken)) add(block);
  for (let i = 0; i < page.length; i++) {
    const s = page[i]!;
    if (taken.has(s)) continue;
    if (CITATION_LABEL.test(unmarked(s.text))) {
      // The label and the citation it heads, in one size and column.
      const block = blockAround(page, i, 0.6, false).slice(0, MAX_CITATION_LINES);
      if (block.length >= 2) add(block);
      continue;
    }
    // A notice in small print at the page's foot, with the rest of its box.
    if (s.size <= body - 0.5 && (isFrontMeta(s.text) || isNoticeLine(s.text))) {
      const block = blockAround(page, i, 1.5, true);
      if (atFoot(page, block, body)) add(block);
    }
  }
  return out;
}
