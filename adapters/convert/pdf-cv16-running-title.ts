/**
 * A title printed only as the running head. A plain `article` with `fancyhdr` and no `\maketitle`
 * prints its title nowhere but in the head of every page, page 1 included, which then opens with the
 * abstract's label or the first section. The running head is page furniture and dropped, so the
 * head's text of page 1 is kept aside here: when page 1 holds no title block, it is the title if
 * nearly every page prints it and it names no person, journal or institution (a running head
 * carries the title, the authors, or the venue).
 */
import type { Segment } from './pdf-layout.ts';
import { isAuthorLine, namesMetadataAuthors } from './pdf-authors.ts';
import { isFrontMeta, isInstitutionOrJournal, titleWords } from './pdf-front.ts';

/** The share of pages that must print a running head for it to be the document's own. */
const NEARLY_EVERY = 0.8;

/** A person's name as a running head sets it: two to four capitalised words or initials (`Danny Hermes`, `J. R. Smith`). */
const PERSON = /^(?:\p{Lu}[\p{Ll}'’-]+|\p{Lu}\.)(?:\s+(?:\p{Lu}[\p{Ll}'’-]+|\p{Lu}\.)){1,3}$/u;

/** A head's text compared across pages: lower case, page numbers as `#`. */
const key = (s: Segment) => s.text.trim().toLowerCase().replace(/\d+/g, '#').replace(/\s+/g, ' ');

/**
 * Page 1's top lines that `kept` (the pages after furniture was dropped) no longer holds and that
 * stand in the top band of nearly every page: its running heads, in reading order.
 */
export function firstPageHeads(
  raw: readonly Segment[][],
  kept: readonly Segment[][],
  heights: readonly number[],
): string[] {
  if (raw.length < 3) return [];
  const band = (s: Segment) => s.top < 0.12 * (heights[s.page] ?? 792);
  const left = new Set((kept[0] ?? []).map((s) => s.text.trim()));
  const heads = (raw[0] ?? []).filter((s) => band(s) && !left.has(s.text.trim()) && /\p{L}{3}/u.test(s.text));
  if (!heads.length) return [];
  const onPages = new Map<string, number>();
  for (const page of raw)
    for (const k of new Set(page.filter(band).map(key))) onPages.set(k, (onPages.get(k) ?? 0) + 1);
  return (
    heads
      .filter((s) => (onPages.get(key(s)) ?? 0) >= NEARLY_EVERY * raw.length)
      .sort((a, b) => a.top - b.top || a.x0 - b.x0)
      // A page number set in the head's line is no part of it.
      .map((s) => s.text.trim().replace(/^\d+\s+|\s+\d+$/g, ''))
  );
}

/**
 * The title from page 1's running heads when page 1 prints none of its own: the one head that is
 * no person's name, venue, institution or metadata line, and that holds the metadata title's words
 * when there is one. Null when none or more than one qualify (the layout alone cannot choose).
 */
export function runningTitle(
  heads: readonly string[],
  metaTitle: string | undefined,
  surnames: ReadonlySet<string>,
): { text: string; segments: Segment[] } | null {
  const fits = heads.filter(
    (t) =>
      t.split(/\s+/).length >= 2 &&
      !isAuthorLine(t) &&
      !PERSON.test(t) &&
      !namesMetadataAuthors(t, surnames) &&
      !isInstitutionOrJournal(t) &&
      !isFrontMeta(t) &&
      (!metaTitle || titleWords(metaTitle).every((w) => titleWords(t).includes(w))),
  );
  return fits.length === 1 ? { text: fits[0]!, segments: [] } : null;
}
