/**
 * The title block. On the title's page everything from the top down to where the abstract starts
 * (its label) or, failing one, the first numbered section (`1 Introduction`) holds title, authors,
 * affiliations, author notes, dates and stamps: LaTeX's \maketitle and every journal class set it
 * before the abstract, and the abstract before the body. So every line of it but the title goes to
 * the front-matter block, and none is ever a heading, whatever its words. Where that lower bound is
 * unsure the rule does nothing: no such line on the title's page, or prose above it (an unlabelled
 * abstract, REVTeX's), or a line above it only in height, later in reading order (the other column).
 */
import type { Segment } from './pdf-layout.ts';
import { isAuthorLine, namesMetadataAuthors } from './pdf-authors.ts';
import { CONTACT } from './pdf-fm-notes.ts';
import { isAffiliationLine } from './pdf-front.ts';

/** An abstract's label, alone or run in (`Abstract.`, `ABSTRACT`, `A B S T R A C T`), or a short `Summary` line. */
const ABSTRACT_LABEL = /^(?:a ?b ?s ?t ?r ?a ?c ?t\b|summary\b(?!\S*(?:\s+\S+){3}))/i;
/** Leaders or a page number at a line's end: a contents entry. */
const CONTENTS_ENTRY = /(?:\.\s*){3,}|\s(?:\d{1,4}|[ivxlc]{1,6})$/i;
/** The first numbered section when no abstract is labelled. */
const FIRST_SECTION = /^(?:1\.?|I\.)\s+introduction\b/i;

/** A line of running prose: six or more words, most in lower case (addresses, names and e-mails are not). */
function isProseLine(s: Segment): boolean {
  const words = s.text.split(/\s+/).filter((w) => /\p{L}/u.test(w) && !/[@\d]/u.test(w));
  return words.length >= 6 && words.filter((w) => /^\p{Ll}/u.test(w)).length * 3 > words.length * 2;
}

/** A line of prose that fills the page's text width: a wrapped paragraph's (an author note is short). */
function fillsWidthWithProse(page: readonly Segment[]): (s: Segment) => boolean {
  const width = Math.max(0, ...page.map((s) => s.x1 - s.x0));
  return (s) => isProseLine(s) && s.x1 - s.x0 >= 0.7 * width;
}

/** Lines of prose that fill the text width. */
function wrappedProse(lines: readonly Segment[], page: readonly Segment[]): number {
  return lines.filter(fillsWidthWithProse(page)).length;
}

/**
 * The lines before the first paragraph of prose across the text width, that paragraph's first line
 * (the one right above in its size, less than a line apart) included in it.
 */
function beforeProse(lines: readonly Segment[], page: readonly Segment[]): Segment[] {
  let end = lines.findIndex(fillsWidthWithProse(page));
  // The paragraph's own leading, from its first prose line to the next (a manuscript's double spacing).
  const next = lines[end + 1];
  const leading = next && Math.abs(next.size - lines[end]!.size) <= 0.3 ? next.top - lines[end]!.bottom : 0;
  const joins = (a: Segment, b: Segment) =>
    Math.abs(a.size - b.size) <= 0.3 &&
    b.top >= a.bottom - 0.5 &&
    b.top - a.bottom < Math.max(0.8 * b.size, leading + 0.5);
  while (end > 0 && joins(lines[end - 1]!, lines[end]!)) end--;
  return lines.slice(0, end);
}

/**
 * Where the title block ends on `page` below `top`: the index of its bound line in reading order and
 * the lines before it, or null when the page has no bound or its bound is unsure.
 */
function blockOn(page: readonly Segment[], top: number, skip: readonly Segment[]): Segment[] | null {
  // A contents entry (`ABSTRACT . . . viii`, a thesis's contents page) names the abstract, is no bound.
  const below = page.filter((s) => s.top > top && !skip.includes(s) && !CONTENTS_ENTRY.test(s.text.trim()));
  const label = below.filter((s) => ABSTRACT_LABEL.test(s.text.trim()));
  const marks = label.length ? label : below.filter((s) => FIRST_SECTION.test(s.text.trim()));
  if (!marks.length) return null;
  const bound = marks.reduce((a, b) => (b.top < a.top ? b : a));
  const end = page.indexOf(bound);
  // Every line set higher than the bound must come before it in reading order: else a column stands
  // beside the abstract and the bound is no full-width line.
  if (page.slice(end + 1).some((s) => s.bottom < bound.top - 0.5 * bound.size)) return null;
  return page.slice(0, end).filter((s) => s.bottom <= bound.top + 0.5 * bound.size && !skip.includes(s));
}

