/**
 * An author–year reference list under its heading (session 19, helper "hd20", issue #30).
 * elsarticle's Harvard style, among others, justifies an entry's first line so widely that pdf.js
 * splits it at its stops (`Akaike, H., 1969.` ⟶ `Fitting autoregressive models…` ⟶ `Annals of`): the
 * first piece, short and under the heading, reads as a table's first cell. An entry hangs its
 * following lines by an em or two under its first, which no table's first column does, and its first
 * piece carries the year of the work.
 */
import type { Segment } from './pdf-layout.ts';

const YEAR = /\b(?:1[89]|20)\d\d[a-z]?\b/;

/** `first` (the line under the heading `s`) opens a reference entry whose next line hangs under it. */
export function authorYearEntry(
  s: Segment,
  first: Segment,
  below: (line: Segment) => Segment | undefined,
): boolean {
  if (Math.abs(first.x0 - s.x0) > 0.5 * s.size || !YEAR.test(first.text)) return false;
  const next = below(first);
  if (!next || next.top - first.bottom > first.size) return false;
  const indent = next.x0 - first.x0;
  return indent > 0.5 * first.size && indent < 4 * first.size;
}
