/**
 * Session 18 (tt19): an author's name set over the author's e-mail address. `article`'s
 * `\author{Jane Doe \\ jdoe@mit.edu}` and the tabular author blocks of course and workshop papers
 * print a name alone, with no initial, mark or comma, which `isAuthorLine` cannot tell from a
 * two-word heading; the address right under it can. Such a line is never the title.
 */
import type { Segment } from './pdf-layout.ts';

/** A line that is an e-mail address alone (`{a,b}@cs.x.edu` and a closing stop allowed). */
const ADDRESS = /^\{?[\w.+-]+(?:,\s?[\w.+-]+)*\}?@[\w-]+(?:\.[\w-]+)+\.?$/;

/** `s` stands right over an e-mail address line (within a line's height, sharing its width). */
export function overAddress(s: Segment, page: readonly Segment[]): boolean {
  return page.some(
    (o) =>
      o !== s &&
      o.top >= s.bottom - 0.5 &&
      o.top - s.bottom < 0.8 * s.size &&
      o.x0 < s.x1 &&
      o.x1 > s.x0 &&
      ADDRESS.test(o.text.trim()),
  );
}
