/**
 * PDF → Markdown with pdf.js (legacy build, the one that runs in Node). Text items become line
 * segments, pages are put in reading order by an XY-cut, running headers/footers, page numbers
 * and arXiv's rotated side stamp are dropped, and the rest is rendered by pdf-markdown.ts.
 *
 * Long file: pdf.js extraction, font naming and furniture removal feed one layout in order;
 * their shared run and font structures would otherwise be exported only for each other.
 */
import type * as Pdfjs from 'pdfjs-dist/legacy/build/pdf.mjs';
import type {
  PDFDocumentProxy,
  PDFPageProxy,
  TextItem,
  TextMarkedContent,
} from 'pdfjs-dist/types/src/display/api.js';
import { AppError, errorMessage, isAppError } from '../../domain/errors.ts';
import { firstPageHeads } from './pdf-cv16-running-title.ts';
import {
  buildSegments,
  bodyTextSize,
  dropPageFurniture,
  mostUsedFace,
  readingOrder,
  type Segment,
  type TextRun,
} from './pdf-layout.ts';
import { dropLineNumbers } from './pdf-line-numbers.ts';
import { boldOutsideMath, restoreWideAccents } from './pdf-hd13b-math-faces.ts';
import { rejoinSplitAccents } from './pdf-tt23-split-accents.ts';
import { splitFusedAccents } from './pdf-hd24-accent-space.ts';
import { markTypewriter } from './pdf-hd25-typewriter.ts';
import { runningHeadSlots } from './pdf-running-heads.ts';
import { headRowmates } from './pdf-lk23-head-rows.ts';
import { firstPageHeadEchoes } from './pdf-lk24-head-echo.ts';
import { renderSegments } from './pdf-markdown.ts';
import { keepPrintedHyphens } from './pdf-tt24-printed-hyphens.ts';
import { textLayerProblem } from './pdf-text-layer.ts';
import { readingFrame } from './pdf-qx28-rotated-pages.ts';
import { boldTypewriterHeads, headingPlacedFaces } from './pdf-qx28-lone-faces.ts';
import { sectionsOf, type ConvertResult } from '../../app/ports/converter.ts';
import { readBookmarks, readInfoTitle, type Bookmark } from './pdf-bm13-bookmarks.ts';
import { parseSectionNumber, SECTION_NUMBER, SUBSECTION_NUMBER } from './pdf-numbering.ts';

/**
 * Convert PDF bytes to Markdown. Throws `CONVERT_ENCRYPTED` for password-protected files,
 * `CONVERT_CORRUPT` when pdf.js cannot parse the file and `CONVERT_NO_TEXT` when the text layer is
 * missing or unreadable (scans, Type 3 bitmap fonts without a Unicode map).
 */
export async function convertPdf(
  data: Uint8Array,
  opts: { maxPages?: number; title?: string; authors?: readonly string[] } = {},
): Promise<ConvertResult> {
  const started = performance.now();
  const { pages, heights, pageCount, warnings, bookmarks, infoTitle, runningHeads } = await layoutPdf(
    data,
    opts,
  );
  // The paper's metadata, when known: the title picks the title block among page 1's large type,
  // and a line of the authors' names is never a heading or the title.
  // tt24: a compound broken at its own hyphen keeps it where the paper prints it so elsewhere.
  const { markdown, title } = keepPrintedHyphens(() =>
    renderSegments(pages, heights, {
      title: opts.title,
      authors: opts.authors,
      bookmarks,
      infoTitle,
      runningHeads,
    }),
  );
  return {
    markdown,
    title,
    sections: sectionsOf(markdown),
    pageCount,
    warnings,
    timings: { totalMs: Math.round(performance.now() - started) },
  };
}

