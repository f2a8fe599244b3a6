/**
 * Page geometry for the PDF converter: pdf.js text items → line segments → reading order.
 * Coordinates are top-down (y grows downwards) in PDF points.
 *
 * Long file: segment building and the XY-cut reading order share one geometry model
 * (rows, gaps, columns); apart, each would need the other's internals.
 */
import { mirroredHeads } from './pdf-lk13-mirror-heads.ts';
import { floatingRunningLines } from './pdf-rl18-floating-lines.ts';
import { PAGE_NUMBER } from './pdf-page-number.ts';
import { fusedNumberBefore, isBareNumber, LONE_SECTION_NUMBER } from './pdf-numbering.ts';
import { normalizeText } from './text.ts';
import { chapterOpenings } from './pdf-hd20-chapter-openings.ts';
import { folioRows } from './pdf-tt21-folio-rows.ts';
import { apartBySize } from './pdf-lk26-size-apart.ts';

/** One positioned run of text from pdf.js `getTextContent`, already un-rotated. */
export interface TextRun {
  text: string;
  x: number;
  /** Baseline, top-down. */
  y: number;
  width: number;
  size: number;
  /** pdf.js's id of the run's font (`g_d0_f3`), the same for every run in that font. */
  font?: string;
}

/** Letters and digits of one font in a segment, in reading order. */
export interface FontRun {
  font: string;
  chars: number;
  /** The run is a section number alone (`2.8.`), often set in the body face before a bold title. */
  number?: boolean;
}

/** A horizontal run of text on one baseline that does not cross a column gap. */
export interface Segment {
  page: number;
  text: string;
  x0: number;
  x1: number;
  top: number;
  bottom: number;
  baseline: number;
  /** Font size of the dominant (longest) run. */
  size: number;
  /** Font ids of the runs left to right, with their letters and digits, to tell which faces set the line. */
  fonts?: FontRun[];
  /** Set in a bold face throughout (letters in a font whose name says bold), once fonts are named. */
  bold?: boolean;
  /** Letters and digits at the start of the line set in bold (a run-in heading `2.1. Title.`). */
  boldLead?: number;
  /** hd25: set in a typewriter face throughout (pdf-hd25-typewriter.ts): program text, never a heading. */
  typewriter?: boolean;
}

/** Group runs into baseline rows, then split rows at gaps wider than a column gutter. */
export function buildSegments(runs: TextRun[], page: number): Segment[] {
  const sorted = runs
    .filter((r) => r.text.trim() !== '' && r.size > 0)
    .sort((a, b) => a.y - b.y || a.x - b.x);
  const rows: TextRun[][] = [];
  let row: TextRun[] = [];
  let anchor = -Infinity;
  let anchorSize = 0;
  for (const r of sorted) {
    if (row.length > 0 && Math.abs(r.y - anchor) <= 0.45 * Math.max(anchorSize, r.size)) {
      row.push(r);
      if (r.size > anchorSize) {
        anchor = r.y;
        anchorSize = r.size;
      }
    } else {
      if (row.length) rows.push(row);
      row = [r];
      anchor = r.y;
      anchorSize = r.size;
    }
  }
  if (row.length) rows.push(row);

  const startsColumn = columnEdges(sorted);
  const segments: Segment[] = [];
  // hd27: heads cut at a column's edge from a smaller line, which mergeFragments must not glue back.
  const columnStarts = new Set<Segment>();
  for (const rw of rows) {
    rw.sort((a, b) => a.x - b.x);
    let cur: TextRun[] = [];
    let atColumn = false;
    const flush = () => {
      if (cur.length) {
        const seg = toSegment(cur, page);
        segments.push(seg);
        if (atColumn) columnStarts.add(seg);
      }
      cur = [];
      atColumn = false;
    };
    for (const r of rw) {
      const last = cur[cur.length - 1];
      if (last) {
        const gap = r.x - (last.x + last.width);
        const size = Math.max(last.size, r.size);
        // Section numbers are often set apart by a wide quad (`I.   INTRODUCTION`): keep them.
        const isNumber =
          cur.length === 1 &&
          last.size >= 0.9 * r.size &&
          (isBareNumber(last.text) || fusedNumberBefore(last.text, r.text, gap, size));
        // hd27: a numbered head opening the second column, in type larger than the line before it (a
        // 12 pt `9. Conclusion` less than 6 pt from a line of 8.5 pt program text overhanging the
        // gutter): half an em of the smaller type sets it apart.
        const head =
          r.size >= 1.15 * last.size &&
          gap > 0.5 * last.size &&
          COLUMN_HEAD.test(r.text) &&
          startsColumn(cur[0]!, r, last);
        if (
          gap > (isNumber ? 3 : 1.0) * size ||
          (gap > 0.5 * size && startsColumn(cur[0]!, r, last)) ||
          head ||
          apartBySize(last, r, gap) // lk26: a margin label beside display type
        ) {
          flush();
          atColumn = head;
        }
      }
      cur.push(r);
    }
    flush();
  }
  return mergeFragments(
    segments.filter((s) => s.text !== ''),
    columnStarts,
  );
}

