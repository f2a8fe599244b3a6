/**
 * The reranker port: orders candidate documents by relevance to a plain-language interest.
 * Two drivers implement it: a local cross-encoder (transformers.js) and BM25 (no model needed).
 */

/** A document to rank: its id and the text scored against the query (title + abstract). */
export interface RankDoc {
  id: string;
  text: string;
}

/** A ranked document: higher score is more relevant. Scores are comparable only within one call. */
export interface RankedDoc {
  id: string;
  score: number;
}

/** Orders documents by relevance to `query`, best first. Every input id appears exactly once. */
export interface Reranker {
  readonly kind: 'cross-encoder' | 'bm25';
  rank(
    query: string,
    docs: Array<{ id: string; text: string }>,
  ): Promise<Array<{ id: string; score: number }>>;
}
