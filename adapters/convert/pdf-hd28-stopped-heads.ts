/**
 * hd28: a bold head closed by a stop on a line (or two) of its own, set a step under its text (PNAS's
 * Materials and Methods subsections, `Computational modeling.` in 7 pt bold over 8 pt text and a 9 pt
 * body, each paragraph under it opening with a run-in lead). The main pass turns such a line away
 * twice: a bold line ending in `.` reads as a paragraph's run-in lead, and type under 0.8× the body
 * as a figure's label. What tells a head: the stop closes one phrase (not two sentences), the head's
 * last line ends with room for the next line's first word (a run-in lead whose text was carried over
 * would have taken it: TeX fills a paragraph's line), and a paragraph in larger type starts flush
 * under it (a figure's bold label has cells or nothing under it). In the size of its text such a
 * line is a paragraph's bold lead set on a line of its own (TMLR's `Step 2: Counting … transform.`)
 * or a box's title over the box's text (a prompt's `The prompt for paper selection.`): both text.
 */
import { joinedOnRow, type Segment } from './pdf-layout.ts';
import { roomForNextWord } from './pdf-hd18-caps-heads.ts';
import { columnRight } from './pdf-hd21-column-edge.ts';
import { joinHeadingNumber } from './pdf-outline.ts';

/** The facts about a line's surroundings that the rule reads (a subset of the main pass's context). */
export interface StoppedHeadContext {
  body: number;
  pitch: number;
  gapAbove: number;
  alone: boolean;
  below: (line: Segment) => Segment | undefined;
  segs: readonly Segment[];
}

/** A float's label and number open a caption, in the languages of the corpus. */
const CAPTION =
  /^(?:fig(?:ure|\.)?|table|tab\.|abb(?:ildung|\.)|tabelle|figura|tabla|tabela|tabella|tableau|scheme|chart|box|plate)\s*[A-Z]?\d/iu;

/** A word's stop, then a new sentence: a paragraph's run-in lead, not one heading phrase. */
const TWO_SENTENCES = /\p{L}{3}[.!?]\s+\p{Lu}/u;

/** A line under `s` on its page, within `reach` of it. */
function under(s: Segment, t: Segment | undefined, reach: number): t is Segment {
  return t !== undefined && t.page === s.page && t.top >= s.bottom - 0.1 && t.top - s.bottom < reach;
}

/**
 * `s` and `next` are one line of a bold head that wraps, justified, which pdf.js split at a
 * stretched space (`Recognition experiment:` … `Measuring perceptual similarity between`): `next`
 * goes on along the row in the same bold type a few ems away and ends at the column's right edge
 * (TeX stretches a line it breaks, never a head's last), and a bold line of the head's size sits flush
 * under `s` (the wrap). A table's bold header cells neither reach the column's edge nor wrap flush.
 * The two as one segment, else null.
 */
export function joinJustifiedHead(
  s: Segment,
  next: Segment | undefined,
  segs: readonly Segment[],
): Segment | null {
  if (
    next === undefined ||
    s.bold !== true ||
    next.bold !== true ||
    next.page !== s.page ||
    Math.abs(next.baseline - s.baseline) > 0.3 * s.size ||
    Math.abs(next.size - s.size) > 0.3 ||
    next.x0 <= s.x1 ||
    next.x0 - s.x1 > 2.5 * s.size ||
    /[.?!]$/.test(s.text)
  )
    return null;
  const right = columnRight(next, segs);
  if (right === null || Math.abs(next.x1 + 1 - right) > 1.5) return null;
  const wrap = segs.find(
    (o) =>
      o.page === s.page && o.top > s.bottom - 0.1 && o.top - s.bottom < s.size && Math.abs(o.x0 - s.x0) < 1,
  );
  if (!wrap?.bold || Math.abs(wrap.size - s.size) > 0.3) return null;
  return {
    ...joinedOnRow(s, next),
    // Bold throughout, the piece too (else its lead `Recognition experiment:` reads as a label run on).
    boldLead: (s.boldLead ?? 0) + (next.boldLead ?? 0),
  };
}

/** `s` opens a bold head closed by a stop, set at or under the body size, with text below; its level, else 0. */
export function stoppedBoldHead(s: Segment, ctx: StoppedHeadContext): number {
  const { body, pitch } = ctx;
  if (
    !s.bold ||
    !ctx.alone ||
    s.size > body ||
    s.size < 0.75 * body ||
    !(ctx.gapAbove > Math.max(0.3 * pitch, pitch - 0.9 * body)) ||
    !/^\p{Lu}/u.test(s.text)
  )
    return 0;
  let right = s;
  let text = s.text;
  // The head's lines: up to two bold wraps in its size, flush under it, until one closes with the stop.
  let last = s;
  for (let k = 0; k < 2 && !/[.?!]$/.test(text); k++) {
    const t = ctx.below(last);
    if (
      !under(last, t, 0.6 * pitch) ||
      !t.bold ||
      Math.abs(t.size - s.size) > 0.3 ||
      Math.abs(t.x0 - s.x0) > 1
    )
      return 0;
    text += ' ' + t.text;
    last = right = t;
  }
  // A float's caption in bold (`Figure 12: …`, `Fig 5.`) closes with a stop too.
  if (CAPTION.test(text)) return 0;
  const words = text.split(/\s+/).length;
  if (!/\p{L}{2}\.$/u.test(text) || words < 2 || words > 16 || TWO_SENTENCES.test(text)) return 0;
  // A paragraph under it, flush left, in text type a step larger than the head's (its first line or
  // its second: a run-in lead in the head's size may measure the first), its first word left over.
  const t = ctx.below(last);
  if (!under(last, t, 2.5 * pitch)) return 0;
  const t2 = ctx.below(t);
  const textSize = Math.max(t.size, t2 && under(t, t2, pitch) ? t2.size : 0);
  return t.bold !== true &&
    Math.abs(t.x0 - s.x0) < 1 &&
    textSize > s.size + 0.3 &&
    t.text.length >= 25 &&
    roomForNextWord(right, t, columnRight(right, ctx.segs))
    ? 3
    : 0;
}

/**
 * A head's line joined with the piece beside it: a number and its title (pdf-outline.ts), else a
 * justified head's row split by pdf.js (`justified`).
 */
export function joinHeadLine(
  s: Segment,
  next: Segment | undefined,
  segs: readonly Segment[],
): { joined: Segment | null; beside: boolean; justified: boolean } {
  const numbered = joinHeadingNumber(s, next);
  const justified = numbered.joined ? null : joinJustifiedHead(s, next, segs);
  return justified ? { joined: justified, beside: true, justified: true } : { ...numbered, justified: false };
}
