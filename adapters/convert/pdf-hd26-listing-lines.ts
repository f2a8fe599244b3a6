/**
 * Session 25 (hd26): a line of a listing numbered line by line (`lstlisting` with `numbers=left`, a
 * prompt or program printed with its line numbers) is no section head. A short line of it (`7 Rules:`,
 * `8 Task:`) reads like a numbered section: a number, a capitalised word. What no section shows is its
 * neighbours: the line right above it at the same left edge begins with the number one less (or is
 * that number alone: an empty line of the listing), and the line right below begins with the number
 * one more. Two sections in a row are never set one line apart with consecutive numbers and no text
 * between them (a section's heading has its text below it). Only numbers and place are read.
 */
import { lineAbove, lineBelow, type Segment } from './pdf-layout.ts';
import type { SectionNumber } from './pdf-numbering.ts';

/** The whole number a line opens with (alone, or before a space), or null. */
function leadingNumber(t: string): number | null {
  const m = /^(\d{1,4})(?:\s|$)/.exec(t.trim());
  return m ? Number(m[1]) : null;
}

/** `s`, numbered `n`, is one line of a listing numbered line by line. */
export function listingLine(s: Segment, n: SectionNumber, segs: readonly Segment[], pitch: number): boolean {
  if (n.kind !== 'arabic' || n.parts.length !== 1 || n.closer !== '' || n.word !== '') return false;
  const k = Number(n.parts[0]);
  // The neighbour one line away at the same left edge (numbers right-aligned: `9` over `10`
  // stand in by a digit's width), numbered one less above and one more below.
  const near = (o: Segment | undefined, above: boolean) =>
    o !== undefined &&
    Math.abs(o.x0 - s.x0) < 0.6 * s.size &&
    (above ? s.top - o.bottom : o.top - s.bottom) < 1.5 * pitch &&
    leadingNumber(o.text) === (above ? k - 1 : k + 1);
  // Only lines that start near its left edge: a listing's number column, not text beside it.
  const column = segs.filter((o) => o.page === s.page && Math.abs(o.x0 - s.x0) < 0.6 * s.size);
  return near(lineAbove(s, column), true) && near(lineBelow(s, column), false);
}
