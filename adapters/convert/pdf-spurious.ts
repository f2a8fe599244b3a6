/**
 * Lines that look like headings by their type but never are one, by what they say or what follows
 * them: the label of a table or figure set on a line of its own (`TABLE 1` above an emulateapj
 * table's caption), a line without a word (`2016-04-08` in a figure, axis ticks), an affiliation's
 * address in an author list at the back (`1 Department of Physics, University of Adelaide,
 * Adelaide, Australia`), and the term of a description list (`Global` in bold over its indented
 * description).
 */
import { isAffiliationLine } from './pdf-front.ts';
import { figureCaptionBelow, isPanelTitle } from './pdf-figure-labels.ts';
import { lineBelow, type Segment } from './pdf-layout.ts';
import { labelRunsOn, listLeadRunsOn } from './pdf-ln12-run-in.ts';
import { crowdedOnRow } from './pdf-hd13b-crowded.ts';
import { authorYearEntry } from './pdf-hd20-entry-below.ts';
import { looksLikeCode } from './pdf-hd14-code-line.ts';
import { isTheoremLabel } from './pdf-hd15-theorem-label.ts';
import { betweenTableRows, insideFigure, tooSmallForHeading } from './pdf-hd16-figure-text.ts';
import { centredOverCaption } from './pdf-hd27-float-box.ts';

/** A float's label alone: a caption follows it (a section is never titled `Table 1`). */
const FLOAT_LABEL = /^(?:fig(?:ure)?|table|tab|scheme)\.?\s*(?:\d+|[IVX]+)[a-z]?\s*[.:]?$/i;

/** By its text alone, never a heading, wherever it stands. */
export function neverHeading(text: string): boolean {
  const t = text.trim();
  return (
    FLOAT_LABEL.test(t) ||
    // A statement's label alone (`Lemma 16`) opens a statement, not a section (pdf-hd15-theorem-label.ts).
    isTheoremLabel(t) ||
    // A line of program code (`R> x <- y`: pdf-hd14-code-line.ts).
    looksLikeCode(text) ||
    // A heading names something: it has a word of two letters (dates, numbers, ticks have none).
    !/\p{L}{2}/u.test(t) ||
    // An address: an institution and at least two commas (a title has a comma or so, no city and country).
    (isAffiliationLine(t) && (t.match(/,/g) ?? []).length >= 2)
  );
}

/** The line right below `s` on its page, at the line pitch (a description's first line), if there is one. */
export function lineRightBelow(
  s: Segment,
  below: (line: Segment) => Segment | undefined,
  pitch: number,
): Segment | undefined {
  const first = below(s);
  if (!first || first.page !== s.page || first.top - s.bottom > 0.8 * pitch || first.top < s.bottom - 0.5)
    return undefined;
  return first;
}

/**
 * `s` is the term of a description list: the two lines right below it, at the line pitch, start at
 * the same indent past the term's own start (its description, set as an indented block). A
 * heading's paragraph starts at the heading's left edge, or indents only its first line.
 */
export function isDescriptionTerm(
  s: Segment,
  below: (line: Segment) => Segment | undefined,
  pitch: number,
  segs: readonly Segment[] = [],
): boolean {
  const first = lineRightBelow(s, below, pitch);
  if (!first || hangsOutOfText(s, first, segs)) return false;
  const second = below(first);
  return (
    first.x0 > s.x0 + s.size &&
    second !== undefined &&
    second.page === s.page &&
    second.top - first.bottom < 0.5 * pitch &&
    second.top >= first.bottom - 0.5 &&
    Math.abs(second.x0 - first.x0) < 0.5 * s.size
  );
}

/**
 * `s` starts left of the page's text edge and `first` (the line below) at it: the lines under `s`
 * are ordinary text, and `s` hangs out into the margin as a heading does (JMLR's appendix heads).
 * The text edge is where most of the page's lines start, half as many again as at `s`'s edge.
 */
function hangsOutOfText(s: Segment, first: Segment, segs: readonly Segment[]): boolean {
  const at = (x: number) => segs.filter((o) => o.page === s.page && Math.abs(o.x0 - x) < 1).length;
  const text = at(first.x0);
  return text >= 8 && text >= 1.5 * at(s.x0);
}

