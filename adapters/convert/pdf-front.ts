/**
 * First-page front matter that appears once, so repetition cannot find it: report numbers, dates,
 * "Submitted to" lines, journal and class banners, copyright and licence notices, conference and
 * "Preprint" footers; author and affiliation lines; journal and institution names, which are never a
 * title. The patterns are anchored at the line start and only applied to the first page (and to the
 * paper's own first page after a cover page).
 * Long file: the front-matter patterns and the title-page and cover logic that apply them belong together.
 */
import type { Segment } from './pdf-layout.ts';
import { titlePageDisplayLine } from './pdf-lk15b-display-lines.ts';
import { continuesSentence } from './pdf-lk15b-run-on.ts';
import { isFrontFurniture, unmarked } from './pdf-front-furniture.ts';
import { bannerRowmates, withLeadingMarks } from './pdf-fm-rows.ts';
import { marginLabelBeside } from './pdf-lk26-size-apart.ts';
import { isJournalName } from './pdf-fm-names.ts';
import { BODY_START, CONTACT } from './pdf-fm-notes.ts';

/** A report number alone on its line: `CERN-PH-EP/2015-075`, `CMS-HIG-14-042 ATLAS-HIGG-2014-14`, `SLAC-PUB-17000`, `LHCb-PAPER-2016-001` (capitals first: `Casilla 36-D` is an address). */
const REPORT_NUMBER =
  /^(?:(?:(?:[A-Z][A-Z0-9]{1,12}|[A-Z]{2,}[a-z][A-Z0-9]*)(?:[-/ ][A-Z0-9]{1,10})*[-/ ]\d[\d-]*[A-Z]?|arXiv:\S+)(?:\s*[,;]?\s*|$))+$/;
