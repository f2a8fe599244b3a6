/** `/arxiv search question:` — built query, search, rerank, top results with TL;DRs. */
import type { SlashCommand } from '../command.ts';
import { searchMessage } from '../format.ts';
import { requiredString } from '../options.ts';

export const search: SlashCommand = {
  name: 'search',
  expensive: true,
  manages: false,
  prepare(inv) {
    const question = requiredString(inv, 'question', 500);
    return async ({ service, progress, signal }) => searchMessage(await service.searchPapers({ question, maxResults: 5 }, progress, { signal }));
  },
};