/** The title block split: what goes to the front-matter block, and the author lines kept as text. */
export interface TitleBlock {
  /** Groups of consecutive lines (a row's pieces left to right) for the front-matter block. */
  front: Segment[][];
  /** Author and affiliation blocks, left in the text as before but never headings. */
  kept: Set<Segment>;
}

/** An author or affiliation line (an e-mail is a contact note: front matter). */
function isAuthorBlockLine(text: string, surnames: ReadonlySet<string>): boolean {
  // Marks set apart from their names (MDPI: `Yann Forget 1 *, Michal Shimoni 2 ,`) join them.
  const t = text.replace(/\s+[\d∗*†‡§¶⋆](?:\s*[\d∗*†‡§¶⋆])*(?=\s*,|\s+and\b|$(?<=,.*))/gu, (m) =>
    m.replace(/\s+/g, ''),
  );
  return (
    isAuthorLine(t) ||
    namesMetadataAuthors(text, surnames) ||
    (isAffiliationLine(text) && !text.includes('@'))
  );
}

/**
 * The title block's lines other than the title and the lines already `taken`, or nothing when its
 * lower bound is unsure. A block of lines holding an author or affiliation line stays in the text
 * (the author lines have always been written there); every other block goes to the front matter.
 * The block may run on to the next page when the title page holds no bound and no prose at all (a
 * long list of affiliations).
 */
export function titleBlock(
  pages: readonly Segment[][],
  titleSegs: readonly Segment[],
  taken: ReadonlySet<Segment>,
  surnames: ReadonlySet<string> = new Set(),
): TitleBlock {
  const none: TitleBlock = { front: [], kept: new Set() };
  if (!titleSegs.length) return none;
  const p = titleSegs[0]!.page;
  const page = pages[p] ?? [];
  const titleTop = Math.min(...titleSegs.map((s) => s.top));
  let lines = blockOn(page, titleTop, titleSegs);
  let cut = false;
  if (!lines) {
    const rest = page.filter((s) => !titleSegs.includes(s));
    const next = pages[p + 1] ?? [];
    if (!next.length || rest.some(isProseLine)) return none;
    const more = blockOn(next, -Infinity, []);
    if (!more) return none;
    if (wrappedProse(more, next) >= 2) return none;
    lines = [...rest, ...more];
  }
  // Two lines of prose across the text width are a paragraph: an unlabelled abstract or body text.
  // lk22: the block ends where that paragraph starts (a disclaimer box above the abstract's label).
  else if (wrappedProse(lines, page) >= 2) {
    lines = beforeProse(lines, page);
    cut = true;
  }
  if (!lines.length) return none;
  const groups: Segment[][] = [];
  let row: Segment[] = [];
  const flushRow = () => {
    if (!row.length) return;
    row.sort((a, b) => a.x0 - b.x0);
    const last = groups[groups.length - 1];
    // The next line of a block: right below the last row, in its main size (marks aside).
    const size = (g: Segment[]) => Math.max(...g.map((o) => o.size));
    const head = Math.min(...row.map((o) => o.top));
    if (
      last &&
      head - Math.max(...last.map((o) => o.bottom)) < 0.8 * size(row) &&
      Math.abs(size(row) - size(last)) <= 0.5
    )
      last.push(...row);
    else groups.push(row);
    row = [];
  };
  for (const s of lines) {
    if (taken.has(s)) {
      // A line already in the front block ends the block of lines before it.
      flushRow();
      groups.push([]);
      continue;
    }
    // Pieces of one row (a name and its affiliation marks) overlap in height.
    if (row.length && !row.some((o) => s.top < o.bottom && s.bottom > o.top)) flushRow();
    row.push(s);
  }
  flushRow();
  const out: TitleBlock = { front: [], kept: new Set() };
  // The author block is one run: names, then affiliations. What lies between two of its lines, or
  // carries on the one before (a name or an address wrapped: `Na-` / `cional, Brazil;`), is part of it.
  const blocks = groups.filter((g) => g.length);
  const author = blocks.map((g) => g.some((s) => isAuthorBlockLine(s.text, surnames)));
  const first = author.indexOf(true);
  const last = author.lastIndexOf(true);
  for (const [i, g] of blocks.entries()) {
    const before = blocks[i - 1]?.at(-1)?.text.trim() ?? '';
    const goesOn =
      i > 0 && out.kept.has(blocks[i - 1]![0]!) && (/[-,]$/.test(before) || /^\p{Ll}/u.test(g[0]!.text));
    // lk22: where the block ends at a paragraph of prose (its bound unsure), only a contact line is
    // sure to be a note; the other lines stay in the text, as when the block was given up.
    const keep =
      (first >= 0 && i >= first && i <= last) || goesOn || (cut && !g.some((s) => CONTACT.test(s.text)));
    if (keep) for (const s of g) out.kept.add(s);
    else out.front.push(g);
  }
  return out;
}

