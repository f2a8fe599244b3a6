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

/** arXiv's API, through the rate-limited, gated client. */
export interface ArxivSearch {
  search(query: string, options: SearchOptions): Promise<ArxivFeed>;
  /** Metadata by id (arXiv's id_list). */
  lookupBatch(ids: string[]): Promise<{ papers: Paper[] }>;
}

/** Reads a saved arXiv API response; throws an AppError (ARXIV_MALFORMED, ARXIV_API_ERROR) for a bad one. */
export interface FeedParser {
  parse(xml: string): ArxivFeed;
}
