/**
 * A thesis's preliminary pages (session 13, helper "lk13", issue #30). After a title page that
 * carries no body (every line of it the title or front matter), the pages that follow up to the
 * first one with prose or a section name are front matter too: the copyright page, the committee's
 * approval page, whatever their type size. A page that prints the title again at its top (the
 * abstract page of many universities' templates) holds front matter from that title down to its
 * first section name or prose line: the author, the university and year, the advisor. The rules go
 * by page structure and the closed class of section names, so they hold for any university's layout.
 */
import { isFrontMeta, titleAgain } from './pdf-front.ts';
import type { Segment } from './pdf-layout.ts';
import { OPENER } from './pdf-lk13-section-names.ts';
import { noticeGroups } from './pdf-lk23-notices.ts';

/** A contents line: dot leaders and a page number. */
const LEADERS = /(?:[.·…]\s*){3,}\d{1,4}$/;

/**
 * A line of running prose: body size, six words or more, most of them in lower case, and no
 * metadata line (`Submitted in partial fulfilment of …` is set in lower case on a title page too).
 */
function isProseLine(s: Segment, body: number): boolean {
  const words = s.text.split(/\s+/);
  return (
    Math.abs(s.size - body) < 0.5 &&
    words.length >= 6 &&
    words.filter((w) => /^\p{Ll}/u.test(w)).length * 2 > words.length &&
    !isFrontMeta(s.text.replace(/^\p{Ll}/u, (c) => c.toUpperCase()))
  );
}

/** A line that ends the preliminary pages: a section name, prose, or a contents line. */
function opensBody(s: Segment, body: number): boolean {
  return OPENER.test(s.text.trim()) || isProseLine(s, body) || LEADERS.test(s.text.trim());
}

/** The body's measure: the 90th percentile of the widths of body-size lines on the first pages. */
function bodyMeasure(pages: readonly Segment[][], body: number): number {
  const widths = pages
    .slice(0, 3 * MAX_PAGES)
    .flat()
    .filter((s) => Math.abs(s.size - body) < 0.5)
    .map((s) => s.x1 - s.x0)
    .sort((a, b) => a - b);
  return widths[Math.floor(0.9 * (widths.length - 1))] ?? 0;
}

/** A line well short of the measure: a title page's centred line, never a line of running prose. */
function centredShort(s: Segment, measure: number): boolean {
  return !OPENER.test(s.text.trim()) && s.x1 - s.x0 < 0.75 * measure;
}

/**
 * lk14b: an approval or imprint page carries a formula sentence or two (`This thesis has been approved
 * by…`, `Dit proefschrift is goedgekeurd door…`) among short lines (the committee's roles and names),
 * and no section name or contents line: a page of body text has more prose than that, and a titled one
 * a section name. A structural test, so it holds for any university's wording and language.
 */
function formulaPage(segs: readonly Segment[], body: number, measure: number): boolean {
  const prose = segs.filter((s) => isProseLine(s, body)).length;
  // The short lines (roles, names, places) outnumber the formula's lines twice over. lk23: short ones
  // (a paragraph of names, `The team consists of A. B, C. D, …`, fills the measure).
  const short = segs.filter((s) => !isProseLine(s, body) && centredShort(s, measure)).length;
  return segs.length <= 20 && prose <= 3 && short >= Math.max(3, 2 * prose) && !namesSectionOrContents(segs);
}

/** A page that prints a section name or a contents line: the text has begun, whatever else it holds. */
const namesSectionOrContents = (segs: readonly Segment[]) =>
  segs.some((s) => OPENER.test(s.text.trim()) || LEADERS.test(s.text.trim()));

/** More lines than this on a page and it is no copyright or approval page (a list or a table). */
const MAX_LINES = 30;

/** Preliminary pages are looked for among the first pages only. */
const MAX_PAGES = 8;

/**
 * The preliminary pages' lines (one group each, for the front block) and the title printed again
 * (dropped), given the segments already written as title or front matter. Nothing unless page 1
 * is wholly title and front matter (a title page); after a cover page (`cover`) they start on page 3.
 */
export function preliminaryPages(
  pages: readonly Segment[][],
  titleSegs: readonly Segment[],
  taken: ReadonlySet<Segment>,
  body: number,
  cover: boolean,
): { groups: Segment[][]; repeatedTitle: Segment[] } {
  const out = { groups: [] as Segment[][], repeatedTitle: [] as Segment[] };
  const first = pages[0] ?? [];
  const title = new Set(titleSegs);
  if (
    pages.length < 3 ||
    !titleSegs.length ||
    !first.length ||
    !first.every((s) => title.has(s) || taken.has(s))
  )
    return out;
  const measure = bodyMeasure(pages, body);
  // After a cover page, page 2 is the cover logic's (pdf-front.ts); the preliminary pages follow it.
  for (let p = cover ? 2 : 1; p < Math.min(pages.length - 1, MAX_PAGES); p++) {
    const segs = (pages[p] ?? []).filter((s) => !taken.has(s));
    if (!segs.length) continue;
    const again = titleAgain(segs, titleSegs, body);
    if (again.length) {
      // The title again at the top: what is below it down to the first section name is front matter.
      const below = Math.max(...again.map((s) => s.bottom));
      // lk14b: a formal title page's centred lines (`Proefschrift`, the degree formula) open no body.
      const stop = segs.find((s) => s.top > below && opensBody(s, body) && !centredShort(s, measure));
      // lk14b: no body below and no more lines than a title page holds: the title page printed in full.
      if (!stop && segs.length > MAX_LINES) return out;
      out.repeatedTitle.push(...again);
      // lk14b: a section name above the title (`Abstract`) is the page's heading, no front matter.
      const front = segs.filter(
        (s) => !again.includes(s) && (!stop || s.top < stop.top) && !OPENER.test(s.text.trim()),
      );
      out.groups.push(...front.map((s) => [s]));
      if (stop) return out;
      continue;
    }
    // lk23: a report's notice page (disclaimer, auspices, release statement) is front matter, prose and all.
    const notice = namesSectionOrContents(segs) ? null : noticeGroups(segs);
    if (notice) {
      out.groups.push(...notice);
      continue;
    }
    if (segs.length > MAX_LINES) return out;
    // lk13b: a colophon (the ISBN, printer, cover design, funding note) is set wholly below body size.
    const smallPrint = segs.every((s) => s.size < body - 0.5 && !OPENER.test(s.text.trim()));
    // lk13b: and a formal title page's prose (degree formula, date, committee) is set in centred short lines.
    if (
      !smallPrint &&
      !formulaPage(segs, body, measure) &&
      segs.some((s) => opensBody(s, body) && !centredShort(s, measure))
    )
      return out;
    out.groups.push(...segs.map((s) => [s]));
  }
  return out;
}
