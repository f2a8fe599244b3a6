/**
 * Session 20 (tt21): where a page's footnotes begin. A footnote block is set apart from the text
 * above it (LaTeX's `\skip\footins` and a rule) and, in every class, in smaller type than the
 * text. On a page whose text is itself in footnote type (a reference list or a table set small), a
 * line in the lower part that opens with a number (`102757.`, `365–384.`, the end of an entry) is no
 * footnote when it keeps the type and leading of the lines above it and that run of lines comes
 * down from the upper part of the page: a foot block starts in the foot zone (a note carried over
 * from the page before opens it unmarked, and the notes under it are notes still).
 */
import type { Segment } from './pdf-layout.ts';

/** Where footnotes may begin: below this share of the page (footnoteSegments' zone). */
const FOOT_ZONE = 0.55;

/** The nearest line above `s` in its column (sharing some of its width). */
export function lineAbove(s: Segment, segs: readonly Segment[]): Segment | undefined {
  let best: Segment | undefined;
  for (const o of segs)
    if (o !== s && o.bottom <= s.top + 0.5 && o.x0 < s.x1 && o.x1 > s.x0 && (!best || o.bottom > best.bottom))
      best = o;
  return best;
}

/**
 * `s` carries on the text above it: the line right above is in its type (size within 0.3 pt), `s`
 * stands no further below it than that line below its own line above, and the run of lines in that
 * type and leading reaches above the foot zone.
 */
export function keepsLeading(s: Segment, segs: readonly Segment[], height: number): boolean {
  const same = (o: Segment | undefined): o is Segment => o !== undefined && Math.abs(o.size - s.size) <= 0.3;
  // Leading by baselines: line boxes of small print touch or overlap, and their heights vary.
  const a = lineAbove(s, segs);
  if (!same(a)) return false;
  const b = lineAbove(a, segs);
  const pitch = s.baseline - a.baseline;
  if (!same(b) || pitch > a.baseline - b.baseline + 0.1 * s.size) return false;
  let top = a;
  for (
    let up = lineAbove(top, segs);
    same(up) && top.baseline - up.baseline <= pitch + 0.1 * s.size;
    up = lineAbove(up, segs)
  )
    top = up;
  return top.top < FOOT_ZONE * height;
}