/**
 * pdf.js's legacy build bundles core-js, which on Node 20 (V8 11) replaces three built-ins for the
 * whole process: `Array.prototype.push` (V8 bug 12681, a push onto an array whose length is
 * read-only) by a JavaScript version ~9× slower, and `JSON.parse`/`JSON.stringify` (source-text
 * access, well-formed output) by versions ~6× slower. pdf.js needs none of those fixes, and the
 * slow push alone took ~12 % of a conversion (profiled over the corpus). So pdf.js and its
 * in-thread worker (which pdf.js would otherwise import on the first getDocument, re-installing the
 * polyfill) are loaded once, here, and the built-ins captured before are put back.
 */
function loadPdfjs(): Promise<typeof Pdfjs> {
  return (pdfjs ??= (async () => {
    const natives = (
      [
        [Array.prototype, 'push'],
        [JSON, 'parse'],
        [JSON, 'stringify'],
      ] as const
    ).map(([owner, key]) => ({ owner, key, desc: Object.getOwnPropertyDescriptor(owner, key)! }));
    const lib = await import('pdfjs-dist/legacy/build/pdf.mjs');
    const g = globalThis as { pdfjsWorker?: unknown };
    g.pdfjsWorker ??= (await import(PDFJS_WORKER)) as unknown;
    for (const { owner, key, desc } of natives) {
      // A built-in has no `prototype`; a polyfill installed before this module loaded has one (the
      // sandbox's child imports pdf.js first), and then there is no native left to restore.
      if (!Object.hasOwn(desc.value as object, 'prototype')) Object.defineProperty(owner, key, desc);
    }
    return lib;
  })());
}

let pdfjs: Promise<typeof Pdfjs> | undefined;
// A variable, so TypeScript does not look for the worker bundle's (absent) type declarations.
const PDFJS_WORKER: string = 'pdfjs-dist/legacy/build/pdf.worker.mjs';

/** A PDF's line segments in reading order, page furniture removed, before Markdown. */
export interface PdfLayout {
  pages: Segment[][];
  /** Page heights in points. */
  heights: number[];
  pageCount: number;
  warnings: string[];
  /** The PDF's outline (hyperref's bookmarks), resolved to pages and top-down y. */
  bookmarks: Bookmark[];
  /** The info dictionary's Title (hyperref's pdftitle), unchecked: often a placeholder. */
  infoTitle: string | null;
  /** Page 1's running heads printed on nearly every page (pdf-cv16-running-title.ts). */
  runningHeads: string[];
  /** Milliseconds spent in each stage (for the benchmark's per-stage profile). */
  stageMs: LayoutStages;
}

/** Where layoutPdf's time goes: pdf.js text extraction, rows and segments, font naming, furniture and reading order. */
export interface LayoutStages {
  /** getPage + streamTextContent (pdf.js) and turning items into runs. */
  text: number;
  /** buildSegments (pdf-layout.ts). */
  segments: number;
  /** nameFonts: getOperatorList on the pages that show candidate heading fonts. */
  fonts: number;
  /** Pages run through getOperatorList by nameFonts. */
  fontPages: number;
  /** markBold, dropPageFurniture and readingOrder. */
  layout: number;
}

