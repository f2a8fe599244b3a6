/**
 * First-page furniture that the line patterns of pdf-front.ts miss (issue #30): a notice behind a
 * footnote mark or in parentheses, a journal's citation line, a volume or DOI inside a short line,
 * the closed class of a journal record's labels and of a manuscript's status lines, a "reference
 * format" block, the small-print box at the foot of page 1 (or in its margin) that holds a
 * metadata line, and a title page that carries no body prose at all. Rules go by shape, size,
 * position and closed word classes, so they hold for journals no rule was written on.
 */
import type { Segment } from './pdf-layout.ts';
import { BODY_START, titleNotes } from './pdf-fm-notes.ts';
import { frontNoteLines } from './pdf-lk13-front-notes.ts';
import { labelValues } from './pdf-lk13b-label-values.ts';
import { labelledFrontFields } from './pdf-lk14a-front-fields.ts';
import { isRecordPlaceholderOrContact } from './pdf-lk15a-front-lines.ts';
import { withUnmarkedFootNotes } from './pdf-tt21-foot-notes.ts';
import { hasBoldParagraph } from './pdf-tt24-bold-paragraph.ts';

/**
 * A line without its leading marks: footnote symbols (fonts map them to control or private-use
 * code points), bullets and an opening parenthesis (`(Received May 1, 2023; …)` in AASTeX), so the
 * metadata patterns see its first word.
 */
export function unmarked(text: string): string {
  return text.trim().replace(/^[^\p{L}\p{N}©]+/u, '');
}

/**
 * A journal's citation line: two or more abbreviated words, then a year or a volume
 * (`Annu. Rev. Astron. Astrophys. 2022. AA:1–42`, `Phys. Rev. Lett. 120, 161101 (2018)`,
 * `Proc. Natl. Acad. Sci. USA 117`). Journal names are abbreviated this way in every field.
 */