/** A section number and the start of its title (`9. Conclusion`, `4.2 Data`). */
const COLUMN_HEAD = /^(?:\d{1,2}(?:\.\d{1,2})*\.?|[A-Z](?:\.\d{1,2})*\.)\s+\p{Lu}\p{Ll}/u;

/**
 * Whether a run of prose starts at the left edge of a second column, after a line begun in the
 * first: in the middle of the page's text width, where at least 8 runs of the page start (within 1 pt). A narrow gutter can be
 * bridged by less than an em: a display equation overhanging it then glues onto the next column's
 * line, and text starting at that column's edge is never the same line.
 */
function columnEdges(runs: TextRun[]): (first: TextRun, r: TextRun, last: TextRun) => boolean {
  if (!runs.length) return () => false;
  const left = Math.min(...runs.map((r) => r.x));
  const right = Math.max(...runs.map((r) => r.x + r.width));
  const starts = new Map<number, number>();
  for (const r of runs) starts.set(Math.round(r.x), (starts.get(Math.round(r.x)) ?? 0) + 1);
  // Only a line begun in the first column (left of the middle band) runs into the second's edge.
  return (first, r, last) => {
    const band = (f: number) => left + f * (right - left);
    // A heading opening the second column beside a line of the first (`2. Flaws and fixes`) is
    // short: a section number in another face than the line's, or another size; its edge needs fewer lines.
    const heading =
      Math.abs(r.size - first.size) >= 0.15 * first.size ||
      (r.font !== first.font && /^(?:\d{1,2}|[A-Z])(?:\.\d{1,2})*\.(?:\s|$)/.test(r.text));
    if (
      (r.text.length < 20 && !heading && r.font === last.font) ||
      first.x >= band(0.4) ||
      r.x < band(0.4) ||
      r.x > band(0.6)
    )
      return false;
    const x = Math.round(r.x);
    return (starts.get(x - 1) ?? 0) + (starts.get(x) ?? 0) + (starts.get(x + 1) ?? 0) >= (heading ? 4 : 8);
  };
}

/**
 * Rows are found page-wide, so a superscript (or a line piece) can land in the row of the other
 * column's line when baselines differ by a few points. Re-join fragments that touch horizontally
 * and sit on the same line: same-size pieces on one baseline, small text within a bigger line.
 */
function mergeFragments(segments: Segment[], columnStarts: ReadonlySet<Segment>): Segment[] {
  const segs = [...segments].sort((a, b) => a.x0 - b.x0);
  const alive = segs.map(() => true);
  // joinFragments's first test, on flat arrays: most pairs are rows apart (each page tries n² pairs).
  const baseline = Float64Array.from(segs, (s) => s.baseline);
  const size = Float64Array.from(segs, (s) => s.size);
  const columnStart = segs.map((s) => columnStarts.has(s));
  for (let i = 0; i < segs.length; i++) {
    if (!alive[i]) continue;
    // Keep absorbing neighbours into segs[i] until none fits.
    for (let changed = true; changed;) {
      changed = false;
      for (let j = 0; j < segs.length; j++) {
        if (j === i || !alive[j]) continue;
        if (Math.abs(baseline[i]! - baseline[j]!) > 1.2 * Math.max(size[i]!, size[j]!)) continue;
        // hd27: a head at the second column's edge beside a line of smaller type overhanging the
        // gutter (a listing's or a formula's line, `… outbound_-` then `9. Conclusion`) is cut at that
        // edge: the two are fragments of no one line.
        if (columnStart[j] && segs[j]!.x0 > segs[i]!.x0) continue;
        if (columnStart[i] && segs[i]!.x0 > segs[j]!.x0) continue;
        const joined = joinFragments(segs[i]!, segs[j]!);
        if (joined) {
          segs[i] = joined;
          baseline[i] = joined.baseline;
          size[i] = joined.size;
          alive[j] = false;
          changed = true;
        }
      }
    }
  }
  return segs.filter((_, i) => alive[i]);
}

