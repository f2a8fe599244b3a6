/**
 * Front matter that the first-page rules missed (session 23, helper "lk24", issue #30), each read by
 * how it is typeset, so it holds for any class and language:
 * - an author's e-mail address on a line of its own in the author block (`arxiv.sty` sets one under
 *   each author's affiliation, a white paper's `{ann, bob}@example.com` under the names): a contact,
 *   front matter as a contact note is, while an affiliation, which spans lines, stays with its author;
 * - an author's contact note that did not fit on page 1: a class that fills page 1 with the title
 *   block and a long abstract (AASTeX's preprint style) floats the `\thanks` note, mark and all, to
 *   the foot of page 2;
 * - a thesis's dedication or epigraph page among the preliminary pages: a few lines set alone low on
 *   the page (the class pushes them down with a fill), no heading, no section name.
 */
import { atFoot, BODY_START, CONTACT, frontMarks, noteLines } from './pdf-fm-notes.ts';
import type { Segment } from './pdf-layout.ts';
import { OPENER } from './pdf-lk13-section-names.ts';

/** Footnote symbols a note may open with (fonts map some of them to `*`). */
const NOTE_MARK = /^[∗*†‡§¶‖⋆♯]+/u;

/** What a contact line may open with: a footnote mark (a symbol, a letter or a number of one or two digits) and a label. */
const CONTACT_LEAD =
  /^(?:[∗*†‡§¶⋆]+|\d{1,2}(?=\s*\S+@)|[a-z]\))?\s*(?:e-?mails?(?:\s+address(?:es)?)?\s*:?)?/iu;

/** What a contact line may hold between its addresses: separators and brackets. */
const CONTACT_REST = /[\s,;·•|()<>[\]]/gu;

/** Every e-mail address (`{a, b}@host.org` lists included) and ORCID iD, with its label. */
const ADDRESSES =
  /\{[^{}]*\}@[\w-]+(?:\.[\w-]+)+|[\w.+-]+@[\w-]+(?:\.[\w-]+)+|(?:orcid(?:\s+id)?\s*:?\s*)?(?:https?:\/\/orcid\.org\/)?\b\d{4}[-−–]\d{4}[-−–]\d{4}[-−–]\d{3}[\dX]\b/giu;

/** A line that is e-mail addresses or ORCID iDs and nothing else (a label and marks aside). */
export function isContactOnly(text: string): boolean {
  const t = text.trim();
  return (
    CONTACT.test(t) && t.replace(CONTACT_LEAD, '').replace(ADDRESSES, '').replace(CONTACT_REST, '') === ''
  );
}

/** A line of running prose: body size, eight words or more, most of them in lower case. */
function isProse(s: Segment, body: number): boolean {
  const words = s.text.split(/\s+/);
  return (
    Math.abs(s.size - body) < 0.5 &&
    words.length >= 8 &&
    words.filter((w) => /^\p{Ll}/u.test(w)).length * 2 > words.length
  );
}

/**
 * Page 1's lines that are an author's e-mail addresses alone, set below the title's top and above
 * the text (the abstract's label, the introduction, or the first line of prose), one group each.
 */
export function authorContactLines(
  first: readonly Segment[],
  titleSegs: readonly Segment[],
  taken: ReadonlySet<Segment>,
  body: number,
): Segment[][] {
  if (!titleSegs.length) return [];
  const titleTop = Math.min(...titleSegs.map((s) => s.top));
  const text = first.filter((s) => BODY_START.test(s.text.trim()) || isProse(s, body));
  const bodyTop = Math.min(Infinity, ...text.map((s) => s.top));
  // A line that ends in a label (`…, OX1 3RH; email:`) wrapped its address onto the next: one note.
  return first
    .filter(
      (s, i) =>
        !taken.has(s) &&
        s.top > titleTop &&
        s.bottom <= bodyTop &&
        isContactOnly(s.text) &&
        !/:$/.test(first[i - 1]?.text.trim() ?? ''),
    )
    .map((s) => [s]);
}

/**
 * An author's contact note at the foot of page 2: small print opening with a symbol mark that page
 * 1's title or author block carries and that no line of page 1 opens with (the note did not fit
 * there), holding an e-mail address or ORCID iD, with the lines that continue it right below.
 */
export function deferredAuthorNotes(
  pages: readonly Segment[][],
  titleSegs: readonly Segment[],
  taken: ReadonlySet<Segment>,
  body: number,
): Segment[][] {
  const first = pages[0] ?? [];
  const second = pages[1] ?? [];
  if (!titleSegs.length || !second.length) return [];
  const marks = frontMarks(first, titleSegs);
  if (!marks.size) return [];
  const printed = new Set(first.map((s) => NOTE_MARK.exec(s.text.trim())?.[0]).filter(Boolean));
  const out: Segment[][] = [];
  for (let i = 0; i < second.length; i++) {
    const s = second[i]!;
    const mark = NOTE_MARK.exec(s.text.trim())?.[0];
    if (!mark || taken.has(s) || s.size > body - 0.5 || !marks.has(mark) || printed.has(mark)) continue;
    const note = noteLines(second, i, taken, (n) => NOTE_MARK.test(n.text.trim()));
    if (CONTACT.test(note.map((n) => n.text).join(' ')) && atFoot(second, note, body)) out.push(note);
    i += note.length - 1;
  }
  return out;
}

