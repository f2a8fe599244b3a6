/**
 * Okapi BM25 over the candidate set itself: the fallback ranker when no cross-encoder model can
 * be loaded, and the lexical baseline in the benchmark. Pure and synchronous.
 */
import type { RankDoc, RankedDoc, Reranker } from '../../app/ports/ranker.ts';

/** Standard parameters (Robertson & Zaragoza, "The Probabilistic Relevance Framework", 2009). */
const K1 = 1.2;
const B = 0.75;

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

/** Scores every doc against `query` with BM25 (idf over this doc set), best first; ties keep input order. */
export function bm25Rank(query: string, docs: RankDoc[]): RankedDoc[] {
  const docTokens = docs.map((d) => tokenize(d.text));
  const n = docs.length;
  const avgLen = n === 0 ? 0 : docTokens.reduce((s, t) => s + t.length, 0) / n;
  const df = new Map<string, number>();
  for (const toks of docTokens) for (const t of new Set(toks)) df.set(t, (df.get(t) ?? 0) + 1);
  const queryTerms = [...new Set(tokenize(query))];
  const scored = docs.map((d, i) => {
    const toks = docTokens[i] ?? [];
    const tf = new Map<string, number>();
    for (const t of toks) tf.set(t, (tf.get(t) ?? 0) + 1);
    let score = 0;
    for (const q of queryTerms) {
      const f = tf.get(q);
      if (!f) continue;
      const dfq = df.get(q) ?? 0;
      // BM25+ style non-negative idf: terms in most docs still count a little, never negatively.
      const idf = Math.log(1 + (n - dfq + 0.5) / (dfq + 0.5));
      score += (idf * f * (K1 + 1)) / (f + K1 * (1 - B + (B * toks.length) / (avgLen || 1)));
    }
    return { id: d.id, score, index: i };
  });
  scored.sort((a, b) => b.score - a.score || a.index - b.index);
  return scored.map(({ id, score }) => ({ id, score }));
}

/** BM25 as a Reranker, for callers that take the port. */
export function createBm25Reranker(): Reranker {
  return {
    kind: 'bm25',
    rank: (query, docs) => Promise.resolve(bm25Rank(query, docs)),
  };
}