/** The layout stage of convertPdf (same errors): segments, bold faces, furniture, reading order. */
export async function layoutPdf(data: Uint8Array, opts: { maxPages?: number } = {}): Promise<PdfLayout> {
  const warnings: string[] = [];
  const { AnnotationMode, getDocument } = await loadPdfjs();
  const task = getDocument({
    // pdf.js detaches the buffer it is given; copy so callers keep theirs.
    data: new Uint8Array(data),
    verbosity: 0,
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    stopAtErrors: false,
    // Pages are only ever run through getOperatorList to learn font names (nameFonts): images are
    // skipped (with stopAtErrors false pdf.js leaves them out), never decoded.
    maxImageSize: 1,
  });
  let doc;
  try {
    doc = await task.promise;
  } catch (e) {
    await task.destroy();
    const name = (e as { name?: string }).name;
    if (name === 'PasswordException') {
      throw new AppError(
        'CONVERT_ENCRYPTED',
        'The PDF is password-protected; download an unencrypted copy.',
        { cause: e },
      );
    }
    throw new AppError(
      'CONVERT_CORRUPT',
      `The file is not a readable PDF (${errorMessage(e)}); re-download it.`,
      { cause: e },
    );
  }
  try {
    const pageCount = doc.numPages;
    const last = Math.min(pageCount, opts.maxPages ?? pageCount);
    if (last < pageCount) warnings.push(`converted the first ${last} of ${pageCount} pages`);
    const pageRuns: TextRun[][] = [];
    const heights: number[] = [];
    const tops: number[] = [];
    const stageMs: LayoutStages = { text: 0, segments: 0, fonts: 0, fontPages: 0, layout: 0 };
    for (let n = 1; n <= last; n++) {
      const t0 = performance.now();
      const page = await doc.getPage(n);
      // qx28: a page set in landscape is read in its turned frame.
      const frame = readingFrame(await readTextItems(page, n), page.view as [number, number, number, number]);
      const [vx0, vy0, vx1, vy1] = frame.view;
      const runs: TextRun[] = [];
      for (const item of frame.items) {
        const run = toRun(item, vx0, vy1, vx1 - vx0, vy1 - vy0);
        if (run) runs.push(run);
      }
      heights.push(vy1 - vy0);
      tops.push(vy1);
      pageRuns.push(runs);
      page.cleanup();
      stageMs.text += performance.now() - t0;
    }
    const t1 = performance.now();
    // Line numbers are told page by page, then by the column they fill on other pages.
    const rawPages = dropLineNumbers(pageRuns).map((runs, p) => buildSegments(runs, p));
    stageMs.segments = performance.now() - t1;
    assertTextLayer(rawPages, last);
    const t2 = performance.now();
    const fonts = await nameFonts(doc, rawPages, AnnotationMode.DISABLE);
    const t3 = performance.now();
    stageMs.fonts = t3 - t2;
    stageMs.fontPages = fonts.pages;
    markBold(rawPages, fonts.names);
    markTypewriter(rawPages, fonts.names);
    boldTypewriterHeads(rawPages); // qx28
    restoreWideAccents(rawPages, fonts.names);
    rejoinSplitAccents(rawPages);
    splitFusedAccents(rawPages);
    const heads = runningHeadSlots(rawPages, heights);
    const unfurnished = dropPageFurniture(rawPages, heights);
    // lk23: the other part of a running head's row goes with the part dropped.
    for (const s of headRowmates(rawPages, unfurnished)) heads.add(s);
    // lk24: the running head's words printed once more under the title (arxiv.sty's `\headeright`).
    const kept = unfurnished.map((segs) => segs.filter((s) => !heads.has(s)));
    for (const s of firstPageHeadEchoes(rawPages, kept, heights, bodyTextSize(rawPages.flat()))) heads.add(s);
    const pages = unfurnished.map((segs) =>
      readingOrder(heads.size ? segs.filter((s) => !heads.has(s)) : segs),
    );
    stageMs.layout = performance.now() - t3;
    const bookmarks = await readBookmarks(doc, tops);
    const infoTitle = await readInfoTitle(doc);
    const runningHeads = firstPageHeads(rawPages, pages, heights);
    return { pages, heights, pageCount, warnings, bookmarks, infoTitle, runningHeads, stageMs };
  } catch (e) {
    if (isAppError(e)) throw e;
    // pdf.js parses nested objects recursively; its worker hands the RangeError on as a message.
    if (/Maximum call stack size exceeded/.test(errorMessage(e))) {
      throw new AppError(
        'CONVERT_CORRUPT',
        'The PDF nests arrays or dictionaries too deeply to read (malformed or hostile); it was not converted.',
        { cause: e },
      );
    }
    throw new AppError('CONVERT_CORRUPT', `The PDF is damaged: ${errorMessage(e)}; re-download it.`, {
      cause: e,
    });
  } finally {
    // After a cancelled text stream (readTextItems) pdf.js's destroy() waits for an evaluator
    // that never yields; do not hang the caller on it. The sandbox replaces such a child.
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      doc.destroy(),
      new Promise((resolve) => (timer = setTimeout(resolve, DESTROY_WAIT_MS))),
    ]);
    clearTimeout(timer);
  }
}

