/**
 * Heading rules that read a heading line's text and its close neighbours on the page: how a
 * title may start, when a heading in capitals runs on to the next line, which segment beside a
 * heading is the other column rather than a table cell, and the raised or lowered indices and
 * spacing accents that pdf.js leaves as fragments of their own over or under a heading.
 */
import type { Segment } from './pdf-layout.ts';
import { normalizeText } from './text.ts';
import { startsWithNumeral } from './pdf-numbering.ts';

/**
 * A title that starts with a name set in mixed case (`redMaPPer Clusters`, `iPhone apps`, `mRNA
 * levels`): a lower-case first letter followed by a capital inside the same word. Prose does not
 * start a line's only sentence with such a word after a section number.
 */
export function startsWithMixedCaseName(rest: string): boolean {
  return /^\p{Ll}+\p{Lu}/u.test(rest);
}

/**
 * A title that starts with a digit fused to a capital (`1-D Profiles`, `3D Reconstruction`): a
 * dimension or a count written as one token. Only for a line set apart (bold or large type): in
 * body type `2 3D` is as likely a table row.
 */
export function startsWithDigitWord(rest: string): boolean {
  return /^\d{1,2}-?\p{Lu}(?![\p{L}\p{N}])/u.test(rest);
}

/**
 * A title that starts with a one-letter symbol joined to a word (`k-means clustering`, `k.p model`,
 * `t-SNE`, `n-body`; not `e.g.`): a term that keeps its lower case at a title's start. Only for a line set apart,
 * as above: in body type a lower-case start is a sentence's continuation.
 */
export function startsWithSymbolWord(rest: string): boolean {
  return /^\p{Ll}[-.]\p{L}(?!\.)/u.test(rest);
}

/**
 * hd19: a title that starts with a program's name (`nbest_scale Sensitivity`, `scipy.sparse and…`):
 * a lower-case identifier joined by `_` or `.`, which code keeps in lower case (prose never joins
 * words so). Only for a line set apart, as above.
 */
