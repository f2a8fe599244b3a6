/**
 * Session 14, second round (lk15a): the tail of a title set in smaller type right under it
 * (ACM's `Handwriting Recognition with SQL` / `and a tiny bit of web stuff`, flush under its right end).
 */
import type { Segment } from './pdf-layout.ts';
import { isAuthorLine } from './pdf-authors.ts';
import { isFrontMeta, isInstitutionOrJournal } from './pdf-front.ts';

/**
 * A function word that cannot open a title, a byline or a heading of its own in lower case: a line
 * starting with one continues the phrase above it. `by` is left out (a byline starts so).
 */
const CONTINUING_WORD =
  /^(?:and|or|with|without|for|in|of|on|to|from|via|using|towards?|through|beyond|versus|vs\.|into|under|over|as|at|the|a|an)\s+\p{L}/u;

/**
 * `s`, in another size than the title's first line `first`, still belongs to the title: it stands
 * right under the title's last line `last` (less than half the title's size below it), within the
 * title's width, and starts in lower case with a connecting word, so it cannot begin a line of its
 * own (an author line, a banner, a kicker). This holds for any class that sets a subtitle smaller.
 */
export function continuesTitle(s: Segment, last: Segment, first: Segment): boolean {
  return (
    s.size < first.size &&
    s.top - last.bottom <= 0.5 * first.size &&
    s.x0 >= Math.min(first.x0, last.x0) - 1 &&
    s.x1 <= Math.max(first.x1, last.x1) + 1 &&
    s.text.length <= 120 &&
    !/@/.test(s.text) &&
    CONTINUING_WORD.test(s.text.trim())
  );
}

/** Lower-case words of a byline: name particles and the words joining names. */
const BYLINE_WORD =
  /^(?:by|and|und|et|y|e|de|da|das|del|della|der|den|des|di|do|dos|du|la|le|van|von|ten|ter|zu|with)$/;

/**
 * tt23: a subtitle under the title, `Complete status through five factors …` under `Exact Low-Length
 * Recht–Ré Inequalities`: the title block's last lines, set in smaller type right under the title (at
 * most half the title's size below it), aligned with it (centred on it, or on its left edge), in
 * words that read as no author, affiliation or metadata line (a phrase, with two words in lower case
 * other than a byline's `by`, `and`, `de`), and set apart from what follows by more
 * than twice the space above them (a title block ends in the gap before the authors). Any class that
 * sets `\subtitle` or a second title line smaller does so. The subtitle's lines, or null.
 */
export function subtitleLines(
  s: Segment,
  last: Segment,
  first: Segment,
  below: readonly Segment[],
  body: number,
): Segment[] | null {
  const gap = s.top - last.bottom;
  const centre = (x: Segment) => (x.x0 + x.x1) / 2;
  const aligned =
    Math.abs(centre(s) - centre(last)) <= Math.max(4, 0.03 * (last.x1 - last.x0)) ||
    Math.abs(s.x0 - last.x0) <= 2;
  if (s.size >= first.size - 0.3 || s.size < body - 0.3 || gap < -0.5 || gap > 0.5 * first.size || !aligned)
    return null;
  const lines = [s];
  for (const o of below) {
    const prev = lines[lines.length - 1]!;
    if (Math.abs(o.size - s.size) > 0.3 || o.bold !== s.bold || o.top - prev.bottom > 0.5 * s.size) break;
    lines.push(o);
  }
  const next = below[lines.length - 1];
  const after = next ? next.top - lines[lines.length - 1]!.bottom : Infinity;
  const text = lines.map((l) => l.text).join(' ');
  // A phrase has words in lower case; a byline's are its names' particles and joins (`by`, `de`, `and`).
  const lower = text.split(/\s+/).filter((w) => /^\p{Ll}{2}/u.test(w) && !BYLINE_WORD.test(w));
  const readsAsTitle =
    lower.length >= 2 &&
    text.length <= 200 &&
    !/@|https?:|\d{4}/.test(text) &&
    !/^(?:[\d(∗*†‡§¶]|by\s)/iu.test(text) &&
    !lines.some((l) => isAuthorLine(l.text) || isFrontMeta(l.text) || isInstitutionOrJournal(l.text));
  return readsAsTitle && after > 2 * Math.max(gap, 1) && after >= 0.8 * s.size ? lines : null;
}