/** A report number has a hyphen or a slash (`CUQM-149`, `DESY 19-123`); `TX 78712` is a postcode. */
const isReportNumber = (t: string) => REPORT_NUMBER.test(t) && (/[-/]/.test(t) || /^arXiv:/.test(t));
/** A date alone (`2015/03/27`, `5 May 2020`, `March 3rd, 2021`, `(Dated: …)`, `Version of May 5, 2020`). */
const DATE =
  /^(?:(?:this\s+)?version(?:\s+of)?:?\s+)?(?:\d{4}[/.-]\d{1,2}[/.-]\d{1,2}|(?:\d{1,2}(?:st|nd|rd|th)?\s+)?(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?\s+(?:\d{1,2}(?:st|nd|rd|th)?,?\s+)?\d{4}|\(?dated:?\s.*\)?)\.?$/i;
/**
 * lk23: a date in a thesis's own language: `22. Mai 2014`, `3 de mayo de 2020`, `12 février 2019`,
 * `Juni 2014`, `mayo de 2020` (French `mars` only with its day: `Mars 2020` may name the planet);
 * lk24: Spanish `del` before the year (`16 de junio del 2023`).
 */
const MONTH_NAMES =
  'januar|februar|märz|april|mai|juni|juli|august|september|oktober|november|dezember|' +
  'janvier|février|avril|juin|juillet|août|septembre|octobre|novembre|décembre|' +
  'enero|febrero|marzo|abril|mayo|junio|julio|agosto|se(?:p)?tiembre|octubre|noviembre|diciembre|' +
  'janeiro|fevereiro|março|maio|junho|julho|setembro|outubro|novembro|dezembro|' +
  'gennaio|febbraio|aprile|maggio|giugno|luglio|settembre|ottobre|dicembre|' +
  'januari|februari|maart|mei|augustus|december';
const LOCAL_DATE = new RegExp(
  `^(?:\\d{1,2}\\.?\\s+(?:de\\s+)?(?:${MONTH_NAMES}|mars)|(?:${MONTH_NAMES}))\\s+(?:del?\\s+)?\\d{4}\\.?$`,
  'iu',
);
const META_START = new RegExp(
  '^(?:' +
    [
      'submitted\\s+to',
      'submission\\s+(?:as|to|for)\\b',
      'version\\s*:',
      // A dated version line (`Version October 7, 2018 submitted to Remote Sens.`): the manuscript's date.
      'version\\s+(?:of\\s+)?(?:\\d{1,2}\\s+)?(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\\.?\\s+\\d',
      'accepted\\s+(?:for\\s+publication\\s+)?(?:in|by|at)\\b',
      'accepted\\s+\\d',
      'accepted\\s+(?:xxx|\\w+\\s+\\d)',
      'to\\s+appear\\s+in',
      'published\\s+(?:in|as|by|online|\\d)',
      'prepared\\s+for\\s+submission',
      // `Preprint. Under review.`, `Preprint submitted to Elsevier`, `PREPRINT`; not `Preprint servers such as…`.
      'preprint(?:\\s*[.,:;]|\\s+(?:submitted|typeset|no\\b|number|version|under|\\d)|\\s*$)',
      'draft\\s+version',
      'under\\s+review',
      // A review copy's submission number (`Paper ID 1881`, `Submission #123`, `Paper No. 42`).
      '(?:paper|submission)\\s+(?:id\\b|#|no\\.|number\\b)\\s*[:#]?\\s*\\d+\\s*$',
      // `Received 25 July 2008`, `Submitted: 21 October 2015; Accepted: …`, `Received: date / Accepted: date`, a class's placeholder (`Received XX /
      // Accepted XX`, `Received xxx`); not `Received signal strength…`.
      '(?:received|revised|accepted|submitted)(?:\\s+(?:in\\s+(?:final|revised)\\s+form|for\\s+publication|on))?\\s*[:;,]?\\s*(?:\\d|\\(|date\\b|x{2,}\\b|y{2,}\\b|(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\\.?\\s+\\d)',
      'in\\s+original\\s+form',
      'last\\s+(?:revised|updated|modified)\\b',
      'date\\s*:',
      'online\\s+at\\b',
      'doi:',
      'https?://(?:dx\\.)?doi\\b',
      // IEEE's first-page footnote: `Digital Object Identifier 10.1109/…`, `Color versions of one or more…`.
      'digital\\s+object\\s+identifier',
      'colou?r\\s+versions\\s+of\\s+one\\s+or\\s+more\\s+of\\s+the\\s+figures',
      '©',
      '\\(c\\)\\s*\\d',
      'c\\s+(?:19|20)\\d\\d\\b',
      // `Copyright 2023 by the author(s)`, `Copyright © 2023`; not `Copyright law protects…`.
      'copyright\\s*(?:©|\\(c\\)|\\d|by\\b|for\\b|holder|notice|:|$)',
      'this\\s+(?:work|article|paper)\\s+is\\s+licen[cs]ed',
      'licen[cs]ed\\s+under',
      'creative\\s+commons',
      'cc[- ]by\\b',
      'permission\\s+to\\s+make',
      'proceedings\\s+of\\b',
      'findings\\s+of\\s+the\\s+association',
      'published\\s+as\\s+a\\s+conference\\s+paper',
      'compiled\\s+(?:using|on)\\b',
      // `Typeset using LaTeX…` (AASTeX), `Typeset by REVTeX` (APS).
      'typeset\\s+(?:using|by|with)\\b',
      'printed\\s+\\d',
      'mon\\.\\s+not\\.',
      'mnras\\b',
      'journal\\s+of\\b',
      'an\\s+iop\\b',
      'european\\s+organi[sz]ation\\s+for\\s+nuclear\\s+research',
      '(?:cms|atlas|lhcb|alice)\\s+(?:note|paper|conf|physics\\s+analysis\\s+summary)\\b',
      'report\\s+no',
      'pacs\\s+(?:numbers?|nos?\\.?)',
      // Optica/OSA's classification line, the sibling of PACS.
      'ocis\\s+codes',
      // The AMS's `Received by the editors May 5, 2020.`
      'received\\s+by\\s+the\\s+editors\\b',
      // An author note on the first page: `These authors contributed equally to this work.`
      '(?:these|the)\\s+(?:two\\s+|first\\s+two\\s+)?authors\\s+contributed\\s+equally',
      'ams\\s+subject',
      'msc\\s*(?:20\\d\\d|class|:)',
      '(?:(?:19|20)\\d\\d\\s+)?mathematic(?:s|al)\\s+subject\\s+classification',
      // `Key words and phrases:` (AMS), `Key words.` (A&A, whose abstract ends on its own label `Conclusions.`).
      'key\\s*words(?:\\s+and\\s+phrases|\\s*\\.)',
      'astronomy\\s*&\\s*astrophysics\\s+manuscript',
      'ieee\\s+transactions\\b.*\\bvol',
      'this\\s+(?:work|paper|article)\\s+has\\s+been\\s+(?:submitted|accepted)',
      'springer\\s+nature\\b',
      '(?:research\\s+article|letter)\\s+vol',
      'vol\\.\\s*\\d+,?\\s*no\\.\\s*\\d',
      'manuscript\\s+(?:no|received|submitted)',
      'noname\\s+manuscript',
      // A thesis's title page: `A thesis submitted in partial fulfilment of the requirements for…`.
      "(?:(?:an?|this|the)\\s+)?(?:(?:doctoral|master['’]?s|phd|bachelor['’]?s)\\s+)?(?:thesis|dissertation)\\s+(?:(?:is|was|has\\s+been)\\s+)?(?:submitted|presented)",
      '(?:doctor|master|bachelor)\\s+of\\s+(?:philosophy|science|arts|engineering)\\b',
      // The kind of thesis alone on its line (`Bachelor Thesis`, `PhD Dissertation`, `Masterarbeit`): a label, never the title.
      "(?:(?:doctoral|master['’]?s?|ph\\.?\\s?d\\.?|bachelor['’]?s?|diploma|licentiate|honours|senior)\\s+)?(?:thesis|dissertation)\\s*$",
      '(?:bachelor|master|diplom|doktor|magister)arbeit\\s*$',
      'in\\s+partial\\s+fulfil',
      // lk26: the formula opening with its verb (`submitted in partial fulfillment of…`, vutinfth) or in
      // ucbthesis's wording (`in partial satisfaction of the requirements`).
      '(?:(?:submitted|presented)\\s+)?in\\s+partial\\s+(?:fulfil|satisfaction)',
      // lk14b: the degree formula's second line (`of the requirements for the degree of`), in every university's wording.
      '(?:of\\s+)?(?:the\\s+)?requirements\\s+for\\s+the\\s+(?:award\\s+of\\s+the\\s+)?(?:\\w+\\s+)?degree\\b',
      // Contact lines: `E-mail: …`, `Email addresses:`, amsart/LMCS's `e-mail address:`, `∗Corresponding author`.
      'e-?mail(?:\\s*\\(s\\))?(?:\\s+address(?:es)?)?\\s*:',
      'corresponding\\s+author',
      // How to cite or reuse the paper: `This paper should be cited as follows`, `Please cite this article as`.
      'this\\s+(?:paper|article|work)\\s+(?:should\\s+be\\s+cited|is\\s+distributed\\s+under)',
      'please\\s+cite\\b',
    ].join('|') +
    ')',
  'i',
);

/**
 * lk23: a cover's record lines, in the languages theses are set in: the term (`Sommersemester 2014`,
 * `WS 2013/14`, `Spring Semester 2020`, `Academic year 2019/20`) and the student's number
 * (`Matrikelnummer: 36873`, `Student ID: 1234567`).
 */
const COVER_RECORD = new RegExp(
  '^(?:' +
    [
      '(?:sommer|winter)semester\\s+\\d{4}(?:/\\d{2,4})?\\s*$',
      '(?:ws|ss|wise|sose)\\s*\\d{2,4}(?:/\\d{2,4})?\\s*$',
      '(?:spring|summer|fall|autumn|winter)\\s+(?:term|semester|quarter)\\s+\\d{4}(?:/\\d{2,4})?\\s*$',
      '(?:academic\\s+year|anno\\s+accademico|a[ñn]o\\s+acad[ée]mico|curso(?:\\s+acad[ée]mico)?|ano\\s+letivo|ann[ée]e\\s+universitaire|studienjahr)\\s*:?\\s*\\d{4}(?:\\s*[/–-]\\s*\\d{2,4})?\\s*$',
      "(?:matrikel(?:nummer|[-\\s]?nr\\.?)|matr\\.?[-\\s]?nr\\.?|student\\s+(?:id|number|no\\.?)|(?:registration|enrol?ment|matriculation)\\s+(?:number|no\\.?)|n[úu]mero\\s+de\\s+matr[íi]cula|matr[íi]cula|num[ée]ro\\s+(?:d['’])?[ée]tudiant)\\s*:?\\s*[\\w/-]*\\d[\\w/-]*\\s*$",
    ].join('|') +
    ')',
  'iu',
);

/** A line of a cover's record: a date (in English or a thesis's own language), the term, the student's number. */
export function isCoverRecord(text: string): boolean {
  const t = text.trim();
  return t.length <= 80 && (DATE.test(t) || LOCAL_DATE.test(t) || COVER_RECORD.test(t));
}

/** Lines that start in lower case continue a sentence: only these metadata forms may (`doi:`, `c 2015` for ©, `arXiv:`). */
const LOWER_START_OK = /^(?:doi:|https?:|c\s+(?:19|20)\d\d|arxiv:|e-?mail)/i;
/** A copyright notice inside a line (`December 6–10, 2023 ©2023 Association for…`, `978-1-…/18/$31.00 ©2018 IEEE`). */
const COPYRIGHT_INSIDE = /©\s*(?:19|20)\d\d\b|\(c\)\s*(?:19|20)\d\d\b|\$\d+\.00\b/;
/** Footnote marks a metadata line may start with (`∗Corresponding author`, `1 E-mail:`, `1This paper…`). */
const LEAD_MARK = /^(?:[∗*†‡§¶⋆]|\d{1,2}(?=\p{Lu}\p{Ll})|\d(?=\s*(?:e-?mail|corresponding)))\s*/iu;

/**
 * A conference's name and year (`NeurIPS 2023`, a workshop's name in title case with its small words
 * (`Robust AI in Financial Services Workshop at the 33rd Conference…`, `Workshop on … 2019`), `CHI ’23, April 23–28,
 * 2023, Hamburg, Germany`, `ECCV-22 submission ID 42`, the acronym in brackets that opens a wrapped footer's second
 * line, `(NeurIPS 2019), Vancouver, Canada.`), and acmart's venue line for any acronym (`IPSN’20, April 2020, Sydney,
 * Australia`).
 */
const CONFERENCE =
  /^(?:\d{1,2}(?:st|nd|rd|th)\s+)?(?:[A-Z][A-Za-z]*\s+(?:(?:[A-Z][A-Za-z]*|in|on|of|for|and|the|&)\s+){0,7})?(?:[Cc]onference|CONFERENCE|[Ww]orkshop|WORKSHOP|[Ss]ymposium|SYMPOSIUM)\b.*\b(?:19|20)\d\d\b|^(?:NeurIPS|NIPS|ICML|ICLR|CVPR|ICCV|ECCV|ACL|EMNLP|NAACL|COLING|AAAI|IJCAI|CHI|KDD|WWW|SIGIR|UIST|CSCW)\s*[-–'’]?\d{2,4}\b|^\((?:NeurIPS|NIPS|ICML|ICLR|CVPR|ICCV|ECCV|ACL|EMNLP|NAACL|COLING|AAAI|IJCAI|CHI|KDD|WWW|SIGIR|UIST|CSCW)\s*[-–'’]?\d{2,4}\)|^[A-Z][A-Za-z]*[A-Z][A-Za-z-]*\s?['’]\d{2},\s+(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)[a-z]*\.?\s+(?:\d{1,2}[-–]?\d{0,2},\s+)?(?:19|20)\d\d\b/;

/** A word pattern of META_START that matches: a sentence continued from the line above does not count. */
function metaStart(t: string): boolean {
  const u = t.replace(LEAD_MARK, '');
  if (/^\p{Ll}/u.test(u) && !LOWER_START_OK.test(u)) return false;
  return META_START.test(u);
}

/** A notice that may run over several lines of small print (copyright, licence, submission, PACS). */
export function isFrontNotice(text: string): boolean {
  return metaStart(text.trim());
}

/**
 * A metadata line of the first page (or of a cover page): it goes to the front-matter block, never
 * into the body. Report numbers, dates, submission and review notes, journal and class banners,
 * copyright and licence notices, conference footers, a thesis's submission line, contact lines.
 */
export function isFrontMeta(text: string): boolean {
  const t = text.trim();
  if (t.length > 240) return false;
  return (
    metaStart(t) ||
    metaStart(unmarked(t)) ||
    isFrontFurniture(t) ||
    CONFERENCE.test(t) ||
    (t.length <= 160 && COPYRIGHT_INSIDE.test(t)) ||
    isCoverRecord(t) ||
    (t.length <= 80 && isReportNumber(t))
  );
}

/** Journal, publisher and institution names: never a title. */
const NOT_A_TITLE = new RegExp(
  '^(?:j\\s?ournal\\s+of|ournal\\s+of|annals\\s+of|proceedings|transactions|letters\\b|physical\\s+review|physics\\s+letters|nuclear\\s+physics\\s+[ab]\\b|' +
    'the\\s+astrophysical\\s+journal|monthly\\s+notices|astronomy\\s*&|nature\\b|science\\b|optics\\s+(?:express|letters)\\b|optica\\b|' +
    // A series is `Lecture Notes in …`; a course's notes may open their own title with `Lecture Notes:` (tt22).
    'lecture\\s+notes\\s+(?:in|of)\\b|ieee\\b|acm\\b|elsevier\\b|springer\\b|accepted\\s+manuscript\\b|' +
    // Labs known by their acronym, set alone in large type on a cover page.
    '(?:cern|desy|fermilab|kek|slac|nikhef|triumf|infn|sissa|ihes|riken|jinr)\\b[^a-z]*$)|' +
    '\\b(?:universit(?:y|é|ät|at|à|ies)|universi(?:dad|dade|teit|tet)|institut(?:e|o|ion)?|organi[sz]ation|' +
    'laborator(?:y|ies)(?=,|\\s*$|\\s+(?:for|of|de)\\b)|observatory(?=,|\\s*$)|academy|college|school\\s+of|' +
    'department|dipartimento|departamento|faculty|cent(?:re|er)\\s+(?:for|of|de)\\b|iop\\s+and\\s+sissa|publishing)\\b|' +
    // A collaboration's name, not a title about collaboration: `The ATLAS Collaboration`, `for the CMS Collaboration`.
    '^(?:(?:on\\s+behalf\\s+of|for)\\s+)?the\\s+\\S+(?:\\s+(?:and|&)\\s+\\S+)?\\s+collaborations?\\W*$|^[A-Z][\\w-]*[A-Z][\\w-]*\\s+collaborations?\\W*$',
  'i',
);

/**
 * A preposition and an article before the institution's word: the line speaks about the place
 * (`Data Movement Model for the Vera C. Rubin Observatory`), while a name, an address or a banner
 * starts with the place's own words (`Institute for the Physics of …` has its head word first).
 */
const ABOUT_THE = /\b(?:for|at|of|with|from|in|on|to|by|towards?|across|within|using)\s+the\s/i;

export function isInstitutionOrJournal(text: string): boolean {
  const t = text.trim();
  if (isJournalName(t)) return true;
  const m = NOT_A_TITLE.exec(t);
  return m !== null && !ABOUT_THE.test(t.slice(0, m.index));
}

/**
 * An affiliation or contact line of the front matter, with or without its footnote mark
 * (`1 Department of Physics, Some University, City`, `a) Electronic mail: x@y.org`,
 * `{abc,lncs}@uni-heidelberg.de`): never a heading, whatever its number looks like.
 */
export function isAffiliationLine(text: string): boolean {
  const t = text.trim();
  if (CONTACT.test(t)) return true;
  const bare = t.replace(/^(?:\d{1,2}|[a-z]\)?|[∗*†‡§¶⋆]+)\s*/, '');
  return NOT_A_TITLE.test(bare) && !/^(?:proceedings|transactions|letters|nature|science)\b/i.test(bare);
}

