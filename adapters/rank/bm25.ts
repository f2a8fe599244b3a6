/**
 * Okapi BM25 over the candidate set itself: the fallback ranker when no cross-encoder model can
 * be loaded, and the lexical baseline in the benchmark. Pure and synchronous.
 */
import type { RankDoc, RankedDoc, Reranker } from '../../app/ports/ranker.ts';
import { tokenize } from '../../domain/tokenize.ts';

/** Standard parameters (Robertson & Zaragoza, "The Probabilistic Relevance Framework", 2009). */
const K1 = 1.2;
const B = 0.75;

export { STOP_WORDS, tokenize } from '../../domain/tokenize.ts';

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
