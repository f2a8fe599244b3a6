/**
 * Where a title ends when the lines under it share its size (session 28, helper "fm29", issue #30).
 *
 * Some classes set the title and the author block in one size and tell them apart by weight and
 * face alone: the ICASSP/ICIP `spconf` style sets the title in 12 pt bold capitals, the author's
 * name in 12 pt roman and the affiliation in 12 pt italic, each line centred, the blocks a line
 * apart. Gathering a title by size and centring then runs on through the names, the affiliation and
 * the e-mail address, and the title is refused as too long. A line in the title's size but another
 * weight and face, set off from the title by more than its own leading (half an em at least), and
 * under a title line that closes its phrase, starts the next block: the title ends above it. Weight,
 * face and spacing hold in any language.
 */
import type { Segment } from './pdf-layout.ts';
import { leavesPhraseOpen } from './pdf-tt19-title-lines.ts';

/** A gap between lines of at least this share of the type's size sets off a block (at single spacing). */
const SET_OFF = 0.5;

/**
 * `s`, the line under the title's lines `segs` (the first one chosen, the last the one right above
 * `s`), opens another block by weight and face. `face` names the font that sets most of a line.
 */
export function endsTitleByWeight(
  s: Segment,
  segs: readonly Segment[],
  face: (s: Segment) => string | null,
): boolean {
  const first = segs[0]!;
  const last = segs[segs.length - 1]!;
  if (Math.abs(s.size - first.size) > 0.3 || Boolean(s.bold) === Boolean(first.bold)) return false;
  if (face(s) === face(first) || leavesPhraseOpen(last.text)) return false;
  // The title's own leading, where it has two lines or more: a block's gap is wider than it.
  const leading = Math.max(0, ...segs.slice(1).map((t, i) => t.top - segs[i]!.bottom));
  const gap = s.top - last.bottom;
  return gap >= SET_OFF * s.size && gap > 2 * leading;
}
