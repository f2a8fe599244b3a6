/**
 * A title that is one name (session 28, helper "fm29", issue #30).
 *
 * A specification or a white paper may be titled by the name of what it specifies alone (`BLAKE3`,
 * a protocol's or a format's name), printed as the one line of page 1's largest type with a tagline
 * under it in smaller type. The title rules want a few words (a lone word in large type is most
 * often a logo, a journal's or a publisher's name), and pdf-bm13-info-title.ts trusts the info
 * dictionary's Title only from three words up (a shorter one is often a placeholder: `main`,
 * `Untitled`, a class's name). Together the two are proof: when the info Title is a name of one or
 * two words and page 1 prints exactly those words as its only line in the largest type, far above
 * the body's size, that line is the title (a placeholder is never printed so; a logo's word is not
 * the document's metadata title). Language-neutral: it compares words and sizes only.
 */
import type { Segment } from './pdf-layout.ts';
import { isFrontMeta, isInstitutionOrJournal, titleWords } from './pdf-front.ts';

/** The largest type must be at least this many times the body's: a display title, not a heading. */
const DISPLAY = 1.8;

/** The info Title when it is a short name that page 1 prints alone in its largest type, else undefined. */
export function printedNameTitle(
  infoTitle: string | null | undefined,
  first: readonly Segment[],
  bodySize: number,
): string | undefined {
  const title = infoTitle?.trim();
  if (!title || title.length > 40 || !/\p{L}{3}/u.test(title)) return undefined;
  const want = titleWords(title);
  if (!want.length || want.length > 2 || isInstitutionOrJournal(title) || isFrontMeta(title))
    return undefined;
  const biggest = Math.max(0, ...first.map((s) => s.size));
  if (biggest < DISPLAY * bodySize) return undefined;
  const largest = first.filter((s) => s.size >= biggest - 0.3 && /[\p{L}\p{N}]/u.test(s.text));
  if (largest.length !== 1) return undefined;
  const got = titleWords(largest[0]!.text);
  return got.length === want.length && got.every((w, i) => w === want[i]) ? title : undefined;
}
