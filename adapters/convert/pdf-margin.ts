/**
 * Margin notes (tufte-book and similar classes: sidenotes, margin citations): text set in a narrow
 * column of its own outside the main text block, in a type smaller than the body's, on page after
 * page. Read in the flow they break a paragraph that runs on to the next page; they are notes, so
 * they go with the footnotes. A margin caption (`Figure 4.1: …`) is written after the paragraph it
 * sits beside.
 */
import { median, type Segment } from './pdf-layout.ts';
import { joinLines } from './text.ts';

/** A note's first line: a number or mark, a space, then text (`1 H. Møller…`; not `106th Audio…`). */
const NOTE_MARK = /^(?:\d{1,3}|[*†‡§¶])\s+\S/;
/** A caption's first line, as the main pass tells one. */
const CAPTION_START = /^(fig\.?|figure|table|tab\.)\s*[0-9IVX]+/i;

/** A note (it goes with the footnotes) or a caption (it follows the paragraph it sits beside). */
export interface MarginText {
  kind: 'note' | 'caption';
  text: string;
}

/** Each note's or caption's first line → its text; its other lines → null. */
export type MarginNotes = Map<Segment, MarginText | null>;

/** A main text block's left and right edges. */
interface Block {
  x0: number;
  x1: number;
}

/**
 * The main text block's left and right edges over some pages: the median of each page's outermost
 * body lines (long lines in the body size), on pages that have at least ten of them.
 */
function mainBlock(pages: readonly Segment[][], body: number): Block | null {
  const left: number[] = [];
  const right: number[] = [];
  for (const segs of pages) {
    const lines = segs.filter((s) => Math.abs(s.size - body) < 0.6 && s.text.length >= 40);
    if (lines.length < 10) continue;
    left.push(Math.min(...lines.map((s) => s.x0)));
    right.push(Math.max(...lines.map((s) => s.x1)));
  }
  return left.length >= 2 ? { x0: median(left), x1: median(right) } : null;
}

/**
 * The main block of each page. Two-sided layouts mirror it (the margin column is outside on both
 * sides), so even and odd pages get a block each; a document with too few pages of one parity
 * uses the block of all its pages.
 */
function blocks(pages: readonly Segment[][], body: number): (Block | null)[] {
  const all = mainBlock(pages, body);
  if (!all) return pages.map(() => null);
  const even = mainBlock(
    pages.filter((_, i) => i % 2 === 0),
    body,
  );
  const odd = mainBlock(
    pages.filter((_, i) => i % 2 === 1),
    body,
  );
  return pages.map((_, i) => (i % 2 === 0 ? even : odd) ?? all);
}

/**
 * The margin notes of every page. A margin column is told by lines in a smaller type than the body's,
 * wholly outside the main block, narrow (at most 60% of its width), starting at one x on at least
 * three pages: a single page's side figure or a stamp does not make one.
 */
export function marginNotes(pages: readonly Segment[][], body: number): MarginNotes[] {
  const out = pages.map((): MarginNotes => new Map());
  const block = blocks(pages, body);
  const outside = (s: Segment, p: number) => {
    const b = block[p];
    return (
      b !== null &&
      b !== undefined &&
      s.size < body - 0.5 &&
      s.x1 - s.x0 <= 0.6 * (b.x1 - b.x0) &&
      (s.x0 >= b.x1 + body || s.x1 <= b.x0 - body)
    );
  };
  // Margin lines by the x they start at and by the x they end at (rounded to 4 pt; a note set flush
  // right starts anywhere): the pages they are on and the range they cover.
  const edges = new Map<string, { on: Set<number>; x0: number; x1: number }>();
  for (const [p, segs] of pages.entries())
    for (const s of segs)
      // Lines with words: a column of numbers alone (line numbers) makes no margin column.
      if (outside(s, p) && /\p{L}{2}/u.test(s.text))
        for (const key of [`L${Math.round(s.x0 / 4)}`, `R${Math.round(s.x1 / 4)}`]) {
          const c = edges.get(key) ?? { on: new Set<number>(), x0: s.x0, x1: s.x1 };
          c.on.add(p);
          c.x0 = Math.min(c.x0, s.x0);
          c.x1 = Math.max(c.x1, s.x1);
          edges.set(key, c);
        }
  const columns = [...edges.values()]
    .filter((c) => c.on.size >= 3)
    .map((c) => ({ x0: c.x0 - 4, x1: c.x1 + 4 }));
  if (!columns.length) return out;
  // Justified lines come in pieces at wide word gaps: every piece inside the column's range is a note's.
  const inColumn = (s: Segment, p: number) =>
    outside(s, p) && columns.some((c) => s.x0 >= c.x0 && s.x1 <= c.x1);
  for (const [p, segs] of pages.entries())
    groupNotes(
      segs.filter((s) => inColumn(s, p)),
      out[p]!,
    );
  return out;
}

/**
 * A page's margin lines as notes: a note starts at a mark, or after a gap of more than a line. A
 * group that starts like a caption (`Figure 4.1: …`) is a caption, lines joined.
 */
function groupNotes(lines: Segment[], into: MarginNotes): void {
  // Reading order: by line, pieces of one line (same baseline) left to right.
  const sorted = [...lines].sort((a, b) =>
    Math.abs(a.baseline - b.baseline) < 0.3 * a.size ? a.x0 - b.x0 : a.top - b.top,
  );
  let group: Segment[] = [];
  const close = () => {
    if (group.length) {
      into.set(group[0]!, {
        kind: CAPTION_START.test(group[0]!.text) ? 'caption' : 'note',
        text: group.map((s) => s.text).reduce((a, b) => joinLines(a, b)),
      });
      for (const s of group.slice(1)) into.set(s, null);
    }
    group = [];
  };
  for (const s of sorted) {
    const last = group[group.length - 1];
    const sameLine = last !== undefined && Math.abs(s.baseline - last.baseline) < 0.3 * s.size;
    if (
      last &&
      !sameLine &&
      (NOTE_MARK.test(s.text) || CAPTION_START.test(s.text) || s.top - last.bottom > 0.8 * s.size)
    )
      close();
    group.push(s);
  }
  close();
}
