/**
 * topicSearch: question or arXiv query → built search_query → arXiv search (≤ 50) → rerank →
 * the top N ingested as child workflows (full text + summary) → ranked result.
 */
import { executeChild, workflowInfo } from '@temporalio/workflow';
import type { Paper } from '../domain/paper.ts';
import type { Summary } from '../domain/digest.ts';
import { arxiv } from './arxiv-proxies.ts';
import { main } from './main-proxies.ts';
import { paperIngest } from './paper-ingest.ts';
import { trackProgress } from './progress.ts';

export interface TopicSearchInput {
  question: string;
  /** Candidates fetched from arXiv (capped at 50). */
  maxResults?: number;
  /** How many of the best are ingested with full text and summarised. */
  topN?: number;
  /** Library topic the results are filed under. */
  topic?: string | null;
  /** An arXiv search_query to run as written (a user edited the built one); skips the query builder. */
  searchQuery?: string | null;
}

export interface TopicSearchResult {
  query: string;
  ranker: 'cross-encoder' | 'bm25';
  results: Array<{ paper: Paper; score: number; summary: Summary | null }>;
}

export async function topicSearch(input: TopicSearchInput): Promise<TopicSearchResult> {
  const maxResults = Math.min(Math.max(input.maxResults ?? 20, 1), 50);
  const topN = Math.min(Math.max(input.topN ?? 3, 0), maxResults);
  const stage = trackProgress('building the arXiv query');
  // Histories recorded before searchQuery existed have none, so they replay through the builder as before.
  const built = input.searchQuery
    ? { searchQuery: input.searchQuery }
    : await main.buildSearchQuery(input.question);
  stage(`searching arXiv: ${built.searchQuery}`);
  const feed = await arxiv.arxivSearchPage({
    query: built.searchQuery,
    start: 0,
    maxResults,
    sortBy: 'relevance',
    sortOrder: 'descending',
  });
  if (feed.papers.length === 0) return { query: built.searchQuery, ranker: 'bm25', results: [] };
  await main.storePapers({ papers: feed.papers, topic: input.topic ?? null });
  stage(`ranking ${feed.papers.length} papers`);
  const { ranker, ranked } = await main.rankPapers({
    interest: input.question,
    ids: feed.papers.map((p) => p.id),
  });
  const byId = new Map(feed.papers.map((p) => [p.id, p]));
  const top = ranked.slice(0, topN);
  stage(`fetching full text of the top ${top.length}`);
  const parentId = workflowInfo().workflowId;
  const ingested = await Promise.all(
    top.map((r, i) =>
      executeChild(paperIngest, {
        workflowId: `${parentId}/ingest-${i}`,
        args: [{ ref: r.id, paper: byId.get(r.id), topic: input.topic ?? null }],
      }),
    ),
  );
  const summaries = new Map(ingested.map((x) => [x.id, x.summary]));
  return {
    query: built.searchQuery,
    ranker,
    results: ranked.flatMap((r) => {
      const paper = byId.get(r.id);
      return paper ? [{ paper, score: r.score, summary: summaries.get(r.id) ?? null }] : [];
    }),
  };
}
