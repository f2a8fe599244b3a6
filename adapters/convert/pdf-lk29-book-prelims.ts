/**
 * A book's or thesis's first pages (session 28, helper "lk29", issue #30). Before the first chapter
 * or the contents a book or a thesis prints pages that carry no body: its title page, the copyright
 * page on the title page's back, a committee page. Two layouts the earlier rules did not know:
 * - **The title page after a page of metadata.** A thesis template may print its copyright line
 *   alone on page 1 (`Copyright 2023 …`) and the title page after it. The title is then found on
 *   page 2 (tb16), but the title-page rules read page 1: page 2's record (`BY`, the author, the
 *   degree formula, the university and year, the place, the committee) stood in the text, its
 *   short lines as headings. When every page before the title's is front matter already, the
 *   title's page is read as page 1 is: a title page with no line of prose is front matter whole.
 * - **The copyright page.** The first page after the title pages that is not front matter yet,
 *   when it prints a copyright line with a year (`Copyright © 2024 …`, `©2014–2026 …`) or the
 *   book's ISBN, no line in display type, no section name standing as a heading and no contents
 *   line, is the copyright page (the imprint: who typeset it, the licence, the candidate and
 *   supervisors of a thesis, where to find the sources). It is front matter whole, prose and all:
 *   its run-in labels (`License:`, `Acknowledgments:`) are no section heads.
 * Both go by the pages' order and layout, and by the copyright sign or word with a year or an ISBN,
 * so they hold for any language.
 */
import { isFrontMeta, isTitlePage } from './pdf-front.ts';
import type { Segment } from './pdf-layout.ts';
import { OPENER } from './pdf-lk13-section-names.ts';
import { titlePageDisplayLine } from './pdf-lk15b-display-lines.ts';
import { contentsPage, isProse, LEADERS } from './pdf-lk26-thesis-prelims.ts';

/**
 * A copyright line: the sign or the word opening it, and a year after them; or the book's number
 * (`ISBN 978-…`), which an imprint page prints in its stead.
 */
const COPYRIGHT_LINE =
  /^(?:©|\(c\)|copyright\b)[^\n]{0,40}?(?:19|20)\d\d\b|^ISBN(?:-1[03])?:?\s*(?:97[89])?[\d-]{9}/iu;

/** More lines than this on a page and it is no copyright page (a page of text). */
const MAX_LINES = 40;

/** The index of the page that holds the title, or -1. */
function titlePageIndex(pages: readonly Segment[][], titleSegs: readonly Segment[]): number {
  const first = titleSegs[0];
  return first ? pages.findIndex((p) => p.includes(first)) : -1;
}

/**
 * The title page after a page of metadata: its lines but the title, one group each, when every page
 * before it is front matter already and it holds no line of prose (as pdf-front.ts reads page 1).
 */
export function titlePageAfterMetadata(
  pages: readonly Segment[][],
  titleSegs: readonly Segment[],
  taken: ReadonlySet<Segment>,
  body: number,
): Segment[][] {
  const k = titlePageIndex(pages, titleSegs);
  if (k < 1 || pages.length <= k + 1) return [];
  if (!pages.slice(0, k).every((p) => p.every((s) => taken.has(s)))) return [];
  const page = pages[k]!;
  if (!isTitlePage(page)) return [];
  const display = titlePageDisplayLine(pages.slice(k), body);
  // Prose as pdf-front.ts tells it on a title page: a degree formula in lower case is a display line.
  const prose = page.some(
    (s) =>
      isProse(s, body) && !display(s) && !isFrontMeta(s.text.replace(/^\p{Ll}/u, (c) => c.toUpperCase())),
  );
  if (prose) return [];
  const title = new Set(titleSegs);
  return page.filter((s) => !title.has(s) && !taken.has(s)).map((s) => [s]);
}

/**
 * The copyright page: the first page not yet front matter after the title pages (page 1 among them),
 * before the contents, when it prints a copyright line with a year and neither display type, a
 * section name (a run-in label closed by a colon aside) nor a contents line. Its lines, one group per
 * paragraph (lines at their own leading and size).
 */
export function copyrightPage(
  pages: readonly Segment[][],
  titleSegs: readonly Segment[],
  taken: ReadonlySet<Segment>,
  body: number,
): Segment[][] {
  const title = new Set(titleSegs);
  const done = (s: Segment) => taken.has(s) || title.has(s);
  if (!titleSegs.length || !(pages[0] ?? []).length || !(pages[0] ?? []).every(done)) return [];
  const contents = contentsPage(pages);
  for (let p = 1; p < pages.length - 1 && (contents < 0 || p < contents); p++) {
    const left = (pages[p] ?? []).filter((s) => !done(s));
    if (!left.length) continue; // a blank verso, or a title page printed again
    if (
      left.length > MAX_LINES ||
      !left.some((s) => COPYRIGHT_LINE.test(s.text.trim())) ||
      left.some(
        (s) =>
          s.size > 1.15 * body ||
          LEADERS.test(s.text.trim()) ||
          (OPENER.test(s.text.trim()) && !/:$/.test(s.text.trim())),
      )
    )
      return [];
    const sorted = [...left].sort((a, b) => a.top - b.top || a.x0 - b.x0);
    const groups: Segment[][] = [];
    for (const s of sorted) {
      const g = groups[groups.length - 1];
      const last = g?.[g.length - 1];
      if (g && last && Math.abs(last.size - s.size) < 0.5 && s.top - last.bottom < 0.6 * s.size) g.push(s);
      else groups.push([s]);
    }
    return groups;
  }
  return [];
}

/** Both, the second counting what the first took: the groups to add to the front block. */
export function bookPrelims(
  pages: readonly Segment[][],
  titleSegs: readonly Segment[],
  taken: ReadonlySet<Segment>,
  body: number,
): Segment[][] {
  const titlePage = titlePageAfterMetadata(pages, titleSegs, taken, body);
  const now = titlePage.length ? new Set([...taken, ...titlePage.flat()]) : taken;
  return [...titlePage, ...copyrightPage(pages, titleSegs, now, body)];
}
