/**
 * A typed builder for arXiv's `search_query` syntax and the query URL encoding. Pure code
 * without Node imports: workflows may import it (limits, sort names).
 *
 * Syntax (info.arxiv.org/help/api/user-manual §5.1): `field:term`, `field:"a phrase"`, the
 * operators AND / OR / ANDNOT, parentheses for grouping, and date ranges
 * `submittedDate:[YYYYMMDDTTTT TO YYYYMMDDTTTT]` in GMT.
 */
import { AppError } from '../../lib/errors.ts';

/** arXiv's caps: at most 2000 results per call and 30000 in total (beyond: HTTP 400). */
export const ARXIV_LIMITS = { maxPerCall: 2000, maxTotal: 30_000, idListBatch: 100 } as const;

export type QueryField = 'ti' | 'au' | 'abs' | 'co' | 'jr' | 'cat' | 'rn' | 'id' | 'all';
export type DateField = 'submittedDate' | 'lastUpdatedDate';
export type SortBy = 'relevance' | 'lastUpdatedDate' | 'submittedDate';
export type SortOrder = 'ascending' | 'descending';

export type QueryNode =
  | { kind: 'term'; field: QueryField; value: string }
  | { kind: 'phrase'; field: QueryField; value: string }
  | { kind: 'range'; field: DateField; from: Date; to: Date }
  | { kind: 'and' | 'or'; children: QueryNode[] }
  | { kind: 'andnot'; left: QueryNode; right: QueryNode };

const FORBIDDEN = /["()[\]]/;

function checkValue(field: string, value: string): string {
  const v = value.trim().replace(/\s+/g, ' ');
  if (!v) throw new AppError('INVALID_INPUT', `Empty search value for field ${field}: give a word or phrase.`);
  if (FORBIDDEN.test(v)) throw new AppError('INVALID_INPUT', `Search value "${value}" for ${field} contains quotes, brackets or parentheses; use phrase() or grouping instead.`);
  return v;
}

/** `field:value`; a value with spaces becomes a quoted phrase (otherwise arXiv would AND the words loosely). */
export function term(field: QueryField, value: string): QueryNode {
  const v = checkValue(field, value);
  return v.includes(' ') ? { kind: 'phrase', field, value: v } : { kind: 'term', field, value: v };
}

/** `field:"exact phrase"`. */
export function phrase(field: QueryField, value: string): QueryNode {
  return { kind: 'phrase', field, value: checkValue(field, value) };
}

/** All children must match. */
export function and(...children: QueryNode[]): QueryNode {
  if (children.length === 0) throw new AppError('INVALID_INPUT', 'and() needs at least one query part.');
  return { kind: 'and', children };
}

/** Any child may match. */
export function or(...children: QueryNode[]): QueryNode {
  if (children.length === 0) throw new AppError('INVALID_INPUT', 'or() needs at least one query part.');
  return { kind: 'or', children };
}

/** `left ANDNOT right`. */
export function andNot(left: QueryNode, right: QueryNode): QueryNode {
  return { kind: 'andnot', left, right };
}

/** A date range on submittedDate or lastUpdatedDate; both ends inclusive, to the minute, in GMT. */
export function dateRange(field: DateField, from: Date, to: Date): QueryNode {
  if (Number.isNaN(from.getTime()) || Number.isNaN(to.getTime())) throw new AppError('INVALID_INPUT', `Invalid date in ${field} range.`);
  if (from > to) throw new AppError('INVALID_INPUT', `${field} range starts (${from.toISOString()}) after it ends (${to.toISOString()}).`);
  return { kind: 'range', field, from, to };
}

/** YYYYMMDDHHMM in GMT, the format arXiv's date ranges expect. */
export function formatArxivDate(d: Date): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getUTCFullYear()}${p(d.getUTCMonth() + 1)}${p(d.getUTCDate())}${p(d.getUTCHours())}${p(d.getUTCMinutes())}`;
}

function renderChild(node: QueryNode): string {
  const s = renderQuery(node);
  const compound = (node.kind === 'and' || node.kind === 'or') ? node.children.length > 1 : node.kind === 'andnot';
  return compound ? `(${s})` : s;
}

/** Renders the `search_query` string (with real spaces; buildQueryUrl encodes them as `+`). */
export function renderQuery(node: QueryNode): string {
  switch (node.kind) {
    case 'term':
      return `${node.field}:${node.value}`;
    case 'phrase':
      return `${node.field}:"${node.value}"`;
    case 'range':
      return `${node.field}:[${formatArxivDate(node.from)} TO ${formatArxivDate(node.to)}]`;
    case 'and':
    case 'or':
      return node.children.map(renderChild).join(node.kind === 'and' ? ' AND ' : ' OR ');
    case 'andnot':
      return `${renderChild(node.left)} ANDNOT ${renderChild(node.right)}`;
  }
}

/**
 * Normalises a query typed by a user or copied from an arXiv URL: `+` means a space there
 * (`au:del_maestro+AND+ti:checkerboard`), whitespace collapses. Rejects unbalanced quotes or
 * parentheses, which arXiv answers with an error feed.
 */
export function normaliseRawQuery(text: string): string {
  const q = text.replace(/\+/g, ' ').replace(/\s+/g, ' ').trim();
  if (!q) throw new AppError('INVALID_INPUT', 'Empty search query: give e.g. "ti:transformer AND cat:cs.CL".');
  if ((q.match(/"/g)?.length ?? 0) % 2 !== 0) throw new AppError('INVALID_INPUT', `Unbalanced quote in query "${q}".`);
  let depth = 0;
  for (const ch of q) {
    if (ch === '(') depth++;
    if (ch === ')' && --depth < 0) break;
  }
  if (depth !== 0) throw new AppError('INVALID_INPUT', `Unbalanced parentheses in query "${q}".`);
  return q;
}

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
  return encodeURIComponent(v).replace(/%20/g, '+').replace(/%3A/gi, ':').replace(/%2F/gi, '/').replace(/%2C/gi, ',');
}

/** The full API URL for `base` (e.g. https://export.arxiv.org/api/query), validating arXiv's caps. */
export function buildQueryUrl(base: string, params: QueryParams): string {
  const start = params.start ?? 0;
  const max = params.maxResults ?? 10;
  if (!Number.isInteger(start) || start < 0) throw new AppError('INVALID_INPUT', `start must be a whole number >= 0, got ${start}.`);
  if (!Number.isInteger(max) || max < 1 || max > ARXIV_LIMITS.maxPerCall) {
    throw new AppError('INVALID_INPUT', `max results per call must be 1-${ARXIV_LIMITS.maxPerCall} (arXiv's cap), got ${max}.`);
  }
  if (start + max > ARXIV_LIMITS.maxTotal) {
    throw new AppError('INVALID_INPUT', `arXiv serves at most ${ARXIV_LIMITS.maxTotal} results per query (start ${start} + ${max}); narrow the query.`);
  }
  if (!params.searchQuery && !params.idList?.length) throw new AppError('INVALID_INPUT', 'A query needs a search_query or an id_list.');
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
