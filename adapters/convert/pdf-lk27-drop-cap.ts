/**
 * A title whose first letter is a picture (session 26, helper "lk27", issue #30). A designed title
 * page may set the title's initial as a drop cap drawn from an image or a decorative font with no
 * text behind it (Princeton's `puthesis` as its author styled it: a coloured `P` image, so the text
 * layer reads `robabilistic Modeling of …`). The title then opens with a lower-case fragment that is
 * no word of the paper, while the paper prints the whole word elsewhere (`Probabilistic`,
 * `probabilistic`). When the title's first word, in lower case, never stands alone in the text but
 * the text has it after one and the same letter, twice or more, that letter is the missing initial,
 * set as a capital. A title that truly opens in lower case (`emcee: …`, `k-means …`) has its word
 * alone in the text, or never after a letter, and is left as it is.
 */
import type { Segment } from './pdf-layout.ts';

/** The title's first word: lower-case letters only, long enough to be a word's tail. */
const FRAGMENT = /^(\p{Ll}{4,})(?=[\s:,.;-]|$)/u;

/** Occurrences needed of the whole word in the text. */
const MIN_USES = 2;

/** The title with its missing initial put back, or as it is. */
export function withDropCap(
  title: string,
  pages: readonly Segment[][],
  titleSegs: readonly Segment[],
): string {
  const m = FRAGMENT.exec(title);
  if (!m) return title;
  const word = m[1]!;
  const own = new Set(titleSegs);
  const whole = new RegExp(`(?<!\\p{L})(\\p{L}?)${word}(?!\\p{L})`, 'gu');
  const initials = new Map<string, number>();
  for (const page of pages)
    for (const s of page) {
      if (own.has(s) || !s.text.includes(word)) continue;
      for (const hit of s.text.matchAll(whole)) {
        // The fragment alone in the text: a word of its own, no drop cap.
        if (!hit[1]) return title;
        const letter = hit[1].toLowerCase();
        initials.set(letter, (initials.get(letter) ?? 0) + 1);
      }
    }
  if (initials.size !== 1) return title;
  const [letter, uses] = [...initials][0]!;
  return uses >= MIN_USES ? `${letter.toUpperCase()}${title}` : title;
}
