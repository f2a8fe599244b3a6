/**
 * Session 23 (hd24): the word space lost after a word-final accented letter. TeX's OT1 fonts have no
 * `à`, `è`, `é`: `\`a` is built from the letter and a spacing accent kerned over it, and pdf.js,
 * reading the advance of that composite, takes the interword glue after it for a kern, so the
 * next word is fused on (`pavé sull’incidentalità` → `pavésull’incidentalità`, `è stato` →
 * `èstato`, `Età dei` → `Etàdei`), in headings and body text alike. The fused form looks like a word
 * with an accent inside, as French, Spanish or Portuguese words have (`préféré`, `sólo`), so the
 * document decides: a token is split after its accented vowel when both pieces are words the
 * paper prints on their own elsewhere, and only in a paper where that holds for several distinct
 * tokens (the loss is systematic in such a font, never a single slip), which a paper written in a
 * language with accents inside words does not show.
 */
import type { Segment } from './pdf-layout.ts';

const WORD = /\p{L}+/gu;
/** Letters outside ASCII: a line with none holds no accented letter. */
const NON_ASCII = /[\u0080-\uFFFF]/;
/** A word whose last vowel with a grave or acute accent (NFC) has two letters or more after it. */
const FUSED = /^(\p{L}*[àèéìòùáíóúÀÈÉÌÒÙ])(\p{L}{2,})$/u;
const ACCENTED = /[àèéìòùáíóúÀÈÉÌÒÙ]/u;
const ACCENT_INSIDE = /[àèéìòùáíóúÀÈÉÌÒÙ]\p{L}/u;
/** A word broken at the line's end by a hyphen: its first piece. */
const LINE_END_PIECE = /\p{L}+-$/u;
/** Distinct split tokens a paper must show before any is split. */
const MIN_DISTINCT = 3;

/** Split, in place, words fused after a word-final accented vowel, by the document's own vocabulary. */
export function splitFusedAccents(pages: Segment[][]): void {
  const all = pages.flat();
  const fusedLines = all.filter((s) => NON_ASCII.test(s.text) && ACCENT_INSIDE.test(s.text));
  if (!fusedLines.length) return;
  const words = new Map<string, number>();
  // hd26: the piece before a line-end hyphen is half a word (`dicioná-` / `rio`), no word printed on its own.
  for (const s of all)
    for (const w of s.text.replace(LINE_END_PIECE, '').match(WORD) ?? []) {
      const key = w.toLowerCase();
      words.set(key, (words.get(key) ?? 0) + 1);
    }
  const seen = (w: string) => (words.get(w.toLowerCase()) ?? 0) > 0;
  const splits = new Set<string>();
  for (const s of fusedLines)
    for (const w of s.text.match(WORD) ?? []) {
      const m = FUSED.exec(w);
      if (m && seen(m[1]!) && seen(m[2]!)) splits.add(w.toLowerCase());
    }
  if (splits.size < MIN_DISTINCT) return;
  // Once the loss is shown systematic, one known piece is enough (`più` + `soggette`, `possibilità` +
  // `di`, where the other is printed nowhere else on its own).
  // Three words may run together (`è` + `più` + `bilanciato`): the first known word is cut off and
  // the rest is split again; else the last accent goes before a known word.
  const split = (w: string): string => {
    let last = -1;
    for (let i = 0; i < w.length - 1; i++) {
      if (!ACCENTED.test(w[i]!)) continue;
      // hd25: a one-letter word fused on (`città o`, `Probabilità e`): both the word before it and the
      // letter alone are printed elsewhere (a plural's or a verb's last letter, `inglés`, is no word).
      if (i === w.length - 2) {
        if (seen(w.slice(0, i + 1)) && seen(w.slice(i + 1))) return `${w.slice(0, i + 1)} ${w.slice(i + 1)}`;
        continue;
      }
      if (seen(w.slice(0, i + 1))) return `${w.slice(0, i + 1)} ${split(w.slice(i + 1))}`;
      last = i;
    }
    return last >= 0 && seen(w.slice(last + 1)) ? `${w.slice(0, last + 1)} ${w.slice(last + 1)}` : w;
  };
  for (const s of fusedLines) s.text = s.text.replace(WORD, split);
}
