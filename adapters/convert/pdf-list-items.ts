/**
 * Numbered list items that look like headings: `2. Which obstacles prevent … from doing` set in the
 * body's own face and size, spaced from the item above, reads as a section heading until its next
 * line (`OS?`) shows a sentence wrapping at the line pitch and ending there. A heading in body type
 * is a phrase on its own line with space below; a wrapped sentence is an item of a list.
 */
import type { Segment } from './pdf-layout.ts';
import { parseSectionNumber } from './pdf-numbering.ts';

/** `s`, in plain body type, runs on into `next`, the last line of a sentence set right below it. */
export function wrapsIntoSentence(
  s: Segment,
  next: Segment | undefined,
  body: number,
  pitch: number,
): boolean {
  return (
    !s.bold &&
    Math.abs(s.size - body) < 0.6 &&
    !/[.?!:]$/.test(s.text) &&
    next !== undefined &&
    next.page === s.page &&
    next.top >= s.bottom - 0.5 &&
    next.top - s.bottom < 0.5 * pitch &&
    Math.abs(next.size - s.size) < 0.3 &&
    next.x0 >= s.x0 - 1 &&
    next.x0 < s.x1 &&
    /[.?!]$/.test(next.text) &&
    parseSectionNumber(next.text) === null
  );
}

/**
 * `next` is the line right below `s` at the line pitch, in the same size (the same run of text).
 * Measured between baselines: a subscript or a tall symbol (`A_t`, `S′`) stretches a line's box
 * into its neighbour's while the lines keep their pitch.
 */
function rightBelow(s: Segment, next: Segment | undefined, pitch: number): next is Segment {
  return (
    next !== undefined &&
    next.page === s.page &&
    // Boxes deepened by sub- and superscripts overlap; the next baseline is still a line further down.
    (next.top >= s.bottom - 0.5 || next.baseline - s.baseline > 0.8 * pitch) &&
    next.top - s.bottom < 0.5 * pitch &&
    Math.abs(next.size - s.size) < 0.3
  );
}

/**
 * `s` is the first line of a paragraph or list item that runs on into the line right below it,
 * which starts in lower case (mid-sentence): either a bold lead phrase that carries on, over up to
 * two more bold lines, into a line that goes on in plain type (`1. A post-Internet framework for …
 * interven-` / `ing in complex …`: the item's bold start), or plain lines both reaching the same
 * right edge, so the text fills its measure and goes on (`1. Interface module: qleet.interface
 * serves as` / `the interface for users …`). A heading that wraps is bold or plain throughout and
 * its last line stops short: it never heads a justified run of text. `below` finds the line under
 * a line (past margin line numbers).
 */
export function runsOnAsParagraph(
  s: Segment,
  below: (line: Segment) => Segment | undefined,
  pitch: number,
): boolean {
  let next = below(s);
  if (!rightBelow(s, next, pitch) || !/^\p{Ll}/u.test(next.text)) return false;
  if (s.bold !== true)
    return next.bold !== true && Math.abs(next.x1 - s.x1) < s.size && next.x1 - next.x0 > 0.5 * (s.x1 - s.x0);
  for (let k = 0; k < 2 && next.bold === true; k++) {
    const after = below(next);
    if (!rightBelow(next, after, pitch)) return false;
    next = after;
  }
  return next.bold !== true && (next.boldLead ?? 0) > 0;
}

/**
 * `s` is a line of a paragraph set in bold (AASTeX's data-availability and acknowledgment text): the
 * line right below goes on in lower case in the same bold, and `s` is either indented past it with
 * both reaching the same right edge (the paragraph's first line, justified) or has a bold line of
 * the same measure right above it (a line in its middle). A wrapped heading is ragged, not indented against its own
 * second line, and never sits between two lines of one paragraph.
 */
export function insideBoldParagraph(
  s: Segment,
  segs: readonly Segment[],
  below: (line: Segment) => Segment | undefined,
  pitch: number,
): boolean {
  const next = below(s);
  if (s.bold !== true || !rightBelow(s, next, pitch) || next.bold !== true || !/^\p{Ll}/u.test(next.text))
    return false;
  if (s.x0 > next.x0 + 0.5 * s.size) return Math.abs(next.x1 - s.x1) < 0.5 * s.size;
  const above = segs.find((o) => o !== s && below(o) === s);
  return (
    above !== undefined &&
    above.bold === true &&
    rightBelow(above, s, pitch) &&
    Math.abs(above.x1 - s.x1) < 0.5 * s.size &&
    Math.abs(above.x0 - s.x0) < 0.5 * s.size
  );
}

/**
 * hd18: `s` is an unnumbered bold lead run into its paragraph that fills its first line (`Sequential
 * Neural Posterior Estimation (snpe)` / `(Papamakarios and Murray, 2016; …) directly models …`): the
 * line right below reaches the same right edge (so `s` is justified, a line of the paragraph), starts
 * no further in than `s` (`s` may carry the paragraph's indent) and goes on mid-sentence, in lower
 * case or after a bracket. A heading line stops short of the measure or has a sentence of its own under it.
 */
export function boldLeadFillsLine(
  s: Segment,
  below: (line: Segment) => Segment | undefined,
  pitch: number,
): boolean {
  const next = below(s);
  return (
    s.bold === true &&
    rightBelow(s, next, pitch) &&
    next.bold !== true &&
    Math.abs(next.x1 - s.x1) < 0.5 * s.size &&
    next.x0 <= s.x0 + 0.5 * s.size &&
    /^(?:\p{Ll}|[([])/u.test(next.text)
  );
}