/**
 * A first page that carries only metadata lines (a draft stamp, a corresponding author's note and
 * e-mail: AASTeX's preprint style can push its front notes onto a page of their own) is no title
 * page: the title stands on the next one.
 */
export function isMetadataPage(page: readonly Segment[], isMeta: (text: string) => boolean): boolean {
  return (
    page.length > 0 &&
    page.length <= 8 &&
    page.every((s) => isMeta(s.text) || /^\S+@\S+\.\w+$/.test(s.text.trim()))
  );
}

/** Pages a cover may take before the paper proper (a draft's cover and its sign-off page). */
const COVER_LOOK = 3;

/** A text's word pairs, lower case, hyphens at line ends joined (`Castel-` / `jau`). */
function wordPairs(text: string): string[] {
  const w = text
    .replace(/-\s+(?=\p{Ll})/gu, '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
  return w.slice(1).map((x, i) => `${w[i]} ${x}`);
}

/**
 * cv16: how many pages stand before the paper proper. A first page whose title (its largest type)
 * and paragraph of prose (the abstract) a later page prints again is a cover (ATLAS and CMS
 * circulation drafts, a journal's submission cover, a report cover): the paper starts on the page
 * that repeats them, and every page before that one is the cover's. Body text is never printed
 * twice. 0 when page 1 is no such cover.
 */
export function coverPages(pages: readonly Segment[][]): number {
  const first = pages[0] ?? [];
  const prose = first.filter(isProseLine);
  if (prose.length < 3) return 0;
  const largest = Math.max(...first.map((s) => s.size));
  if (largest < 1.15 * Math.max(...prose.map((s) => s.size))) return 0;
  const title = wordPairs(
    first
      .filter((s) => s.size >= largest - 0.5)
      .map((s) => s.text)
      .join(' '),
  );
  const want = wordPairs(prose.map((s) => s.text).join(' '));
  const share = (pairs: string[], have: Set<string>) =>
    pairs.filter((b) => have.has(b)).length / pairs.length;
  for (let p = 1; p <= COVER_LOOK && p < pages.length - 1; p++) {
    const have = new Set(wordPairs((pages[p] ?? []).map((s) => s.text).join(' ')));
    if (share(want, have) >= 0.8) return title.length && share(title, have) >= 0.6 ? p : 0;
  }
  return 0;
}

/**
 * The cover's lines for the front-matter block, in groups of consecutive lines: every line of the
 * `count` cover pages but those the paper's first page prints again (its title and abstract, never
 * written twice). None is ever a heading or body text.
 */
export function coverLines(
  pages: readonly Segment[][],
  count: number,
): { front: Segment[][]; repeated: Segment[] } {
  const have = new Set(wordPairs((pages[count] ?? []).map((s) => s.text).join(' ')));
  const words = new Set((pages[count] ?? []).flatMap((s) => s.text.toLowerCase().split(/[^\p{L}\p{N}]+/u)));
  const out = { front: [] as Segment[][], repeated: [] as Segment[] };
  for (const page of pages.slice(0, count)) {
    let last: Segment | null = null;
    for (const s of page) {
      const pairs = wordPairs(s.text);
      // A wrapped line's broken word (`Castel-`) may be whole on the later page.
      const again = pairs.length
        ? pairs.filter((b) => have.has(b)).length >= (pairs.length >= 3 ? 0.8 : 1) * pairs.length
        : s.text
            .toLowerCase()
            .split(/[^\p{L}\p{N}]+/u)
            .filter(Boolean)
            .every((w) => words.has(w));
      if (again) {
        out.repeated.push(s);
        last = null;
        continue;
      }
      // The next line of a block: right below the last one, in its size.
      const group = out.front[out.front.length - 1];
      if (last && group && s.top - last.bottom < 0.8 * s.size && Math.abs(s.size - last.size) <= 0.5)
        group.push(s);
      else out.front.push([s]);
      last = s;
    }
  }
  return out;
}
