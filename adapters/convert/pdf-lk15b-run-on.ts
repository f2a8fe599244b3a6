/**
 * A metadata-looking line that continues a sentence (session 14, second round, helper "lk15b", issue
 * #30). An abstract or a paragraph may break a sentence before a URL, a DOI or a licence
 * (`…is available at` / `https://github.com/… under a CC BY-SA 4.0 li-`): the line after the break
 * reads like page furniture but belongs to the prose above. A sentence runs on when the line above is
 * prose (six words or more, most in lower case), ends in a lower-case letter with no stop, and the
 * line follows it directly in the same size and column, starting with a lower-case word: layout facts
 * that hold in any journal.
 */
import type { Segment } from './pdf-layout.ts';
import { soleFace } from './pdf-face-headings.ts';

/** `s` carries on the sentence that `prev` (the line before it in reading order) leaves open. */
export function continuesSentence(prev: Segment | undefined, s: Segment): boolean {
  if (!prev || prev.page !== s.page) return false;
  const words = prev.text.trim().split(/\s+/);
  return (
    Math.abs(prev.size - s.size) <= 0.3 &&
    s.top >= prev.bottom - 0.1 &&
    s.top - prev.bottom <= 0.6 * s.size &&
    Math.abs(s.x0 - prev.x0) <= 2 * s.size &&
    words.length >= 6 &&
    words.filter((w) => /^\p{Ll}/u.test(w)).length * 2 > words.length &&
    /\p{Ll}$/u.test(prev.text.trim()) &&
    // The sentence's next word (`https://…`, `under a licence`); a notice opens with a sign or a capital (`© 2005`).
    /^\p{Ll}/u.test(s.text.trim())
  );
}

/**
 * tt22: `next` carries on the sentence `s` leaves open, set in the same face: a paragraph's first
 * line, never a heading, however it is set (a bold notice, `Hence, the definitions … as educational`
 * / `and must not be implemented …`).
 */
export function runsOnInFace(s: Segment, next: Segment | undefined): boolean {
  return (
    next !== undefined && next.bold === s.bold && soleFace(next) === soleFace(s) && continuesSentence(s, next)
  );
}