/**
 * A heading line without the footnote mark glued to its last word (`… Localization Ex-` /
 * `periments14`): digits in a font of their own at the line's end, with a footnote of that number
 * in smaller type on the same page (`14 Parts of this section are published in`). A formula's
 * subscript (`CO2`) has no such footnote.
 */
export function withoutNoteMark(s: Segment, segs: readonly Segment[]): string {
  // Footnotes count from 1: a trailing `0` is a subscript (`H0`).
  const mark = /\p{L}([1-9]\d{0,2})$/u.exec(s.text)?.[1];
  const runs = s.fonts ?? [];
  const last = runs.at(-1);
  const before = runs.slice(0, -1).findLast((r) => r.chars > 0);
  if (!mark || !last?.number || last.chars !== mark.length || !before || before.font === last.font)
    return s.text;
  const note = segs.some(
    (o) => o.page === s.page && o.size < 0.9 * s.size && o.text.startsWith(`${mark} `) && o !== s,
  );
  return note ? s.text.slice(0, -mark.length) : s.text;
}

/**
 * An unnumbered line that is no heading by what follows it: a figure's label over its caption, a
 * table's header cell over a row of cells, or a label run into its paragraph's text on the same
 * line (`Datasets: We…`, `Facility: TESS`).
 */
export function notHeadingUnnumbered(
  s: Segment,
  next: Segment | undefined,
  segs: readonly Segment[],
  pitch: number,
): boolean {
  return figureCaptionBelow(s, next, pitch) || tableRowUnder(s, segs, pitch) || labelRunsOn(s);
}

/**
 * No heading by what follows it or stands beside it: {@link notHeadingUnnumbered}, a figure's panel
 * title or a list item's run-on lead, or figure and table text (pdf-hd16-figure-text.ts); `displayHead`:
 * the line is in the size and face of display heads accepted before.
 */
export function notHeadingByPlace(
  s: Segment,
  numbered: boolean,
  ctx: { next: Segment | undefined; segs: readonly Segment[]; pitch: number; body: number },
  displayHead = false,
): boolean {
  return (
    tooSmallForHeading(s, ctx.body) ||
    (numbered
      ? isPanelTitle(s, ctx.segs, ctx.body) || listLeadRunsOn(s)
      : notHeadingUnnumbered(s, ctx.next, ctx.segs, ctx.pitch) ||
        // hd22: a head in the type of the document's display heads may open a section on a figure.
        (!displayHead && insideFigure(s, ctx.segs, ctx.body)) ||
        betweenTableRows(s, ctx.segs, ctx.pitch) ||
        centredOverCaption(s, ctx.segs)) || // hd27: a float's box of centred lines
    crowdedOnRow(s, ctx.segs)
  );
}

/** A short line: a table cell, not a line of a paragraph. */
const isCell = (o: Segment) => o.text.length < 30;

/**
 * The line under `s` is a table row: short and with at least two more short cells on its baseline
 * (`Model · GPT2 Medium · …` under a spanning header `Number of Parameters`, `Method` over its
 * column). A heading is followed by a line of text; in two columns the other column's line on the
 * same baseline is a long one too.
 */
export function tableRowUnder(s: Segment, segs: readonly Segment[], pitch: number): boolean {
  const under = lineBelow(s, segs);
  // A header cell is in the table's own type; a larger line over a grid (`The ATLAS Collaboration`
  // over its authors' names) is a heading.
  if (!under || under.top - s.bottom > 2 * pitch || !isCell(under) || s.size > 1.12 * under.size)
    return false;
  const row = segs.filter(
    (o) => o !== under && o.page === s.page && Math.abs(o.baseline - under.baseline) < 0.3 * under.size,
  );
  return (
    row.length >= 2 &&
    row.every(isCell) &&
    !spreadText([under, ...row]) &&
    // hd20: an author–year entry's first line justified apart at its stops, the entry hanging below.
    !authorYearEntry(s, under, (line) => lineBelow(line, segs))
  );
}

/**
 * hd18: the pieces of one line of text that justification spread apart by more than an em (a
 * double-spaced manuscript's reference list: `Anderson,` `W. L.,` `1975,` `Improved` `digital`
 * `filters` `for` …): two of them or more are a lone short word of a sentence, which no table cell is.
 */
function spreadText(row: readonly Segment[]): boolean {
  return row.filter((o) => FUNCTION_WORD.test(o.text)).length >= 2;
}

const FUNCTION_WORD = /^(?:an|and|by|for|from|in|of|on|or|the|to|with)$/;
