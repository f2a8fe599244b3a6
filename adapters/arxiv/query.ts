/**
 * The arXiv API request's URL encoding. Its caps and sort names, and the `search_query` language
 * itself (parse, check, render, evaluate), are domain/arxiv-query.ts.
 */
import { ARXIV_LIMITS, type SortBy, type SortOrder } from '../../domain/arxiv-query.ts';
import { AppError } from '../../domain/errors.ts';

export interface QueryParams {
  searchQuery?: string;
  idList?: string[];
  start?: number;
  maxResults?: number;
  sortBy?: SortBy;
  sortOrder?: SortOrder;
}

/**
 * Encodes one value: spaces as `+` (arXiv reads `%2B` as a literal plus, which breaks
 * `[A TO B]` ranges: blazickjp/arxiv-mcp-server issue 53); `:`, `/` and `,` stay readable.
 */
function encodeValue(v: string): string {
  return encodeURIComponent(v)
    .replace(/%20/g, '+')
    .replace(/%3A/gi, ':')
    .replace(/%2F/gi, '/')
    .replace(/%2C/gi, ',');
}

/** The full API URL for `base` (e.g. https://export.arxiv.org/api/query), validating arXiv's caps. */
export function buildQueryUrl(base: string, params: QueryParams): string {
  const start = params.start ?? 0;
  const max = params.maxResults ?? 10;
  if (!Number.isInteger(start) || start < 0)
    throw new AppError('INVALID_INPUT', `start must be a whole number >= 0, got ${start}.`);
  if (!Number.isInteger(max) || max < 1 || max > ARXIV_LIMITS.maxPerCall) {
    throw new AppError(
      'INVALID_INPUT',
      `max results per call must be 1-${ARXIV_LIMITS.maxPerCall} (arXiv's cap), got ${max}.`,
    );
  }
  if (start + max > ARXIV_LIMITS.maxTotal) {
    throw new AppError(
      'INVALID_INPUT',
      `arXiv serves at most ${ARXIV_LIMITS.maxTotal} results per query (start ${start} + ${max}); narrow the query.`,
    );
  }
  if (!params.searchQuery && !params.idList?.length)
    throw new AppError('INVALID_INPUT', 'A query needs a search_query or an id_list.');
  const parts = [
    `search_query=${encodeValue(params.searchQuery ?? '')}`,
    `id_list=${encodeValue((params.idList ?? []).join(','))}`,
    `start=${start}`,
    `max_results=${max}`,
  ];
  if (params.sortBy) parts.push(`sortBy=${params.sortBy}`);
  if (params.sortOrder) parts.push(`sortOrder=${params.sortOrder}`);
  const sep = base.includes('?') ? '&' : '?';
  return `${base}${sep}${parts.join('&')}`;
}
