/**
 * Word breaks of letter-spaced display type (session 17, helper rl18, issue #30). A book's or
 * thesis's title page sets its title in spaced capitals (tufte-book's `T H E D I M E A N A LY T I C S`):
 * pdf.js puts one space between every two letters, word gap or not, so once the line is written solid
 * (`readDisplayType`) its words run together (`THEDIMEANALYTICS`) and match no metadata title. The
 * document's own Title (hyperref's `pdftitle`) and the metadata authors spell the same letters with
 * their breaks: where a solid line's letters are whole consecutive words of those, the breaks go back.
 */
import type { Segment } from './pdf-layout.ts';
import { isLetterSpaced } from './pdf-thesis-display.ts';

const ALNUM = /[\p{L}\p{N}]/u;

/** Letters and digits of a text in lower case, accents kept (`Ä` stays a letter of its own). */
function solid(text: string): string {
  return [...text.normalize('NFC').toLowerCase()].filter((c) => ALNUM.test(c)).join('');
}

/** `text` with a space before each letter where one of `names` starts a word there, else null. */
function respaced(text: string, names: readonly string[]): string | null {
  const want = solid(text);
  if (want.length < 5) return null;
  for (const name of names) {
    const words = name.normalize('NFC').split(/\s+/).map(solid).filter(Boolean);
    const starts = new Set<number>();
    let at = 0;
    for (const w of words) {
      starts.add(at);
      at += w.length;
    }
    const all = words.join('');
    // The line's letters are whole words of the name: they start at a word and end at one.
    for (let from = all.indexOf(want); from >= 0; from = all.indexOf(want, from + 1)) {
      if (!starts.has(from) || !(starts.has(from + want.length) || from + want.length === all.length))
        continue;
      let out = '';
      let k = from;
      for (const c of text.normalize('NFC')) {
        if (ALNUM.test(c)) {
          if (k > from && starts.has(k) && !out.endsWith(' ')) out += ' ';
          k++;
        }
        out += c;
      }
      return out;
    }
  }
  return null;
}

/**
 * Letter-spaced lines written solid get their word breaks back from the metadata title and
 * authors, where their letters are whole words of one of them; other lines stay as they are.
 */
export function respaceLetterSpaced(
  pages: readonly Segment[][],
  names: ReadonlyArray<string | null | undefined>,
): void {
  const known = names.filter((n): n is string => !!n && n.trim().length > 0);
  if (!known.length) return;
  for (const s of pages.flat()) {
    if (!isLetterSpaced(s) || /\s/.test(s.text)) continue;
    const text = respaced(s.text, known);
    if (text) s.text = text;
  }
}
