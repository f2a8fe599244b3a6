/**
 * Ordered line segments → Markdown: title, headings from font size and numbering, paragraphs,
 * lists, captions, footnotes and the reference list.
 *
 * Long file: the rendering rules (headings, run-ins, equations, captions, references, title,
 * front matter, contents) read one another's thresholds; split, a tuning change would span files.
 */
import {
  findFrontMatter,
  titleZone,
  isAffiliationLine,
  isFrontMeta,
  isCoverRecord,
  isInstitutionOrJournal,
  metadataRows,
  titleWords as words,
} from './pdf-front.ts';
import { authorSurnames, isAuthorLine, isMarkedNameList, namesMetadataAuthors } from './pdf-authors.ts';
import { bodyTextSize, lineBelow, median, type Segment } from './pdf-layout.ts';
import { EQUATION_NUMBER, hasFormula, isDisplayEquation, isMathLine } from './pdf-math.ts';
import {
  advance,
  articleBeforeWord,
  articleNotLetter,
  hasYear,
  headingDepth,
  inSequence,
  isSuccessor,
  newNumbering,
  parseSectionNumber,
  SUBSECTION_NUMBER,
  withinKnownSection,
  type Numbering,
  type SectionNumber,
} from './pdf-numbering.ts';
import {
  gapAboveFragment,
  headingFragments,
  isIndexFragment,
  isOtherColumnLine,
  mostlyCapitals,
  spliceFragments,
  setApartTitleStart,
  startsWithDigitWord,
  startsWithMixedCaseName,
} from './pdf-heading-text.ts';
import { isForeignAbstractName, isSectionName } from './pdf-heading-words.ts';
import { capitalsSibling, twoSizeCapitals, faceRunIn, isCapitals, type HeadingStyle } from './pdf-outline.ts';
import {
  holdLoneNumber,
  LONE_NUMBER,
  releaseHeld,
  takeHeld,
  unnumberedContentsLines,
} from './pdf-furniture.ts';
import { listItemByStyle } from './pdf-heading-siblings.ts';
import { entriesAtFoot } from './pdf-hd-contents.ts';
import { entriesAtCommonGap } from './pdf-hd29-contents-gap.ts';
import { joinEntryLabels } from './pdf-hd29-entry-labels.ts';
import { glossaryTerm } from './pdf-hd29-glossary.ts';
import { colonLabel, unlikeInCase, unlikeKnownCase } from './pdf-hd29-run-in-case.ts';
import { namesPaperTitle } from './pdf-hd17a-companion-title.ts';
import { joinWrappedEntries, leaderCells, leadersBeside, titleGoesOn } from './pdf-hd17a-contents-wraps.ts';
import { topLevelRunIn } from './pdf-hd-run-in.ts';
import { namedRunIn, splitBoldLead } from './pdf-ln12-run-in.ts';
import { wrapsUnderTitle } from './pdf-ln12-wrap.ts';
import { insideFigure } from './pdf-hd16-figure-text.ts';
import { headingFaces, isFaceHeading, subheadingBelow, wrapsInFace } from './pdf-face-headings.ts';
import { printedInfoTitle } from './pdf-bm13-info-title.ts';
import { printedNameTitle } from './pdf-fm29-name-title.ts';
import { endsTitleByWeight } from './pdf-fm29-title-weight.ts';
import { titlePageRecords } from './pdf-fm29-after-title-page.ts';
import { pastKicker, titlePageTitle } from './pdf-ti13-title.ts';
import { bookmarkLevel, matchBookmarks, type Bookmark, type BookmarkHeading } from './pdf-bm13-bookmarks.ts';
import { carryOverPageBreaks } from './pdf-hd14-bookmark-break.ts';
import { hangsUnderLargeTitle } from './pdf-hd14-heading-wrap.ts';
import { wrapsInScaledCaps } from './pdf-hd26-scaled-caps.ts';
import { listingLine } from './pdf-hd26-listing-lines.ts';
import { rightAfterEntry } from './pdf-hd26-entry-run-in.ts';
import { sharesColumn } from './pdf-hd14-title-column.ts';
import { sizeStepHeading } from './pdf-hd14-size-step.ts';
import { leadRunsOn } from './pdf-hd28-lead-runs-on.ts';
import { opensFloatCaption } from './pdf-hd28-float-label.ts';
import { amongHeaderCells } from './pdf-hd28-row-cells.ts';
import { indentedDisplayLines, repeatsPaperTitle } from './pdf-hd28-title-echo.ts';
import { joinHeadLine, stoppedBoldHead } from './pdf-hd28-stopped-heads.ts';
import {
  boldLeadFillsLine,
  insideBoldParagraph,
  runsOnAsParagraph,
  wrapsIntoSentence,
} from './pdf-list-items.ts';
import { figureTextBelow } from './pdf-figure-labels.ts';
import { repeatsTitlePage } from './pdf-hd13b-title-repeats.ts';
import { isDescriptionTerm, neverHeading, notHeadingByPlace, withoutNoteMark } from './pdf-spurious.ts';
import { marginNotes, type MarginNotes } from './pdf-margin.ts';
import { withFrontFurniture } from './pdf-front-furniture.ts';
import { preliminaryPages } from './pdf-lk13-prelims.ts';
import { declarationSignatures } from './pdf-lk23-signatures.ts';
import { frontLeaks } from './pdf-lk24-front-leaks.ts';
import { frontUrlLines } from './pdf-lk26-front-url.ts';
import { thesisPrelimLeftovers } from './pdf-lk26-thesis-prelims.ts';
import { thesisFormRows } from './pdf-lk27-thesis-form.ts';
import { prelimSignOffs } from './pdf-lk27-sign-off.ts';
import { withDropCap } from './pdf-lk27-drop-cap.ts';
import { restoreParagraphDropCaps } from './pdf-qx28-drop-caps.ts';
import { mixedCaseName } from './pdf-qx28-lone-faces.ts';
import { backCoverLines } from './pdf-lk27-back-cover.ts';
import { addNotesInNoteStyle } from './pdf-lk28-note-style.ts';
import { bookPrelims } from './pdf-lk29-book-prelims.ts';
import { licencePages } from './pdf-lk25-licence-page.ts';
import { skippedBetween } from './pdf-lk25-skipped-break.ts';
import { headingEchoes } from './pdf-lk15b-heading-echo.ts';
import { repeatedFrontLines } from './pdf-lk14a-front-fields.ts';
import { isChapterLabel } from './pdf-lk14b-chapter-label.ts';
import { symbolRowBelow } from './pdf-lk14b-symbol-list.ts';
import { titleWithoutNoteMark } from './pdf-fm-notes.ts';
import { joinLines, morePiecesThan } from './text.ts';
import { endsOpen } from './pdf-ex19-open-ends.ts';
import { runsOnInFace } from './pdf-lk15b-run-on.ts';
import { inHeaderRow } from './pdf-ex19-header-row.ts';
import { unlikeKnownCloser, unlikeNumberedSiblings } from './pdf-ex19-number-style.ts';
import { cellUnderLikeCell, panelAmongLoneLabels, underWrap } from './pdf-hd24-column-cells.ts';
import { joinEntryChains } from './pdf-hd25-contents-chains.ts';
import { tableHeaderCell } from './pdf-hd25-header-cells.ts';
import { termOfOneLineDescription } from './pdf-hd25-description-terms.ts';
import { abbreviationAsNumber } from './pdf-hd27-abbreviation.ts';
import { restartsNumbering } from './pdf-hd27-restart.ts';
import { statementBetweenHeads } from './pdf-hd27-statement.ts';
import { textUnderLabelBeside } from './pdf-hd27-label-beside.ts';
import { displayTypeBetweenProse } from './pdf-hd27-big-head.ts';
import { stepAfterStep } from './pdf-hd25-list-steps.ts';
import { isDisplayTitle, noteHeading, opensNextChapter, readDisplayType } from './pdf-thesis-display.ts';
import { respaceLetterSpaced } from './pdf-rl18-spaced-title.ts';
import { opensDisplayParagraph } from './pdf-rl18-display-paragraph.ts';
import { completeContents, hasLineNumbers, pageNumberCells } from './pdf-contents.ts';
import { numberedHeadBelow, termSized, textLineBelow } from './pdf-hd12-text-below.ts';
import { capsNameRunIn } from './pdf-hd13c-caps-run-in.ts';
import { headsBulletList } from './pdf-hd13c-list-heads.ts';
import { shortPunctuatedTitle } from './pdf-hd13c-question.ts';
import { referenceEntryHead } from './pdf-hd13c-entry-head.ts';
import { inHeadingType, wholeLineInHeadingFace } from './pdf-hd13a-headings.ts';
import { continuesTitle, subtitleLines } from './pdf-lk15a-title-tail.ts';
import { nameOverTitle, withMetadataSubtitle } from './pdf-tt24-title-heads.ts';
import { overAddress } from './pdf-tt19-name-address.ts';
import { doubleSpaced, leavesPhraseOpen } from './pdf-tt19-title-lines.ts';
import { metadataBlockLines, oneWeight, titlePageFirstLine } from './pdf-tt20-title-page.ts';
import { titleReadAsNames } from './pdf-tt21-title-over-names.ts';
import { keepsLeading, lineAbove } from './pdf-tt21-foot-apart.ts';
import { coverLines, coverPages, isMetadataPage, titleBlock } from './pdf-tb16-title-block.ts';
import { runningTitle } from './pdf-cv16-running-title.ts';
import { centredOver, numberedHeadUnder, roomForNextWord } from './pdf-hd18-caps-heads.ts';
import { columnRight, rowGoesOn } from './pdf-hd21-column-edge.ts';
import { numberedNonHead } from './pdf-hd21-small-type.ts';
import { labelRunIn } from './pdf-hd19-label-run-in.ts';
import { spreadLikeText } from './pdf-hd20-spread-title.ts';
import { lowerCaseNameHead } from './pdf-hd20-lower-case-head.ts';
import { endsItsColumn } from './pdf-hd20-foot-head.ts';
import { authorYearEntry } from './pdf-hd20-entry-below.ts';
import { justifiedWithNext } from './pdf-hd20-justified-item.ts';

const REFERENCES = /^(references|bibliography|literature cited|references and notes)$/i;
/**
 * A heading's text starts with a capital, or with a symbol (a Greek variable, a bracketed tag); in
 * bold or large type also with `(` or `-` (a formula `(n, d, λ)-regular graphs`, or what is left of it).
 */
