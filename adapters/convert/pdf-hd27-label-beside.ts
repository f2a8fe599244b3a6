/**
 * hd27: a bold head beside a figure set in the text's margin (a wrapped figure: its labels `l`, `v`,
 * `u` stand right of the head and its paragraph). Reading order puts such a label right after the
 * head, and a one-letter label is no text, so the head looks followed by nothing. The line under
 * the head, at its edge, is its text: a label right of the head, not under it, says nothing.
 */
import type { Segment } from './pdf-layout.ts';
import { textLineBelow } from './pdf-hd12-text-below.ts';

const LABEL = /^\p{L}{1,2}[′']?$/u;

export function textUnderLabelBeside(
  s: Segment,
  next: Segment | undefined,
  below: (line: Segment) => Segment | undefined,
  body: number,
  pitch: number,
): boolean {
  // A label is a letter or two (`l`, `v`); a number there is a contents list's page or a table's cell.
  if (next === undefined || next.page !== s.page || next.x0 <= s.x1 + 2 * s.size || !LABEL.test(next.text))
    return false;
  const under = below(s);
  return (
    under !== undefined &&
    under.page === s.page &&
    under.top >= s.bottom - 0.1 &&
    under.top - s.bottom <= 2.5 * pitch &&
    Math.abs(under.x0 - s.x0) < s.size &&
    under.bold !== true &&
    textLineBelow(under, body)
  );
}
