/**
 * Session 23 (hd24): short lines in display type that are cells of a column, not headings. A figure
 * or table drawn at a larger scale than the page sets its labels in large type (a scenario column
 * `HD1a`, `HD1b`, … `HD8b` of a scaled table, 14.8 pt under 9 pt text). Each label looks like an
 * unnumbered heading by size, and the last one, with no label under it to vouch for the figure, was
 * taken for one. A heading never sits right under a line of its own shape and type: the line above,
 * one line pitch up at the same left edge in the same size and face, spelled alike (capitals, small
 * letters and digits in the same order, `HD8a` over `HD8b`), makes both cells of one column.
 */
import { lineAbove, type Segment } from './pdf-layout.ts';

/** Letters and digits reduced to their class, runs collapsed: `HD8b` → `A9a`, `Phase 2` → `Aa 9`. */
function shape(text: string): string {
  return text
    .replace(/\p{Lu}+/gu, 'A')
    .replace(/\p{Ll}+/gu, 'a')
    .replace(/\p{N}+/gu, '9');
}

const firstFont = (s: Segment) => s.fonts?.find((r) => r.chars > 0)?.font;

/** `s`, a short unnumbered line, continues a column of cells of its own shape and type right above it. */
export function cellUnderLikeCell(s: Segment, segs: readonly Segment[]): boolean {
  if (s.text.split(/\s+/).length > 3 || !/\p{N}/u.test(s.text)) return false;
  const above = lineAbove(s, segs);
  return (
    above !== undefined &&
    s.top - above.bottom < 1.5 * s.size &&
    Math.abs(above.size - s.size) < 0.3 &&
    (above.bold === true) === (s.bold === true) &&
    Math.abs(above.x0 - s.x0) < 0.5 * s.size &&
    firstFont(above) === firstFont(s) &&
    above.text !== s.text &&
    shape(above.text) === shape(s.text)
  );
}

/**
 * The line after `s`'s wrap, when `next` is one (short, right under it, in its size and weight): a
 * scaled table's two-line column head (`Number of` / `observations`) is read by what stands under
 * its second line (a row of values), as a one-line label is by the line under it.
 */
export function underWrap(
  s: Segment,
  next: Segment | undefined,
  after: Segment | undefined,
): Segment | undefined {
  const wraps =
    next !== undefined &&
    next.page === s.page &&
    next.top >= s.bottom - 0.5 &&
    next.top - s.bottom < s.size &&
    next.text.length < 40 &&
    Math.abs(next.size - s.size) < 0.3 &&
    (next.bold === true) === (s.bold === true);
  return wraps ? after : undefined;
}

const LONE_LETTER = /^([A-Z])[.)]?$/;

/**
 * `s`, a line numbered by a capital (`C. Yeast population size`), is a figure's panel title when
 * every earlier panel of its page is labelled by its capital alone (`A.`, `B.` over plots of their
 * own) in its face and size: a section's letter never stands on a line without its title, and a
 * figure's labels share one type. All the earlier letters are asked for, since a formula's lone
 * variable (`G`, `J`) can share a heading's italic face. (pdf-figure-labels.ts's `isPanelTitle`
 * asks the same of a label on its row.)
 */
export function panelAmongLoneLabels(s: Segment, letter: string, segs: readonly Segment[]): boolean {
  if (letter <= 'A' || letter > 'H') return false;
  const face = firstFont(s);
  const seen = new Set<string>();
  for (const o of segs) {
    const m = LONE_LETTER.exec(o.text);
    if (m && o !== s && o.page === s.page && Math.abs(o.size - s.size) < 0.3 && firstFont(o) === face)
      seen.add(m[1]!);
  }
  for (let c = 'A'; c < letter; c = String.fromCharCode(c.charCodeAt(0) + 1)) if (!seen.has(c)) return false;
  return true;
}
