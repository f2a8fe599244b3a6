/**
 * hd29: a numbered lead run in with its text (`4. Multi-Task Heads. Depending on …`) whose title is
 * in mixed case, where every head accepted at its depth has its title in capitals on a line of its
 * own (`3. METHODOLOGY`, an ICASSP paper's sections): a list's item whose number happens to follow
 * the outline, not the next section. A paper sets all its heads of one depth in one case, in any
 * language, as it closes their numbers alike (pdf-ex19-number-style.ts).
 */
import type { SectionNumber } from './pdf-numbering.ts';
import { isCapitals, type HeadingStyle } from './pdf-outline.ts';

/** Heads at the depth that show its case. */
const MIN_KNOWN = 2;

/** `n`'s title is in mixed case where all the heads accepted at its depth are in capitals. */
export function unlikeKnownCase(n: SectionNumber, known: readonly HeadingStyle[] | undefined): boolean {
  return (
    (known?.length ?? 0) >= MIN_KNOWN &&
    known!.every((k) => k.caps) &&
    /\p{Ll}/u.test(n.rest) &&
    !isCapitals(n.rest)
  );
}

/** The same for a numbered line run on past its title's stop, by the styles accepted at each depth (levelByType). */
export function unlikeInCase(
  n: SectionNumber,
  styles: ReadonlyMap<number, readonly HeadingStyle[]>,
): boolean {
  return /\p{L}[.:]\s+\S/u.test(n.rest) && unlikeKnownCase(n, styles.get(n.parts.length));
}

/**
 * A section's name closed by a colon, unnumbered (`Acknowledgments:` over a book's colophon thanks,
 * `Archive statement:`): a label opening its text, as `License:` beside it; no annotated corpus
 * heading is set so. A numbered one is left to the numbered rules.
 */
export function colonLabel(n: SectionNumber | null, text: string): boolean {
  return n === null && text.trimEnd().endsWith(':');
}