function isJournalCitation(t: string): boolean {
  const m = /^(?:\p{Lu}\p{Ll}{0,11}\.\s*(?:&\s*)?){2,}/u.exec(t);
  if (!m || t.length > 100) return false;
  const abbreviations = m[0].match(/\p{Lu}\p{Ll}+\./gu)?.length ?? 0;
  return abbreviations >= 2 && /^[^.]{0,25}?\b(?:(?:19|20)\d\d|\d{1,4}\s*[,:(])/.test(t.slice(m[0].length));
}

/** A run-in label of the paper's licence or copyright (`Copyright statement.`, `License: CC BY 4.0`). */
const LICENCE_LABEL =
  /^(?:copyright|licen[cs]e|licen[cs]ing)(?:\s+(?:statement|notice|information))?\s*[.:]\s*\S/i;

/**
 * The label of a "how to cite this paper" block (`ACM Reference Format:`, `How to cite this
 * article:`, `Cite this article as:`, `Citation:`): the lines it heads are a citation, never body.
 */
export const CITATION_LABEL =
  /^(?:(?:[A-Z]{2,}\s+)?reference\s+format\s*:|how\s+to\s+cite\b|(?:to\s+)?cite\s+(?:this|as)\b|citation\s*:)/i;

/**
 * The labels of a journal's first-page record, a closed class across publishers (PLOS, MDPI,
 * Frontiers, Elsevier, PNAS, IOP): `Editor:`, `Published:`, `Funding:`, `Data Availability
 * Statement:`, `journal homepage:`, `Edited by …`, `Communicated by …`, and the margin box's labels
 * set alone (`RECEIVED`, `OPEN ACCESS`) above their dates, the article's kind, where it was accepted.
 */
const RECORD_LABEL = new RegExp(
  '^(?:' +
    [
      '(?:(?:academic|handling|associate|guest|section)\\s+)?editors?\\s*:',
      '(?:edited|reviewed|communicated)\\s+by\\b',
      'specialty\\s+section\\s*:',
      // With the mark that points to it from the author names (Frontiers' `Correspondence*:`), or
      // as eLife's and LiveCoMS's `*For correspondence:` and `Correspondence to:`.
      '(?:for\\s+)?correspondence(?:\\s+to)?\\s*[∗*†‡§]?\\s*:',
      '(?:published|available)(?:\\s+online)?\\s*:',
      'available\\s+online\\s+\\d',
      'article\\s+(?:history|info(?:rmation)?)\\s*:?$',
      'data\\s+availability(?:\\s+statement)?\\s*:',
      'funding(?:\\s+statement)?\\s*:',
      '(?:competing|conflicts?\\s+of)\\s+interests?(?:\\s+statement)?\\s*:',
      "publisher['’]?s\\s+note\\s*:",
      'journal\\s+homepage\\s*:',
      'contents\\s+lists?\\s+available\\s+at\\b',
      'original\\s+content\\s+from\\s+this\\s+work\\s+may\\s+be\\s+used',
      'jel\\s+(?:classification|codes?)\\b',
      '(?:(?:paper|article)\\s*[•·|]\\s*)?open\\s+access$',
      'check\\s+for\\s+updates$',
      '(?:received|revised|accepted(?:\\s+for\\s+publication)?|published(?:\\s+online)?)$',
      // What kind of article it is, a label set alone (`RESEARCH ARTICLE`, `Short Communication`).
      '(?:(?:original|research|review|regular|full|short|brief)\\s+)?(?:research\\s+)?article$',
      '(?:original|research|review|regular|full|short|brief|technical)\\s+(?:paper|report|communication|note)$',
      '(?:accepted|published)\\s+as\\s+an?\\b',
      // A manuscript's status line naming its kind (`Article submitted to journal`, `Manuscript submitted to …`).
      '(?:article|paper|manuscript|preprint|letter|review)\\s+submitted\\s+to\\b',
      'presented\\s+at\\b',
      // Where the paper appears: `In Proceedings of the …`, `Appears in …`, `To be presented at …`.
      '(?:in|at)\\s+proceedings\\s+of\\b',
      '(?:appears|appeared|to\\s+be\\s+(?:published|presented))\\s+(?:in|at)\\b',
      // The manuscript's status: `Draft: …`, `Working Paper No. 12`, `Technical Report`, `Camera-ready`,
      // `This is a preprint of …`, `Author accepted manuscript`, `not peer reviewed`.
      // Followed by nothing, a number, a date or a version, never by words (`Technical Report: A
      // Study of …` may be a title).
      '(?:draft|working\\s+paper|technical\\s+report|discussion\\s+paper|camera[- ]ready(?:\\s+version)?)\\s*[:.,–—-]?\\s*(?:v?\\d|[A-Z]{1,6}[- ]?\\d|no\\.?\\s*\\d|version\\b|of\\b|\\(|(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\\.?\\s+\\d|$)',
      "this\\s+is\\s+(?:a|an|the)\\s+(?:pre-?print|post-?print|author['’]?s?|accepted|peer[- ]reviewed|non[- ]peer|submitted|revised)\\b",
      "(?:author['’]?s?\\s+)?accepted\\s+manuscript\\b",
      '(?:not|non)[- ]peer[- ]reviewed',
      '(?:this\\s+)?(?:paper|article|manuscript|preprint|work)\\b.{0,40}\\bnot\\s+(?:yet\\s+)?(?:been\\s+)?(?:certified\\s+by\\s+)?peer[- ]review',
      // Rights lines without a year: `Copyright held by the owner/author(s).`, `All rights reserved.`
      'copyright\\s+(?:is\\s+)?(?:held|owned|retained|remains)\\b',
      'publication\\s+rights\\s+licen[cs]ed',
      'all\\s+rights\\s+reserved',
      'personal\\s+use\\s+of\\s+this\\s+material\\s+is\\s+permitted',
      'open\\s+access\\s+this\\s+(?:article|chapter|paper)\\b',
      '(?:electronic\\s+)?supplementary\\s+(?:information|material)\\b.*\\bonline\\s+version',
      // Author notes of page 1's foot, a closed class in every field: `*Equal contribution`, `Work
      // done while at …`, `Correspondence to: …`, a proceedings' presenting author (`∗Speaker`).
      'equal\\s+contribution',
      'work\\s+(?:was\\s+)?(?:done|performed|carried\\s+out)\\s+(?:while|during|when|at|as)\\b',
      'correspondence\\s+(?:to|should\\s+be\\s+addressed)\\b',
      'speaker\\s*$',
      // Status and licence lines of review copies and proceedings: ICML's `Preliminary work. Under
      // review…`, the CVF's open-access watermark, IOP's `Content from this work may be used…`.
      'preliminary\\s+work\\b',
      'this\\s+(?:\\w+\\s+)?(?:paper|article)\\s+is\\s+the\\s+open\\s+access\\s+version',
      'except\\s+for\\s+this\\s+watermark',
      'content\\s+from\\s+this\\s+work\\s+may\\s+be\\s+used',
      'published\\s+under\\s+licen[cs]e\\b',
      'letter\\s+to\\s+the\\s+editor$',
      // A review copy's header, in every venue's template: `CONFIDENTIAL REVIEW COPY. DO NOT
      // DISTRIBUTE.`, `Anonymous ACL submission`, `Paper under double-blind review`.
      'confidential\\s+review\\s+copy',
      'do\\s+not\\s+distribute\\.?$',
      'anonymous\\s+(?:[\\w-]+\\s+)?submission\\b',
      'paper\\s+under\\s+(?:double[- ]blind\\s+)?review\\b',
      // Session 13, second round (lk13b): author notes and disclaimers that every field prints at
      // the foot of page 1 in the same words: `To whom correspondence should be addressed`, a COI
      // statement, an author-contributions note by initials (`D.J.M. and R.T. wrote the …`), the
      // views disclaimer of institutions' working papers, a class's `This manuscript was compiled on`.
      '(?:to\\s+)?whom\\s+correspondence\\s+(?:should|may)\\s+be\\s+addressed',
      'the\\s+authors?\\s+(?:declares?|ha(?:s|ve)|reports?)\\s+no\\s+(?:competing|conflicts?)\\b',
      '(?:[A-Z]\\.(?:-?[A-Z]\\.)*,?\\s+(?:and\\s+)?){2,}(?:designed|performed|wrote|analy[sz]ed|conceived|contributed|developed|supervised)\\b',
      'the\\s+views\\s+expressed\\s+(?:in\\s+this\\s+(?:paper|article|document|report)\\s+)?are\\s+(?:those\\s+of|solely)\\b',
      '(?:this\\s+(?:manuscript|paper|document|article|preprint)\\s+was\\s+)compiled\\s+on\\b',
      // A journal's acceptance note (`Forthcoming, Quantitative Economics`, `Forthcoming in …`).
      'forthcoming(?:\\s+in\\b|\\s*[,:])',
      // A thesis's title page in other languages, the same closed formula as `A thesis submitted in
      // partial fulfilment of …`: Dutch `Proefschrift … ter verkrijging van de graad van doctor`,
      // German `Dissertation zur Erlangung des Grades`, French `Thèse pour obtenir le grade de docteur`.
      '(?:proefschrift|dissertation|th[èe]se|doktorarbeit)\\s*$',
      'ter\\s+verkrijging\\s+van\\s+de\\s+graad',
      'zur\\s+erlangung\\s+(?:des|der)\\b',
      "pour\\s+(?:obtenir|l['’]obtention\\s+d)",
    ].join('|') +
    ')',
  'i',
);

/**
 * A journal's volume and pages inside a short line: `Physical Review D 101, 012345 (2020)`,
 * `Nature 585, 357–362 (2020)`, `Sensors 2021, Vol. 3, No. 2`, `Volume 12, Issue 4`. Body prose on
 * page 1 cites by number or author–year, not by volume and page.
 */
const VOLUME_INSIDE =
  /\b\d{1,4}\s*(?:\(\d{1,3}\))?\s*[,:]\s*[A-Za-z]?\d{1,6}(?:\s*[-–]\s*\d{1,6})?\s*\((?:19|20)\d\d\)\.?$|\bvol(?:ume)?\.?\s*\d+\s*[,;]?\s*(?:no|issue|iss)\.?\s*\d+/i;
/** JMLR's and similar record lines: `Submitted 4/19; Revised 3/20; Published 5/20`. */
const SUBMITTED_DATE = /^submitted\s+(?:on\s+)?\d{1,2}[/.]\d{1,4}/i;

/** A caption's or a numbered reference entry's first line (`Fig. 1.`, `Table 2:`, `[3]`). */
const CAPTION_OR_ENTRY = /^(?:fig(?:ure)?\.?|table|tab\.)\s*\d|^\[\d{1,3}\]/i;

/** A DOI anywhere in a short line (`Nature Communications | (2020) 11:1234 | https://doi.org/10.…`). */
const DOI_INSIDE = /\bdoi(?:\.org\/|:\s*)10\.\d{4,}/i;

/** Front-matter lines told by their shape rather than their first word (see the patterns above). */
export function isFrontFurniture(text: string): boolean {
  const t = unmarked(text);
  return (
    isJournalCitation(t) ||
    LICENCE_LABEL.test(t) ||
    CITATION_LABEL.test(t) ||
    RECORD_LABEL.test(t) ||
    SUBMITTED_DATE.test(t) ||
    isRecordPlaceholderOrContact(t) ||
    // Inside a line of prose (`The code is at https://doi.org/10.5281/…`), a caption or a
    // reference entry, a DOI or a volume is the text's own.
    (t.length <= 160 &&
      !isProse(t) &&
      !CAPTION_OR_ENTRY.test(text.trim()) &&
      (DOI_INSIDE.test(t) || VOLUME_INSIDE.test(t)))
  );
}

/** Where segments stand in reading order (page, then index), to keep the front block in order. */
function orderOf(pages: readonly Segment[][]): (s: Segment) => number {
  const at = new Map<Segment, number>();
  for (const p of [0, 1]) (pages[p] ?? []).forEach((s, i) => at.set(s, p * 1e6 + i));
  return (s) => at.get(s) ?? Infinity;
}

/**
 * The block of lines in one size and column around `page[i]`: each line within `gap` × size of the
 * one before it. Small print set as one block (a permission box, a journal's margin box) reads so.
 */
export function blockAround(page: readonly Segment[], i: number, gap: number, up: boolean): Segment[] {
  const s = page[i]!;
  // `a` right above `b`; `c` is the one of them that is not in the block yet.
  const fits = (a: Segment, b: Segment, c: Segment) =>
    Math.abs(c.size - s.size) <= 0.3 &&
    // In a foot box (`up`), a line below may be indented past a logo set beside it (LIPIcs, CC
    // badges), still starting within the line the block grew from.
    (Math.abs(c.x0 - s.x0) <= 2 * s.size || (up && c === b && c.x0 > s.x0 && c.x0 < s.x1)) &&
    b.top >= a.bottom - 0.1 &&
    b.top - a.bottom <= gap * s.size;
  const block = [s];
  for (let j = i + 1; j < page.length && fits(block[block.length - 1]!, page[j]!, page[j]!); j++)
    block.push(page[j]!);
  for (let j = i - 1; up && j >= 0 && fits(page[j]!, block[0]!, page[j]!); j--) block.unshift(page[j]!);
  return block;
}

/**
 * Nothing of body size stands below the block in its column: it is a page's foot box or a margin
 * box, not a paragraph of the front matter (an abstract in small print has the body below it).
 */
export function atFoot(page: readonly Segment[], block: readonly Segment[], body: number): boolean {
  const x0 = Math.min(...block.map((s) => s.x0));
  const x1 = Math.max(...block.map((s) => s.x1));
  const bottom = Math.max(...block.map((s) => s.bottom));
  return !page.some((s) => s.size >= body - 0.5 && s.top > bottom && s.x0 < x1 && s.x1 > x0);
}
/** A line shaped like a numbered heading (`1 Preamble`, `2.1. Data`, `IV. RESULTS`): a contents list or a section. */
const NUMBERED = /^(?:\d{1,2}(?:\.\d{1,2})*\.?|[IVX]{1,5}\.)\s+\p{Lu}/u;

/** Prose: six words or more, most of them in lower case (names, places and labels are capitalised). */
function isProse(text: string): boolean {
  const words = text.split(/\s+/);
  return words.length >= 6 && 2 * words.filter((w) => /^\p{Ll}/u.test(w)).length > words.length;
}

/**
 * A first page that carries no body: no abstract, no numbered heading and no line of prose in text
 * type, with more pages after it (a report's or white paper's title page, its lines all
 * display type: editors, endorsements, affiliations). Every line but the title is front matter, in
 * blocks of adjacent lines; a page with prose anywhere keeps it (an abstract without its label).
 */
function titlePageLines(
  pages: readonly Segment[][],
  skip: ReadonlySet<Segment>,
  isMeta: (text: string) => boolean,
  body: number,
): Segment[][] {
  const page = pages[0] ?? [];
  if (pages.length < 2) return [];
  const bodyLike = (s: Segment) =>
    BODY_START.test(s.text) ||
    NUMBERED.test(s.text) ||
    // Prose in text type: up to well above the dominant size (a short paper whose small-print
    // references outweigh its text), never bold (display lines such as `Prepared by …` are).
    (s.size < 1.3 * body && !s.bold && isProse(s.text) && !isMeta(s.text));
  // tt24: a wrapped paragraph in bold (an unlabelled abstract) is prose too.
  if (page.some(bodyLike) || hasBoldParagraph(page, body, isProse, isMeta)) return [];
  const out: Segment[][] = [];
  for (let i = 0; i < page.length; i++) {
    if (skip.has(page[i]!)) continue;
    const block = blockAround(page, i, 0.6, false);
    const rest = block.filter((s) => !skip.has(s));
    if (rest.length) out.push(rest);
    i += block.length - 1;
  }
  return out;
}

/**
 * Whole blocks for the metadata lines of page 1 (and of the paper's own first page after a cover):
 * a metadata line in small print at the foot of its column or in a margin box takes the rest of its
 * block (`This paper is published under the Creative Commons…` above a conference footer), and a
 * citation label takes the citation it heads (`ACM Reference Format:` and the reference below it).
 */
function wholeFrontBlocks(
  pages: readonly Segment[][],
  groups: Segment[][],
  isMeta: (text: string) => boolean,
  body: number,
  ownPage: number,
): Segment[][] {
  const order = orderOf(pages);
  const taken = new Set(groups.flat());
  const added: Segment[][] = [];
  // A citation is one entry, whatever its lines look like (a journal name, a DOI).
  const citations = new Set<Segment[]>();
  // After a cover page, the paper's own first page (page 2) carries the same furniture as a first page.
  for (const p of ownPage > 0 ? [0, ownPage] : [0]) {
    const page = pages[p] ?? [];
    for (let i = 0; i < page.length; i++) {
      const s = page[i]!;
      if (!taken.has(s) || added.some((g) => g.includes(s))) continue;
      const labelled = CITATION_LABEL.test(unmarked(s.text)) || LICENCE_LABEL.test(unmarked(s.text));
      const small = s.size <= body - 0.5 && isMeta(s.text);
      // A citation or licence statement runs a few lines; a foot box may run longer.
      let block = labelled ? blockAround(page, i, 0.6, false).slice(0, 8) : [];
      // A labelled statement set in loosely leaded small print (a journal's margin box) reads as its foot box.
      const label = block.length >= 2;
      if (!label) {
        if (!small) continue;
        block = blockAround(page, i, 1.5, true);
        if (block.length < 2 || !atFoot(page, block, body)) continue;
      }
      added.push(block);
      if (label) citations.add(block);
    }
  }
  if (!added.length) return groups;
  const inBlock = new Set(added.flat());
  const kept = groups.map((g) => g.filter((s) => !inBlock.has(s))).filter((g) => g.length);
  // A block keeps the breaks between the notices found in it (`Email: …` · `Preprint submitted to …`),
  // but not before a line that continues the sentence above (`… International` / `(CC BY 4.0) license`).
  const starts = new Set(groups.map((g) => g[0]!));
  const continues = (above: Segment, s: Segment) =>
    !/[.;:)]$/.test(above.text) && /^\(|^\p{Ll}/u.test(s.text) && !/^(?:https?:|doi:)/i.test(s.text);
  const parts = added.flatMap((block) =>
    citations.has(block)
      ? [block]
      : block.reduce<Segment[][]>((out, s, i) => {
          if (i === 0 || (starts.has(s) && !continues(block[i - 1]!, s))) out.push([s]);
          else out[out.length - 1]!.push(s);
          return out;
        }, []),
  );
  return [...kept, ...parts].sort((a, b) => order(a[0]!) - order(b[0]!));
}

/**
 * The front-matter groups of pdf-front.ts with what the rules above add, in reading order. `isMeta`
 * is pdf-front.ts's metadata test (passed in: that module imports this one); `found.repeatedTitle` is
 * the title printed again on page 2 when page 1 was a cover page. The title's and the authors' notes
 * (pdf-fm-notes.ts) join them: page 1's, and after a cover those of the paper's own first page
 * (tt22: a report's title page after its cover sets `∗ École Normale …` and a funding note at its
 * foot, as an article's first page does).
 */
export function withFrontFurniture(
  pages: readonly Segment[][],
  found: { groups: Segment[][]; repeatedTitle: readonly Segment[] },
  titleSegs: readonly Segment[],
  isMeta: (text: string) => boolean,
  body: number,
): Segment[][] {
  let groups = found.groups;
  const repeated = found.repeatedTitle;
  const cover = repeated.length > 0;
  // The paper's own first page is the page its title is printed again on (a blank page may come between).
  const own = pages.find((pg) => cover && pg.includes(repeated[0]!));
  const firsts: Array<[readonly Segment[], readonly Segment[]]> = [[pages[0] ?? [], titleSegs]];
  if (own) firsts.push([own, repeated]);
  for (const [page, title] of firsts) {
    const notes = titleNotes(page, title, new Set([...title, ...groups.flat()]), body);
    notes.push(...frontNoteLines(page, title, new Set([...title, ...groups.flat(), ...notes.flat()]), body));
    if (notes.length)
      groups = [...groups, ...notes].sort((a, b) => orderOf(pages)(a[0]!) - orderOf(pages)(b[0]!));
    // tt21: unmarked paragraphs in one foot block with those notes (a venue line, a funding note).
    const withFoot = withUnmarkedFootNotes(page, groups, body);
    if (withFoot.length !== groups.length || withFoot.flat().length !== groups.flat().length)
      groups = withFoot.sort((a, b) => orderOf(pages)(a[0]!) - orderOf(pages)(b[0]!));
  }
  if (titleSegs.length) {
    const page = titlePageLines(pages, new Set([...titleSegs, ...groups.flat()]), isMeta, body);
    if (page.length) {
      const order = orderOf(pages);
      return [...groups, ...page].sort((a, b) => order(a[0]!) - order(b[0]!));
    }
  }
  const whole = wholeFrontBlocks(pages, groups, isMeta, body, own ? pages.indexOf(own) : -1);
  const values = labelValues(pages[0] ?? [], whole);
  // Page 1's labelled foot notes and records of labelled fields (pdf-lk14a-front-fields.ts).
  const fields = labelledFrontFields(pages[0] ?? [], [...whole, ...values], titleSegs, body);
  if (!values.length && !fields.length) return whole;
  const order = orderOf(pages);
  return [...whole, ...values, ...fields].sort((a, b) => order(a[0]!) - order(b[0]!));
}
