/**
 * Constructed PDF text lines for the converter's rule tests: one line of text at baseline `y`, in
 * the geometry pdf-layout.ts gives a real line (5 pt per character, top and bottom from the size).
 */
import type { Segment } from '../../adapters/convert/pdf-layout.ts';

export interface LineOptions {
  page?: number;
  x?: number;
  x1?: number;
  size?: number;
  bold?: boolean;
  /** One font run over the whole line (its letters and digits counted), as pdf.js reports it. */
  font?: string;
}

export function seg(text: string, y: number, opts: LineOptions = {}): Segment {
  const size = opts.size ?? 10;
  const x0 = opts.x ?? 72;
  return {
    page: opts.page ?? 0,
    text,
    x0,
    x1: opts.x1 ?? x0 + text.length * 5,
    top: y - 0.8 * size,
    bottom: y + 0.2 * size,
    baseline: y,
    size,
    ...(opts.bold !== undefined ? { bold: opts.bold } : {}),
    ...(opts.font !== undefined
      ? { fonts: [{ font: opts.font, chars: text.replace(/[^\p{L}\p{N}]/gu, '').length }] }
      : {}),
  };
}

/** A line at the top of page 0 (5 pt per character, 10 pt type), any field set by `extra`. */
export const segWith = (text: string, extra: Partial<Segment> = {}): Segment => ({
  page: 0,
  text,
  x0: 72,
  x1: 72 + 5 * text.length,
  top: 100,
  bottom: 110,
  baseline: 108,
  size: 10,
  ...extra,
});

/** A full line of body prose (no stop at its end, so it never closes a paragraph). */
export const BODY = 'This is body text that runs across the whole line of the page and ends without a stop';

/** A line whose top is `top` on page 0 (x0 100, 6 pt per character, 10 pt type), any field set by `extra`. */
export const segAtTop = (text: string, top: number, extra: Partial<Segment> = {}): Segment => ({
  page: 0,
  text,
  x0: 100,
  x1: 100 + 6 * text.length,
  top,
  bottom: top + 10,
  baseline: top + 8,
  size: 10,
  ...extra,
});
