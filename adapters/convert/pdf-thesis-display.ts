/**
 * Display type of theses and books that the article rules do not read: letter-spaced capitals
 * (`A B S T R A C T`, `R E Q U I R I N G C H A N G E`), small capitals that pdf.js reports in lower
 * case (`1.1 rogue wave research`), and a section number set apart from its title on the same row
 * (`2.1` … `the peril of silos`). A pass over the segments before rendering writes them as the
 * capitals and single lines they print as; the heading rules then judge them like any other line.
 */
import type { Segment } from './pdf-layout.ts';
import type { Numbering, SectionNumber } from './pdf-numbering.ts';

/** Lines that were set letter-spaced: display type, as a chapter or front-matter title is. */
const letterSpaced = new WeakSet<Segment>();
/** Lines in small capitals set larger than the text, without a section number: display type too. */
const smallCapsTitles = new WeakSet<Segment>();

/**
 * Single Latin letters, digits or `&` separated by spaces (`T H E P R A C T I C E`), not symbols of a
 * formula (`+ λ σ + π π`); a kerned pair or three sits closer than the spacing and comes as one
 * (`D ATA`, `A N A LY T I C S`), and a closing mark may end the line (`I N P R A C T I C E :`).
 */
const SPACED = /^(?:[\p{Script=Latin}\d&]{1,3} )+[\p{Script=Latin}\d&]{1,3}(?: ?[:.,;!?])?$/u;
/** Most pieces of a letter-spaced line are one letter: kerned pairs are a few. */
const SINGLE_SHARE = 0.75;
/** Words of Latin letters, perhaps after a section number: no symbol, address or formula (`dμi −`, `x@y.org`). */
const LATIN_WORDS = /^(?:\d{1,2}(?:\.\d{1,2}){0,4}\.?\s+)?\p{Script=Latin}[\p{Script=Latin}\s,:&'’—–-]*$/u;
/** A contents entry's dot leaders at the end of its line. */
const LEADER_TAIL = /(?:\s*[.·…]){3,}\s*$/;
/** A section number alone on its run (`2.1`, `2.3.0.1`, `1.2.`). */
const NUMBER_ALONE = /^\d{1,2}(?:\.\d{1,2}){0,4}\.?$/;

/** A line set letter-spaced (before the pass wrote it solid). */
export function isLetterSpaced(s: Segment): boolean {
  return letterSpaced.has(s);
}

/**
 * Letter-spaced text written solid. pdf.js puts a space between the spaced letters, so word breaks
 * are lost in the text; each word is its own text run, though, and the runs' letter counts give them back.
 */
function solidText(s: Segment): string | null {
  if (!SPACED.test(s.text)) return null;
  const chars = s.text.split(' ');
  const pieces = chars.filter((c) => /[\p{L}\p{N}]/u.test(c));
  if (pieces.filter((c) => c.length === 1).length < SINGLE_SHARE * pieces.length) return null;
  // A word or more: five letters, three of them different, not a run of panel labels (`a b c d e`) or plot marks (`o o o o`).
  const letters = chars.filter((c) => /\p{L}/u.test(c)).map((c) => c.toLowerCase());
  if (letters.length < 5 || new Set(letters).size < 3) return null;
  if (letters.every((c, i) => i === 0 || c.charCodeAt(0) === letters[i - 1]!.charCodeAt(0) + 1)) return null;
  const counts = (s.fonts ?? []).map((r) => r.chars).filter((n) => n > 0);
  const alnumOf = (c: string) => c.match(/[\p{L}\p{N}]/gu)?.length ?? 0;
  const alnum = pieces.reduce((n, c) => n + alnumOf(c), 0);
  // One run per letter tells no word breaks: the letters are written as one word.
  if (counts.length < 2 || counts.every((n) => n === 1) || counts.reduce((a, b) => a + b, 0) !== alnum)
    return chars.join('');
  const words: string[] = [];
  let word = '';
  let left = counts.shift()!;
  for (const c of chars) {
    word += c;
    left -= alnumOf(c);
    if (alnumOf(c) > 0 && left <= 0) {
      words.push(word);
      word = '';
      left = counts.shift() ?? Infinity;
    }
  }
  if (word) words.push(word);
  return words.join(' ');
}

/** The faces (font ids) of a line's letters, its section number aside. */
function letterFaces(s: Segment): Set<string> {
  return new Set((s.fonts ?? []).filter((r) => r.chars > 0 && !r.number).map((r) => r.font));
}

/**
 * Faces that never set a capital letter over the whole document, in at least 20 letters of lines set
 * in them alone: small capitals whose glyphs pdf.js reports as lower case (classicthesis lower-cases
 * the text, then sets it in small capitals). A title face or a math italic sets a capital somewhere.
 */
function lowerCaseFaces(pages: Segment[][]): Set<string> {
  const letters = new Map<string, number>();
  const capitals = new Set<string>();
  for (const segs of pages)
    for (const s of segs) {
      const faces = letterFaces(s);
      if (faces.size !== 1) continue;
      const [face] = faces as unknown as [string];
      if (/\p{Lu}/u.test(s.text)) capitals.add(face);
      // A face that sets a capital is out whatever its count: its letters need no counting.
      else if (!capitals.has(face))
        letters.set(face, (letters.get(face) ?? 0) + (s.text.match(/\p{L}/gu)?.length ?? 0));
    }
  return new Set([...letters].filter(([f, n]) => n >= 20 && !capitals.has(f)).map(([f]) => f));
}

/**
 * Small capitals reported in lower case: a short line of Latin words with no capital, set wholly in
 * a face that never sets one, starting with a section number or larger than the text. Its printed
 * form is capitals. (Lower case in a face that has capitals elsewhere, a title's or code's, stays.)
 */
function isSmallCapsDisplay(s: Segment, body: number, lowerOnly: ReadonlySet<string>): boolean {
  // Without such a face (most documents) no line is one.
  if (!lowerOnly.size) return false;
  const t = s.text;
  const faces = letterFaces(s);
  return (
    t.length <= 90 &&
    LATIN_WORDS.test(t) &&
    t.split(' ').length <= 8 &&
    /\p{Ll}{3}/u.test(t) &&
    !/\p{Lu}/u.test(t) &&
    (/^\d{1,2}(?:\.\d{1,2}){0,4}\.?\s+\p{Ll}/u.test(t) || s.size >= 1.05 * body) &&
    faces.size > 0 &&
    [...faces].every((f) => lowerOnly.has(f))
  );
}

/**
 * A section number alone and its title right of it on the same baseline (the gap wider than a
 * word space kept them apart): one line. Nothing else may share the row, as a table's cells would,
 * but a contents entry's page number at its end (`1.1` `Overview of Dissertation . . .` `5`).
 */
function joinNumberRow(segs: Segment[]): Segment[] {
  const gone = new Set<Segment>();
  for (const num of segs) {
    if (!NUMBER_ALONE.test(num.text) || gone.has(num)) continue;
    const row = segs
      .filter((o) => o !== num && o.page === num.page && Math.abs(o.baseline - num.baseline) < 0.3 * num.size)
      .sort((a, b) => a.x0 - b.x0);
    const [title, page] = row;
    const words = title?.text.replace(LEADER_TAIL, '');
    if (
      !title ||
      row.length > 2 ||
      (page && !/^(?:\d{1,4}|[ivxlc]{1,7})$/.test(page.text)) ||
      title.x0 <= num.x1 ||
      title.x0 - num.x1 > 3 * num.size ||
      Math.abs(title.size - num.size) > 0.3 ||
      // Words, one of four letters at least (`the peril of silos`), not a formula's pieces (`dxi dxk`).
      !LATIN_WORDS.test(words!) ||
      !/\p{L}{4}/u.test(words!)
    )
      continue;
    num.text = `${num.text} ${title.text}`;
    num.x1 = title.x1;
    num.top = Math.min(num.top, title.top);
    num.bottom = Math.max(num.bottom, title.bottom);
    num.fonts = [
      ...(num.fonts ?? []).map((r) => ({ ...r, number: true })),
      ...(title.fonts ?? []).map((r) => ({ ...r, number: false })),
    ];
    gone.add(title);
  }
  return gone.size ? segs.filter((s) => !gone.has(s)) : segs;
}

/**
 * A chapter's numeral in display type (three times the text size and more) on the row of the
 * chapter's first line of text: pdf.js's row takes the numeral's size and text (`… machine learn- 0`).
 * The numeral is no part of the sentence; the line is body text again. Returns the numeral.
 */
function dropDisplayNumeral(s: Segment, body: number): string | null {
  if (s.size < 3 * body) return null;
  const m = /^(.{30,}?\s)(\d{1,2})$/u.exec(s.text) ?? null;
  const runs = s.fonts ?? [];
  const last = runs[runs.length - 1];
  if (!m || !last || last.chars !== m[2]!.length || runs.slice(0, -1).some((r) => r.font === last.font))
    return null;
  s.text = m[1]!.trimEnd();
  s.size = body;
  s.fonts = runs.slice(0, -1);
  return m[2]!;
}

/**
 * lk14b: a chapter's numeral in display type on the row of the title's first line, as the title's
 * size: pdf.js's row then reaches far above the line (three times its size and more: no text line is
 * that tall) and its text ends in the numeral's digits, a run in a face of their own
 * (`Soft robotics – a new1`). The line is the title again, the numeral goes before it. Returns the numeral.
 */
function dropTallNumeral(s: Segment): string | null {
  if (s.bottom - s.top < 3 * s.size) return null;
  const m = /^(.*\p{L})\s?(\d{1,2})$/u.exec(s.text);
  const runs = s.fonts ?? [];
  const last = runs[runs.length - 1];
  if (!m || !last || last.chars !== m[2]!.length || runs.slice(0, -1).some((r) => r.font === last.font))
    return null;
  s.text = m[1]!;
  s.top = s.baseline - 0.8 * s.size;
  s.fonts = runs.slice(0, -1);
  return m[2]!;
}

/**
 * A chapter opening sets its number apart in display type (three times the text size and more,
 * beside or above the title): the number goes before the chapter's title, the first large line of
 * the page with no text above it (`1` … `The State of the Art`). Not on page 1, where a large
 * number is a journal's volume or a logo's.
 */
function numberChapterTitle(segs: Segment[], body: number, merged: string | null): Segment[] {
  const numeral = segs.find((s) => s.size >= 3 * body && /^\d{1,2}$/.test(s.text));
  const num = numeral?.text ?? merged;
  if (num === null || num === undefined || Number(num) < 1 || segs[0]?.page === 0) return segs;
  const rest = segs.filter((s) => s !== numeral);
  const textTop = Math.min(...rest.filter((s) => Math.abs(s.size - body) < 0.6).map((s) => s.top));
  const title = rest
    .filter((s) => s.size >= 1.3 * body && s.size < 3 * body && s.bottom <= textTop + 0.1)
    .sort((a, b) => a.top - b.top)[0];
  if (!title || !/^\p{Lu}/u.test(title.text) || title.text.split(' ').length > 10 || /^\d/.test(title.text))
    return segs;
  title.text = `${num} ${title.text}`;
  return rest;
}

/**
 * Rewrites display type in place, before the title and headings are looked for: letter-spaced
 * lines solid, number-and-title rows as one line, small capitals as capitals.
 */
export function readDisplayType(pages: Segment[][], body: number): void {
  const lowerOnly = lowerCaseFaces(pages);
  for (const [p, segs] of pages.entries()) {
    let merged: string | null = null;
    for (const s of segs) {
      merged = dropDisplayNumeral(s, body) ?? dropTallNumeral(s) ?? merged;
      const solid = solidText(s);
      if (solid !== null) {
        s.text = solid;
        // ex20: display type is never smaller than the text; a listing set in a proportional face
        // on fixed columns (`r e t u r n o u t` in 7 pt under 10 pt text) is spaced by its columns.
        if (s.size >= 0.95 * body) letterSpaced.add(s);
      }
    }
    const joined = joinNumberRow(numberChapterTitle(segs, body, merged));
    for (const s of joined)
      if (isSmallCapsDisplay(s, body, lowerOnly)) {
        s.text = s.text.toUpperCase();
        if (!/^\d/.test(s.text)) smallCapsTitles.add(s);
      }
    pages[p] = joined;
  }
}

/**
 * A letter-spaced line standing alone is a display title (a chapter's or a front-matter part's):
 * body text is never letter-spaced, so the spacing alone sets it apart even at body size. So is a
 * line of small capitals set larger than the text (`ABSTRACT — ENGLISH`).
 */
export function isDisplayTitle(s: Segment): boolean {
  return (
    (letterSpaced.has(s) || smallCapsTitles.has(s)) &&
    /^\p{L}/u.test(s.text) &&
    s.text.split(' ').length <= 10 &&
    !/[.:,;]$/.test(s.text)
  );
}

/** The parts of a thesis or book around its chapters (a closed class): they open no numbered chapter. */
const FRONT_OR_BACK =
  /^(?:abstract|acknowledg|(?:table\s+of\s+)?contents|list\s+of\b|acronyms|abbreviations|nomenclature|notation|glossary|preface|foreword|dedication|declaration|bibliography|references|index|appendi|publications|curriculum\s+vitae|summary|zusammenfassung|kurzfassung|résumé|colophon)/i;

/** Numberings whose last heading was an unnumbered chapter title. */
const chapterOpen = new WeakMap<Numbering, boolean>();

/**
 * Records a heading written: an unnumbered one at chapter level, not a part around the chapters,
 * is a chapter title whose number was set apart (a display numeral pdf.js may not keep, or one
 * dropped as a page number).
 */
export function noteHeading(seq: Numbering, n: SectionNumber | null, text: string, level: number): void {
  chapterOpen.set(seq, !n && level <= 2 && !FRONT_OR_BACK.test(text.trim()));
}

/**
 * Right after such a chapter title, its first section `k.1` follows the last chapter number `k − 1`:
 * the chapter's own number was not in the text, so the outline goes on.
 */
export function opensNextChapter(n: SectionNumber, seq: Numbering): boolean {
  return (
    chapterOpen.get(seq) === true &&
    n.kind === 'arabic' &&
    n.parts.length === 2 &&
    n.parts[1] === '1' &&
    Number(n.parts[0]) === seq.arabic + 1
  );
}