const HEADING_START = /^(?:\p{Lu}|\p{Script=Greek}|\[[A-Z0-9])/u;
/** A subsection's run-in head in body type: its title closed by a stop, or by its own `?` or `!`, and a sentence after it. */
const RUN_IN = new RegExp(
  String.raw`^(${SUBSECTION_NUMBER}\.?)\s+([A-Z][^.!?]{2,80}?(?:[?!]|(?=\.)))\.?\s+(?=[A-Z])`,
);
const NUMBERED_CAPTION = /^(fig\.?|figure|table|tab\.)\s*[0-9IVX]+[a-z]?\s*[.:|]?/i;
/**
 * hd22: a float's number may carry a supplement's or an appendix's letter (`Figure S3:`, `Table A2.`):
 * then the label is capitalised and closed, since a sentence wraps at `Figure S7),` or `table T1.` too.
 */
const LETTERED_CAPTION =
  /^(?:Fig\.?|Figure|FIG\.?|FIGURE|Table|TABLE|Tab\.)\s*[A-Z]\d{1,2}[a-z]?\s*[.:|](?!\S)/;
/** A figure's or table's caption opens the line. */
const isCaption = (t: string): boolean => NUMBERED_CAPTION.test(t) || LETTERED_CAPTION.test(t);
/** A bullet, but not a minus sign (`–5`, `– 5`). */
const BULLET = /^(?:[•◦▪●○■□‣⁃∙·]\s*|[*–]\s+(?=\D))/;
// lk15b: a decimal number (`0.38]), but…`, `0,5`: one point or comma) is a quantity running on from the
// line above, no note's mark; a dotted number (`8.0.2`) keeps its old reading.
const FOOTNOTE_MARK = /^(\d{1,2}(?![.,]\d+(?!\d|\.\d))|[*†‡§¶])\s*\S/;

/** The paragraph (or list item, reference entry, caption) being written. */
interface Para {
  kind: 'p' | 'li' | 'ref' | 'caption' | 'eq';
  text: string;
  last: Segment;
  maxX1: number;
  /**
   * tt21: where the last line began, when pdf.js handed it over in pieces on one baseline (`[26] P.
   * Ramachandran, B. Zoph,` and `and Q. V. Le, “Search-`): a reference entry's hanging indent is
   * measured from it, not from the last piece, or the line after reads as a new entry (`- ing for …`).
   */
  lineX0?: number;
}

/** Markdown and what was found while writing it. */
export interface Rendered {
  markdown: string;
  title: string | null;
}

/** What stays fixed while one document is rendered. */
interface Doc {
  pages: Segment[][];
  pageHeights: number[];
  bodySize: number;
  pitch: number;
  bodyFace: string | null;
  /** Faces that set unnumbered body-size headings (elsarticle's italic `\subsection*`). */
  headingFaces: ReadonlySet<string>;
  /** The top of page 1's abstract or introduction line (Infinity when there is none). */
  frontBottom: number;
  /** The paper's first page: 0, or the page after a cover (cv16). */
  firstPage: number;
  /** After a cover page, where the body begins on page 2 (above it is front matter), else -Infinity. */
  coverBodyTop: number;
  /** After a cover page, the paper's own first page counted from `firstPage` (1, or 2 past a blank verso), else -1. */
  ownPage: number;
  /** The title block's author and affiliation lines (pdf-tb16-title-block.ts): never headings. */
  titleBlock: ReadonlySet<Segment>;
  /** Surnames of the metadata authors: a line of them is never a heading. */
  surnames: ReadonlySet<string>;
  /** The paper's title as written (null when none was found). */
  title: string | null;
  /** Segments already written (title, front matter) or dropped (a contents line's page number). */
  skip: (s: Segment) => boolean;
  contents: Contents;
  /** Per page, the notes and captions set in a margin column (notes go with the footnotes). */
  margin: MarginNotes[];
  /** Lines the PDF's outline names as headings (pdf-bm13-bookmarks.ts). */
  bookmarks: ReadonlyMap<Segment, BookmarkHeading>;
}

/** Labels of the front matter set like headings, which say nothing of how sections are set. */
const FRONT_LABEL = /^(?:abstract|a b s t r a c t|summary|keywords?|key words|index terms|contents)\b/i;

/** What changes while one document is rendered: the blocks so far and the open paragraph. */
interface Writer {
  blocks: string[];
  /** hd26: the index in `blocks` of the last contents entry written. */
  lastEntry?: number;
  footnotes: string[];
  para: Para | null;
  inReferences: boolean;
  sawRoman: boolean;
  /** Page 1 until its first section heading is front matter: title, authors, affiliations, abstract. */
  bodyStarted: boolean;
  numbering: Numbering;
  /** The last numbered heading accepted: the next number in its outline is vouched for. */
  lastNumber: SectionNumber | null;
  /** Size and face of accepted numbered headings, by depth: a sibling in the same style is one too. */
  styles: Map<number, HeadingStyle[]>;
  /** ex20: section headings accepted without a number (the abstract's and keywords' labels aside). */
  unnumbered: number;
  /** hd22: size and face of the unnumbered heads accepted in display type (larger than the body). */
  displayHeads: DisplayHead[];
  /** hd24: the type of the unnumbered bold heads accepted so far. */
  boldHeads: DisplayHead[];
  /** Lone numbers met before any paragraph of their page (tick labels): they open the next one. */
  held: string[];
  /** Captions set in the margin: written once the paragraph they sit beside is. */
  asides: string[];
  /** The bold face numbered heads are run in with (SIAM, amsart): unnumbered ones run in too. */
  runInFace?: string;
  /** hd19: the place of the last labelled paragraph head in each series (`a.`, `(1)`). */
  labelHeads: Map<string, number>;
  /** hd19: indices in `blocks` of those heads. */
  labelBlocks: Set<number>;
}

/** One segment and where it sits relative to the open paragraph. */
interface At {
  p: number;
  segs: Segment[];
  i: number;
  s: Segment;
  prev: Segment | undefined;
  sameFlow: boolean;
  gapAbove: number;
  newColumn: boolean;
}

/** Writes the open paragraph as a block and closes it. */
function flush(w: Writer): void {
  const para = w.para;
  if (!para) {
    w.blocks.push(...w.asides.splice(0).map(escapeBlockStart));
    return;
  }
  const t = para.text.trim();
  if (!w.bodyStarted && isProse(para)) w.bodyStarted = true;
  if (t)
    w.blocks.push(
      para.kind === 'eq'
        ? `\`\`\`equation\n${t.replace(/`{3,}/g, '')}\n\`\`\``
        : para.kind === 'li' || para.kind === 'ref'
          ? `- ${t}`
          : escapeBlockStart(t),
    );
  w.para = null;
  w.blocks.push(...w.asides.splice(0).map(escapeBlockStart));
}

/** A paragraph of sentences (the abstract of a letter without an "Abstract" heading) ends the front matter. */
function isProse(para: Para): boolean {
  const t = para.text.trim();
  return para.kind === 'p' && t.length >= 300 && (t.match(/\p{Ll}{2}\. /gu)?.length ?? 0) >= 2;
}

/** A run-in subsection heading (`2.1. Closeness centrality. The farness of…`, amsart) opens a paragraph. */
function placeRunIn(doc: Doc, w: Writer, at: At): boolean {
  const { s } = at;
  const runIn: RunIn | null =
    boldRunIn(s, w.numbering) ??
    italicRunIn(s, doc.bodyFace, w.numbering) ??
    (wholeLineInHeadingFace(s, doc.bodyFace) ? null : textRunIn(s, w.para?.text, w.numbering)) ??
    namedRunIn(s, w.para?.text, w.runInFace) ??
    capsNameRunIn(s, at.segs[at.i + 1], w.para?.text);
  // A line the outline names whole is a heading with no text run into it (`Parity vs. X`).
  if (!runIn || (runIn.rest && doc.bookmarks.get(s)?.exact)) return false;
  // hd26: a list of figures' entry run on into its caption is no head.
  if (runIn.num && rightAfterEntry(w.blocks.length, w.lastEntry, w.para !== null)) return false;
  // ex19: an unnumbered lead run into its paragraph (`Acknowledgments. The authors…`, a `\paragraph`) opens
  // the paragraph as printed: the reader sees no section there, and the annotations list none. A lead
  // that pdf.js set apart from its text (PNAS's `ACKNOWLEDGMENTS.`, a wide gap after it) stays a heading.
  if (!runIn.num && runIn.rest) {
    flush(w);
    w.bodyStarted = true;
    w.para = { kind: 'p', text: s.text, last: s, maxX1: s.x1 };
    return true;
  }
  const n = parseSectionNumber(`${runIn.num} ${runIn.title}`, { numeralTitle: true });
  // hd20: a paper closes every section number of one depth alike (ex19); a run-in lead numbered
  // otherwise than all the heads accepted at its depth (`4. Diagonal … norm.` under `4 Main Results`)
  // is a proof's step or a list's item, and its line is text.
  if (n && unlikeKnownCloser(n, w.styles.get(n.parts.length))) return false;
  if (n && unlikeKnownCase(n, w.styles.get(n.parts.length))) return false; // hd29: `4. Title. Text` under `3. METHODOLOGY`
  flush(w);
  if (n && s.boldLead) w.runInFace ??= s.fonts?.find((r) => !r.number && r.chars > 0)?.font;
  advance(n, w.numbering);
  if (n) w.lastNumber = n;
  w.bodyStarted = true;
  w.blocks.push(
    `${'#'.repeat(n ? headingDepth(n, w.sawRoman) : Math.min(6, 2 + (runIn.num.replace(/\.$/, '').match(/\./g)?.length ?? 0)))} ${runIn.num ? `${runIn.num} ` : ''}${runIn.title}`,
  );
  w.para = { kind: 'p', text: runIn.rest, last: s, maxX1: s.x1 };
  return true;
}

/**
 * hd19: a labelled paragraph head run in with no stop (REVTeX's `a. Classic ICs Our…`), one level
 * below the heading it follows.
 */
function placeLabelRunIn(doc: Doc, w: Writer, at: At, used: Set<Segment>): boolean {
  // A display equation ends what came before it as a stop would.
  const before = w.para?.kind === 'eq' ? undefined : w.para?.text;
  const r = labelRunIn(at.segs, at.i, doc.bodyFace, before, w.labelHeads);
  if (!r) return false;
  flush(w);
  for (const o of r.taken) used.add(o);
  w.labelHeads.set(r.series, r.n);
  // One level below the last heading that is not itself a labelled head.
  const above = w.blocks.findLast((b, k) => b.startsWith('#') && !w.labelBlocks.has(k));
  w.bodyStarted = true;
  w.labelBlocks.add(w.blocks.length);
  w.blocks.push(`${'#'.repeat(Math.min(6, (above?.match(/^#+/)?.[0].length ?? 2) + 1))} ${r.head}`);
  const lastSeg = r.taken[r.taken.length - 1] ?? at.s;
  w.para = { kind: 'p', text: r.rest, last: lastSeg, maxX1: lastSeg.x1 };
  return true;
}

