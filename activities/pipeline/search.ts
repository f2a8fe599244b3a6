/** Main-queue activities of topic search: build the arXiv query, rank stored papers against a question. */
import type { PipelineDeps } from './deps.ts';

export interface RankedId {
  id: string;
  score: number;
}

export function createSearchActivities(deps: PipelineDeps) {
  return {
    /** Plain language → arXiv search_query (LLM when configured, else the heuristic builder). */
    async buildSearchQuery(
      question: string,
    ): Promise<{ searchQuery: string; dateRange: { from: string; to: string } | null }> {
      return deps.buildQuery(question);
    },

    /** Reranks stored papers against an interest; best first. */
    async rankPapers(input: {
      interest: string;
      ids: string[];
    }): Promise<{ ranker: 'cross-encoder' | 'bm25'; ranked: RankedId[] }> {
      const papers = (await Promise.all(input.ids.map((id) => deps.store.getPaper(id)))).filter(
        (p) => p !== null,
      );
      const reranker = await deps.reranker();
      const ranked = await reranker.rank(
        input.interest,
        papers.map((p) => ({ id: p.id, text: `${p.title}\n${p.abstract}` })),
      );
      return { ranker: reranker.kind, ranked };
    },
  };
}
