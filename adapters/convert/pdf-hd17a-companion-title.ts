/**
 * A companion document bound after the paper names the paper in its own title: a supplement
 * (`Supplemental Material for “Accurate Estimation of …”`), a reply to referees, an erratum. That
 * title opens a new document, it is no section of this one (the title is never a heading, and
 * neither is another document's). A section may be titled like the paper (`4 Build Systems à la
 * Carte`, `Local goodness-of-fit measures`): only an unnumbered line that says what it is first
 * (two words or more) and then gives the paper's first five words and more, in order, names it.
 */
import { titleWords as words } from './pdf-front.ts';
import { parseSectionNumber } from './pdf-numbering.ts';

/** `line` (a heading's first line) names the paper whose title is `title`: words of its own, then the title's opening words, five or more. */
export function namesPaperTitle(line: string, title: string | null): boolean {
  if (!title) return false;
  const t = words(title);
  const l = words(line);
  if (t.length < 5 || parseSectionNumber(line)) return false;
  // Up to the title's eighth word, or as far as the line goes once five words are in.
  for (let i = 2; i + 5 <= l.length; i++) {
    if (l[i] !== t[0]) continue;
    let k = 0;
    while (k < t.length && i + k < l.length && l[i + k] === t[k]) k++;
    if (k >= Math.min(8, t.length) || (k >= 5 && i + k === l.length)) return true;
  }
  return false;
}
