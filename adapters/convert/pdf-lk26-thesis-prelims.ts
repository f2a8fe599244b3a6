/**
 * What a thesis's preliminary pages leave in the text (session 25, helper "lk26", issue #30), after
 * the title page and the rules of lk13 (`pdf-lk13-prelims.ts`) and lk24 (`pdf-lk24-front-leaks.ts`):
 * - **The abstract page's record.** Many universities (ProQuest's format: Berkeley's `ucbthesis`, and
 *   the MIT and Harvard templates) head the abstract page with the title page's record again: the
 *   title, `by`, the author, the degree, the university, the chair. lk13 takes it when the title is
 *   printed again word for word; an author who retitles the thesis on one page (a word added) leaves
 *   the record in the text. The run of centred short lines next to the abstract's label, down to its
 *   first line of prose (or up from the label to the page's top), is that record when two of its lines
 *   repeat lines of the title page: front matter, whatever its words.
 * - **A page of a few short lines before the contents.** A dedication (`For Mandie`) or what a
 *   copyright page holds besides its notice (`by` and the author's name) is too short for lk24's
 *   dedication rule, which wants three words to tell a dedication from a figure's labels. Before the
 *   table of contents there are no figures: on a page there, after a title page, up to three short
 *   lines in text type, not bold, no section name, no prose and none over lines already taken (a
 *   heading over a notice), are front matter.
 * Both go by layout and by repetition, so they hold for any university's wording and language.
 */
import type { Segment } from './pdf-layout.ts';
import { repeatedFrontLines } from './pdf-lk14a-front-fields.ts';
import { OPENER } from './pdf-lk13-section-names.ts';

/** The abstract's label, in the languages theses are written in. */
const ABSTRACT_LABEL =
  /^(?:abstract|summary|zusammenfassung|kurzfassung|résumé|resumen|resumo|riassunto|sammendrag|samenvatting|sammanfattning|tiivistelmä|streszczenie|özet)$/iu;

/** A contents page's heading, or one of its lines: dot leaders and a page number. */
const CONTENTS_HEAD =
  /^(?:(?:table\s+of\s+)?contents|inhalt(?:sverzeichnis)?|índice|indice|sommaire|table\s+des\s+matières|inhoudsopgave|innehåll|spis\s+treści|sumário|sumario)$/iu;
export const LEADERS = /(?:[.·…]\s*){3,}\d{1,4}$/;

/** Preliminary pages are looked for among the first pages only. */
const MAX_PAGES = 16;

/** A line of running prose: body size, six words or more, most of them in lower case. */
export function isProse(s: Segment, body: number): boolean {
  const words = s.text.trim().split(/\s+/);
  return (
    Math.abs(s.size - body) < 0.5 &&
    words.length >= 6 &&
    words.filter((w) => /^\p{Ll}/u.test(w)).length * 2 > words.length
  );
}

/** Page 1 is a title page: every line of it the title or front matter already. */
function titlePage(
  pages: readonly Segment[][],
  titleSegs: readonly Segment[],
  taken: ReadonlySet<Segment>,
): boolean {
  const title = new Set(titleSegs);
  const first = pages[0] ?? [];
  return pages.length >= 3 && first.length > 0 && first.every((s) => title.has(s) || taken.has(s));
}

/** The index of the first contents page among the first pages, or -1 (lk27's form rule reads it too). */
export function contentsPage(pages: readonly Segment[][]): number {
  for (let p = 1; p < Math.min(pages.length, MAX_PAGES); p++) {
    const segs = pages[p] ?? [];
    if (
      segs.some((s) => CONTENTS_HEAD.test(s.text.trim())) ||
      segs.filter((s) => LEADERS.test(s.text.trim())).length >= 3
    )
      return p;
  }
  return -1;
}

/** The text's left and right edges on a page: those of its body-size lines. */
function edges(page: readonly Segment[], body: number): { left: number; right: number } | null {
  const text = page.filter((s) => Math.abs(s.size - body) < 0.5);
  if (!text.length) return null;
  return { left: Math.min(...text.map((s) => s.x0)), right: Math.max(...text.map((s) => s.x1)) };
}

/**
 * The abstract page's record: the centred short lines next to its label (below it down to the first
 * prose line, or above it up to the page's top), when two of them repeat lines of the title page.
 * Lines that `repeatedFrontLines` drops anyway are left out, so the block names them once.
 */
