/**
 * Reading the library, the one way for the service (`list`, `topics`, MCP `list_papers`) and the
 * agent's `list_papers` and `list_topics` tools.
 */
import type { ListFilters, ListResult, TopicCount } from '../../domain/library.ts';
import type { LibraryStore } from '../ports/store.ts';

/** `list_papers`' arguments (domain/tool-schemas.ts listPapersShape) as library filters: empty ones dropped. */
export function listFiltersOf(args: Record<string, unknown>): ListFilters {
  const filters: ListFilters = {};
  for (const k of ['query', 'author', 'start_date', 'end_date', 'topic'] as const)
    if (typeof args[k] === 'string' && args[k]) filters[k] = args[k];
  if (Array.isArray(args.categories) && args.categories.length)
    filters.categories = args.categories as string[];
  if (typeof args.limit === 'number') filters.limit = args.limit;
  if (typeof args.offset === 'number') filters.offset = args.offset;
  return filters;
}

/** One page of stored papers matching `filters` (validated by the library: INVALID_INPUT names a bad one). */
export function listPapers(
  store: Pick<LibraryStore, 'listPapers'>,
  filters: ListFilters,
): Promise<ListResult> {
  return store.listPapers(filters);
}

/** The library's topic folders with their paper counts, by name. */
export function listTopics(store: Pick<LibraryStore, 'topics'>): Promise<TopicCount[]> {
  return store.topics();
}
