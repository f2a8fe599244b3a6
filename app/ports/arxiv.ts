/**
 * The arXiv port: what the core asks of arXiv's API (a search page, metadata by id) and of a saved
 * API response (parsed into papers). adapters/arxiv/ implements it (the rate-limited, gated client
 * and the Atom parser). Types only.
 */
import type { SortBy, SortOrder } from '../../domain/arxiv-query.ts';
import type { Paper } from '../../domain/paper.ts';

/** One page of arXiv API results (an Atom feed), parsed. */
export interface ArxivFeed {
  totalResults: number;
  startIndex: number;
  itemsPerPage: number;
  papers: Paper[];
}

export interface SearchOptions {
  start?: number;
  maxResults?: number;
  sortBy?: SortBy;
  sortOrder?: SortOrder;
}

/** What each request brings: the caller's cancellation, which stops this request's wait for its turn. */
export interface RequestOptions {
  signal?: AbortSignal | undefined;
}

/** arXiv's API, through the process's one rate-limited, gated client (shared by every caller). */
export interface ArxivSearch {
  search(query: string, options: SearchOptions & RequestOptions): Promise<ArxivFeed>;
  /** Metadata by id (arXiv's id_list). */
  lookupBatch(ids: string[], options?: RequestOptions): Promise<{ papers: Paper[] }>;
}

/** Reads a saved arXiv API response; throws an AppError (ARXIV_MALFORMED, ARXIV_API_ERROR) for a bad one. */
export interface FeedParser {
  parse(xml: string): ArxivFeed;
}