/** A contents line: dot leaders and a page number. */
const LEADERS = /(?:[.·…]\s*){3,}\d{1,4}$/;

/** A numbered chapter or section's heading: the text has begun (the preliminaries' own are unnumbered). */
const NUMBERED =
  /^(?:(?:chapter|kapitel|cap[íi]tulo|chapitre|capitolo|hoofdstuk)\s+\S+|\d{1,2}(?:\.\d{1,2})*\.?\s+\p{Lu})/iu;

/** Dedications and epigraphs stand among a thesis's first pages. */
const MAX_PAGES = 16;

/** At most this many lines and characters on a dedication or epigraph page. */
const MAX_LINES = 15;
const MAX_CHARS = 700;

/** Its first line below this share of the page's height: the class set it low, alone. */
const LOW = 0.4;

/** A float's caption, in the languages theses are written in: a figure page is the body's. */
export const FLOAT_CAPTION =
  /^(?:fig(?:ure|\.)?|table|tab\.|abb(?:ildung|\.)|tabelle|figura|tabla|tabela|tabella|tableau|scheme|chart|gráfico|grafico)\s*[\dIVX]/iu;

/** Lines this short on average are a figure's labels, not a dedication's or an epigraph's. */
const MIN_MEAN_LINE = 12;

/**
 * The dedication and epigraph pages of a thesis's preliminaries, one group per paragraph: after a
 * title page (page 1 wholly title and front matter, as `preliminaryPages` asks) and before the
 * first contents line, numbered heading or float caption (a figure page is the body's), a page of a few lines, none in heading type, none a section name, the first
 * set below 40 % of the page's height.
 */
export function setApartPages(
  pages: readonly Segment[][],
  heights: readonly number[],
  titleSegs: readonly Segment[],
  taken: ReadonlySet<Segment>,
  body: number,
): Segment[][] {
  const first = pages[0] ?? [];
  const title = new Set(titleSegs);
  if (pages.length < 3 || !first.length || !first.every((s) => title.has(s) || taken.has(s))) return [];
  const out: Segment[][] = [];
  for (let p = 1; p < Math.min(pages.length - 1, MAX_PAGES); p++) {
    const page = pages[p] ?? [];
    const ends = (s: Segment) =>
      LEADERS.test(s.text.trim()) ||
      FLOAT_CAPTION.test(s.text.trim()) ||
      (s.size > body + 0.5 && NUMBERED.test(s.text.trim()));
    if (page.some(ends)) break;
    const segs = page.filter((s) => !taken.has(s)).sort((a, b) => a.top - b.top || a.x0 - b.x0);
    if (!segs.length || segs.length < page.length || segs.length > MAX_LINES) continue;
    const chars = segs.reduce((n, s) => n + s.text.length, 0);
    const words = segs.flatMap((s) => s.text.split(/\s+/)).filter((w) => /\p{L}{2}/u.test(w));
    if (
      chars > MAX_CHARS ||
      chars < MIN_MEAN_LINE * segs.length ||
      words.length < 3 ||
      segs[0]!.top < LOW * (heights[p] ?? 792) ||
      segs.some((s) => s.size > body + 0.5 || OPENER.test(s.text.trim()))
    )
      continue;
    // Paragraphs: a gap wider than a line's height parts them (the epigraph and its source may not).
    let group: Segment[] = [];
    for (const s of segs) {
      const last = group[group.length - 1];
      if (last && s.top - last.bottom > s.size) {
        out.push(group);
        group = [];
      }
      group.push(s);
    }
    out.push(group);
  }
  return out;
}

/**
 * All three, each rule leaving alone what the ones before took: the groups to add to `front` (the
 * front block's groups so far) for the paper's pages (after any cover) and their heights.
 */
export function frontLeaks(
  pages: readonly Segment[][],
  heights: readonly number[],
  title: { segments: readonly Segment[] } | null,
  front: readonly Segment[][],
  body: number,
): Segment[][] {
  const titleSegs = title?.segments ?? [];
  const taken = new Set(front.flat());
  const contacts = authorContactLines(pages[0] ?? [], titleSegs, taken, body);
  for (const s of contacts.flat()) taken.add(s);
  const notes = deferredAuthorNotes(pages, titleSegs, taken, body);
  for (const s of notes.flat()) taken.add(s);
  return [...contacts, ...notes, ...setApartPages(pages, heights, titleSegs, taken, body)];
}
