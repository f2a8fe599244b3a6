/**
 * Word tokens for lexical matching (BM25 ranking, extractive summaries, the library's passage
 * scoring): pure, so the core and the adapters share one tokenizer.
 */

/** Function words that carry no topical signal. Short on purpose: BM25's idf already damps the rest. */
export const STOP_WORDS: ReadonlySet<string> = new Set(
  (
    'a an and are as at be been being but by can could did do does for from had has have how i if in into is it its ' +
    'me my of on or our over so such than that the their them then there these they this those to under up us was we ' +
    'were what when where which while who whom why will with would you your about also any some via using based new ' +
    'papers paper work works show find'
  ).split(' '),
);

/** Lower-cased word tokens with a light English stemmer, stop words removed. */
export function tokenize(text: string): string[] {
  const words = text
    .normalize('NFKC')
    .toLowerCase()
    .match(/[\p{L}\p{N}]+(?:[-'][\p{L}\p{N}]+)*/gu);
  if (!words) return [];
  const out: string[] = [];
  for (const w of words) {
    for (const part of w.split(/[-']/)) {
      if (part.length === 0 || STOP_WORDS.has(part)) continue;
      out.push(stem(part));
    }
  }
  return out;
}

/** Strips common English suffixes so "networks"/"network", "learning"/"learned" match. */
function stem(w: string): string {
  if (w.length <= 4 || /\d/.test(w)) return w;
  if (w.endsWith('ies')) return `${w.slice(0, -3)}y`;
  if (w.endsWith('ing') && w.length > 6) return w.slice(0, -3);
  if (w.endsWith('ed') && w.length > 5) return w.slice(0, -2);
  if (w.endsWith('es') && /(ss|x|ch|sh)es$/.test(w)) return w.slice(0, -2);
  if (w.endsWith('s') && !w.endsWith('ss') && !w.endsWith('us') && !w.endsWith('is')) return w.slice(0, -1);
  return w;
}
