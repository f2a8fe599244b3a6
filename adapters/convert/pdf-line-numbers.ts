/**
 * Margin line numbers of review manuscripts (LaTeX `lineno`, elsarticle `review`, AGU, Copernicus
 * discussions): a column of bare integers beside the text that counts its lines. Left in, they
 * glue onto the lines they number (`45 2.1 Data collection`) and, set in a two-column gutter,
 * break the column split. They are told apart from other numbers by what makes them line numbers
 * in any layout: aligned in a strip no other text crosses, increasing down the page, and each
 * step counts the text lines between two of them (every line, or every 5th with `modulolinenumbers`).
 */
import type { TextRun } from './pdf-layout.ts';
import { overprintsOtherColumn } from './pdf-ln12-rulers.ts';
import { risesWithRestarts } from './pdf-hd13a-line-restarts.ts';

const BARE_NUMBER = /^\d{1,5}$/;
/** Fewer than this many on a page cannot show the counting pattern. */
const MIN_NUMBERS = 5;
/**
 * `\modulolinenumbers[10]` prints only every 10th line's number: a page may show 3 or 4. So few
 * still count as line numbers when they step by one constant of at least 5 and are all multiples
 * of it (100, 110, 120), a pattern no other column of bare numbers in a margin follows.
 */
const MIN_SPARSE = 3;
/** Share of steps that must count exactly the lines between them (figures and displays break some). */
const MIN_COUNTING = 0.6;
/** How far beside the numbers their lines start (lineno's separation is 10 pt; indents add ~20). */
const TEXT_REACH = 150;

/** A column of line numbers found on a page: its side, aligned edge, font and size. */
interface NumberColumn {
  side: 'left' | 'right';
  edge: number;
  font: string | undefined;
  size: number;
  /** Found printed over the other column's lines (a gutter ruler): text crossing it is no veto. */
  overprints: boolean;
}

const edgeOf = (r: TextRun, side: 'left' | 'right') => (side === 'left' ? r.x + r.width : r.x);

/**
 * Each page's runs without its margin line numbers. A page whose numbers are too few to show the
 * counting pattern (every fifth line numbered, a page of figures or displays) loses the bare numbers
 * set in the column found on other pages: same edge, font and size, increasing, crossed by no text.
 */
export function dropLineNumbers(pages: TextRun[][]): TextRun[][] {
  const found: NumberColumn[] = [];
  const out = pages.map((runs) => dropPageLineNumbers(runs, found));
  if (!found.length) return out;
  return out.map((runs) => {
    const drop = new Set<TextRun>();
    for (const col of found) {
      const column = runs
        .filter(
          (r) =>
            BARE_NUMBER.test(r.text) &&
            r.font === col.font &&
            Math.abs(r.size - col.size) < 0.1 &&
            Math.abs(edgeOf(r, col.side) - col.edge) <= 1.5,
        )
        .sort((a, b) => a.y - b.y);
      const rising = risesWithRestarts(column.map((r) => Number(r.text)));
      if (column.length && rising && !crossed(column, runs, col.overprints))
        for (const r of column) drop.add(r);
    }
    return drop.size ? runs.filter((r) => !drop.has(r)) : runs;
  });
}

/** One page's runs without the line-number columns it shows by itself; those columns go to `found`. */
function dropPageLineNumbers(runs: TextRun[], found: NumberColumn[]): TextRun[] {
  const numbers = runs.filter((r) => BARE_NUMBER.test(r.text));
  if (numbers.length < MIN_SPARSE) return runs;
  const drop = new Set<TextRun>();
  // Numbers set left of their text are right-aligned, numbers right of it left-aligned.
  for (const side of ['left', 'right'] as const) {
    const edge = (r: TextRun) => edgeOf(r, side);
    for (const column of alignedColumns(numbers, edge)) {
      if (column.length < MIN_NUMBERS && !steadyMultiples(column)) continue;
      if (!isLineNumbering(column, runs, side)) continue;
      for (const r of column) drop.add(r);
      const first = column[0]!;
      if (
        !found.some((c) => c.side === side && c.font === first.font && Math.abs(c.edge - edge(first)) <= 1.5)
      )
        found.push({
          side,
          edge: edge(first),
          font: first.font,
          size: first.size,
          overprints: crossed(column, runs),
        });
    }
  }
  return drop.size === 0 ? runs : runs.filter((r) => !drop.has(r));
}

/**
 * Some other text crosses the strip of these numbers (so they are a column inside the text), unless
 * the column was found printed over the other column's lines and these cross it the same way.
 */