export function abstractPageRecord(
  pages: readonly Segment[][],
  titleSegs: readonly Segment[],
  front: readonly Segment[][],
  body: number,
  skipped: readonly Segment[] = [],
): Segment[][] {
  const taken = new Set([...front.flat(), ...skipped]);
  if (!titlePage(pages, titleSegs, taken)) return [];
  const firstTexts = new Set((pages[0] ?? []).map((s) => s.text.trim()));
  const dropped = repeatedFrontLines(pages, front);
  const end = Math.min(pages.length - 1, MAX_PAGES);
  for (let p = 1; p < end; p++) {
    const page = [...(pages[p] ?? [])].sort((a, b) => a.top - b.top || a.x0 - b.x0);
    const at = page.findIndex((s) => ABSTRACT_LABEL.test(s.text.trim()));
    if (at < 0) continue;
    const edge = edges(page, body);
    if (!edge) return [];
    const mid = (edge.left + edge.right) / 2;
    const width = edge.right - edge.left;
    // A centred short line: a record's line, never one of a paragraph (which spans the measure).
    const centredShort = (s: Segment) =>
      s.x1 - s.x0 < 0.8 * width &&
      Math.abs((s.x0 + s.x1) / 2 - mid) <= 0.05 * width &&
      s.x0 - edge.left >= 2 * s.size &&
      !isProse(s, body) &&
      !OPENER.test(s.text.trim());
    const run: Segment[] = [];
    for (const s of page.slice(at + 1)) {
      if (!centredShort(s)) break;
      run.push(s);
    }
    // MIT's and Harvard's record stands above the label.
    const up: Segment[] = [];
    for (const s of page.slice(0, at).reverse()) {
      if (!centredShort(s)) break;
      up.push(s);
    }
    const record = [...up.reverse(), ...run];
    if (record.filter((s) => firstTexts.has(s.text.trim())).length < 2) return [];
    return record.filter((s) => !taken.has(s) && !dropped.has(s)).map((s) => [s]);
  }
  return [];
}

/** At most this many lines on a page of a dedication or a copyright page's leftovers. */
const MAX_SHORT_LINES = 3;

/** At most this many words on each of them. */
const MAX_WORDS = 10;

/**
 * The few short lines left on a page between the title page and the contents: a dedication, or the
 * `by` and the author's name of a copyright page, one group per page.
 */
export function shortPrelimPages(
  pages: readonly Segment[][],
  titleSegs: readonly Segment[],
  front: readonly Segment[][],
  body: number,
  skipped: readonly Segment[] = [],
): Segment[][] {
  const taken = new Set([...front.flat(), ...skipped, ...repeatedFrontLines(pages, front)]);
  if (!titlePage(pages, titleSegs, taken)) return [];
  const contents = contentsPage(pages);
  const out: Segment[][] = [];
  for (let p = 1; p < contents; p++) {
    const page = pages[p] ?? [];
    const left = page.filter((s) => !taken.has(s));
    // A line over lines already taken heads them (a report's `DISCLAIMER` over its notice): a heading.
    const heads = (s: Segment) => page.some((o) => taken.has(o) && o.top > s.bottom);
    if (
      !left.length ||
      left.length > MAX_SHORT_LINES ||
      left.some(
        (s) =>
          s.size > body + 0.5 ||
          s.bold === true ||
          heads(s) ||
          !/\p{L}{2}/u.test(s.text) ||
          s.text.trim().split(/\s+/).length > MAX_WORDS ||
          isProse(s, body) ||
          OPENER.test(s.text.trim()),
      )
    )
      continue;
    out.push([...left].sort((a, b) => a.top - b.top || a.x0 - b.x0));
  }
  return out;
}

/**
 * Both, the second leaving alone what the first took: the groups to add to the front block, given its
 * groups so far and the lines skipped otherwise (a title printed again).
 */
export function thesisPrelimLeftovers(
  pages: readonly Segment[][],
  titleSegs: readonly Segment[],
  front: readonly Segment[][],
  body: number,
  skipped: readonly Segment[] = [],
): Segment[][] {
  const record = abstractPageRecord(pages, titleSegs, front, body, skipped);
  // In page order, as the pages print them.
  return [...record, ...shortPrelimPages(pages, titleSegs, [...front, ...record], body, skipped)].sort(
    (a, b) => a[0]!.page - b[0]!.page || a[0]!.top - b[0]!.top,
  );
}
