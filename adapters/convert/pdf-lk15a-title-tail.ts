/**
 * Session 14, second round (lk15a): the tail of a title set in smaller type right under it
 * (ACM's `Handwriting Recognition with SQL` / `and a tiny bit of web stuff`, flush under its right end).
 */
import type { Segment } from './pdf-layout.ts';

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
