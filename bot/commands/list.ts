/** `/arxiv list [query author category from to]` — the library, paged with buttons. */
import type { ListFiltersInput, RadarService } from '../../app/radar-service.ts';
import type { SlashCommand } from '../command.ts';
import { listMessage } from '../format.ts';
import { listButtonId } from '../list-state.ts';
import { optionalCategories, optionalDate, optionalString } from '../options.ts';
import type { BotMessage } from '../types.ts';
import { AppError } from '../../domain/errors.ts';

/** One page of the list for a saved filter set (used by the command and by its buttons). */
export async function listPage(
  service: RadarService,
  key: string,
  filters: ListFiltersInput,
  offset: number,
  pageSize: number,
  arxivOrigin?: string,
): Promise<BotMessage> {
  const r = await service.listPapers({ ...filters, limit: pageSize, offset });
  const buttons = {
    prev: listButtonId(key, Math.max(0, offset - pageSize)),
    next: listButtonId(key, offset + pageSize),
  };
  return listMessage(r, offset, pageSize, buttons, arxivOrigin);
}

export const list: SlashCommand = {
  name: 'list',
  expensive: false,
  manages: false,
  prepare(inv) {
    const filters: ListFiltersInput = {};
    const query = optionalString(inv, 'query', 200);
    const author = optionalString(inv, 'author', 100);
    const categories = optionalCategories(inv, 'category');
    const from = optionalDate(inv, 'from');
    const to = optionalDate(inv, 'to');
    if (from && to && from > to)
      throw new AppError('INVALID_INPUT', `\`from\` (${from}) is after \`to\` (${to}); swap them.`);
    if (query) filters.query = query;
    if (author) filters.author = author;
    if (categories) filters.categories = categories;
    if (from) filters.start_date = from;
    if (to) filters.end_date = to;
    return async ({ service, listState, listPageSize, arxivOrigin }) =>
      listPage(service, listState.save(filters), filters, 0, listPageSize, arxivOrigin);
  },
};