function crossed(column: TextRun[], runs: TextRun[], overprints = false): boolean {
  const x0 = Math.min(...column.map((r) => r.x));
  const x1 = Math.max(...column.map((r) => r.x + r.width));
  const members = new Set(column);
  const slack = 0.5 * column[0]!.size;
  const crossing = runs.filter(
    (r) => !members.has(r) && inks(r) && r.x < x1 - slack && r.x + r.width > x0 + slack,
  );
  return crossing.length > 0 && !(overprints && overprintsOtherColumn(column, crossing));
}

/** A run that prints something: pdf.js's empty end-of-line items (no width, no text) cross no strip. */
function inks(r: TextRun): boolean {
  return r.width > 0 && r.text.trim() !== '';
}

/** Groups of numbers whose aligned edge agrees within 1.5 pt, top to bottom. */
function alignedColumns(numbers: TextRun[], edge: (r: TextRun) => number): TextRun[][] {
  const sorted = [...numbers].sort((a, b) => edge(a) - edge(b));
  const groups: TextRun[][] = [];
  let group: TextRun[] = [];
  for (const r of sorted) {
    if (group.length && edge(r) - edge(group[0]!) > 1.5) {
      groups.push(group);
      group = [];
    }
    group.push(r);
  }
  if (group.length) groups.push(group);
  return groups.filter((g) => g.length >= MIN_SPARSE).map((g) => g.sort((a, b) => a.y - b.y));
}

/** Numbers stepping by one constant of at least 5, each a multiple of it (`\modulolinenumbers`). */
function steadyMultiples(column: TextRun[]): boolean {
  const values = column.map((r) => Number(r.text));
  const step = values[1]! - values[0]!;
  return step >= 5 && values.every((v, i) => v % step === 0 && (i === 0 || v - values[i - 1]! === step));
}

function isLineNumbering(column: TextRun[], runs: TextRun[], side: 'left' | 'right'): boolean {
  const values = column.map((r) => Number(r.text));
  for (let i = 1; i < values.length; i++) if (values[i]! <= values[i - 1]!) return false;
  const x0 = Math.min(...column.map((r) => r.x));
  const x1 = Math.max(...column.map((r) => r.x + r.width));
  const members = new Set(column);
  const others = runs.filter((r) => !members.has(r));
  // A margin or gutter: no text crosses the strip between the first and last number. Text may touch
  // its edge by half a number's size (lineno set close to a column's text; glyph widths are estimates).
  const slack = 0.5 * column[0]!.size;
  const top = column[0]!.y - column[0]!.size;
  const bottom = column[column.length - 1]!.y + column[0]!.size;
  const crossing = others.filter(
    (r) => inks(r) && r.x < x1 - slack && r.x + r.width > x0 + slack && r.y >= top && r.y <= bottom,
  );
  if (crossing.length > 0.1 * column.length && !overprintsOtherColumn(column, crossing)) return false;
  // The lines they number: text reaching into the band beside the numbers on their text side (not
  // the other column's lines that run through a gutter ruler). Indices and bullets in small type
  // are no lines of their own (they sit off their line's baseline).
  const through = new Set(crossing);
  const first = column[0]!;
  // Nor the numbers of the other column's ruler (same face and size).
  const ruler = (r: TextRun) => r.font === first.font && r.size === first.size && BARE_NUMBER.test(r.text);
  const near = others.filter(
    (r) =>
      !through.has(r) &&
      !ruler(r) &&
      (side === 'left'
        ? r.x + r.width >= x1 && r.x <= x1 + TEXT_REACH
        : r.x <= x0 && r.x + r.width >= x0 - TEXT_REACH),
  );
  const textSize = textTypeSize(near);
  const beside = near.filter((r) => r.size >= 0.75 * textSize);
  let counting = 0;
  for (let i = 1; i < column.length; i++) {
    const lines = baselinesBetween(beside, column[i - 1]!.y, column[i]!.y);
    if (lines === values[i]! - values[i - 1]!) counting++;
  }
  return counting >= MIN_COUNTING * (column.length - 1);
}

/**
 * Text lines with a baseline from `from` (inclusive) to `to` (exclusive): baselines closer than
 * 0.45 of the type size are one line (a superscript sits a few points above its line's baseline).
 */
function baselinesBetween(runs: TextRun[], from: number, to: number): number {
  const inRange = runs.filter((r) => r.y >= from - 1 && r.y < to - 1).sort((a, b) => a.y - b.y);
  let count = 0;
  let last: TextRun | undefined;
  for (const r of inRange) {
    if (!last || r.y - last.y > 0.45 * Math.max(r.size, last.size)) count++;
    last = r;
  }
  return count;
}

/** The size most of the characters are set in (indices and marks are many runs but few characters). */
function textTypeSize(runs: TextRun[]): number {
  const sorted = [...runs].sort((a, b) => a.size - b.size);
  let half = sorted.reduce((n, r) => n + r.text.length, 0) / 2;
  for (const r of sorted) if ((half -= r.text.length) <= 0) return r.size;
  return 0;
}
