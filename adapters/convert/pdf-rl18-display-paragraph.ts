/**
 * A paragraph in display type (session 17, helper rl18, issue #30): a dedication, an epigraph or a
 * pull quote set larger than the body runs on line after line at one pitch in its own size, its
 * sentence going on in lower case on the second line (tufte-book's `Dedicated to all the research
 * assistants` / `who have wrangled data …`). A heading's title wraps to two or three lines at most;
 * four lines and more of one size, flush or centred under each other, are a paragraph.
 */
import type { Segment } from './pdf-layout.ts';

/** Lines a display paragraph has at least: more than a wrapped title ever takes. */
const MIN_LINES = 4;

/** `s` opens a paragraph set in its own larger type: no heading, however large. */
export function opensDisplayParagraph(s: Segment, below: (line: Segment) => Segment | undefined): boolean {
  const lines = [s];
  let step = 0;
  for (let cur = s; lines.length < MIN_LINES;) {
    const next = below(cur);
    if (!next || next.page !== s.page || Math.abs(next.size - s.size) > 0.3) return false;
    const flush = Math.abs(next.x0 - s.x0) < s.size;
    const centred = Math.abs(next.x0 + next.x1 - s.x0 - s.x1) < 2 * s.size;
    const gap = next.baseline - cur.baseline;
    if ((!flush && !centred) || gap <= 0 || gap > 2.5 * s.size) return false;
    // One pitch all along: a title's lines and the text below it are spaced apart.
    if (step && Math.abs(gap - step) > 0.15 * step) return false;
    step = gap;
    lines.push(next);
    cur = next;
  }
  // hd28: or its first three lines end at one right edge, justified: a paragraph in a size of its own
  // (Bioinformatics sets some paragraphs a point above the rest), never a title's wrapped lines.
  return /^\p{Ll}/u.test(lines[1]!.text) || justifiedLines(lines.slice(0, 3));
}

/** hd28: lines ending at one right edge (within half a point), each wider than 20 ems. */
function justifiedLines(lines: readonly Segment[]): boolean {
  const right = lines[0]!.x1;
  return lines.every((l) => Math.abs(l.x1 - right) < 0.5 && l.x1 - l.x0 > 20 * l.size);
}