/** `a` and `b` as one segment when they belong to the same line, else null. */
function joinFragments(a: Segment, b: Segment): Segment | null {
  if (Math.abs(a.baseline - b.baseline) > 1.2 * Math.max(a.size, b.size)) return null;
  const big = a.size >= b.size ? a : b;
  const small = big === a ? b : a;
  const inside = small.size < 0.85 * big.size && small.x0 >= big.x0 && small.x1 <= big.x1 + 0.3 * big.size;
  const raised = small.baseline < big.baseline - 0.15 * big.size && small.baseline > big.top - 0.1 * big.size;
  if (inside && raised && /^[\d,–*†‡§¶-]+$/.test(small.text)) {
    // A citation superscript that pdf.js left inside the span of its line's text run.
    const at = Math.round(((small.x0 - big.x0) / Math.max(1, big.x1 - big.x0)) * big.text.length);
    const space = big.text.indexOf(' ', at);
    const cut = space < 0 ? big.text.length : space;
    return {
      ...big,
      text: `${big.text.slice(0, cut)}${small.text}${big.text.slice(cut)}`,
      top: Math.min(big.top, small.top),
      ...(big.fonts || small.fonts ? { fonts: [...(big.fonts ?? []), ...(small.fonts ?? [])] } : {}),
    };
  }
  const [left, right] = a.x0 <= b.x0 ? [a, b] : [b, a];
  const size = big.size;
  const gap = right.x0 - left.x1;
  if (gap < -0.3 * size || gap > 0.6 * size) return null;
  const sameLine =
    small.size >= 0.85 * big.size
      ? Math.abs(a.baseline - b.baseline) < 0.3 * size
      : small.baseline > big.top - 0.1 * big.size && small.baseline < big.bottom + 0.3 * big.size;
  if (!sameLine) return null;
  return {
    page: a.page,
    text: `${left.text}${gap > 0.15 * size ? ' ' : ''}${right.text}`,
    x0: left.x0,
    x1: Math.max(left.x1, right.x1),
    top: Math.min(a.top, b.top),
    bottom: Math.max(a.bottom, b.bottom),
    baseline: big.baseline,
    size: big.size,
    ...(left.fonts || right.fonts ? { fonts: [...(left.fonts ?? []), ...(right.fonts ?? [])] } : {}),
  };
}

function toSegment(runs: TextRun[], page: number): Segment {
  let text = '';
  let prevEnd = -Infinity;
  let main = runs[0]!;
  let fonts: FontRun[] | undefined;
  /** Where each run's text starts in `text`, to put an accent drawn over one of its letters. */
  const placed: Array<{ r: TextRun; at: number }> = [];
  for (const r of runs) {
    const spliced = overLetter(r, placed, text);
    if (spliced !== null) {
      text = spliced;
      continue;
    }
    if (r.text.trim().length > main.text.trim().length) main = r;
    if (r.font !== undefined) {
      const chars = letterDigitCount(r.text);
      (fonts ??= []).push(
        isBareNumber(r.text) ? { font: r.font, chars, number: true } : { font: r.font, chars },
      );
    }
    const gap = r.x - prevEnd;
    // The last character alone: `/\s$/` on the growing line would scan it whole for every run.
    if (text && gap > 0.15 * r.size && !/\s/.test(text[text.length - 1]!) && !/^\s/.test(r.text)) text += ' ';
    placed.push({ r, at: text.length });
    text += r.text;
    prevEnd = r.x + r.width;
  }
  const size = main.size;
  let [x0, x1, top, bottom] = [Infinity, -Infinity, Infinity, -Infinity];
  for (const r of runs) {
    x0 = Math.min(x0, r.x);
    x1 = Math.max(x1, r.x + r.width);
    top = Math.min(top, r.y - r.size * 0.8);
    bottom = Math.max(bottom, r.y + r.size * 0.2);
  }
  return {
    page,
    text: normalizeText(text).replace(/\s+/g, ' ').trim(),
    x0,
    x1,
    baseline: main.y,
    top,
    bottom,
    size,
    ...(fonts ? { fonts } : {}),
  };
}

