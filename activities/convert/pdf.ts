/**
 * PDF → Markdown with pdf.js (legacy build, the one that runs in Node). Text items become line
 * segments, pages are put in reading order by an XY-cut, running headers/footers, page numbers
 * and arXiv's rotated side stamp are dropped, and the rest is rendered by pdf-markdown.ts.
 */
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { PDFPageProxy, TextItem, TextMarkedContent } from 'pdfjs-dist/types/src/display/api.js';
import { AppError, errorMessage, isAppError } from '../../domain/errors.ts';
import { buildSegments, readingOrder, type Segment, type TextRun } from './pdf-layout.ts';
import { renderSegments } from './pdf-markdown.ts';
import { sectionsOf, type ConvertResult } from './types.ts';

/** arXiv's identifier stamp, in case a PDF carries it unrotated. */
const STAMP = /^arXiv:\s?(\d{4}\.\d{4,5}|[a-z-]+(\.[A-Z]{2})?\/\d{7})(v\d+)?\s*\[[^\]]+\]\s*\d{1,2}\s*[A-Z][a-z]{2}\s*\d{4}$/;
const PAGE_NUMBER = /^(page\s+)?(\d{1,4}|[ivxlc]{1,6})(\s+(of|\/)\s+\d{1,4})?$|^[-–—]\s*\d{1,4}\s*[-–—]$/i;

/**
 * Convert PDF bytes to Markdown. Throws `CONVERT_ENCRYPTED` for password-protected files,
 * `CONVERT_CORRUPT` when pdf.js cannot parse the file and `CONVERT_NO_TEXT` when the text layer is
 * missing or unreadable (scans, Type 3 bitmap fonts without a Unicode map).
 */
