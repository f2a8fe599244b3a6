/**
 * hd29: a contents entry's label set apart on its row (a thesis's `Chapter 7`, `Appendix D`, a
 * book's `Part II` before the title and its leaders). pdf.js keeps the label a segment of its own
 * when the class puts a fixed space after it; left alone, it was written as a line of text or, with
 * the entry beside it joined as a chapter's title (`Appendix D Experiment Material Properties … 124`),
 * as a heading. The label is a word or two ending in a number or letter, left of the entry on its
 * baseline and close to it; the entry takes it in front of its text, and the label is written there.
 */
import type { Segment } from './pdf-layout.ts';

/** `Chapter 7`, `Appendix D`, `Part II`, `Anhang B`, `Annexe 2`: a word and a numeral or letter. */
const LABEL = /^\p{L}{2,}\.?\s+(?:\d{1,3}|[A-Z]|[IVXL]{1,6})\.?$/u;
/** The entry starts within this many ems of the label's end. */
const MAX_LABEL_GAP_EMS = 6;

/** Moves each label beside a contents entry into the entry; the entry's own segment is then written with it. */
export function joinEntryLabels(
  segs: readonly Segment[],
  out: { entries: Map<Segment, string>; pageNumbers: Set<Segment> },
): void {
  for (const s of segs) {
    if (out.entries.has(s) || out.pageNumbers.has(s) || !LABEL.test(s.text.trim())) continue;
    const entry = [...out.entries.keys()].find(
      (e) =>
        e.page === s.page &&
        e.x0 >= s.x1 &&
        e.x0 - s.x1 < MAX_LABEL_GAP_EMS * s.size &&
        Math.abs(e.baseline - s.baseline) < 0.3 * s.size &&
        !LABEL.test(e.text.trim()),
    );
    if (!entry) continue;
    out.entries.set(s, `${s.text.trim()} ${out.entries.get(entry)!}`);
    out.entries.delete(entry);
    out.pageNumbers.add(entry);
  }
}
