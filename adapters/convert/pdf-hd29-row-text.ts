/**
 * hd29: the body text under a head may begin beside a label on its first row: a description list
 * or a form of fields (`title:   ‘Development of a neural network …’`, a thesis's list of its
 * manuscripts under `Manuscript for Study II`). The line right below the head in reading order is
 * then the short label, and the text is the line on the label's row, a few ems to its right.
 */
import type { Segment } from './pdf-layout.ts';

/** Under this many characters a line below a head is a label, not its text. */
const LABEL_CHARS = 25;
/** The text starts within this many ems after the label's end. */
const MAX_GAP_EMS = 8;

/** The line of text on the row of `label`, a short line, starting a little to its right. */
export function textBesideLabel(label: Segment | undefined, segs: readonly Segment[]): Segment | undefined {
  if (!label || label.text.length >= LABEL_CHARS) return undefined;
  return segs.find(
    (o) =>
      o !== label &&
      o.page === label.page &&
      o.x0 > label.x1 &&
      o.x0 - label.x1 < MAX_GAP_EMS * label.size &&
      Math.abs(o.baseline - label.baseline) < 0.3 * label.size &&
      o.text.length >= LABEL_CHARS,
  );
}
