/**
 * Session 20 (tt21): a title whose words read as a list of names. `isAuthorLine` takes comma lists
 * of two-word phrases for names (Econometrica's capitals `PUBLIC GOODS, PECUNIARY EXTERNALITIES, AND
 * HEDONIC ASSETS`), and no lexical test tells them from `JOHN SMITH, JANE DOE, AND ANN LEE`. Their
 * place does: every class sets the title first, in type at least as large as the text, and the
 * authors' names under it in a smaller type of their own. Names set first (a book's author above
 * its title) have the title under them in type as large as theirs or larger.
 */
import { isAuthorLine } from './pdf-authors.ts';
import type { Segment } from './pdf-layout.ts';
import { sharesColumn } from './pdf-hd14-title-column.ts';

/**
 * `s` reads as names but is the title: the first line of the page that is text at all (`other`:
 * the title tests but the names test; lines those refuse, a banner or a journal line, may stand
 * above), in type no smaller than the text and than any line of the title zone (`zone`), with the
 * next line below it in its column (past lines of its own type, the title's wrap) in smaller type.
 */
export function titleReadAsNames(
  s: Segment,
  page: readonly Segment[],
  body: number,
  other: (s: Segment) => boolean,
  zone: (s: Segment) => boolean,
): boolean {
  if (!isAuthorLine(s.text) || !other(s) || s.size < body - 0.3) return false;
  const text = (o: Segment) => o !== s && /\p{L}{3}/u.test(o.text) && (other(o) || isAuthorLine(o.text));
  if (page.some((o) => o.bottom <= s.top + 0.5 && text(o))) return false;
  if (page.some((o) => zone(o) && o.size > s.size + 0.3 && /\p{L}{3}/u.test(o.text))) return false;
  const below = page
    .filter((o) => o.top >= s.bottom - 0.5 && sharesColumn(s, o) && /\p{L}/u.test(o.text))
    .sort((a, b) => a.top - b.top);
  const next = below.find((o) => Math.abs(o.size - s.size) > 0.3 || o.bold !== s.bold);
  const wrap = below.slice(0, next ? below.indexOf(next) : below.length);
  // The title's own wrapped lines sit at its leading; a gap of more than two lines ends it.
  if (wrap.some((o, i) => o.top - (i ? wrap[i - 1]! : s).bottom > 2 * s.size)) return false;
  return next !== undefined && next.size <= 0.92 * s.size;
}