/** A section heading: written at its level, with a continuation line joined to it. */
function placeHeading(doc: Doc, w: Writer, at: At, used: Set<Segment>): boolean {
  const { p, segs, i, gapAbove, newColumn } = at;
  const { pitch, frontBottom } = doc;
  // `Chapter 1` over (or beside) its title, or (hd28) a justified head's row split by pdf.js: one heading.
  const { joined, beside, justified } = joinHeadLine(at.s, segs[i + 1], segs);
  const s = joined ?? at.s;
  // A line the outline names is judged whole; any other line that is body text by its shape alone is no heading.
  const hit = doc.bookmarks.get(at.s);
  if (textByShape(w, doc, s, joined ? undefined : segs[i + 1], !!hit, !!joined)) return false;
  const k = beside ? i + 1 : i;
  // Indices and accents that pdf.js set apart over or under the heading go back into it.
  const frags = headingFragments(s, segs, i, w.para);
  let alone: boolean | undefined;
  let nextAlone: boolean | undefined;
  const heading = headingLevel(s, {
    body: doc.bodySize,
    pitch,
    gapAbove: frags.dropOpen ? gapAboveFragment(s, frags.lineAbove) : newColumn ? Infinity : gapAbove,
    sawRoman: w.sawRoman,
    frontMatter:
      // The abstract's text ends it even before it is written (the heading right after the abstract).
      (p === doc.firstPage &&
        ((!w.bodyStarted && !(w.para && isProse(w.para))) ||
          (frontBottom < Infinity && s.top < frontBottom))) ||
      (p === doc.firstPage + doc.ownPage && s.top < doc.coverBodyTop),
    surnames: doc.surnames,
    seq: w.numbering,
    lastNumber: w.lastNumber,
    inReferences: w.inReferences,
    styles: w.styles,
    unnumbered: w.unnumbered,
    displayHeads: w.displayHeads,
    boldHeads: w.boldHeads,
    bodyFace: doc.bodyFace,
    headingFaces: doc.headingFaces,
    // Both looks along the row are taken on demand, once: most lines are turned away before.
    get alone() {
      // The number and title joined are one line: neither piece is a neighbour on its row.
      return (alone ??=
        aloneOnRow(s, beside ? segs.filter((o) => o !== segs[i + 1] && o !== at.s) : segs, segs[k + 1]) &&
        // hd21: nor further along its row inside its column (a justified line split at a wide space).
        !rowGoesOn(s, segs));
    },
    // A short bold cell elsewhere on the same baseline and a short cell below: a table's header row (`Method … MAE`).
    headerRow: () => inHeaderRow(s, segs, () => cellBelow(s, lineBelow(s, segs), 40)),
    next: segs[k + 1],
    after: segs[k + 2],
    get nextAlone() {
      return (nextAlone ??= segs[k + 1] !== undefined && aloneOnRow(segs[k + 1]!, segs, segs[k + 2]));
    },
    below: (line) => lineBelow(line, segs),
    segs,
  });
  // A line the PDF's own outline points at and names is a heading the layout rules may have missed.
  const level = heading || (hit && !joined ? bookmarkLevel(s, hit, w.sawRoman) : 0);
  if (
    !level ||
    doc.titleBlock.has(at.s) ||
    (w.lastNumber === null && repeatsTitle(s, doc)) ||
    // hd17a: a supplement's title names the paper (`Supplemental Material for “<title>”`).
    (s.page > 0 && namesPaperTitle(s.text, doc.title))
  )
    return false;
  let text = frags.fragments.length ? spliceFragments(s, frags.fragments) : withoutNoteMark(s, segs);
  // A long heading may wrap over three lines (a chapter's title under its label too); an index fragment after it is no line.
  let last = joined && !justified ? segs[i + 1]! : s;
  const wraps: Segment[] = [];
  const from = i + (joined ? 2 : 1) + frags.after.length;
  for (let k = from; k <= from + 2; k++) {
    const next = segs[k];
    if (!next || !(continuesHeading(text, last, next, doc, segs) || hit?.wraps.includes(next))) break;
    text = joinLines(text, withoutNoteMark(next, segs));
    wraps.push(next);
    last = next;
  }
  // ex19: a title left open (`…, and`, `… during`) with no line of it below is a sentence's first line;
  // in display type it is a heading whose second line sits further down than a wrap is looked for.
  if (!hit && s.size < 1.12 * doc.bodySize && endsOpen(text)) return false;
  // tt22: nor is an unnumbered line of prose whose sentence runs on into the next line in its own
  // face (a bold notice paragraph): a heading's next line is its wrap (taken above) or body text in
  // another face. (A numbered one is a heading whose long wrap was not taken.)
  const prose = !hit && !wraps.length && !parseSectionNumber(s.text) && s.size < 1.12 * doc.bodySize;
  if (prose && runsOnInFace(last, segs[from])) return false;
  if (joined) used.add(segs[i + 1]!);
  for (const next of wraps) used.add(next);
  if (frags.dropOpen) w.para = null;
  for (const f of frags.after) used.add(f);
  flush(w);
  const n = headingNumber(s, doc.bodyFace);
  advance(n, w.numbering);
  if (n) w.lastNumber = n;
  noteHeading(w.numbering, n, s.text, level);
  // hd19: an appendix titled without a number of its own (`APPENDIX: AI TOOLS, …`) numbers its
  // sections afresh (`1. PROJECT PLANNING`): the arabic outline starts again. A bare `APPENDIX` is
  // followed by lettered appendices (`A. REPRODUCIBILITY`), which keep the outline.
  if (!n && level <= 2 && /^appendi(?:x|ces)\s*[:.—–-]\s*\p{L}/iu.test(s.text.trim())) w.numbering.arabic = 0;
  if (n || !(/^(abstract|a b s t r a c t)\b/i.test(s.text) || isForeignAbstractName(s.text)))
    w.bodyStarted = true;
  if (n?.kind === 'roman' && n.parts.length === 1) w.sawRoman = true;
  if (!n && w.bodyStarted && !FRONT_LABEL.test(s.text.trim())) {
    w.unnumbered++;
    noteHeadType(w, s, doc.bodySize);
  }
  if (n)
    w.styles.set(n.parts.length, [
      ...(w.styles.get(n.parts.length) ?? []),
      {
        size: s.size,
        bold: s.bold === true,
        face: titleFace(s),
        caps: isCapitals(n.rest),
        closer: n.closer,
        smallCaps: twoSizeCapitals(s),
        kind: n.kind,
      },
    ]);
  w.blocks.push(`${'#'.repeat(level)} ${text}`);
  w.inReferences = REFERENCES.test(stripNumber(text));
  return true;
}

/** Body text by its shape alone, unless the outline names the line whole; or (hd28) a run-in lead (runInLead). */
function textByShape(
  w: Writer,
  doc: Doc,
  s: Segment,
  next: Segment | undefined,
  hit: boolean,
  joined: boolean,
): boolean {
  if (hit && !joined) return false;
  return bodyTextByShape(s, next) || (!hit && !joined && runInLead(w, s, doc.bodyFace));
}

/** hd28: a head run in with its text's first words on its line opens a paragraph, never a heading. */
function runInLead(w: Writer, s: Segment, bodyFace: string | null): boolean {
  const runsOn = leadRunsOn(s, bodyFace, () => (parseSectionNumber(s.text)?.parts.length ?? 0) >= 2);
  if (runsOn === 'numbered') flush(w);
  return runsOn !== null;
}

/** The title page's line printed again, or (hd28) the paper's title whole on a later page. */
function repeatsTitle(s: Segment, doc: Doc): boolean {
  return repeatsTitlePage(s, doc.pages[0]!) || (s.page > 0 && repeatsPaperTitle(s.text, doc.title));
}

/** A display equation: one fenced line per equation (its pieces on neighbouring rows join it). */
function placeEquation(w: Writer, { s, sameFlow, gapAbove }: At, pitch: number): boolean {
  if (
    !w.inReferences &&
    // An author line with ORCID iDs (`Sack1,2[0000−0001−…]`) is no formula.
    (w.bodyStarted || s.page > 0 || !isAuthorLine(s.text)) &&
    (isDisplayEquation(s.text) ||
      (w.para?.kind === 'eq' && /^\([A-Z]?\d{1,3}(?:\.\d{1,3})?[a-z]?\)$/.test(s.text)))
  ) {
    const cur = w.para;
    if (cur?.kind === 'eq' && sameFlow && !EQUATION_NUMBER.test(cur.text) && gapAbove < 1.5 * pitch) {
      cur.text = `${cur.text} ${s.text}`;
      cur.last = s;
    } else {
      flush(w);
      w.para = { kind: 'eq', text: s.text, last: s, maxX1: s.x1 };
    }
    return true;
  }
  if (w.para?.kind === 'eq') flush(w);
  return false;
}

/** A figure or table caption, or a bulleted list item, opens its own block. */
function placeCaptionOrItem(w: Writer, { s, newColumn, gapAbove }: At, pitch: number): boolean {
  if (isCaption(s.text) && (newColumn || gapAbove > 0.4 * pitch || w.para?.kind !== 'caption')) {
    flush(w);
    w.para = { kind: 'caption', text: s.text, last: s, maxX1: s.x1 };
    return true;
  }
  if (BULLET.test(s.text) && s.text.length > 2) {
    flush(w);
    w.para = { kind: 'li', text: s.text.replace(BULLET, ''), last: s, maxX1: s.x1 };
    return true;
  }
  return false;
}

/** In the reference list, a line starts an entry or continues one. */
function placeReference(doc: Doc, w: Writer, at: At): boolean {
  const { p, s, prev, sameFlow, gapAbove } = at;
  // A numbered list starting at [1] late in the paper is the reference list even without a heading (REVTeX).
  if (!w.inReferences && p >= doc.pages.length / 2 && /^\[1\]\s/.test(s.text)) {
    flush(w);
    w.inReferences = true;
  }
  if (!w.inReferences) return false;
  const startsEntry =
    /^(\[\d+\]|\d{1,3}\.\s|\(\d{1,3}\))/.test(s.text) ||
    (prev !== undefined &&
      sameFlow &&
      s.x0 < (w.para?.last === prev ? (w.para.lineX0 ?? prev.x0) : prev.x0) - 0.5 * s.size);
  if (!w.para || startsEntry || gapAbove > 0.8 * doc.pitch) {
    flush(w);
    w.para = { kind: 'ref', text: s.text, last: s, maxX1: s.x1, lineX0: s.x0 };
  } else {
    const last = w.para.last;
    const sameLine =
      last.page === s.page && Math.abs(last.baseline - s.baseline) <= 0.2 * s.size && s.x0 > last.x0;
    w.para.lineX0 = sameLine ? Math.min(w.para.lineX0 ?? last.x0, last.x0) : s.x0;
    w.para.text = joinLines(w.para.text, s.text);
    w.para.last = s;
  }
  return true;
}

/** Body text: continues the open paragraph or starts a new one. */
function placeText(w: Writer, { s, sameFlow, gapAbove }: At, pitch: number): void {
  const para = w.para;
  if (para && continues(para, s, sameFlow, gapAbove, pitch)) {
    para.text = joinLines(para.text, s.text);
    para.last = s;
    para.maxX1 = Math.max(para.maxX1, s.x1);
  } else {
    flush(w);
    w.para = { kind: 'p', text: takeHeld(w, s.text), last: s, maxX1: s.x1 };
  }
}

/** Writes one page's segments; its footnotes go to `w.footnotes`. */
function renderPage(doc: Doc, w: Writer, p: number, segs: Segment[]): void {
  const { pitch, contents } = doc;
  const height = doc.pageHeights[p] ?? 792;
  const foot = footnoteSegments(segs, doc.bodySize, height, w.inReferences);
  const used = new Set<Segment>();
  let footText = '';
  let skipped: Segment | null = null; // lk25: the last line skipped since the last one placed
  for (const [i, s] of segs.entries()) {
    if (doc.skip(s)) {
      skipped = s;
      continue;
    }
    if (used.has(s)) continue;
    // lk25: a skipped line between the open paragraph and this one separated them.
    if (w.para && skipped && skippedBetween(w.para.last, skipped, s)) flush(w);
    skipped = null;
    // tb16: the title block's author lines are a paragraph of their own, never run into the abstract.
    if (w.para && doc.titleBlock.has(w.para.last) && !doc.titleBlock.has(s)) flush(w);
    const entry = contents.entries.get(s);
    if (entry !== undefined) {
      // A contents line is a list item: it must not advance the section numbering.
      flush(w);
      w.blocks.push(`- ${entry}`);
      w.lastEntry = w.blocks.length - 1;
      continue;
    }
    const aside = doc.margin[p]?.get(s);
    if (aside !== undefined) {
      if (aside) (aside.kind === 'note' ? w.footnotes : w.asides).push(aside.text);
      continue;
    }
    if (foot.has(s)) {
      footText =
        FOOTNOTE_MARK.test(s.text) && footText
          ? (w.footnotes.push(footText), s.text)
          : joinLines(footText, s.text).trim();
      continue;
    }
    // A lone number here is a piece of a display equation or a figure's axis label (page numbers
    // are gone): it stays with the text around it instead of standing as a paragraph.
    if (LONE_NUMBER.test(s.text) && w.para && w.para.last.page === s.page) {
      w.para.text = joinLines(w.para.text, s.text);
      continue;
    }
    if (holdLoneNumber(w, s)) continue;
    const prev = w.para?.last;
    const sameFlow =
      prev !== undefined &&
      prev.page === s.page &&
      s.top >= prev.top - 0.1 &&
      s.top - prev.bottom < 2.2 * pitch;
    const gapAbove = prev && sameFlow ? s.top - prev.bottom : Infinity;
    const at: At = { p, segs, i, s, prev, sameFlow, gapAbove, newColumn: !prev || !sameFlow };
    if (
      placeRunIn(doc, w, at) ||
      placeLabelRunIn(doc, w, at, used) ||
      placeHeading(doc, w, at, used) ||
      placeEquation(w, at, pitch) ||
      placeCaptionOrItem(w, at, pitch) ||
      placeReference(doc, w, at)
    )
      continue;
    placeText(w, at, pitch);
  }
  if (footText) w.footnotes.push(footText);
  releaseHeld(w);
}