/**
 * A page's text items, refused past MAX_TEXT_ITEMS: the densest corpus page has 2 730, while a
 * text-operator bomb (millions of `Tj` in one content stream) would otherwise run the process out
 * of memory or time before saying anything useful. pdf.js streams the items in small batches, so
 * cancelling stops its evaluator too.
 */
async function readTextItems(page: PDFPageProxy, pageNumber: number): Promise<TextItem[]> {
  const reader = page.streamTextContent().getReader() as ReadableStreamDefaultReader<{
    items: Array<TextItem | TextMarkedContent>;
  }>;
  const items: TextItem[] = [];
  let seen = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return items;
    seen += value.items.length;
    if (seen > MAX_TEXT_ITEMS) {
      // Not awaited: pdf.js does not settle it while its evaluator is busy with the page.
      reader.cancel('too many text items').catch(() => undefined);
      throw new AppError(
        'CONVERT_TOO_LARGE',
        `Page ${pageNumber} has more than ${MAX_TEXT_ITEMS} pieces of text, far beyond any real paper; the PDF is malformed or hostile and was not converted.`,
      );
    }
    for (const item of value.items) if ('str' in item) items.push(item);
  }
}

const MAX_TEXT_ITEMS = 200_000;
const DESTROY_WAIT_MS = 2000;

/** Un-rotated text only (slanted text counts): the arXiv side stamp and rotated figure labels are left out. */
function toRun(item: TextItem, x0: number, yTop: number, width: number, height: number): TextRun | null {
  const [a, b, c, d, e, f] = item.transform as [number, number, number, number, number, number];
  if (Math.abs(b) > 0.01 * Math.abs(a) || a <= 0 || d <= 0) return null;
  // hd18: a shear with an upright baseline is slanted text, not rotated text: an upright face set
  // oblique by the text matrix (aa.cls's italic subsections, `\slshape` faked from a roman). It is a
  // face of its own, as a real italic would be: the suffix keeps it apart from the upright runs.
  const slant = Math.abs(c) > 0.01 * d;
  if (Math.abs(c) > MAX_SLANT * d) return null;
  if (!item.str) return null;
  const x = e - x0;
  const y = yTop - f;
  if (x < -5 || x > width + 5 || y < -5 || y > height + 5) return null;
  // Widths include padding spaces, which would bridge a column gutter: measure the trimmed text.
  const text = item.str;
  const lead = text.length - text.trimStart().length;
  const trimmed = text.trim();
  const perChar = item.width / Math.max(1, text.length);
  return {
    text: trimmed,
    x: x + lead * perChar,
    y,
    width: trimmed.length * perChar,
    size: Math.abs(d) || item.height,
    font: slant ? `${item.fontName}${SLANTED}` : item.fontName,
  };
}

/** The shear of an oblique face: tan 10–15° in practice; a larger one is no text face. */
const MAX_SLANT = 0.4;
/** Appended to a font id set slanted by its text matrix (pdf.js knows the font by the id alone). */
const SLANTED = '/slanted';

/** Bold faces by name, subset prefix (`ABCDEF+`) removed: Times-Bold, NimbusRomNo9L-Medi, CMBX10, LinBiolinumTB, Arial-BoldMT… */
export const BOLD_FONT =
  /bold|black|heavy|semibold|demi|-?medi(um)?\b|^(cmbx|cmb\d|cmssbx|sfbx|ecbx|ptmb|phvb|pplb)|[a-z]TB$|-bd\b|-B$/i;

