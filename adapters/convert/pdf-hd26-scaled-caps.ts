/**
 * Session 25 (hd26): a numbered heading set in capitals imitating small caps wraps under its title.
 * Some typesetters (and ICML-like styles rebuilt outside TeX) draw small caps as capitals scaled to
 * about four fifths of the size, each word's first letter at full size. A line's size is its longest
 * run's, so one line of such a head measures the full size and the next the reduced one, and the
 * "same size" test of the other wrap rules fails (`4.1.1. KRONECKER PRODUCTS ARE` /
 * `COMPUTATIONALLY EFFICIENT`). What holds whatever the sizes: both lines in capitals throughout, the
 * second hung under the title's first word (past the number, as LaTeX and Word hang a numbered
 * head's wrap), one line pitch below, in the first line's faces, and the title not closed by a
 * sentence's or a label's stop. Body text is never set in capitals throughout, so a capitals line
 * hung under a capitals head is its wrap.
 */
import type { Segment } from './pdf-layout.ts';
import { parseSectionNumber } from './pdf-numbering.ts';

/** Upper case throughout, with a word of three capitals or more (digits and punctuation aside). */
const inCapitals = (t: string) => t === t.toUpperCase() && /\p{Lu}{3}/u.test(t);

/** `next` continues the numbered capitals heading `s` (its text so far `text`) under its title. */
export function wrapsInScaledCaps(s: Segment, next: Segment, text: string): boolean {
  const n = parseSectionNumber(text);
  if (!n || next.page !== s.page || parseSectionNumber(next.text)) return false;
  if (!inCapitals(text) || !inCapitals(next.text) || /[.?!:;]$/.test(text) || /[.?!:;]$/.test(next.text))
    return false;
  const big = Math.max(s.size, next.size);
  // Capitals scaled to small caps: the two sizes differ by no more than that scale.
  if (Math.min(s.size, next.size) < 0.7 * big) return false;
  const step = next.baseline - s.baseline;
  if (step < 0.9 * big || step > 1.6 * big) return false;
  // The faces of the first line: a wrap keeps them.
  const faces = new Set((s.fonts ?? []).filter((r) => r.chars > 0).map((r) => r.font));
  if (!(next.fonts ?? []).filter((r) => r.chars > 0).every((r) => faces.has(r.font))) return false;
  // Hung under the title: past the number, by no more than the number and a quad; a third line
  // flush under the second.
  const indent = next.x0 - s.x0;
  if (!parseSectionNumber(s.text)) return Math.abs(indent) < 0.5 * big;
  return indent > 0.5 * big && indent < (n.num.length + 2) * big;
}