export async function convertPdf(data: Uint8Array, opts: { maxPages?: number } = {}): Promise<ConvertResult> {
  const started = performance.now();
  const warnings: string[] = [];
  const task = getDocument({
    // pdf.js detaches the buffer it is given; copy so callers keep theirs.
    data: new Uint8Array(data),
    verbosity: 0,
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    stopAtErrors: false,
  });
  let doc;
  try {
    doc = await task.promise;
  } catch (e) {
    await task.destroy();
    const name = (e as { name?: string }).name;
    if (name === 'PasswordException') {
      throw new AppError('CONVERT_ENCRYPTED', 'The PDF is password-protected; download an unencrypted copy.', { cause: e });
    }
    throw new AppError('CONVERT_CORRUPT', `The file is not a readable PDF (${errorMessage(e)}); re-download it.`, { cause: e });
  }
  try {
    const pageCount = doc.numPages;
    const last = Math.min(pageCount, opts.maxPages ?? pageCount);
    if (last < pageCount) warnings.push(`converted the first ${last} of ${pageCount} pages`);
    const rawPages: Segment[][] = [];
    const heights: number[] = [];
    for (let n = 1; n <= last; n++) {
      const page = await doc.getPage(n);
      const [vx0, vy0, vx1, vy1] = page.view as [number, number, number, number];
      const runs: TextRun[] = [];
      for (const item of await readTextItems(page, n)) {
        const run = toRun(item, vx0, vy1, vx1 - vx0, vy1 - vy0);
        if (run) runs.push(run);
      }
      heights.push(vy1 - vy0);
      rawPages.push(buildSegments(runs, n - 1));
      page.cleanup();
    }
    assertTextLayer(rawPages, last);
    const cleaned = dropRunningLines(rawPages, heights).map((segs) => readingOrder(segs));
    const { markdown, title } = renderSegments(cleaned, heights);
    return {
      markdown,
      title,
      sections: sectionsOf(markdown),
      pageCount,
      warnings,
      timings: { totalMs: Math.round(performance.now() - started) },
    };
  } catch (e) {
    if (isAppError(e)) throw e;
    // pdf.js parses nested objects recursively; its worker hands the RangeError on as a message.
    if (/Maximum call stack size exceeded/.test(errorMessage(e))) {
      throw new AppError('CONVERT_CORRUPT', 'The PDF nests arrays or dictionaries too deeply to read (malformed or hostile); it was not converted.', { cause: e });
    }
    throw new AppError('CONVERT_CORRUPT', `The PDF is damaged: ${errorMessage(e)}; re-download it.`, { cause: e });
  } finally {
    // After a cancelled text stream (readTextItems) pdf.js's destroy() waits for an evaluator
    // that never yields; do not hang the caller on it. The sandbox replaces such a child.
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([doc.destroy(), new Promise((resolve) => (timer = setTimeout(resolve, DESTROY_WAIT_MS)))]);
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
  const reader = page.streamTextContent().getReader() as ReadableStreamDefaultReader<{ items: Array<TextItem | TextMarkedContent> }>;
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

/** Un-rotated text only: the arXiv side stamp and rotated figure labels are left out. */
function toRun(item: TextItem, x0: number, yTop: number, width: number, height: number): TextRun | null {
  const [a, b, c, d, e, f] = item.transform as [number, number, number, number, number, number];
  if (Math.abs(b) > 0.01 * Math.abs(a) || Math.abs(c) > 0.01 * Math.abs(d) || a <= 0 || d <= 0) return null;
  if (!item.str) return null;
  const x = e - x0;
  const y = yTop - f;
  if (x < -5 || x > width + 5 || y < -5 || y > height + 5) return null;
  // Widths include padding spaces, which would bridge a column gutter: measure the trimmed text.
  const text = item.str;
  const lead = text.length - text.trimStart().length;
  const trimmed = text.trim();
  const perChar = item.width / Math.max(1, text.length);
  return { text: trimmed, x: x + lead * perChar, y, width: trimmed.length * perChar, size: Math.abs(d) || item.height };
}

/**
 * Running headers and footers repeat (digits aside) in the top or bottom band of many pages; page
 * numbers sit alone there. Both are dropped, as is any unrotated arXiv stamp.
 */
function dropRunningLines(pages: Segment[][], heights: number[]): Segment[][] {
  const key = (s: Segment) => s.text.toLowerCase().replace(/\d+/g, '#').replace(/\s+/g, ' ');
  const inBand = (s: Segment, h: number) => s.top < h * 0.09 || s.bottom > h * 0.91;
  const counts = new Map<string, number>();
  pages.forEach((segs, p) => {
    const seen = new Set<string>();
    for (const s of segs) if (inBand(s, heights[p]!)) seen.add(key(s));
    for (const k of seen) counts.set(k, (counts.get(k) ?? 0) + 1);
  });
  const repeatMin = Math.max(3, Math.ceil(pages.length * 0.3));
  return pages.map((segs, p) =>
    segs.filter((s) => {
      if (STAMP.test(s.text)) return false;
      if (!inBand(s, heights[p]!)) return true;
      if (PAGE_NUMBER.test(s.text)) return false;
      return pages.length < 3 || (counts.get(key(s)) ?? 0) < repeatMin;
    }),
  );
}

/**
 * A usable text layer has letters and real words. Type 3 bitmap fonts without ToUnicode (the
 * corpus's 0706.3971) come out as punctuation soup; scans come out empty.
 */
function assertTextLayer(pages: Segment[][], pageCount: number): void {
  const text = pages
    .flat()
    .map((s) => s.text)
    .join(' ');
  const visible = text.replace(/\s+/g, '');
  const letters = (visible.match(/\p{L}/gu) ?? []).length;
  const words = text.toLowerCase().match(/\p{L}+/gu) ?? [];
  const common = words.filter((w) => COMMON_WORDS.has(w)).length;
  const perPage = visible.length / Math.max(1, pageCount);
  const ok = perPage >= 100 && letters / Math.max(1, visible.length) >= 0.5 && (words.length < 200 || common / words.length >= 0.02);
  if (!ok) {
    throw new AppError(
      'CONVERT_NO_TEXT',
      `The PDF has no usable text layer (${Math.round(perPage)} characters per page, ${Math.round((100 * letters) / Math.max(1, visible.length))}% letters); it needs OCR. Try the arXiv HTML version instead.`,
    );
  }
}

const COMMON_WORDS = new Set(['the', 'of', 'and', 'a', 'in', 'to', 'is', 'for', 'we', 'that', 'with', 'on', 'are', 'by', 'as', 'this', 'be', 'de', 'la', 'et', 'der', 'die', 'und']);