/** Letters and digits in `text` (code points), as `/[\p{L}\p{N}]/gu` counts them, without building the matches. */
function letterDigitCount(text: string): number {
  let n = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80) {
      if ((c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a)) n++;
      continue;
    }
    const cp = text.codePointAt(i)!;
    if (cp > 0xffff) i++;
    if (LETTER_OR_DIGIT.test(String.fromCodePoint(cp))) n++;
  }
  return n;
}

const LETTER_OR_DIGIT = /^[\p{L}\p{N}]$/u;

/** A TeX spacing accent set as a glyph of its own. */
const SPACING_ACCENT = /^[\u00A8\u00B4`\u02C6\u02DC\u02C7\u02D8\u02D9\u02DA]$/;

/**
 * `text` with the accent run `r` put before the letter it is drawn over, when that letter belongs to
 * a run already written (TeX draws `\"U` as the letter and an accent moved back over it, so sorted by
 * x the accent lands after the whole word: `FUR DIE¨`); normalizeText then joins the two. Else null.
 */
function overLetter(r: TextRun, placed: Array<{ r: TextRun; at: number }>, text: string): string | null {
  if (!SPACING_ACCENT.test(r.text)) return null;
  const mid = r.x + r.width / 2;
  const host = placed.find((p) => p.r.x <= mid && mid < p.r.x + p.r.width);
  if (!host) return null;
  const k = Math.floor(((mid - host.r.x) / host.r.width) * host.r.text.length);
  const i = host.at + Math.max(0, Math.min(host.r.text.length - 1, k));
  return /\p{L}/u.test(text[i] ?? '') ? text.slice(0, i) + r.text + text.slice(i) : null;
}

/** arXiv's identifier stamp, in case a PDF carries it unrotated. */
const STAMP =
  /^arXiv:\s?(\d{4}\.\d{4,5}|[a-z-]+(\.[A-Z]{2})?\/\d{7})(v\d+)?\s*\[[^\]]+\]\s*\d{1,2}\s*[A-Z][a-z]{2}\s*\d{4}$/;

/**
 * Page furniture, dropped before reading order: running heads and feet, page numbers and any
 * unrotated arXiv stamp. A running line is found by repetition, wherever it sits: the same text
 * (digits aside) among the outermost lines (the three top or bottom rows, or the top/bottom 9 %) of at
 * least 30 % of the pages (and 3), at the same height (within 2 % of the page) each time. A page
 * number is a lone number (`12`, `– 12 –`, `Page 3 of 9`, `iv`) in the top or bottom row of its page
 * or in the 9 % bands.
 */
