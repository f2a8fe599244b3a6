/**
 * Notes of the title and of the author block (issue #30): a footnote whose mark the title or an
 * author's name carries (`…appearance models∗` over `∗The LaTeX sources of this article are on…`,
 * `Jane Doe†` over `†Now at …`) belongs to the front matter, like the title it annotates, in every
 * class (`\thanks`, `\footnote` in `\title`/`\author`). Only symbol marks tie a note to a name:
 * numbers mark affiliations and the body's own footnotes. A foot note of the title page that holds
 * an e-mail address, an ORCID iD or a correspondence line is an author's note whatever its mark
 * (session 16, fn16): the body's own footnotes do not carry contacts.
 */
import type { Segment } from './pdf-layout.ts';

/** Footnote symbols; fonts map some of them to `*`. */
const SYMBOL = '∗*†‡§¶‖⋆♯';
/**
 * Symbol marks after a word, a number or a comma, set close or a space apart (`models∗`, `Doe†,`,
 * `Lee1,∗`; REVTeX's `Caputo,1, ∗`, `Pav ∗` where `\thanks` follows a space).
 */
const WORD_MARKS = new RegExp(`(?<=[\\p{L}\\d,)]\\s?)[${SYMBOL}]+(?=[\\s,;]|$)`, 'gu');
/** An e-mail address or an ORCID iD: an affiliation or contact line (pdf-front.ts) or a contact note. */
export const CONTACT =
  /[\w.+-]+@[\w-]+\.[\w.-]+|\{[\w.,\s-]+\}@|\b\d{4}[-−–]\d{4}[-−–]\d{4}[-−–]\d{3}[\dX]\b|orcid/i;
/** A note's contact: an e-mail address or ORCID iD (CONTACT), or the corresponding author's label. */
const NOTE_CONTACT = new RegExp(`${CONTACT.source}|\\bcorrespond(?:ence|ing\\s+author)\\b`, 'i');
/**
 * Where the text starts on page 1: the abstract's label or the introduction (a numbered line of
 * any other words may be an affiliation, `1. Department of …`).
 */
export const BODY_START = /^(?:a ?b ?s ?t ?r ?a ?c ?t\b|(?:1\.?|I\.)\s+introduction\b)/i;

/** The symbol marks (`∗`, `†`, `∗∗`) that the title and the lines between it and the abstract carry. */
export function frontMarks(page: readonly Segment[], titleSegs: readonly Segment[]): Set<string> {
  const titleBottom = Math.max(...titleSegs.map((s) => s.bottom));
  const start = Math.min(Infinity, ...page.filter((s) => BODY_START.test(s.text)).map((s) => s.top));
  const marks = new Set<string>();
  for (const s of page) {
    const inFront = titleSegs.includes(s) || (s.top >= titleBottom - 0.1 && s.bottom <= start);
    if (!inFront) continue;
    for (const m of s.text.matchAll(WORD_MARKS)) {
      marks.add(m[0]);
      // tt22: a name that carries two notes (`Verdoolaege∗†`) points to each (`∗ École …`, `† … Leuven`).
      for (const c of new Set(m[0])) marks.add(c);
    }
  }
  return marks;
}

/**
 * Page 1's notes that open with a mark of the title or of the author block, or that hold a contact
 * (NOTE_CONTACT) whatever their mark: the note's line in small print, below the title, with nothing
 * in body type below it in its column (a foot note), and the lines that continue it right below
 * (same size and column, no mark of their own).
 */
export function titleNotes(
  page: readonly Segment[],
  titleSegs: readonly Segment[],
  taken: ReadonlySet<Segment>,
  body: number,
): Segment[][] {
  if (!titleSegs.length) return [];
  const marks = frontMarks(page, titleSegs);
  const titleBottom = Math.max(...titleSegs.map((s) => s.bottom));
  const opens = (s: Segment) => {
    const m = new RegExp(`^[${SYMBOL}]+`, 'u').exec(s.text.trim());
    return m !== null && marks.has(m[0]) && /^\s*\p{L}/u.test(s.text.trim().slice(m[0].length));
  };
  const out: Segment[][] = [];
  for (let i = 0; i < page.length; i++) {
    const s = page[i]!;
    if (taken.has(s) || s.top < titleBottom || s.size > body - 0.5) continue;
    const ownMark = new RegExp(`^[${SYMBOL}\\d]`, 'u');
    const note = noteLines(
      page,
      i,
      taken,
      (n) => Math.abs(n.x0 - s.x0) > 2 * s.size || ownMark.test(n.text.trim()),
    );
    const front = opens(s) || NOTE_CONTACT.test(note.map((n) => n.text).join(' '));
    if (front && atFoot(page, note, body)) out.push(note);
    i += note.length - 1;
  }
  return out;
}

/**
 * A note from its first line `page[i]` down: the lines right under it in its size and leading, none
 * taken already, until `ends` says a line is not the note's (its own mark, another column).
 */
export function noteLines(
  page: readonly Segment[],
  i: number,
  taken: ReadonlySet<Segment>,
  ends: (n: Segment) => boolean,
): Segment[] {
  const s = page[i]!;
  const note = [s];
  for (let j = i + 1; j < page.length; j++) {
    const n = page[j]!;
    const last = note[note.length - 1]!;
    if (
      taken.has(n) ||
      Math.abs(n.size - s.size) > 0.3 ||
      n.top < last.bottom - 0.1 ||
      n.top - last.bottom > 0.6 * s.size ||
      ends(n)
    )
      break;
    note.push(n);
  }
  return note;
}

/** Nothing in body type stands below the note in its column: it is a foot note, not a line of text. */
export function atFoot(page: readonly Segment[], note: readonly Segment[], body: number): boolean {
  const x0 = Math.min(...note.map((s) => s.x0));
  const x1 = Math.max(...note.map((s) => s.x1));
  const bottom = Math.max(...note.map((s) => s.bottom));
  return !page.some((s) => Math.abs(s.size - body) < 0.5 && s.top > bottom && s.x0 < x1 && s.x1 > x0);
}

/**
 * The title without the symbol mark at its end when a front-matter note opens with that mark
 * (`… models∗` over `∗The LaTeX sources …`): the mark points at the note, it is not the title's.
 * A symbol no note takes stays (`… with A∗`).
 */
export function titleWithoutNoteMark(title: string, front: readonly Segment[][]): string {
  const m = new RegExp(`\\s*([${SYMBOL}]+)$`, 'u').exec(title);
  if (!m) return title;
  const opens = front.some((g) => g.some((s) => s.text.trim().startsWith(m[1]!)));
  return opens ? title.slice(0, m.index) : title;
}