/** A title page: no abstract or introduction and little body text (a thesis's, a report's cover). */
export function isTitlePage(first: readonly Segment[]): boolean {
  return (
    first.length > 0 &&
    !first.some((s) => BODY_START.test(s.text)) &&
    first.reduce((n, s) => n + (s.text.length > 50 ? s.text.length : 0), 0) < 600
  );
}

/**
 * A few words ending in a year (`Academic Year 2018`, `Berlin 2014`, `April 2023`), after a day's
 * number in any language's order (`22. Mai 2014`, `3 de marzo de 2019`, tt23): a title page's date line.
 */
const DATE_LABEL = /^(?:\d{1,2}\.?\s+)?(?:[\p{L}.,’'-]+\s+){0,3}(?:19|20)\d\d$/u;

/** A title page's date line (`Berlin 2014`): never part of a title, which does not end in a bare year. */
export const isDateLabel = (text: string) => DATE_LABEL.test(text.trim());

/**
 * Where page 1's title is looked for by layout: its top 45 %. A title page (a thesis's) may set its
 * title lower (under the university's and faculty's names) when no large type stands in that top
 * part, but never in its date line: a title does not end in a bare year.
 */
export function titleZone(page: readonly Segment[], height: number, body: number): (s: Segment) => boolean {
  const top = (s: Segment) => s.top < 0.45 * height;
  if (!isTitlePage(page)) return top;
  const undated = (s: Segment) => !isDateLabel(s.text);
  const largeAbove = page.some(
    (s) =>
      top(s) &&
      s.size >= 1.15 * body &&
      undated(s) &&
      s.text.split(/\s+/).length >= 2 &&
      !isFrontMeta(s.text) &&
      !isInstitutionOrJournal(s.text),
  );
  return largeAbove ? (s) => top(s) && undated(s) : undated;
}

/** The first-page metadata lines, and what a cover page adds. */
export interface FrontMatter {
  /** Metadata lines in reading order, a notice grouped with the small-print lines that continue it. */
  groups: Segment[][];
  /** After a cover page, the title printed again at the top of the paper's own first page (page 2). */
  repeatedTitle: Segment[];
  /** Where the body begins on page 2 after a cover page (its top is front matter), else -Infinity. */
  coverBodyTop: number;
  /** The index of the paper's own first page after a cover page (2 past a blank verso), else -1. */
  ownPage: number;
}

/**
 * Front matter of page 1 and, after a cover page, of page 2. Metadata lines (isFrontMeta) anywhere
 * on the page, and every short line set above the title (banners, report numbers, a journal's
 * header), go to the front block. A cover page is told by the title printed again near the top of
 * page 2: those lines are dropped, and page 2's metadata lines above its abstract are front matter too.
 */
export function findFrontMatter(
  pages: Segment[][],
  titleSegs: readonly Segment[],
  body: number,
): FrontMatter {
  const title = new Set(titleSegs);
  const first = pages[0] ?? [];
  // Only a title in large type is sure enough to say that what is above it is no body text.
  const titleTop =
    titleSegs.length && Math.max(...titleSegs.map((s) => s.size)) >= 1.15 * body
      ? Math.min(...titleSegs.map((s) => s.top))
      : -Infinity;
  // A small line set close above the title may reach into its box with its descenders: its
  // baseline above the title's top still puts it above (lk15a).
  const above = (s: Segment) =>
    (s.bottom < titleTop + 0.1 || s.baseline < titleTop) &&
    s.text.length <= 120 &&
    /\p{L}{2}/u.test(s.text) &&
    !BODY_START.test(s.text);
  // On a title page (no abstract, little body text: a thesis), institution and contact lines are
  // front matter too. Elsewhere they stay with the author block: an affiliation spans several lines.
  const titlePage = isTitlePage(first);
  const affiliation = (s: Segment) =>
    titlePage && s.text.length <= 100 && !/^\p{Ll}|[.;]$/u.test(s.text) && isAffiliationLine(s.text);
  // A title page set wholly in display type (no line of body text, more pages after it) carries no
  // body at all: every line but the title is front matter, whatever its words (a thesis's degree,
  // faculty, committee, place and date, in any language).
  // lk15b: a centred short line or a line standing alone is a display line, no prose.
  const displayLine = titlePageDisplayLine(pages, body);
  const display =
    titlePage &&
    pages.length > 1 &&
    first.length > 0 &&
    !first.some(
      // Short name, date and place lines (`Prof. Dr. Malte Schilling`), names in title case (`College
      // of Engineering and Physical Sciences`) and submission lines are no prose, even set in lower
      // case (`in partial fulfilment of…`: a display line, not a sentence's end).
      (s) =>
        Math.abs(s.size - body) < 0.5 &&
        !displayLine(s) &&
        s.text.split(/\s+/).length >= 6 &&
        s.text.split(/\s+/).filter((w) => /^\p{Ll}/u.test(w)).length * 2 > s.text.split(/\s+/).length &&
        !isFrontMeta(s.text.replace(/^\p{Ll}/u, (c) => c.toUpperCase())),
    );
  const rowmate = bannerRowmates(first, body, isFrontMeta);
  const groups = withLeadingMarks(
    first,
    metadataLines(first, title, body, (s) => display || above(s) || affiliation(s) || rowmate(s)),
  );
  // A running head that repeats the title (LIPIcs's short title) is told by its place on later pages (titleAgain).
  // tt22: a cover printed on its own sheet leaves a blank verso before the paper's own first page.
  const own = pages[1]?.length || !pages[2]?.length ? 1 : 2;
  const repeatedTitle = titleSegs.length
    ? titleAgain(pages[own] ?? [], titleSegs, body, pages.slice(own + 1))
    : [];
  // The back of such a title page (a thesis's imprint: licence, ISBN, printer, a dedication) carries
  // no body either when it holds a few short lines, none in heading type and no abstract.
  const verso = pages[1] ?? [];
  if (
    display &&
    !repeatedTitle.length &&
    verso.length > 0 &&
    verso.length <= 12 &&
    verso.reduce((n, s) => n + s.text.length, 0) <= 500 &&
    !verso.some((s) => s.size >= 1.15 * body || BODY_START.test(s.text))
  )
    groups.push(...metadataLines(verso, title, body, () => true));
  let coverBodyTop = -Infinity;
  if (repeatedTitle.length) {
    const second = pages[own]!;
    const below = Math.max(...repeatedTitle.map((s) => s.bottom));
    const start = second.filter(
      (s) =>
        s.top > below &&
        (BODY_START.test(s.text) ||
          (Math.abs(s.size - body) < 0.6 && s.text.length >= 60 && !isFrontMeta(s.text))),
    );
    coverBodyTop = start.length ? Math.min(...start.map((s) => s.top)) : below;
    const skip = new Set(repeatedTitle);
    groups.push(...metadataLines(second, skip, body, (s) => s.bottom < coverBodyTop));
  }
  return { groups, repeatedTitle, coverBodyTop, ownPage: repeatedTitle.length ? own : -1 };
}

/**
 * A page's metadata lines in reading order. A notice in small print (copyright, licence, "This work
 * has been submitted…") takes the lines that continue it right below, in the same size and column.
 */
function metadataLines(
  page: Segment[],
  skip: ReadonlySet<Segment>,
  body: number,
  front: (s: Segment) => boolean,
): Segment[][] {
  const out: Segment[][] = [];
  for (let i = 0; i < page.length; i++) {
    const s = page[i]!;
    if (skip.has(s) || !(isFrontMeta(s.text) || front(s))) continue;
    // lk15b: a URL or licence line that carries on the prose above (`…available at`) is no metadata.
    if (!front(s) && continuesSentence(page[i - 1], s)) continue;
    const group = [s];
    out.push(group);
    if (s.size > body - 0.5 || !isFrontNotice(s.text)) continue;
    let last = s;
    for (let j = i + 1; j < page.length && j <= i + 8; j++) {
      const n = page[j]!;
      if (
        skip.has(n) ||
        Math.abs(n.size - s.size) > 0.3 ||
        n.top < last.bottom - 0.1 ||
        n.top - last.bottom > 0.6 * s.size ||
        Math.abs(n.x0 - s.x0) > 2 * s.size
      )
        break;
      group.push(n);
      last = n;
      i = j;
    }
  }
  return out;
}

/** Lower-case words, for comparing titles. */
export const titleWords = (t: string) =>
  t
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()
    .split(' ')
    .filter(Boolean);

/**
 * The title's lines printed again in the top half of page 2, at body size or larger (a cover page came
 * first). tt20: a line printed again at its place on a later page (`later`) is the running head, which
 * may be the title or most of it (LIPIcs's short title), never the title's second printing.
 */
export function titleAgain(
  page: readonly Segment[],
  titleSegs: readonly Segment[],
  body: number,
  later: readonly Segment[][] = [],
): Segment[] {
  const running = (s: Segment) =>
    later.some((p) => p.some((o) => Math.abs(o.top - s.top) < 2 && o.text.trim() === s.text.trim()));
  // lk14b: `&` and `and` are one word in a title's printings (a cover's `DESIGN, MODELING, &`).
  const words = (t: string) => titleWords(t.replace(/&/g, ' and '));
  const want = new Set(words(titleSegs.map((s) => s.text).join(' ')));
  if (want.size < 3) return [];
  const half = 0.5 * Math.max(0, ...page.map((o) => o.bottom));
  let lines = page.filter((s) => {
    const w = words(s.text);
    return (
      s.size >= body - 0.3 &&
      w.length > 0 &&
      s.top < half &&
      w.filter((x) => want.has(x)).length >= 0.9 * w.length &&
      !running(s)
    );
  });
  // tt20: a line run on from a paragraph's line right above it (`… to define a simple` / `minimal time
  // series transformer.`) is the paragraph's, not the title set apart.
  const inParagraph = (s: Segment) =>
    page.some(
      (o) =>
        !lines.includes(o) &&
        Math.abs(o.size - s.size) <= 0.3 &&
        o.bottom <= s.top + 0.5 &&
        s.top - o.bottom < 0.6 * s.size &&
        o.x0 < s.x1 &&
        s.x0 < o.x1,
    );
  lines = lines.filter((s) => !inParagraph(s));
  if (!lines.length) return [];
  // One block: the first such line and those of its size right below it.
  const sorted = [...lines].sort((a, b) => a.top - b.top);
  const block = [sorted[0]!];
  for (const s of sorted.slice(1)) {
    const last = block[block.length - 1]!;
    if (s.top - last.bottom > 1.2 * last.size || Math.abs(s.size - last.size) > 0.3) break;
    block.push(s);
  }
  const got = new Set(words(block.map((s) => s.text).join(' ')));
  return [...want].filter((w) => got.has(w)).length >= 0.8 * want.size ? block : [];
}

/** Rows of a page that carry a metadata line: a line sharing one (`CERN` beside `CERN-EP-2016-123`) is a banner, not a title. */
export function metadataRows(page: readonly Segment[]): (s: Segment) => boolean {
  const meta = page.filter((o) => isFrontMeta(o.text));
  return (s) =>
    meta.some(
      (o) =>
        o !== s &&
        Math.abs(o.baseline - s.baseline) < 0.5 * Math.max(o.size, s.size) &&
        !marginLabelBeside(o, s), // lk26
    );
}
