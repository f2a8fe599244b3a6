/** `/arxiv ask question:` — an answer over the library, with citations. */
import type { SlashCommand } from '../command.ts';
import { answerMessage } from '../format.ts';
import { requiredString } from '../options.ts';

export const ask: SlashCommand = {
  name: 'ask',
  expensive: true,
  manages: false,
  prepare(inv) {
    const question = requiredString(inv, 'question', 500);
    return async ({ service, progress }) => answerMessage(question, await service.askPapers(question, progress));
  },
};