/** A page whose first line is the abstract's label, the first section or a contents list: no title block. */
function opensWithoutTitle(page: readonly Segment[]): boolean {
  const first = [...page].sort((a, b) => a.top - b.top)[0];
  return (
    first !== undefined &&
    /^(?:a ?b ?s ?t ?r ?a ?c ?t\b|(?:1\.?|I\.)\s+introduction\b|contents$)/i.test(first.text.trim())
  );
}

/**
 * The paper's pages and its title. cv16: a cover that prints the title and abstract again later
 * stands before the paper proper: the title is taken where the paper starts (the cover's lines
 * are front matter). With no title block, the running head printed on every page is the title.
 */
function paperTitle(
  pages: Segment[][],
  pageHeights: number[],
  bodySize: number,
  meta: { title?: string; infoTitle?: string | null; runningHeads?: readonly string[] },
  surnames: ReadonlySet<string>,
): { paper: Segment[][]; title: { text: string; segments: Segment[] } | null } {
  const covers = coverPages(pages);
  const paper = pages.slice(covers);
  const heights = pageHeights.slice(covers);
  const metaTitle =
    meta.title ??
    printedInfoTitle(meta.infoTitle, paper[0] ?? [], bodySize) ??
    printedNameTitle(meta.infoTitle, paper[0] ?? [], bodySize); // fm29: a title that is one name
  const title =
    findTitle(paper[0] ?? [], bodySize, heights[0] ?? 792, metaTitle, surnames) ??
    // tb16: after a page of metadata lines alone, the title is on page 2.
    (isMetadataPage(paper[0] ?? [], isFrontMeta)
      ? findTitle(paper[1] ?? [], bodySize, heights[1] ?? 792, metaTitle, surnames)
      : null) ??
    // cv16: page 1 opens with the abstract or the first section, no title block above it.
    (opensWithoutTitle(paper[0] ?? [])
      ? runningTitle(
          (meta.runningHeads ?? []).filter((t) => !FRONT_JUNK.test(t) && !LEADING_NUMBER.test(t)),
          metaTitle,
          surnames,
        )
      : null);
  return { paper, title };
}

/** The front-matter block under the title: its groups in one italic paragraph, `·` between them. */
function frontBlockText(front: readonly Segment[][]): string {
  const groups = front.map((g) =>
    g
      .map((s) => s.text)
      .reduce((a, b) => joinLines(a, b))
      .replace(/[*_]/g, '\\$&'),
  );
  return `*${groups.join(' · ')}*`;
}

/**
 * Render the ordered segments of all pages. `bodySize` is the most common font size (by chars);
 * `pageHeights` lets footnotes be told apart from body text at the foot of a page.
 */
export function renderSegments(
  pages: Segment[][],
  pageHeights: number[],
  meta: {
    title?: string;
    authors?: readonly string[];
    bookmarks?: readonly Bookmark[];
    /** The PDF's info dictionary Title: the metadata title when page 1 prints it large. */
    infoTitle?: string | null;
    /** Page 1's running heads that nearly every page prints (pdf-cv16-running-title.ts). */
    runningHeads?: readonly string[];
  } = {},
): Rendered {
  const all = pages.flat();
  const bodySize = bodyTextSize(all);
  readDisplayType(pages, bodySize);
  restoreParagraphDropCaps(pages); // qx28: a paragraph's initial drawn as a picture
  respaceLetterSpaced(pages, [meta.title, meta.infoTitle, ...(meta.authors ?? [])]);
  const surnames = authorSurnames(meta.authors);
  const { paper, title } = paperTitle(pages, pageHeights, bodySize, meta, surnames);
  const covers = pages.length - paper.length;
  const cover0 = coverLines(pages, covers);
  // After a cover, the title page's printing of the title is the title (pdf-ti13-title.ts).
  const fromTitlePage = titlePageTitle(paper, title, bodySize);
  if (title && fromTitlePage) title.text = fromTitlePage.text;
  if (title) title.text = withDropCap(title.text, paper, title.segments); // lk27: an initial drawn as a picture
  const titleSet = new Set(title?.segments ?? []);
  const pitch = typicalPitch(pages, bodySize);
  // Metadata lines of the first page (and of page 2 after a cover page) go to one block under the
  // title, never into the body; a title printed again after a cover page is not written twice.
  const found = findFrontMatter(paper, title?.segments ?? [], bodySize);
  const { repeatedTitle, coverBodyTop, ownPage } = found;
  const cover = repeatedTitle.length > 0;
  const front = withFrontFurniture(paper, found, title?.segments ?? [], isFrontMeta, bodySize);
  front.unshift(...cover0.front);
  // A thesis's copyright, approval and abstract-page lines after its title page are front matter too.
  const prelims = preliminaryPages(paper, title?.segments ?? [], new Set(front.flat()), bodySize, cover);
  front.push(...prelims.groups);
  // lk23: the name and date signed under a thesis's declaration.
  front.push(...declarationSignatures(paper, new Set(front.flat())));
  // tb16: the rest of the title block, down to the abstract, is front matter too (not after a cover);
  // its author and affiliation lines stay in the text, never headings.
  const block =
    title && !cover && !fromTitlePage
      ? titleBlock(pages, title.segments, new Set([...front.flat(), ...prelims.repeatedTitle]), surnames)
      : null;
  front.push(...(block?.front ?? []));
  // lk28: notes that go on under a front note in its style
  const titlePage = title?.segments[0]?.page;
  if (block && titlePage !== undefined)
    addNotesInNoteStyle(front, pages[titlePage] ?? [], block.kept, bodySize);
  front.push(...frontLeaks(paper, pageHeights.slice(covers), title, front, bodySize)); // lk24 front matter
  front.push(...licencePages(paper, new Set(front.flat()))); // lk25: a licence notice's own page
  front.push(...frontUrlLines(paper[0] ?? [], new Set(front.flat()), bodySize)); // lk26: a code address
  front.push(...titlePageRecords(paper, title?.segments ?? [], front, bodySize)); // fm29: version, cite, notices
  const skipped = [...repeatedTitle, ...prelims.repeatedTitle, ...(fromTitlePage?.segments ?? [])];
  front.push(...thesisPrelimLeftovers(paper, title?.segments ?? [], front, bodySize, skipped)); // lk26
  front.push(...thesisFormRows(paper, new Set(front.flat()), bodySize)); // lk27: an abstract form's rows
  front.push(...prelimSignOffs(paper, new Set(front.flat()), bodySize)); // lk27: a preface's place and date
  front.push(...bookPrelims(paper, title?.segments ?? [], new Set([...front.flat(), ...skipped]), bodySize)); // lk29
  const backCover = backCoverLines(paper, new Set(front.flat()), bodySize); // lk27: a report's back cover
  front.push(...backCover.front);
  const frontSet = new Set([
    ...front.flat(),
    ...skipped,
    ...cover0.repeated,
    ...repeatedFrontLines(paper, front),
    ...backCover.repeats,
  ]);
  if (title) title.text = titleWithoutNoteMark(title.text, front);

  const blocks: string[] = [];
  if (title) blocks.push(`# ${title.text}`);
  if (front.length) blocks.push(frontBlockText(front));
  // Page 1 until its first section heading: title, authors, affiliations, abstract. In two columns the
  // second author can sit beside the first heading, so everything above the abstract is front matter too.
  const frontBottom = Math.min(
    ...(paper[0] ?? [])
      .filter((s) => /^(?:a ?b ?s ?t ?r ?a ?c ?t\b|(?:1\.?|I\.)\s+introduction\b)/i.test(s.text))
      .map((s) => s.top),
  );
  const contents = contentsEntries(pages);
  // lk15b: a running head printed once that repeats a heading's words (`CHAPTER 1. IN SILICO…`).
  const echoes = headingEchoes(pages, pageHeights, bodySize);
  const doc: Doc = {
    pages,
    pageHeights,
    bodySize,
    pitch,
    bodyFace: dominantFace(all, bodySize),
    headingFaces: new Set(),
    frontBottom,
    firstPage: covers,
    coverBodyTop,
    ownPage,
    titleBlock: block?.kept ?? new Set(),
    surnames,
    title: title?.text ?? null,
    skip: (s) => titleSet.has(s) || frontSet.has(s) || contents.pageNumbers.has(s) || echoes.has(s),
    contents,
    margin: marginNotes(pages, bodySize),
    // lk14b: book classes enter a chapter's authors in its outline (svmult’s \tocauthor): never a section.
    bookmarks: matchBookmarks(
      carryOverPageBreaks(
        (meta.bookmarks ?? []).filter((b) => !isAuthorLine(b.title)),
        pages,
        bodySize,
      ),
      pages,
      bodySize,
    ),
  };
  const w = newWriter(blocks);
  doc.headingFaces = headingFaces(pages, bodySize, doc.bodyFace, pitch);
  for (const [p, segs] of pages.entries()) renderPage(doc, w, p, segs);
  flush(w);
  if (w.footnotes.length) blocks.push(...w.footnotes.map((f) => `> ${f}`));
  return { markdown: `${blocks.join('\n\n')}\n`, title: title?.text ?? null };
}

/** A writer at the start of the body: nothing written yet but `blocks` (title and front matter). */
function newWriter(blocks: string[]): Writer {
  return {
    blocks,
    footnotes: [],
    para: null,
    inReferences: false,
    sawRoman: false,
    bodyStarted: false,
    numbering: newNumbering(),
    lastNumber: null,
    styles: new Map(),
    unnumbered: 0,
    displayHeads: [],
    boldHeads: [],
    held: [],
    asides: [],
    labelHeads: new Map(),
    labelBlocks: new Set(),
  };
}

const LEADERS = /(?:\s*[.·…](?:\s*[.·…]){2,})\s*(\d{1,4})$/;
const ENTRY_START =
  /^(?:(?:\d{1,2}(?:\.\d{1,2}){0,3}\.?|[IVX]{1,5}\.?|[A-H](?:\.\d{1,2}){0,2}\.?)\s+\S|appendix\b)/i;

/**
 * Contents lines (their text without leaders and page number) and the segments written with them:
 * page numbers and leaders beside them, a wrapped entry's second line.
 */
export interface Contents {
  entries: Map<Segment, string>;
  pageNumbers: Set<Segment>;
}

/**
 * A table of contents (or list of figures/tables): on one page, at least four lines that start with
 * a section number or carry dot leaders, each ending in a page number (inline or as a separate run
 * on the same baseline), with the page numbers going up. Taken for headings, its entries would
 * advance the section numbering and make every real heading look out of sequence.
 */
