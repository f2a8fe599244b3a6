/**
 * Page furniture that is neither body text nor caught by repetition: the tick labels of a vector
 * figure (lone numbers set before any paragraph of their page) and the unnumbered lines of a table
 * of contents (`Acknowledgments … 11`, `References … 14`).
 */
import type { Segment } from './pdf-layout.ts';

/** A number alone on its line (`7`, `–10`, `124.5`, `95%`): a tick label, a table cell or a piece of an equation. */
export const LONE_NUMBER = /^[-–−]?\s?\d{1,4}(?:[.,]\d+)?%?$/;

/** The part of the writer's state the rules below read and change. */
interface HeldState {
  para: { text: string; last: Segment } | null;
  held: string[];
}

/**
 * A lone number met before any paragraph of its page opened. Page numbers are gone by now, so it is
 * a figure's tick label (an axis at the top of a page) or a table cell: it never makes a paragraph
 * of its own, it waits and opens the next paragraph of the page instead (nothing is lost).
 */
export function holdLoneNumber(w: HeldState, s: Segment): boolean {
  if (!LONE_NUMBER.test(s.text) || (w.para && w.para.last.page === s.page)) return false;
  w.held.push(s.text);
  return true;
}

/** The held numbers, in order, in front of a new paragraph's first line. */
export function takeHeld(w: HeldState, text: string): string {
  if (!w.held.length) return text;
  const out = `${w.held.join(' ')} ${text}`;
  w.held = [];
  return out;
}

/** At the end of a page, numbers still held join the open paragraph (with none open, they wait for the next one). */
export function releaseHeld(w: HeldState): void {
  if (!w.held.length || !w.para) return;
  w.para.text = `${w.para.text} ${w.held.join(' ')}`;
  w.held = [];
}

/** A contents entry: its line, its text without the page number, the page it names, the number's segment. */
export interface ContentsLine {
  s: Segment;
  text: string;
  page: number;
  beside: Segment | null;
}

/**
 * Unnumbered lines of a contents list (`Acknowledgments … 11`, `References … 14`, `Preface … v`
 * aside): once numbered entries have shown the list, a line with a page number beside it in the same
 * right-aligned column, within the list's line spacing above or below it, is an entry too. Contents
 * lists set front and back matter without numbers in every class.
 */
export function unnumberedContentsLines(
  segs: readonly Segment[],
  numbers: readonly Segment[],
  found: readonly ContentsLine[],
): ContentsLine[] {
  const column = found.map((e) => e.beside).filter((b): b is Segment => b !== null);
  if (column.length < 3) return [];
  const right = column.map((b) => b.x1).sort((a, b) => a - b)[column.length >> 1]!;
  const tops = found.map((e) => e.s.top).sort((a, b) => a - b);
  const steps = tops.slice(1).map((t, i) => t - tops[i]!);
  const step = steps.sort((a, b) => a - b)[steps.length >> 1]!;
  const taken = new Set(found.map((e) => e.s));
  const candidates: ContentsLine[] = [];
  for (const s of segs) {
    if (taken.has(s) || numbers.includes(s) || !/\p{L}{2}/u.test(s.text) || s.text.length > 100) continue;
    const beside = numbers.find(
      (n) =>
        n.x0 > s.x1 &&
        Math.abs(n.baseline - s.baseline) < 0.3 * s.size &&
        Math.abs(n.x1 - right) < 0.5 * n.size,
    );
    // A long title leaves its page number no gap: the number ends the line, in the column (session 12).
    const inline = beside ? null : /\s(\d{1,4})$/.exec(s.text);
    if (beside || (inline && s.fonts?.at(-1)?.number && Math.abs(s.x1 - right) < 0.5 * s.size))
      candidates.push({
        s,
        text: s.text
          .slice(0, inline?.index)
          .replace(/(?:\s*[.·…])+$/, '')
          .trim(),
        page: Number(beside?.text ?? inline![1]),
        beside: beside ?? null,
      });
  }
  // Grow the list's span one line at a time, so a line far from it (a page number in a table) stays out.
  // A chapter's entry may have a blank line above it (KOMA, book), so reach is two line steps.
  let [lo, hi] = [tops[0]!, tops[tops.length - 1]!];
  const out: ContentsLine[] = [];
  for (let grew = true; grew;) {
    grew = false;
    for (const c of candidates) {
      if (out.includes(c) || c.s.top < lo - 2.05 * step || c.s.top > hi + 2.05 * step) continue;
      out.push(c);
      [lo, hi] = [Math.min(lo, c.s.top), Math.max(hi, c.s.top)];
      grew = true;
    }
  }
  return out;
}