/**
 * The names of the fonts that might set a heading. pdf.js's text content knows a font only by an
 * id (`g_d0_f3`); its name arrives with the operator list of a page that uses it, and an operator
 * list costs about as much as the page's text content. fontPagesToName picks the candidate fonts
 * and the few cheapest pages that show them all; each is run through getOperatorList (images
 * skipped, annotations off) and every font it loads is named from `commonObjs`.
 */
async function nameFonts(
  doc: PDFDocumentProxy,
  pages: Segment[][],
  noAnnotations: number,
): Promise<{ names: Map<string, string>; pages: number }> {
  const names = new Map<string, string>();
  const { fonts, pages: wanted } = fontPagesToName(pages);
  let visited = 0;
  for (const p of wanted) {
    // A font may also be loaded by a page it was not counted on (a heading set only in digits there).
    if ([...fonts].every((f) => names.has(f))) break;
    visited++;
    try {
      const page = await doc.getPage(p + 1);
      await page.getOperatorList({ annotationMode: noAnnotations });
      for (const font of fonts) {
        const id = font.endsWith(SLANTED) ? font.slice(0, -SLANTED.length) : font;
        if (names.has(font) || !page.commonObjs.has(id)) continue;
        const name = (page.commonObjs.get(id) as { name?: string } | null)?.name;
        if (name) names.set(font, name.replace(/^[A-Z]{6}\+/, ''));
      }
      page.cleanup();
    } catch {
      // A page pdf.js cannot build an operator list for only costs its fonts' weights.
    }
  }
  return { names, pages: visited };
}

/**
 * The fonts whose names decide a heading, and the pages to name them from. Candidates are the
 * faces other than the body face that set (almost) all of a line short enough to be a heading, and
 * those a numbered line starts in (the bold lead of a run-in heading); a face that only starts
 * lines of body text (an italic word, a variable) cannot make a heading and costs pages. Pages are chosen greedily for the most candidates (counted over all the page's text)
 * per character of text (what an operator list costs), at most MAX_NAMING_PAGES: usually one or
 * two, where taking the first page showing each font took up to six.
 */
export function fontPagesToName(pages: Segment[][]): { fonts: Set<string>; pages: number[] } {
  const body = mostUsedFace(pages);
  const bodySize = bodyTextSize(pages.flat());
  const fonts = new Set<string>();
  for (const segs of pages) {
    for (const s of segs) {
      if (!/^[\p{L}\d]/u.test(s.text)) continue;
      const runs = s.fonts ?? [];
      // A line that markBold may find bold throughout: short enough for a heading, with letters,
      // and (almost) all of them outside the body face. Its faces all count (a heading may mix a
      // bold face with a bold italic one).
      const all = runs.reduce((n, f) => n + f.chars, 0);
      const other = runs.reduce((n, f) => n + (f.font === body ? 0 : f.chars), 0);
      const headingSize =
        (s.size >= 0.8 * bodySize && s.size <= 1.6 * bodySize) ||
        (NUMBERED_LINE.test(s.text) && parseSectionNumber(s.text) !== null);
      if (
        headingSize &&
        s.text.length <= 160 &&
        all >= 2 &&
        other >= 0.85 * all &&
        /\p{L}.*\p{L}/u.test(s.text)
      ) {
        for (const f of runs) if (f.font !== body && f.chars > 0) fonts.add(f.font);
      }
      // The faces a numbered line starts in, up to the body face: the lead of a run-in heading (`2.8. Title. Text…`).
      if (RUN_IN_LEAD.test(s.text)) {
        for (const [i, f] of runs.entries()) {
          if (f.font === body && !(i === 0 && f.number)) break;
          if (f.font !== body && f.chars > 0) fonts.add(f.font);
        }
      }
    }
  }
  // A face seen on one page only, after the first, is most often an embedded figure's (each plot
  // brings its own Helvetica or Arial); a heading face recurs. Naming those would cost a page each.
  const pagesShowing = new Map<string, number>();
  const shown = pages.map(
    (segs) =>
      new Set(segs.flatMap((s) => (s.fonts ?? []).filter((f) => fonts.has(f.font)).map((f) => f.font))),
  );
  for (const on of shown) for (const f of on) pagesShowing.set(f, (pagesShowing.get(f) ?? 0) + 1);
  if (pages.length > 2) {
    const lone = new Set([...fonts].filter((f) => (pagesShowing.get(f) ?? 0) < 2 && !shown[0]!.has(f)));
    // qx28: unless it sets a line placed like a heading.
    const heads = headingPlacedFaces(pages, lone, body);
    for (const f of lone) if (!heads.has(f)) fonts.delete(f);
    for (const on of shown) for (const f of on) if (!fonts.has(f)) on.delete(f);
  }
  const cost = pages.map((segs) => NAMING_PAGE_COST + segs.reduce((n, s) => n + s.text.length, 0));
  const left = new Set(fonts);
  const chosen: number[] = [];
  while (left.size && chosen.length < MAX_NAMING_PAGES) {
    let best = -1;
    let bestScore = 0;
    for (const [p, on] of shown.entries()) {
      let n = 0;
      for (const f of on) if (left.has(f)) n++;
      const score = n / cost[p]!;
      if (score > bestScore) [best, bestScore] = [p, score];
    }
    if (best < 0) break;
    chosen.push(best);
    for (const f of shown[best]!) left.delete(f);
  }
  return { fonts, pages: chosen };
}