export function contentsEntries(pages: Segment[][]): Contents {
  const out: Contents = { entries: new Map(), pageNumbers: new Set() };
  let listed = -2;
  for (const [p, segs] of pages.entries()) {
    const numbers = segs.filter((s) => /^\d{1,4}$/.test(s.text));
    const found: Array<{ s: Segment; text: string; page: number; beside: Segment | null }> = [];
    const cells = leaderCells(segs);
    for (const s of segs) {
      if (numbers.includes(s)) continue;
      const leaders = LEADERS.exec(s.text);
      // A line ending in leaders has its page number beside it (a run of its own).
      const numbered = ENTRY_START.test(s.text) || /(?:\s*[.·…]){3,}\s*$/.test(s.text);
      // Or the leaders and page number kept apart as a run of their own beside the title.
      const led = leaders ? null : leadersBeside(s, cells);
      if (!leaders && !numbered && !led) continue;
      const inline =
        leaders ?? (numbered && !titleGoesOn(s, segs, ENTRY_START) ? /\s(\d{1,4})$/.exec(s.text) : null);
      const beside = inline
        ? null
        : typeof led?.page === 'number'
          ? led.cell
          : (numbers.find((n) => n.x0 > s.x1 && Math.abs(n.baseline - s.baseline) < 0.3 * s.size) ?? null);
      const page = inline ? Number(inline[1]) : (led?.page ?? (beside ? Number(beside.text) : NaN));
      if (Number.isNaN(page)) continue;
      const text = (inline ? s.text.slice(0, inline.index) : s.text).replace(/(?:\s*[.·…])+$/, '').trim();
      if (/[A-Za-z]/.test(text)) found.push({ s, text, page, beside });
    }
    // hd17a: a list that runs over from the page before may end after two or three entries there.
    const least = listed === p - 1 ? 2 : 4;
    if (found.length < least || hasLineNumbers(numbers, median(found.map((e) => e.s.size)))) continue;
    const ordered = [...found].sort((a, b) => a.s.top - b.s.top || a.s.x0 - b.s.x0);
    const rising = ordered.slice(1).filter((e, i) => e.page >= ordered[i]!.page).length;
    if (rising < 0.8 * (ordered.length - 1)) continue;
    const unnumbered = unnumberedContentsLines(segs, pageNumberCells(segs, numbers), found);
    // hd29: or whose page numbers follow their titles at one fixed space (a ragged contents style).
    const taken = new Set([...found, ...unnumbered].map((e) => e.s));
    for (const e of [...found, ...unnumbered, ...entriesAtCommonGap(segs, numbers, found, taken)]) {
      out.entries.set(e.s, e.text);
      if (e.beside) out.pageNumbers.add(e.beside);
    }
    completeContents(segs, out);
    joinWrappedEntries(segs, out.entries, out.pageNumbers, ENTRY_START);
    joinEntryChains(segs, out.entries, out.pageNumbers, ENTRY_START);
    entriesAtFoot(segs, out.entries, ENTRY_START);
    joinEntryLabels(segs, out); // hd29: `Appendix D` before its entry's title
    listed = p;
  }
  return out;
}

/** A numbered heading run into its paragraph: number, title, and the paragraph text after it. */
interface RunIn {
  num: string;
  title: string;
  rest: string;
}

/**
 * A subsection number and its title, closed by a stop or a colon, or by the title's own `?` or `!`
 * (amsart adds its stop only after a title that has none: `2.2. Which History?`).
 */
const RUN_IN_NUMBER = new RegExp(
  String.raw`^(${SUBSECTION_NUMBER}\.?)\s+(\S.{1,150}?(?:[?!]|(?=[.:]$)))[.:]?$`,
);

/**
 * A run-in subsection heading told by its font: the line starts with a bold `2.8. k-shell
 * decomposition.` (any case, up to a long title) and goes on in the body face.
 */
function boldRunIn(s: Segment, seq: Numbering): RunIn | null {
  const split = splitBoldLead(s);
  if (!split) return null;
  const { lead, rest } = split;
  const m = RUN_IN_NUMBER.exec(lead);
  if (!m) return topLevelRunIn(s, lead, rest, seq);
  const n = parseSectionNumber(`${m[1]} ${m[2]}`);
  // hd27: `V.a.` is an abbreviation, not a subsection of a section never opened.
  if (!n || !rest || !inSequence(n, seq) || abbreviationAsNumber(n, seq)) return null;
  return { num: m[1]!, title: m[2]!, rest };
}

/** The same told by a face other than the body's (IEEE's italic `1) Title: Text…`). */
function italicRunIn(s: Segment, bodyFace: string | null, seq: Numbering): RunIn | null {
  const r = faceRunIn(s, bodyFace);
  if (!r || !inSequence(r.n, seq)) return null;
  return { num: `${r.n.num}${r.n.closer}`, title: r.n.rest, rest: r.rest };
}

