/**
 * Session 22 (tt23): a word split before its accented letter. TeX builds `\'A` from the letter and
 * a spacing accent moved over it: it kerns forward by half the width the letter has over the
 * accent, draws the accent, kerns back and draws the letter. Over a capital (or in a font whose
 * accents are narrow) that first kern passes pdf.js's space threshold, so the word comes out split
 * before the accented letter (`TUR ÁN`, `ROTACI ÓN`, `M ünchen`). The kern and a word space before a
 * word-initial accented letter (`de étude`) look alike to pdf.js (it gives no glyph widths), so the
 * document decides: the pieces are one word when the paper prints that word whole elsewhere (the
 * title in capitals, the abstract in lower case) and never prints the accented piece as a word of
 * its own.
 */
import type { Segment } from './pdf-layout.ts';

/** A word, a space, and a letter carrying a diacritic (NFC-composed) with the rest of its word. */
const SPLIT = /(\p{L}+) (\p{L})(\p{L}*)/gu;
const WORD = /\p{L}+/gu;
/** Letters outside ASCII: a line with none holds no accented letter. */
const NON_ASCII = /[\u0080-\uFFFF]/;

const accented = (c: string) => /\p{M}/u.test(c.normalize('NFD'));

/** Rejoin, in place, words split before an accented letter, by the document's own vocabulary. */
export function rejoinSplitAccents(pages: Segment[][]): void {
  const all = pages.flat();
  const splits = all.filter(
    (s) => NON_ASCII.test(s.text) && [...s.text.matchAll(SPLIT)].some((m) => accented(m[2]!)),
  );
  if (!splits.length) return;
  const words = new Map<string, number>();
  for (const s of all)
    for (const w of s.text.match(WORD) ?? []) {
      const key = w.toLowerCase();
      words.set(key, (words.get(key) ?? 0) + 1);
    }
  // How often each accented piece stands after such a split: those prints are not words of their own.
  const asPiece = new Map<string, number>();
  for (const s of splits)
    for (const m of s.text.matchAll(SPLIT))
      if (accented(m[2]!)) {
        const piece = (m[2]! + m[3]!).toLowerCase();
        asPiece.set(piece, (asPiece.get(piece) ?? 0) + 1);
      }
  for (const s of splits)
    s.text = s.text.replace(SPLIT, (all, left: string, letter: string, rest: string) => {
      if (!accented(letter)) return all;
      const piece = (letter + rest).toLowerCase();
      const whole = (left + letter + rest).toLowerCase();
      const alone = (words.get(piece) ?? 0) - (asPiece.get(piece) ?? 0);
      return (words.get(whole) ?? 0) > 0 && alone <= 0 ? left + letter + rest : all;
    });
}