/** A section number starting a line, for a quick look before {@link parseSectionNumber} reads it. */
const NUMBERED_LINE = new RegExp(String.raw`^(?:${SECTION_NUMBER})[.):]?\s+\S`);

/** A subsection number starting a line, as pdf-markdown's run-in headings need (`2.8.`, `A.1`, `J.4.1`). */
const RUN_IN_LEAD = new RegExp(String.raw`^(?:${SUBSECTION_NUMBER})\.?\s`);

/** The fixed part of an operator list's cost, in characters of text (getPage, messages). */
const NAMING_PAGE_COST = 500;
const MAX_NAMING_PAGES = 6;

/** Flag the segments set in named bold faces throughout, and count the bold letters a line starts with. */
export function markBold(pages: Segment[][], names: Map<string, string>): void {
  const bold = new Set([...names].filter(([, name]) => BOLD_FONT.test(name)).map(([id]) => id));
  if (!bold.size) return;
  for (const s of pages.flat()) {
    const runs = s.fonts ?? [];
    const all = runs.reduce((n, f) => n + f.chars, 0);
    const inBold = runs.reduce((n, f) => n + (bold.has(f.font) ? f.chars : 0), 0);
    if ((all >= 2 && inBold >= 0.85 * all) || boldOutsideMath(runs, bold, names)) s.bold = true;
    // A section number in the body face before a bold title counts with the title, and so do a
    // few letters in another face inside it (a variable `k`, `CN(1)`).
    let lead = 0;
    let boldSeen = false;
    for (let i = 0; i < runs.length; i++) {
      const f = runs[i]!;
      if (bold.has(f.font) || f.chars === 0 || (i === 0 && f.number)) {
        boldSeen ||= bold.has(f.font) && f.chars > 0;
        lead += f.chars;
        continue;
      }
      let gap = 0;
      let j = i;
      while (j < runs.length && !bold.has(runs[j]!.font)) gap += runs[j++]!.chars;
      if (j === runs.length || gap > 5) break;
      lead += gap;
      i = j - 1;
    }
    if (boldSeen) s.boldLead = lead;
  }
}

/** Text that is no usable text layer (a scan, or glyphs that map to no letters) asks for OCR. */
function assertTextLayer(pages: Segment[][], pageCount: number): void {
  const text = pages
    .flat()
    .map((s) => s.text)
    .join(' ');
  const problem = textLayerProblem(text, pageCount);
  if (problem) {
    throw new AppError(
      'CONVERT_NO_TEXT',
      `The PDF has no usable text layer (${problem}); it needs OCR. Try the arXiv HTML version instead.`,
    );
  }
}