export function startsWithCodeName(rest: string): boolean {
  return /^\p{Ll}[\p{L}\p{N}]*(?:[_.][\p{L}\p{N}]+)+(?=[\s(]|$)/u.test(rest);
}

/**
 * A title start that needs its line set apart (bold, large, or a known sibling's style): a formula's
 * `(` or `-`, a digit fused to a word (`3D …`), a symbol word (`k-means`), a code name
 * (`nbest_scale`), a count (`25 Processes`).
 */
export function setApartTitleStart(rest: string): boolean {
  return (
    /^[(-]/.test(rest) ||
    startsWithDigitWord(rest) ||
    startsWithSymbolWord(rest) ||
    startsWithCodeName(rest) ||
    startsWithNumeral(rest)
  );
}

/**
 * In capitals, allowing a name in mixed case among them (`BETWEEN THE HSC AND SDSS redMaPPer
 * CLUSTERS`): at least two words and three in four of the words in capitals. A heading in capitals
 * keeps its capitals on its second line; a line of prose does not.
 */
export function mostlyCapitals(text: string): boolean {
  const words = text.split(/\s+/).filter((w) => /\p{L}{2}/u.test(w));
  if (words.length < 2) return false;
  const caps = words.filter((w) => !/\p{Ll}/u.test(w)).length;
  return caps >= 2 && caps >= 0.75 * words.length;
}

/**
 * `o` is a line of the neighbouring column, not a cell of the same row: it ends left of `s` with a
 * space between them and is a long line of prose in another size (a table's cells are short and share
 * their row's type). In a tight two-column layout the gutter can be narrower than the 1.5 em that
 * aloneOnRow looks across.
 */
export function isOtherColumnLine(o: Segment, s: Segment): boolean {
  return (
    o.x1 < s.x0 - 0.5 * s.size &&
    o.text.length >= 30 &&
    /\p{Ll}{3}/u.test(o.text) &&
    // hd28: a size step of 0.3 pt tells too (A&A's 10.4 pt `References` beside 10 pt text a narrow gutter away).
    (Math.abs(o.size - s.size) > 0.3 || Math.abs(o.baseline - s.baseline) > 0.25 * s.size)
  );
}

/**
 * A raised or lowered index that pdf.js set as a fragment of its own within a heading's width
 * (`(1)` over `A_{N−1}` in `The case of A(1)N−1`; the subscripts `0 0` of `G0 W0`, one fragment):
 * smaller type, its baseline within the heading's height, and no word of two letters.
 */
export function isIndexFragment(f: Segment, s: Segment): boolean {
  return (
    f !== s &&
    f.page === s.page &&
    f.size < 0.85 * s.size &&
    f.x0 >= s.x0 &&
    f.x1 <= s.x1 + 0.6 * s.size &&
    Math.abs(f.baseline - s.baseline) < 0.7 * s.size &&
    f.text.replace(/\s+/g, '').length <= 6 &&
    !/\p{L}{2}/u.test(f.text)
  );
}

/** A TeX spacing accent on a line of its own (`¨` over the small capital `U` of `FÜR`). */
const LONE_ACCENT = /^[\u00A8\u00B4`\u02C6\u02DC\u02C7\u02D8\u02D9\u02DA]$/;

/** A spacing accent set as a fragment of its own right over a letter of the heading. */
export function isAccentFragment(f: Segment, s: Segment): boolean {
  return (
    f !== s &&
    f.page === s.page &&
    LONE_ACCENT.test(f.text) &&
    f.x0 >= s.x0 &&
    f.x1 <= s.x1 &&
    f.baseline < s.baseline + 0.3 * s.size &&
    f.baseline > s.baseline - 1.2 * s.size
  );
}

/**
 * The heading's text with its fragments put back where they sit: an index after the character
 * under its left edge, an accent on the letter under its middle (the place is estimated from the
 * line's width, which is close enough for a word's letters).
 */
export function spliceFragments(s: Segment, fragments: Segment[]): string {
  const chars = [...s.text];
  const width = Math.max(1, s.x1 - s.x0);
  const at = (x: number) =>
    Math.max(0, Math.min(chars.length, Math.round(((x - s.x0) / width) * chars.length)));
  const inserts = fragments
    .flatMap((f) => {
      if (LONE_ACCENT.test(f.text))
        return [{ text: f.text, accent: true, i: at((f.x0 + f.x1) / 2 - 0.5 * (width / chars.length)) }];
      // Several indices in one fragment (`0 0`): each at its share of the fragment's width.
      const step = (f.x1 - f.x0) / Math.max(1, f.text.length);
      return [...f.text.matchAll(/\S+/g)].map((m) => ({
        text: m[0],
        accent: false,
        i: at(f.x0 + m.index * step),
      }));
    })
    .sort((a, b) => b.i - a.i);
  for (const { text, accent, i } of inserts) {
    if (accent) {
      // The accent goes on the letter under it (pdf.js drew it over that letter's middle).
      const j = Math.min(chars.length - 1, i);
      if (/\p{L}/u.test(chars[j]!)) chars[j] = normalizeText(`${text}${chars[j]}`);
    }
    // A space where the index sits is the room the index took (`G₀W₀` read as `G W`): no word space.
    else chars.splice(i, chars[i] === ' ' ? 1 : 0, text);
  }
  return chars.join('');
}

/**
 * The index and accent fragments next to the heading at `i` in reading order. One before it is taken
 * only while it is still a paragraph of its own (`open`), which the caller then drops.
 */
export function headingFragments(
  s: Segment,
  segs: Segment[],
  i: number,
  open: { text: string; last: Segment } | null,
): { fragments: Segment[]; dropOpen: boolean; after: Segment[]; lineAbove: Segment | undefined } {
  const fits = (f: Segment | undefined): f is Segment =>
    f !== undefined && (isIndexFragment(f, s) || isAccentFragment(f, s));
  const before = segs[i - 1];
  const dropOpen = fits(before) && open !== null && open.last === before && open.text === before.text;
  const after = fits(segs[i + 1]) ? [segs[i + 1]!] : [];
  // The space above the heading is measured from the line before the fragment.
  const lineAbove = dropOpen ? segs[i - 2] : undefined;
  return { fragments: [...(dropOpen ? [before!] : []), ...after], dropOpen, after, lineAbove };
}

/**
 * The space above a heading whose index fragment came before it in reading order: from the line
 * before the fragment (Infinity when that is on another page or below it, a new column).
 */
export function gapAboveFragment(s: Segment, lineAbove: Segment | undefined): number {
  if (!lineAbove || lineAbove.page !== s.page || lineAbove.top > s.top) return Infinity;
  return s.top - lineAbove.bottom;
}