export function dropPageFurniture(pages: Segment[][], heights: number[]): Segment[][] {
  // A page number joined to a running head sits left on even pages and right on odd ones: ignore it.
  const key = (s: Segment) =>
    s.text
      .toLowerCase()
      .replace(/\d+/g, '#')
      .replace(/\s+/g, ' ')
      .replace(/^# (?=\S)|(?<=\S) #$/g, '');
  const zones = pages.map((segs, p) => outerLines(segs, heights[p]!));
  const seen = new Map<string, Array<{ page: number; y: number }>>();
  pages.forEach((segs, p) => {
    for (const s of segs) {
      if (!zones[p]!.has(s)) continue;
      const k = key(s);
      const list = seen.get(k) ?? [];
      list.push({ page: p, y: s.top / heights[p]! });
      seen.set(k, list);
    }
  });
  // A running head that names the current section (CERN's author-list appendices) repeats only through it.
  const repeatMin = Math.max(3, Math.min(6, Math.ceil(pages.length * 0.3)));
  const repeated = (s: Segment, p: number) => {
    const y = s.top / heights[p]!;
    const pagesAtY = new Set(
      (seen.get(key(s)) ?? []).filter((o) => Math.abs(o.y - y) < 0.02).map((o) => o.page),
    );
    return pagesAtY.size >= repeatMin;
  };
  const mirrored = mirroredHeads(seen, repeatMin);
  const floating = floatingRunningLines(pages, repeatMin);
  const openings = chapterOpenings(pages);
  const kept = pages.map((segs, p) =>
    segs.filter((s) => {
      if (STAMP.test(s.text)) return false;
      if (openings.has(s)) return true;
      if (floating.has(s) && pages.length >= 3) return false;
      const zone = zones[p]!.get(s);
      if (zone === undefined) return true;
      if (PAGE_NUMBER.test(s.text) && zone.edge) return false;
      // A section number a quad before its title heads that title: the title decides (`Appendix B.2`
      // at the top of page after page, each over another title, is a heading's, not a running head).
      if (headsTitle(s, segs, (o) => !repeated(o, p))) return true;
      // lk22: a two-page paper's head or foot on page 2 repeats page 1's at its place and size
      // (BMC's `Ellis et al.`); page 1's copy stays for the front matter.
      // Words, not an equation's number `(16)` at the same height as page 1's `(3)`. lk28: or the
      // page's first line of words, under rows of marks only (a draft's corner crop marks, OUP's `i`).
      if (pages.length === 2)
        return !(
          p === 1 &&
          (zone.edge || firstWords(s, segs)) &&
          /\p{L}{2}/u.test(s.text) &&
          onFirstPage(s, pages[0]!, heights, key)
        );
      return pages.length < 3 || !(repeated(s, p) || (zone.edge && mirrored(key(s), s.top / heights[p]!)));
    }),
  );
  // tt21: a head or foot row that carries the page's number, once the rows above are gone.
  const folios = folioRows(kept, heights);
  return folios.size ? kept.map((segs) => segs.filter((s) => !folios.has(s))) : kept;
}

/** `s` is its page's first line of words: every line above it holds no two letters in a row. */
function firstWords(s: Segment, segs: readonly Segment[]): boolean {
  return !segs.some((o) => o.baseline < s.baseline - 2 && /\p{L}{2}/u.test(o.text));
}

/** Page 1 prints `s` (page 2's) again: the same words (digits aside), size and height, within 2 % of the page. */
function onFirstPage(
  s: Segment,
  first: readonly Segment[],
  heights: number[],
  key: (s: Segment) => string,
): boolean {
  const y = s.top / heights[1]!;
  return first.some(
    (o) => key(o) === key(s) && Math.abs(o.size - s.size) < 0.3 && Math.abs(o.top / heights[0]! - y) < 0.02,
  );
}

/** `s` is a section number alone with a title beside it (within 3 em, on its baseline) that `kept` keeps. */
function headsTitle(s: Segment, segs: Segment[], kept: (o: Segment) => boolean): boolean {
  if (!/[.\s]/.test(s.text) || !LONE_SECTION_NUMBER.test(s.text)) return false;
  return segs.some(
    (o) =>
      o !== s &&
      Math.abs(o.baseline - s.baseline) < 0.2 * s.size &&
      o.x0 > s.x1 &&
      o.x0 - s.x1 < 3 * s.size &&
      /^\p{Lu}/u.test(o.text) &&
      kept(o),
  );
}

/**
 * The outermost lines of a page: the segments of its three top and three bottom rows, and any in
 * the top/bottom 9 %; `edge` marks the very first and last row (and the bands), where a lone number
 * is a page number.
 */
function outerLines(segs: Segment[], height: number): Map<Segment, { edge: boolean }> {
  const rows: number[] = [];
  for (const b of segs.map((s) => s.baseline).sort((x, y) => x - y)) {
    if (!rows.length || b - rows[rows.length - 1]! > 2) rows.push(b);
  }
  const rowOf = (s: Segment) => rows.findIndex((r) => Math.abs(s.baseline - r) <= 2 || r > s.baseline);
  const out = new Map<Segment, { edge: boolean }>();
  for (const s of segs) {
    const band = s.top < height * 0.09 || s.bottom > height * 0.91;
    const r = rowOf(s);
    const fromBottom = rows.length - 1 - r;
    if (band || r < 3 || fromBottom < 3) out.set(s, { edge: band || r === 0 || fromBottom === 0 });
  }
  return out;
}

interface Gap {
  from: number;
  to: number;
}

/** Gaps in the projection of [lo, hi] intervals, widest first, at least `min` wide. */
function projectionGaps(intervals: Array<[number, number]>, min: number): Gap[] {
  const sorted = [...intervals].sort((a, b) => a[0] - b[0]);
  const gaps: Gap[] = [];
  let end = -Infinity;
  for (const [lo, hi] of sorted) {
    if (end !== -Infinity && lo - end >= min) gaps.push({ from: end, to: lo });
    end = Math.max(end, hi);
  }
  return gaps.sort((a, b) => b.to - b.from - (a.to - a.from));
}

const byTop = (a: Segment, b: Segment) => a.top - b.top || a.x0 - b.x0;

/**
 * Reading order by a recursive XY-cut adapted to papers: a vertical cut (column gutter) is
 * preferred whenever one splits the region into two substantial columns; when full-width lines
 * (title, abstract, wide figures and captions) bridge the gutter, they become horizontal
 * separators and the bands between them are cut again. Plain horizontal cuts between aligned lines
 * of two columns are never made, which is what interleaves columns in naive extractors.
 */
export function readingOrder(segments: Segment[], depth = 0): Segment[] {
  if (segments.length <= 2 || depth > 12) return [...segments].sort(byTop);
  const x0 = Math.min(...segments.map((s) => s.x0));
  const x1 = Math.max(...segments.map((s) => s.x1));
  const width = x1 - x0;
  const minGutter = Math.max(4, 0.6 * median(segments.map((s) => s.size)));

  // 1. A clean vertical cut.
  const vgaps = projectionGaps(
    segments.map((s) => [s.x0, s.x1]),
    minGutter,
  ).filter((g) => g.from > x0 + 0.15 * width && g.to < x1 - 0.15 * width);
  for (const g of vgaps) {
    const left = segments.filter((s) => s.x1 <= g.from + 0.01);
    const right = segments.filter((s) => s.x0 >= g.to - 0.01);
    if (substantial(left) && substantial(right)) {
      return [...readingOrder(left, depth + 1), ...readingOrder(right, depth + 1)];
    }
  }

  // 2. A gutter bridged by a few full-width lines: those lines separate bands.
  const g = bridgedGutter(segments, x0, x1, minGutter);
  if (g) {
    const mid = (g.from + g.to) / 2;
    // A real full-width line is centred on the gutter or reaches well into both columns; an
    // equation overhanging the gutter from one column stays in that column.
    const bridgesGutter = (s: Segment) =>
      s.x0 < g.to &&
      s.x1 > g.from &&
      (Math.abs((s.x0 + s.x1) / 2 - mid) < 0.1 * width ||
        (s.x0 < g.from - 0.25 * (g.from - x0) && s.x1 > g.to + 0.25 * (x1 - g.to)));
    const bridges = segments.filter(bridgesGutter);
    const rest = segments.filter((s) => !bridgesGutter(s));
    const left = rest.filter((s) => (s.x0 + s.x1) / 2 < mid);
    const right = rest.filter((s) => (s.x0 + s.x1) / 2 >= mid);
    if (substantial(left) && substantial(right) && bridges.length < 0.5 * segments.length) {
      return bandsBetween(bridges, rest, mid, depth);
    }
  }
  // 3. A full-width block (title, authors, a long abstract) over two columns of prose.
  const below = columnsBelow(segments, minGutter, x0, width);
  if (below) return [...readingOrder(below.above, depth + 1), ...readingOrder(below.rest, depth + 1)];
  return [...segments].sort(byTop);
}

/**
 * The highest horizontal gap under which the region splits cleanly into two columns of prose: a
 * page whose full-width front matter is too long for its lines to count as a few bridges over the
 * gutter (a long abstract). Both columns must be at least a quarter of the region wide and set in
 * lines of prose (a table's cells are short), so a table under a single column stays row by row.
 */
function columnsBelow(
  segments: Segment[],
  minGutter: number,
  x0: number,
  width: number,
): { above: Segment[]; rest: Segment[] } | null {
  const sorted = [...segments].sort(byTop);
  // A line across the whole middle band covers any gap the filter below would keep; on a page of
  // one column nearly every cut has one under it, and then the cut needs no projection at all.
  const [bandFrom, bandTo] = [x0 + 0.25 * width, x0 + 0.75 * width];
  const spannedFrom = new Array<boolean>(sorted.length + 1).fill(false);
  for (let i = sorted.length - 1; i >= 0; i--)
    spannedFrom[i] = spannedFrom[i + 1]! || (sorted[i]!.x0 <= bandFrom && sorted[i]!.x1 >= bandTo);
  let bottom = -Infinity;
  for (let i = 0; i < sorted.length - 6; i++) {
    bottom = Math.max(bottom, sorted[i]!.bottom);
    if (sorted[i + 1]!.top <= bottom || spannedFrom[i + 1]) continue;
    const rest = sorted.slice(i + 1);
    const gaps = projectionGaps(
      rest.map((s) => [s.x0, s.x1]),
      minGutter,
    ).filter((g) => g.from > bandFrom && g.to < bandTo);
    for (const g of gaps) {
      const left = rest.filter((s) => s.x1 <= g.from + 0.01);
      const right = rest.filter((s) => s.x0 >= g.to - 0.01);
      if (proseColumn(left) && proseColumn(right)) return { above: sorted.slice(0, i + 1), rest };
    }
  }
  return null;
}

/** A column of prose: at least five lines, most of them 30 characters or longer. */
function proseColumn(side: Segment[]): boolean {
  return side.length >= 5 && side.filter((s) => s.text.length >= 30).length >= 0.6 * side.length;
}

/**
 * The widest vertical strip in the middle of the region crossed by the fewest lines (a column
 * gutter that a centred date line or a full-width abstract crosses).
 */
function bridgedGutter(segments: Segment[], x0: number, x1: number, minGutter: number): Gap | null {
  const width = x1 - x0;
  const lo = Math.floor(x0 + 0.2 * width);
  const hi = Math.ceil(x1 - 0.2 * width);
  if (hi - lo < minGutter) return null;
  // Lines crossing each point: +1 where a line starts, -1 past its end, summed left to right.
  const counts = new Array<number>(hi - lo + 2).fill(0);
  for (const s of segments) {
    const [from, to] = [Math.max(lo, Math.ceil(s.x0)), Math.min(hi, Math.floor(s.x1))];
    if (from > to) continue;
    counts[from - lo]!++;
    counts[to - lo + 1]!--;
  }
  for (let i = 1; i < counts.length; i++) counts[i]! += counts[i - 1]!;
  counts.pop();
  const lowest = Math.min(...counts);
  if (lowest > 0.3 * segments.length) return null;
  // A centred affiliation may cover part of the gutter: allow a line or two more than the minimum.
  const min = lowest + Math.max(1, Math.floor(0.03 * segments.length));
  let best: Gap | null = null;
  let start = -1;
  for (let i = 0; i <= counts.length; i++) {
    const ok = i < counts.length && counts[i]! <= min;
    if (ok && start < 0) start = i;
    if (!ok && start >= 0) {
      if (!best || i - start > best.to - best.from) best = { from: lo + start, to: lo + i - 1 };
      start = -1;
    }
  }
  return best && best.to - best.from >= minGutter * 0.8 ? best : null;
}

/** Bridging lines in top order; the remaining segments are grouped into the bands between them. */
function bandsBetween(bridges: Segment[], rest: Segment[], gutter: number, depth: number): Segment[] {
  const sortedBridges = [...bridges].sort(byTop);
  const out: Segment[] = [];
  // Each band is read left column first, then right; a line belongs to the side of its centre.
  const columns = (band: Segment[]) => {
    const left = band.filter((s) => (s.x0 + s.x1) / 2 < gutter);
    const right = band.filter((s) => (s.x0 + s.x1) / 2 >= gutter);
    out.push(...readingOrder(left, depth + 1), ...readingOrder(right, depth + 1));
  };
  let pending = [...rest];
  for (const b of sortedBridges) {
    const y = (b.top + b.bottom) / 2;
    // A section number on the bridge's own row, a quad before it, is read before its title.
    const before = (s: Segment) => (s.top + s.bottom) / 2 < y || headsTitle(s, [b], () => true);
    const above = pending.filter(before);
    pending = pending.filter((s) => !before(s));
    if (above.length) columns(above);
    out.push(b);
  }
  if (pending.length) columns(pending);
  return out;
}

/** A column worth cutting for: several lines, not just an equation number or a margin note. */
function substantial(side: Segment[]): boolean {
  if (side.length < 3) return false;
  const chars = side.reduce((n, s) => n + s.text.length, 0);
  return chars >= 60;
}

/**
 * Most common font size weighted by letters (the body size, or a page's ordinary type). lk22: letters,
 * not characters: text is words, and a page-wide ornament of digits in tiny type (BMC's `brainhack`
 * banner of ones and zeros, 5 000 a line) or a table of numbers is not the type the text is set in.
 */
export function dominantSize(segs: readonly Segment[]): number {
  const hist = new Map<number, number>();
  for (const s of segs) {
    const k = Math.round(s.size * 2) / 2;
    hist.set(k, (hist.get(k) ?? 0) + letterCount(s.text));
  }
  let best = 10;
  let n = -1;
  for (const [k, v] of hist) if (v > n) [best, n] = [k, v];
  return best;
}

/** Letters in a text (any script). */
function letterCount(text: string): number {
  let n = 0;
  for (const c of text) if (LETTER.test(c)) n++;
  return n;
}
const LETTER = /\p{L}/u;

/** A line of running prose: long, with three words in lower case in a row. */
const PROSE = /\p{Ll}{3,} \p{Ll}{2,} \p{Ll}{2,}/u;

/**
 * hd22: the body's size is that of its running prose. A long table or a catalogue set a size below
 * the text (RASTI's 8 pt table of candidates under 9 pt text) can outweigh it by characters, and the
 * text's own lines then read as larger than the body, a heading's type. Lines of prose decide when a
 * paper has a few pages of them; else (a slide deck, a form) all text does.
 */
export function bodyTextSize(segs: readonly Segment[]): number {
  const prose = segs.filter((s) => s.text.length >= 40 && PROSE.test(s.text));
  const chars = prose.reduce((n, s) => n + s.text.length, 0);
  return chars >= 5000 ? dominantSize(prose) : dominantSize(segs);
}

/** Median of a non-empty list (0 for an empty one). */
export function median(values: number[]): number {
  if (!values.length) return 0;
  const v = [...values].sort((a, b) => a - b);
  return v[Math.floor(v.length / 2)]!;
}

/** The nearest line above this one on its page (overlapping it horizontally). */
export function lineAbove(s: Segment, segs: readonly Segment[]): Segment | undefined {
  let best: Segment | undefined;
  for (const o of segs)
    if (
      o.page === s.page &&
      o.bottom < s.top + 1 &&
      o.x0 < s.x1 &&
      o.x1 > s.x0 &&
      (!best || o.top > best.top)
    )
      best = o;
  return best;
}

/** The nearest line under this one (overlapping it horizontally). */
export function lineBelow(s: Segment, segs: readonly Segment[]): Segment | undefined {
  let best: Segment | undefined;
  for (const o of segs)
    if (
      o.page === s.page &&
      o.top > s.bottom - 1 &&
      o.x0 < s.x1 &&
      o.x1 > s.x0 &&
      (!best || o.top < best.top)
    )
      best = o;
  return best;
}

/** `s` and `next`, a piece beside it on its row, as one segment (`text` the two joined, by default with a space). */
export function joinedOnRow(s: Segment, next: Segment, text = `${s.text} ${next.text}`): Segment {
  return {
    ...s,
    text,
    x1: next.x1,
    bottom: Math.max(s.bottom, next.bottom),
    fonts: [...(s.fonts ?? []), ...(next.fonts ?? [])],
  };
}

/** The face that sets the most characters over all pages (the body's). */
export function mostUsedFace(pages: readonly Segment[][]): string | undefined {
  const total = new Map<string, number>();
  for (const segs of pages)
    for (const s of segs)
      for (const f of s.fonts ?? []) total.set(f.font, (total.get(f.font) ?? 0) + f.chars);
  return [...total].sort((a, b) => b[1] - a[1])[0]?.[0];
}
