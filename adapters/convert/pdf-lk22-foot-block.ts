/**
 * Session 21 (lk22): page 1's foot block, read by how LaTeX sets it. Under the last line of text
 * (below `\footnoterule`) come the notes, in footnote type: the class's and `\thanks`' notes and the
 * text's own footnotes. A footnote of the text opens with the mark its text points from; so does an
 * author's note, whose mark the author line carries after a name (`Johnson1,3,4*`, BMC's numbered
 * affiliations). What opens with no mark at all is the class's or an unmarked `\thanks` (a course
 * report's contributions table, a venue line): front matter, whatever its words.
 */
import { BODY_START } from './pdf-fm-notes.ts';
import type { Segment } from './pdf-layout.ts';

/** Numbers set close after a name (`Ellis2,`, `Johnson1,3,4*`, `Lee1∗`): affiliation marks. */
const NAME_MARKS = /(?<=\p{Ll}|\.)(\d{1,2}(?:,\d{1,2})*)(?=[\s,∗*†‡§¶]|$)/gu;

/**
 * The numbers page 1's author lines carry as marks: the lines above where the text starts, closing a
 * name, whose notes are not printed there too. None when the page shows no start of text (the
 * author block's end is unsure).
 */
export function authorNumberMarks(page: readonly Segment[]): Set<string> {
  const out = new Set<string>();
  const start = page.find((s) => BODY_START.test(s.text.trim()));
  if (!start) return out;
  const above = page.filter((s) => s.top < start.top);
  for (const s of above)
    for (const m of s.text.matchAll(NAME_MARKS)) for (const n of m[1]!.split(',')) out.add(n);
  // A mark points to one note: one the title block already prints (CEUR's `1Institute of …` under
  // the names) leaves a foot note with that number to the text.
  for (const s of above) {
    const n = openingNumber(s.text);
    if (n !== undefined && /^\d{1,2}\.?\s*\p{L}/u.test(s.text.trim())) out.delete(n);
  }
  return out;
}

/** A note's opening mark: a symbol, or a number of one or two digits (`4016 Seamans Center` is an address). */
export const NOTE_MARK = /^(?:\d{1,2}(?!\d)|[∗*†‡§¶‖⋆♯])/u;

/** The number a note opens with, if any (`1Electrical and …` → `1`). */
export const openingNumber = (text: string) => /^(\d{1,2})(?!\d)/.exec(text.trim())?.[1];

/**
 * `p` is the lowest block of its column: no line of the page below its last line overlaps it
 * (a figure's labels have their caption under them; a foot note has nothing).
 */
export function lowestInColumn(page: readonly Segment[], p: readonly Segment[]): boolean {
  const x0 = Math.min(...p.map((s) => s.x0));
  const x1 = Math.max(...p.map((s) => s.x1));
  const bottom = Math.max(...p.map((s) => s.bottom));
  return !page.some((s) => !p.includes(s) && s.top > bottom - 0.5 && s.x0 < x1 && s.x1 > x0);
}
