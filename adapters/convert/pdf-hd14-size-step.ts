/**
 * Unnumbered heads set one size step above the body and nothing else (eLife's `Control, discrete
 * trait analysis`: 10 pt over 9 pt text, regular weight). LaTeX's and Word's size steps are 8-12%
 * apart (`\large` is 12 pt in an 11 pt class, 1.09), under the 1.12 the main pass asks of a larger
 * line. Such a line is a heading by its place: alone on its row, spaced from the text above, short,
 * capitalised, closing no sentence, and a paragraph of body type starts right under it (a table's
 * or figure's larger label has cells or nothing under it).
 */
import type { Segment } from './pdf-layout.ts';

const FLOAT_LABEL = /^(?:fig(?:ure)?|table|algorithm|listing|scheme|box|chart|plate|exhibit)\.?\s+[\dIVX]/i;

/** The facts about a line's surroundings that the rule reads (a subset of the main pass's context). */
export interface SizeStepContext {
  body: number;
  pitch: number;
  gapAbove: number;
  alone: boolean;
  next: Segment | undefined;
}

/** `s` is an unnumbered heading set a size step above the body; its Markdown level, else 0. */
export function sizeStepHeading(s: Segment, ctx: SizeStepContext): number {
  const { body, pitch, next } = ctx;
  const text = s.text;
  if (s.size < 1.06 * body || s.size >= 1.12 * body || !ctx.alone || !(ctx.gapAbove > 0.5 * pitch)) return 0;
  // Capitalised, or (hd21) an acronym of its own (`PKIS2`, a data set's name over its paragraph).
  if (
    text.split(/\s+/).length > 10 ||
    /[.:,;]$/.test(text) ||
    !/^\p{Lu}(?:\p{Ll}|[\p{Lu}\d]+(?:\s|$))/u.test(text)
  )
    return 0;
  // A float's label opens its caption (`Algorithm 4 FIDD` in a framed algorithm's title bar): a closed class.
  if (FLOAT_LABEL.test(text)) return 0;
  const paragraphBelow =
    next !== undefined &&
    next.page === s.page &&
    next.top >= s.bottom - 0.1 &&
    next.top - s.bottom < 0.6 * pitch &&
    Math.abs(next.size - body) < 0.3 &&
    next.text.length >= 40;
  return paragraphBelow ? 3 : 0;
}