/** The same told by its text alone (amsart `2.1. Closeness centrality. The farness of…`), after a finished paragraph. */
function textRunIn(s: Segment, before: string | undefined, seq: Numbering): RunIn | null {
  const m = RUN_IN.exec(s.text);
  if (!m || (before !== undefined && !/[.!?:]["')\]]?$/.test(before))) return null;
  const n = parseSectionNumber(`${m[1]} ${m[2]}`);
  if (!n || !inSequence(n, seq) || m[2]!.split(/\s+/).length > 10 || !withinKnownSection(n, seq)) return null;
  return { num: m[1]!, title: m[2]!, rest: s.text.slice(m[0].length) };
}

/** Body text that starts like Markdown syntax (`# `, `> `, `- `, `1. `, a code fence) must stay text. */
function escapeBlockStart(t: string): string {
  // A printed `## 2016-04-08` (a changelog shown in the text) is text, not a Markdown heading; a
  // printed R Markdown chunk (`\`\`\`{r}`) would open a code block that swallows the rest of the paper.
  return t
    .replace(/^(#{1,6}|[>+*-]|\d+\.)(?=\s|$)/, (m) => (/^\d/.test(m) ? m.replace('.', '\\.') : `\\${m}`))
    .replace(/^(?=```|~~~)/, '\\');
}

function continues(
  para: { kind: string; text: string; last: Segment; maxX1: number },
  s: Segment,
  sameFlow: boolean,
  gapAbove: number,
  pitch: number,
): boolean {
  const prev = para.last;
  if (Math.abs(s.size - prev.size) > 1.2) return false;
  const endsSentence = /[.!?:]["')\]]?$/.test(para.text);
  if (!sameFlow) return !endsSentence || /^[a-z]/.test(s.text);
  if (gapAbove > 0.75 * pitch) return false;
  // First-line indent starts a paragraph; a short last line ends one.
  if (s.x0 > prev.x0 + 0.8 * s.size && endsSentence) return false;
  if (endsSentence && prev.x1 < para.maxX1 - 2.5 * s.size) return false;
  return true;
}

/** A heading wrapped onto a second line: ends in a hyphen or a function word, or runs on in capitals. */
function continuesHeading(
  text: string,
  s: Segment,
  next: Segment,
  doc: Doc,
  segs: readonly Segment[],
): boolean {
  const pitch = doc.pitch;
  // A chapter's label and its title set below it are one heading (`Chapter 1` / `Introduction`).
  if (isChapterLabel(text) && next.page === s.page && next.top > s.top && next.top - s.bottom < 3 * s.size)
    return next.size >= 0.9 * s.size && next.text.length <= 80 && !parseSectionNumber(next.text);
  // A display title may be double-spaced (a thesis's chapter title): a line centred under it may sit further down.
  const centred = Math.abs(next.x0 + next.x1 - s.x0 - s.x1) < 6;
  const reach = centred ? Math.max(0.6 * pitch, 1.1 * s.size) : 0.6 * pitch;
  if (
    next.page !== s.page ||
    (next.top - s.bottom > reach && !spreadLikeText(s, next, doc)) ||
    next.top < s.top
  )
    return false;
  // hd26: small caps drawn as scaled capitals measure two sizes on two lines of one head.
  if (wrapsInScaledCaps(s, next, text)) return true;
  if (
    Math.abs(next.size - s.size) > 0.3 ||
    next.text.length > 60 ||
    parseSectionNumber(next.text) ||
    isMathLine(next.text)
  )
    return false;
  // hd21: flush left under a line that ends with room for its first word, and not left open: a head of its own.
  if (
    Math.abs(next.x0 - s.x0) < 1 &&
    !/[-,]$|\b(the|of|and|for|in|on|with|to|a|an|via|from|by)$/i.test(text) &&
    roomForNextWord(s, next, columnRight(s, segs))
  )
    return false;
  // hd23: a section's name over another is two heads, whatever their face (BMC's `Tables` over `Additional Files`).
  const name = (t: string) => isSectionName(stripNumber(t).replace(/[.:]$/, ''));
  if (name(text) && name(next.text)) return false;
  const caps = (t: string) => t === t.toUpperCase() && /[A-Z]{3}/.test(t);
  if (wrapsUnderTitle(s, next, text) || hangsUnderLargeTitle(s, next, text, doc.bodySize)) return true;
  if (wrapsInFace(s, next, doc.headingFaces) && !/[.?!:]$/.test(text)) return true;
  if (
    s.bold &&
    next.bold &&
    // lk14b: under its start, or flush right with it (a display title set ragged-left).
    (next.x0 >= s.x0 - 1 || Math.abs(next.x1 - s.x1) < 1) &&
    next.baseline > s.baseline + 0.5 * s.size &&
    !/[.?!:]$/.test(text) &&
    // A bold line closed by a colon is a paragraph's label (`Datasets:`), never a heading's second line.
    !next.text.endsWith(':')
  )
    return true;
  return (
    /-$/.test(text) ||
    /\b(the|of|and|for|in|on|with|to|a|an|via|from|by)$/i.test(text) ||
    (((caps(text) && caps(next.text)) ||
      // Capitals with a name in mixed case among them (`… SDSS redMaPPer CLUSTERS`).
      (mostlyCapitals(text) && mostlyCapitals(next.text))) &&
      !roomForNextWord(s, next))
  );
}

/**
 * A section's name, capitalised as every class sets a heading: a lower-case `results` or
 * `experiments.` in the body face is a paragraph's last word or a table's cell (hd17b). In a face
 * of its own it may be small capitals, which pdf.js reports in lower case (amsart's `acknowledgements`).
 */
function namedSection(text: string, s: Segment, bodyFace: string | null): boolean {
  return isSectionName(text) && (/^\p{Lu}/u.test(text) || titleFace(s) !== bodyFace);
}

/** A line's section number; a title may open with a count (`A. 40 µm BigBrain…`) where a face sets the line apart. */
function headingNumber(
  s: Segment,
  bodyFace: string | null,
  page?: { segs: readonly Segment[]; body: number },
): SectionNumber | null {
  const n = parseSectionNumber(s.text);
  if (articleBeforeWord(n)) return null;
  if (n || (s.bold !== true && titleFace(s) === bodyFace)) return n;
  // A count after a number titles a plot's panel as often (`B. 100 total sites` over its axes).
  return page && insideFigure(s, page.segs, page.body)
    ? null
    : parseSectionNumber(s.text, { numeralTitle: true });
}

function stripNumber(text: string): string {
  return (parseSectionNumber(text)?.rest ?? text).trim();
}

/** What headingLevel needs to know about a line's surroundings. */
interface HeadingContext {
  body: number;
  pitch: number;
  /** Space between the previous line of the same column and this one (Infinity at a column top). */
  gapAbove: number;
  sawRoman: boolean;
  /** Page 1 before any heading: title, authors, affiliations. */
  frontMatter: boolean;
  /** Surnames of the metadata authors. */
  surnames: ReadonlySet<string>;
  seq: Numbering;
  lastNumber: SectionNumber | null;
  /** After a References heading: a numbered line there must be set apart (initials `A. Einstein`). */
  inReferences: boolean;
  styles: Map<number, HeadingStyle[]>;
  /** ex20: section headings accepted so far without a number. */
  unnumbered: number;
  displayHeads: readonly DisplayHead[];
  boldHeads: readonly DisplayHead[];
  /** The font the body text is set in (most characters at the body size). */
  bodyFace: string | null;
  headingFaces: ReadonlySet<string>;
  /** Computed on demand: it looks at the whole page. */
  headerRow: () => boolean;
  /** Nothing else on the line's baseline near it (a table row or a run-in heading has). */
  alone: boolean;
  /** The next line in reading order, and the one after it. */
  next: Segment | undefined;
  after: Segment | undefined;
  nextAlone: boolean;
  /** The nearest line under a line on the page (`lineBelow` over `segs`). */
  below: (line: Segment) => Segment | undefined;
  /** The page's lines. */
  segs: readonly Segment[];
}

/** Page 1 before the body: an author, affiliation, institution or metadata line (never a heading). */
function isFrontMatterLine(text: string, n: SectionNumber | null, surnames: ReadonlySet<string>): boolean {
  if (isSectionName(text.replace(/[.:]$/, ''))) return false;
  // An affiliation's footnote mark looks like a section number (`1 FIZ Karlsruhe – Leibniz Institute…`).
  const unnumbered = isAuthorLine(text) || isInstitutionOrJournal(text) || isFrontMeta(text);
  return (
    (n ? isInstitutionOrJournal(n.rest) || isMarkedNameList(text) : unnumbered) ||
    isAffiliationLine(text) ||
    namesMetadataAuthors(text, surnames)
  );
}

/**
 * Too long, too short or closed like a clause for a heading: most lines of a page, told by their
 * shape alone before any costlier look. A bold line may carry a long numbered heading (`7.2 How
 * does … affect …, and`), wrapped.
 */
function bodyTextByShape(s: Segment, next?: Segment): boolean {
  const text = s.text;
  if (text.length > 160) return true;
  const long = s.bold === true && parseSectionNumber(text) !== null;
  // hd26: a numbered title may break after a comma when it wraps on in scaled capitals (`2.4.4. PARTIAL LINEARIZATION,`).
  const wrapsOn = () => next !== undefined && wrapsInScaledCaps(s, next, text);
  return (
    text.length > (long ? 160 : 90) ||
    text.length < 2 ||
    text.endsWith(';') ||
    (text.endsWith(',') && !long && !wrapsOn()) ||
    morePiecesThan(text, long ? 25 : 12)
  );
}

/** Markdown level of a heading line, or 0 for body text. */
function headingLevel(s: Segment, ctx: HeadingContext): number {
  const { frontMatter } = ctx;
  const text = s.text;
  if (bodyTextByShape(s, ctx.next)) return 0;
  const n = headingNumber(s, ctx.bodyFace, ctx);
  const words = text.split(/\s+/).length;
  // Formula pieces (`E A3 =`) and, before the body starts, author and affiliation lines never are.
  // hd19: a section number is no part of a formula: the title alone is weighed (`4.4.3. THE LR= 10−7
  // BRIDGE`, whose number's digits would outweigh its words); parseSectionNumber has read it as a title.
  // hd25: nor is a line in a typewriter face throughout (program text: pdf-hd25-typewriter.ts).
  if (isMathLine(n ? n.rest : text) || hasFormula(text) || neverHeading(text) || s.typewriter) return 0;
  if (!n && opensFloatCaption(text)) return 0; // hd28: an algorithm's or a listing's caption
  // hd25: a list's step in the body face right under the step before it (`2.5.` under `2.4.`).
  // hd26: or a line of a listing numbered line by line (`7 Rules:` between `6` and `8 - Must …`).
  if (n && (stepAfterStep(s, n, ctx.segs, ctx.pitch) || listingLine(s, n, ctx.segs, ctx.pitch))) return 0;
  // An appendix letter without its dot (`A Proofs`) comes after the body: on page 1 it is an article (`A PREPRINT`).
  if (frontMatter && n?.kind === 'letter' && !n.closer) return 0;
  if (frontMatter && isFrontMatterLine(text, n, ctx.surnames)) return 0;
  // Page 1's affiliation footnotes carry numbers like sections (`2 Astronomy Department, …`), below the body's start too.
  if (s.page === 0 && n && isAffiliationLine(text)) return 0;
  // The page-wide look last, for a line its type already makes a heading (the rules read no state).
  const level = levelByType(s, ctx, n, words);
  if (!level || (!n && cellUnderLikeCell(s, ctx.segs))) return 0; // hd24: a column's cell (`HD8a` over `HD8b`)
  if (!n && glossaryTerm(s, ctx.segs)) return 0; // hd29: a glossary's term, its meaning beside it
  if (!n && tableHeaderCell(s, ctx.segs)) return 0; // hd25: a bold header cell (`Method`, its row-mates far right)
  if (!n && !ctx.alone && amongHeaderCells(s, ctx.segs)) return 0; // hd28: a header row in larger type
  if (!n && s.bold && indentedDisplayLines(s, ctx.next, ctx.segs)) return 0; // hd28: a bold display quotation
  // hd24: a lettered panel title among panels labelled by their letter alone.
  if (n?.kind === 'letter' && n.parts.length === 1 && panelAmongLoneLabels(s, n.parts[0]!, ctx.segs))
    return 0;
  // hd22: a line in the type of the display heads accepted before is one over a figure too.
  const displayHead = n === null && level === 2 && inDisplayHeadType(s, ctx.displayHeads);
  return !notHeadingByPlace(s, n !== null, ctx, displayHead) ? level : 0;
}

/** headingLevel's verdict by a line's type, number and neighbours, before the page-wide look. */
function levelByType(s: Segment, ctx: HeadingContext, n: SectionNumber | null, words: number): number {
  const { body, pitch, gapAbove, sawRoman, frontMatter } = ctx;
  const text = s.text;
  // Spaced: more than half a line pitch, and (hd18) more than the text's own gap between lines by 0.4 em,
  // which in double-spaced type (a journal's manuscript, pitch 2.5× the body) is wider than half its pitch.
  const spaced = gapAbove > Math.max(0.5 * pitch, pitch - body + 0.4 * body);
  const larger = s.size >= body * 1.12;
  const bare = stripNumber(text).replace(/[.:]$/, '');
  // A numbered list item in body type breaks its first line mid-word; a heading does not.
  if (n && /\p{Ll}-$/u.test(text) && !s.bold && !larger) return 0;
  // The size and face of an accepted heading at this depth vouch for a sibling set without space above.
  // Bold or large, or set in the same face other than the body's (an italic subsection title).
  const face = n !== null ? titleFace(s) : null;
  const setApart = s.bold === true || larger || inHeadingType(s, n, face, ctx);
  if (articleNotLetter(n, setApart)) return 0;
  // ex20: a paper that has set its sections unnumbered in a type of their own numbers only its
  // lists; a numbered line in body type there (`2. Language-specific libraries`) is a list item.
  if (n && !setApart && ctx.styles.size === 0 && ctx.unnumbered >= 2) return 0;
  // The next subsection number of the outline (`3.B.1` after `3.B`), set apart from the body all
  // along (not a list item's lead `2. Ontology layer. A …`): a deep subsection needs no space above.
  const followsOn =
    n !== null &&
    n.parts.length > 1 &&
    ctx.alone &&
    (s.bold === true ||
      larger ||
      (setApart && (s.fonts ?? []).every((r) => r.number || r.chars === 0 || r.font !== ctx.bodyFace))) &&
    isSuccessor(n, ctx.lastNumber);
  const sibling =
    n !== null &&
    ctx.alone &&
    (ctx.styles.get(n.parts.length) ?? []).some(
      (k) =>
        Math.abs(k.size - s.size) < 0.25 &&
        k.bold === (s.bold === true) &&
        (k.bold ||
          k.size >= body * 1.12 ||
          (k.face !== null && k.face === face && face !== ctx.bodyFace) ||
          // Capitals in a size of their own (IEEE's small capitals).
          (k.caps && isCapitals(n.rest) && Math.abs(k.size - body) >= 0.08 * body)),
    );
  if (n && numberedNonHead(s, n.rest, body, ctx.bodyFace, sibling, ctx.segs)) return 0; // hd21: small plain type, a row going on
  // A short subsection title set on its own line may end in `.` or `?` once its section is known (ASP's italic `2.1. Why is…?`).
  const punctOk =
    n !== null &&
    n.parts.length > 1 &&
    spaced &&
    ctx.alone &&
    shortPunctuatedTitle(n.rest) &&
    ctx.styles.has(n.parts.length - 1);
  if (
    n &&
    (spaced || larger || sibling || followsOn || boldHeading(s, ctx)) &&
    // A parenthesis (`1)`) or the reference list: only when set apart, else a list item or an entry.
    ((n.closer !== ')' && !ctx.inReferences) || setApart) &&
    // In the style of its known siblings a title may end with a stop (`VII. … CONFINEMENT r ≤ R.`), if it is one sentence.
    (punctOk || (sibling && !/[.!?]\s/.test(n.rest)) || !/[.!]$/.test(n.rest.replace(/\s+[.]$/, ''))) &&
    (!/\?$/.test(n.rest) || s.bold || larger || punctOk) &&
    (HEADING_START.test(n.rest) ||
      startsWithMixedCaseName(n.rest) ||
      ((s.bold || larger || sibling) && // a known sibling's style vouches as bold type does (`3D …`)
        setApartTitleStart(n.rest)) ||
      lowerCaseNameHead(n, s.bold === true && (larger || sibling), ctx.lastNumber)) && // hd26: sibling type too
    (!hasYear(n.rest) || (sibling && !ctx.inReferences)) // hd17a: a known sibling's style may name years
  ) {
    if (/^We\s/.test(n.rest) || !sequenceAllows(n, s, ctx, larger) || unlikeInCase(n, ctx.styles)) return 0;
    if (listItemByStyle(n, s, ctx.styles.get(n.parts.length), body)) return 0;
    if (unlikeNumberedSiblings(n, !!s.bold || larger || sibling, ctx.styles.get(n.parts.length))) return 0;
    if (!sibling && runsOnAsText(s, ctx)) return 0;
    return headingDepth(n, sawRoman);
  }
  // A section word, unless a table's column header (`Method`, cells beside it) or first column: a short cell
  // or a row of numbers below (a heading has a line of text or a numbered heading below: `APPENDIX`/`A. …`).
  const n1 = ctx.next;
  const tableRowBelow = () =>
    ctx.headerRow() ||
    (cellBelow(s, n1, 25) &&
      !boldSentenceOrStatement(s, n1!, ctx) &&
      !numberedHeadBelow(s, n1, pitch) &&
      !stackedCapitals(n1!, ctx) &&
      !authorYearEntry(s, n1!, ctx.below)) ||
    // A reference entry (`[1] Doe J, 1997 ApJ 483 565`) has numbers too, but it is no table row.
    (cellBelow(s, n1, 200) &&
      !/^\[\d{1,3}\]\s/.test(n1!.text) &&
      (n1!.text.match(/(?:^|\s)[-–−±]?\d+(?:\.\d+)?%?(?=\s|$)/g) ?? []).length >= 3);
  const named = namedSection(bare, s, ctx.bodyFace) && !colonLabel(n, text); // hd29
  if (named && (larger || ((spaced || boldHeading(s, ctx)) && ctx.alone && !tableRowBelow()))) return 2;
  if (
    !frontMatter &&
    larger &&
    (spaced || displayTypeBetweenProse(s, ctx.below, ctx.segs, body)) && // hd27: tight display head
    words <= 10 &&
    !/[.:]$/.test(text) &&
    (/^[A-Z]/.test(text) || startsWithDigitWord(text)) && // hd26: `3D-Printed Approach`
    !figureTextUnder(s, ctx, body) &&
    !opensDisplayParagraph(s, ctx.below)
  )
    return 2;
  if (
    !frontMatter &&
    !n &&
    spaced &&
    ctx.alone &&
    words <= 8 &&
    !/[.:,]$/.test(text) &&
    capitalsSibling(s, ctx.styles.get(1), body, centredOver(s, n1)) &&
    // hd20: the last line of its column, its text carried over (Frontiers' `SUPPLEMENTAL DATA` at a page's foot).
    (endsItsColumn(s, n1) ||
      (n1 !== undefined &&
        n1.page === s.page &&
        n1.top >= s.bottom - 0.1 &&
        n1.top - s.bottom < 2.5 * pitch &&
        // A line of text below, in body type or the heading's own (IEEE's reference list under `REFERENCES`),
        // or the first numbered head of the section (hd18: `ARTIFACT DESCRIPTION` over `A. Abstract`).
        (Math.abs(n1.size - body) < 1 || Math.abs(n1.size - s.size) < 0.3) &&
        (n1.text.length >= 25 || numberedHeadUnder(n1))))
  )
    return 2;
  return frontMatter || n ? 0 : unnumberedLevel(s, ctx, larger, spaced);
}

/**
 * Figure text under a line in larger type (an axis title over its tick labels), unless (hd29) the line
 * below is a glossary's first term (a list of acronyms under its title), or the line is bold in the
 * type of two display heads accepted before: such a line over a figure is a head (as in headingLevel,
 * hd22). Bold: a regular line in a heads' size over a column of numbers is a contents line or a cell.
 */
function figureTextUnder(s: Segment, ctx: HeadingContext, body: number): boolean {
  return (
    [ctx.next, ctx.below(s), underWrap(s, ctx.next, ctx.after)].some(
      (l) => figureTextBelow(s, l, body) && !glossaryTerm(l!, ctx.segs),
    ) && !(s.bold && inDisplayHeadType(s, ctx.displayHeads))
  );
}

/** An unnumbered head by its type: bold or a heading face, a size step, or (hd28) small bold closed by a stop. */
function unnumberedLevel(s: Segment, ctx: HeadingContext, larger: boolean, spaced: boolean): number {
  return unnumberedHeadingLevel(s, ctx, larger, spaced) || sizeStepHeading(s, ctx) || stoppedBoldHead(s, ctx);
}

/** The type of an unnumbered head accepted: in display type (hd22), or bold at about the body size (hd24). */
function noteHeadType(w: Writer, s: Segment, body: number): void {
  const head = { size: s.size, face: titleFace(s) };
  if (s.size > 1.12 * body) w.displayHeads.push(head);
  else if (s.bold) w.boldHeads.push(head);
}

/** hd22: the size and face of an unnumbered head in display type, accepted before. */
interface DisplayHead {
  size: number;
  face: string | null;
}

/** `s` is set in the size and face of two display heads accepted before it (one might be a stray). */
function inDisplayHeadType(s: Segment, heads: readonly DisplayHead[]): boolean {
  const face = titleFace(s);
  return (
    face !== null && heads.filter((h) => h.face === face && Math.abs(h.size - s.size) < 0.25).length >= 2
  );
}

/** A numbered line that goes on as text below: a sentence's or paragraph's first line, or (hd20) a justified one. */
function runsOnAsText(s: Segment, ctx: HeadingContext): boolean {
  return (
    // hd21: unless it ended with room for the next line's first word (a head over its first sentence).
    (wrapsIntoSentence(s, ctx.next, ctx.body, ctx.pitch) &&
      !roomForNextWord(s, ctx.next!, columnRight(s, ctx.segs))) ||
    runsOnAsParagraph(s, ctx.below, ctx.pitch) ||
    justifiedWithNext(s, ctx.below, ctx.body, ctx.pitch)
  );
}

/**
 * hd18: `n1`, under a section name in capitals, is a head in the capitals of the known top-level heads
 * with text or a numbered head under it (IEEE's `APPENDIX` over `ARTIFACT DESCRIPTION`), not a table's cell.
 */
function stackedCapitals(n1: Segment, ctx: HeadingContext): boolean {
  const { after } = ctx;
  return (
    capitalsSibling(n1, ctx.styles.get(1), ctx.body) &&
    after !== undefined &&
    after.page === n1.page &&
    after.top >= n1.bottom - 0.1 &&
    after.top - n1.bottom < 2.5 * ctx.pitch &&
    (textLineBelow(after, ctx.body) || numberedHeadUnder(after))
  );
}

/** A word's stop, then a new sentence: a paragraph's run-in lead, not one heading phrase. */
const TWO_SENTENCES = /\p{L}{3}[.!?]\s+\p{Lu}/u;

/** An unnumbered line set apart by a bold face, or by a heading face of the document; else 0. */
function unnumberedHeadingLevel(s: Segment, ctx: HeadingContext, larger: boolean, spaced: boolean): number {
  const text = s.text;
  if (
    boldHeading(s, ctx) &&
    text.split(/\s+/).length <= 12 &&
    !ctx.headerRow() &&
    // hd26: or a name in lower case (`checkconf`, `libgcrypt`) in the type of two bold heads accepted before.
    (/^[A-Z]/.test(text) ||
      (/^\p{Ll}/u.test(text) && (inDisplayHeadType(s, ctx.boldHeads) || mixedCaseName(text)))) && // qx28: `cKDTree`
    !/[.:]$/.test(text) &&
    // hd21: a heading is one phrase; a stop and a new sentence on it make a paragraph's bold lead.
    !TWO_SENTENCES.test(text) &&
    !isCaption(text) &&
    !(
      termSized(s, ctx.body) &&
      (isDescriptionTerm(s, ctx.below, ctx.pitch, ctx.segs) ||
        termOfOneLineDescription(s, ctx.below, ctx.pitch, ctx.segs)) // hd25: a one-line description
    ) &&
    !insideBoldParagraph(s, ctx.segs, ctx.below, ctx.pitch) &&
    !boldLeadFillsLine(s, ctx.below, ctx.pitch)
  ) {
    return larger || text === text.toUpperCase() ? 2 : 3;
  }
  if (!spaced || !ctx.alone) return 0;
  // A thesis's display title first: its face may also set heads a size step above the body (hd18).
  if (isDisplayTitle(s)) return 2;
  const entry = referenceEntryHead(s, ctx.next, ctx.inReferences);
  // hd24: as for a bold line, a stop and a new sentence make a run-in lead's line (ACM's italic `Proof. The …`).
  if (TWO_SENTENCES.test(text)) return 0;
  return !entry && isFaceHeading(s, ctx.next, ctx.headingFaces, ctx, ctx.after) ? 3 : 0;
}

/**
 * The number continues the outline, opens the next chapter, or (hd27) restarts a numbering in
 * display type, its `2.` below it on the page (pdf-hd27-restart.ts).
 */
function sequenceAllows(n: SectionNumber, s: Segment, ctx: HeadingContext, larger: boolean): boolean {
  return (
    inSequence(n, ctx.seq) ||
    opensNextChapter(n, ctx.seq) ||
    (larger && ctx.alone && restartsNumbering(s, n, ctx.segs))
  );
}

/** `n1` under `s` is no table cell: see boldOrSentence, or (hd27) a statement between two heads (`Competing interests` / `None`). */
function boldSentenceOrStatement(s: Segment, n1: Segment, ctx: HeadingContext): boolean {
  return boldOrSentence(n1) || statementBetweenHeads(s, n1, ctx.after, ctx.segs);
}

/**
 * A line no table cell is: bold (a head below), or (hd23) a short sentence, a statement's text
 * (`Not applicable.` under `Funding`).
 */
function boldOrSentence(s: Segment): boolean {
  return s.bold === true || /^\p{Lu}\p{Ll}*(?:\s+\p{Ll}+)+\.$/u.test(s.text);
}

/** The next line is right below this one, under it, and shorter than `max` characters (a table cell, not a margin banner). */
function cellBelow(s: Segment, next: Segment | undefined, max: number): boolean {
  return (
    next !== undefined &&
    next.page === s.page &&
    next.top > s.bottom - 1 &&
    next.top - s.bottom < 3 * s.size &&
    next.x0 < s.x1 &&
    next.x1 > s.x0 &&
    next.text.length < max
  );
}

/**
 * A bold line set apart as a heading (AAAI and REVTeX set section heads in bold at, or below, the
 * body size): bold throughout, alone on its row, spaced from the text above, and followed by a line
 * of body text (or another bold line) just below.
 */
function boldHeading(s: Segment, ctx: HeadingContext): boolean {
  if (
    !s.bold ||
    !ctx.alone ||
    // hd21: more than the body's own leading, whatever the pitch (a bold paragraph's first line is at it).
    !(ctx.gapAbove > Math.max(0.3 * ctx.pitch, ctx.pitch - 0.9 * ctx.body)) ||
    s.size > ctx.body * 1.6 ||
    s.size < ctx.body * 0.8
  )
    return false;
  const n = ctx.next;
  // hd24: the last line of its column, its text carried over, in the type of two bold heads accepted before.
  if (endsItsColumn(s, n)) return inDisplayHeadType(s, ctx.boldHeads);
  // hd27: a wrapped figure's label beside the head, its text under it.
  if (textUnderLabelBeside(s, n, ctx.below, ctx.body, ctx.pitch)) return true;
  if (!n || n.page !== s.page || n.top < s.bottom - 0.1 || n.top - s.bottom > 2.5 * ctx.pitch) return false;
  // Another bold line below must be a heading too (alone on its row), not a table's header cells.
  return (
    (n.bold === true && ctx.nextAlone) ||
    textLineBelow(n, ctx.body) ||
    subheadingBelow(n, ctx.after, ctx.headingFaces, ctx) ||
    symbolRowBelow(n, ctx.segs, ctx.body) ||
    // A list's first entry in smaller type (a reference list in footnote size under `FULL REFERENCES`).
    /^(?:\[1\]|1\.)\s+\p{Lu}/u.test(n.text) ||
    headsBulletList(s, n, ctx.styles) ||
    // hd29: in the type of two bold heads accepted before, a head over a box or display (IOHK's `UTxO Helper Functions`).
    inDisplayHeadType(s, ctx.boldHeads)
  );
}

/**
 * No other segment shares the line's baseline within 1.5 em (cells of a table row, a run-in heading's
 * text); a column gutter is wider.
 */
function aloneOnRow(s: Segment, segs: Segment[], next?: Segment): boolean {
  const reach = 1.5 * s.size;
  // Nor anything over the width of the line below (a table's other header cells, further right).
  const below = next && next.page === s.page && next.top >= s.bottom - 0.1 ? next : undefined;
  const lo = Math.min(s.x0 - reach, below?.x0 ?? Infinity);
  const hi = Math.max(s.x1 + reach, below?.x1 ?? -Infinity);
  return !segs.some(
    (o) =>
      o !== s &&
      o.page === s.page &&
      // A spacing accent set apart from its letter (`¨` over small-capital `Ü`) is no neighbour.
      !/^[¨´`ˆ˜¯˘˙˚¸˛˝ˇ^~]$/.test(o.text) &&
      !isOtherColumnLine(o, s) &&
      !isIndexFragment(o, s) &&
      Math.abs(o.baseline - s.baseline) < 0.5 * s.size &&
      o.x0 < hi &&
      o.x1 > lo,
  );
}

const FRONT_JUNK =
  /organi[sz]ation|draft|preprint|typeset|conference|proceedings|vol\.|journal|submitted|accepted|received|arxiv|@|^[A-Z]+-[A-Z]+-\d+/i;
/** A line opening with a number: a date, a volume, an affiliation's mark, a section number; a title only in the title's own type. */
const LEADING_NUMBER = /^\(?\d/;

/**
 * The title. With metadata, the largest-type block of page 1 whose words are the metadata title's;
 * otherwise the topmost large type in the top part of page 1 (merged over its lines; a figure can
 * carry larger type), never a journal, institution, author or metadata line; when nothing stands out by size (preprint styles set the title at
 * body size), the first substantial line that is not a banner.
 */
function findTitle(
  page: Segment[],
  body: number,
  height: number,
  metaTitle?: string,
  surnames: ReadonlySet<string> = new Set(),
): { text: string; segments: Segment[] } | null {
  // Figures on page 1 can carry bigger text than the title; stop at the abstract.
  const abstractTop = Math.min(
    ...page.filter((s) => /^(a ?b ?s ?t ?r ?a ?c ?t)\b/i.test(s.text)).map((s) => s.top),
  );
  const onMetadataRow = metadataRows(page);
  // Whether the page is double-spaced decides how far down a title's line may sit (gatherTitle).
  const wide = doubleSpaced(page, body);
  // Every test of a title's words but the names test (tt21: a title may read as names). Letters
  // of any script: a title in Cyrillic or Greek is a title.
  const titleWordsBarNames = (t: string) =>
    /\p{L}{3}/u.test(t) &&
    !FRONT_JUNK.test(t) &&
    !isFrontMeta(t) &&
    !isInstitutionOrJournal(t) &&
    !isChapterLabel(t) &&
    !namesMetadataAuthors(t, surnames);
  const usableText = (t: string) => titleWordsBarNames(t) && !isAuthorLine(t);
  const usable = (s: Segment) => usableText(s.text) && !onMetadataRow(s) && !overAddress(s, page);
  if (metaTitle) {
    const want = new Set(words(metaTitle));
    const fits = page.filter(
      (s) =>
        s.top < abstractTop &&
        /\p{L}{3}/u.test(s.text) &&
        words(s.text).length > 0 &&
        words(s.text).filter((w) => want.has(w)).length >= 0.8 * words(s.text).length,
    );
    const sizes = [...new Set(fits.map((s) => Math.round(s.size * 2) / 2))].sort((a, b) => b - a);
    for (const size of sizes) {
      const segs = gatherTitle(
        page.filter((s) => fits.includes(s) || s.text.length <= 2),
        fits.find((s) => Math.round(s.size * 2) / 2 === size)!,
        body,
        wide,
        page,
      );
      const got = words(segs.map((s) => s.text).join(' '));
      if (got.filter((w) => want.has(w)).length >= 0.6 * want.size) {
        // tt24: a line in another size right above or under the block that the metadata title spells.
        const all = withMetadataSubtitle(segs, page, metaTitle);
        return { text: joinTitle(all), segments: all };
      }
    }
  }
  const zone = titleZone(page, height, body);
  // tt20: a title page's title is its block in the largest type, judged by the block's words.
  const display = titlePageFirstLine(
    page,
    height,
    (b, t) => usableText(t) && !LEADING_NUMBER.test(t) && !onMetadataRow(b[0]!) && !overAddress(b[0]!, page),
  );
  if (display) {
    const segs = oneWeight(gatherTitle(page, display, body, true));
    const text = joinTitle(segs);
    if (text.length <= 300) return { text, segments: segs };
  }
  const barNames = (s: Segment) => titleWordsBarNames(s.text) && !onMetadataRow(s) && !overAddress(s, page);
  // tt23: a cover's block of name, student number, term and date holds no title.
  const metadataBlock = metadataBlockLines(page);
  const candidates = page.filter(
    (s) =>
      s.top < abstractTop &&
      !metadataBlock.has(s) &&
      zone(s) &&
      (usable(s) || titleReadAsNames(s, page, body, barNames, zone)) &&
      s.text.split(/\s+/).length >= 2,
  );
  const max = Math.max(...candidates.map((s) => s.size));
  // tt19: a title may open with a number (a course's `6.829 Final Project: …`, `3D …`); a dateline, a
  // volume or a numbered heading never stands in the page's largest type with a few words after it,
  // the one line of that type on the page that opens with a number (section heads come in series).
  const numbered = (s: Segment) =>
    s.size >= max - 0.3 &&
    s.size >= body * 1.15 &&
    s.text.split(/\s+/).length >= 4 &&
    !page.some((o) => o !== s && Math.abs(o.size - s.size) <= 0.3 && LEADING_NUMBER.test(o.text));
  const top = candidates
    .filter((s) => !LEADING_NUMBER.test(s.text) || numbered(s))
    .sort((a, b) => a.top - b.top);
  if (!top.length) return null;
  const large = top.find((s) => s.size >= body * 1.15 && s.size >= max * 0.7);
  const first =
    max >= body * 1.15
      ? large && pastKicker(top, large)
      : top.find(
          (s) =>
            s.size >= body * 0.95 &&
            s.text.split(/\s+/).length >= 3 &&
            !/^(abstract|introduction)\b/i.test(s.text),
        );
  if (!first) return null;
  // tt24: a name set alone in larger type right above the chosen line heads the title.
  const name = nameOverTitle(
    first,
    page,
    (s) => s.top < abstractTop && zone(s) && usable(s) && !LEADING_NUMBER.test(s.text),
  );
  const segs = gatherTitle(
    page.filter((s) => s.top < abstractTop),
    first,
    body,
    wide,
  );
  if (name) segs.unshift(name);
  const text = joinTitle(segs);
  if (text.length > 300) return null;
  return { text, segments: segs };
}

/**
 * The title's lines: `first` and the lines of its size right below; a radical or a symbol of another
 * size between them stays in. `wide`: the page is double-spaced (pdf-tt19-title-lines.ts).
 */
function gatherTitle(
  lines: Segment[],
  first: Segment,
  body: number,
  wide: boolean,
  page: readonly Segment[] = lines,
): Segment[] {
  const sorted = lines.filter((s) => sharesColumn(first, s)).sort((a, b) => a.top - b.top);
  const segs: Segment[] = [first];
  for (const s of sorted.slice(sorted.indexOf(first) + 1)) {
    const last = segs[segs.length - 1]!;
    // A title page may double-space its title: a line centred under the last one may sit further down.
    const centred = Math.abs(s.x0 + s.x1 - last.x0 - last.x1) < 6 && Math.abs(s.size - first.size) <= 0.3;
    const gap = s.top - last.bottom;
    // tt19: a line in the title's own face and size continues it. At the title's leading, in a face set
    // apart from the body's (bold or large), it does whatever its words look like (SIAM's capitals with a
    // note mark, `DENSITY APPROXIMATION∗`, read as a name). Up to 1.6 em down it does after an open
    // phrase (Springer Nature's widely spaced `… meat and` / `animal products …`) or on a double-spaced page.
    const sameType =
      Math.abs(s.size - first.size) <= 0.3 && s.bold === first.bold && titleFace(s) === titleFace(first);
    // lk23: but a cover's date, term or student number set in the title's type ends it.
    if (isCoverRecord(s.text) && !leavesPhraseOpen(last.text)) break;
    // fm29: a line of the title's size in another weight and face, set off from it, opens the author block.
    if (endsTitleByWeight(s, segs, titleFace)) break;
    if (sameType && gap <= 0.35 * first.size && (first.bold || first.size >= 1.15 * body)) {
      segs.push(s);
      continue;
    }
    const spaced = sameType && gap <= 1.6 * first.size && (wide || leavesPhraseOpen(last.text));
    if (gap > (centred ? 1.3 : 0.9) * first.size && !spaced) break;
    if (Math.abs(s.size - first.size) > 0.3) {
      if (s.text.length <= 2 || continuesTitle(s, last, first)) {
        segs.push(s);
        continue;
      }
      break;
    }
    // tt19: a line after an open phrase (`The Anatomy of the CTC Oracle Gap:` / `Acoustic Exhaustion and
    // Linguistic Recovery`) finishes it, whatever its words look like (title-case words around `and`).
    if (!leavesPhraseOpen(last.text) && (isAuthorLine(s.text) || isFrontMeta(s.text))) break;
    segs.push(s);
  }
  // tt23: a subtitle closes the title block (looked for on the whole page: the metadata title may omit it).
  const last = segs[segs.length - 1]!;
  const below = page
    .filter((s) => s.top >= last.bottom - 0.5 && !segs.includes(s) && sharesColumn(first, s))
    .sort((a, b) => a.top - b.top);
  const subtitle = below.length ? subtitleLines(below[0]!, last, first, below.slice(1), body) : null;
  return subtitle ? [...segs, ...subtitle] : segs;
}

/** The title's lines in reading order: by baseline (a raised symbol sits on its line), then left to right. */
function joinTitle(segs: Segment[]): string {
  const main = segs.find((s) => s.text.length > 2) ?? segs[0]!;
  const lines = segs.filter((s) => s.text.length > 2);
  // A radical or accent (`√`) is a row of its own, a little above the line it belongs to.
  const baseline = (s: Segment) =>
    s.text.length > 2
      ? s.baseline
      : (lines.filter((l) => l.baseline >= s.baseline - 1).sort((a, b) => a.baseline - b.baseline)[0]
          ?.baseline ?? s.baseline);
  const row = (s: Segment) => Math.round(baseline(s) / (0.6 * main.size));
  return [...segs]
    .sort((a, b) => row(a) - row(b) || a.x0 - b.x0)
    .map((s) => s.text)
    .reduce((a, b) => joinLines(a, b))
    .trim();
}

/** Small text at the foot of the page, starting with a footnote mark, and everything below it. */
function footnoteSegments(
  segs: Segment[],
  body: number,
  height: number,
  inReferences: boolean,
): Set<Segment> {
  const out = new Set<Segment>();
  const bodyBottom = Math.max(0, ...segs.filter((s) => Math.abs(s.size - body) < 0.6).map((s) => s.bottom));
  const starts = segs.filter(
    (s) =>
      s.size <= body * 0.9 &&
      s.top > height * 0.55 &&
      s.top > bodyBottom - 0.5 &&
      FOOTNOTE_MARK.test(s.text) &&
      !isCaption(s.text) &&
      !keepsLeading(s, segs, height) &&
      !captionGoesOn(s, segs),
  );
  if (!starts.length) return out;
  const first = Math.min(...starts.map((s) => s.top));
  // hd21: in the reference list (from the page's top, or under its heading on the page) footnotes
  // are set off by space from the text above them; small lines right under the line above are
  // the list's entries going on (BMC's first entries under `References` at the page's foot).
  const lead = starts.find((s) => s.top === first)!;
  const listed = inReferences || segs.some((o) => o.top < lead.top && REFERENCES.test(o.text.trim()));
  const above = lineAbove(lead, segs);
  if (listed && above && lead.top - above.bottom < 0.5 * lead.size) return out;
  // lk22: a head heads the lines under it: a small line right under a bold one of its size is a
  // section set small (BMC's `Author details` over `1Electrical and …`), not a foot block's start.
  if (above?.bold && Math.abs(above.size - lead.size) <= 0.3 && lead.top - above.bottom < lead.size)
    return out;
  // hd22: on the reference list's page, notes are set in their own column; small type beside them in
  // another column (the list's entries at the foot of the right column) is the list going on.
  const inNotesColumn = (o: Segment) => !listed || starts.some((t) => o.x0 < t.x1 && o.x1 > t.x0);
  for (const s of segs) if (s.top >= first - 0.5 && s.size <= body * 0.9 && inNotesColumn(s)) out.add(s);
  return out;
}

/**
 * hd22: `s` is a line of a caption going on (`400 nm suggests…` under `Figure 3. …`): the lines above
 * it in its type and leading lead up to a caption's label. A footnote is set off from what is above.
 */
function captionGoesOn(s: Segment, segs: readonly Segment[]): boolean {
  let line = s;
  for (let k = 0; k < 12; k++) {
    const up = lineAbove(line, segs);
    if (!up || Math.abs(up.size - s.size) > 0.3 || line.top - up.bottom > 0.5 * s.size) return false;
    if (isCaption(up.text)) return true;
    line = up;
  }
  return false;
}

/** The font that sets most of a line's letters, section number aside. */
function titleFace(s: Segment): string | null {
  let best: string | null = null;
  let n = 0;
  for (const r of s.fonts ?? []) if (!r.number && r.chars > n) [best, n] = [r.font, r.chars];
  return best;
}

/** The font of most characters at the body size. */
function dominantFace(segs: Segment[], body: number): string | null {
  const count = new Map<string, number>();
  for (const s of segs)
    if (Math.abs(s.size - body) < 0.6)
      for (const r of s.fonts ?? []) count.set(r.font, (count.get(r.font) ?? 0) + r.chars);
  let best: string | null = null;
  let n = 0;
  for (const [f, c] of count) if (c > n) [best, n] = [f, c];
  return best;
}

/** Typical baseline-to-baseline distance of body lines, used to tell paragraph gaps. */
function typicalPitch(pages: Segment[][], body: number): number {
  const d: number[] = [];
  for (const segs of pages) {
    for (let i = 1; i < segs.length && d.length < 4000; i++) {
      const a = segs[i - 1]!;
      const b = segs[i]!;
      const delta = b.baseline - a.baseline;
      if (Math.abs(a.size - body) < 0.6 && Math.abs(b.size - body) < 0.6 && delta > 0 && delta < 3 * body)
        d.push(delta);
    }
  }
  return median(d) || body * 1.2;
}
