/** `/arxiv paper ref:` — summary and links, with the full Markdown attached as a file. */
import type { SlashCommand } from '../command.ts';
import { paperMessage } from '../format.ts';
import { requiredString } from '../options.ts';

export const paper: SlashCommand = {
  name: 'paper',
  expensive: true,
  manages: false,
  prepare(inv) {
    const ref = requiredString(inv, 'ref', 300);
    return async ({ service, progress, signal }) =>
      paperMessage(await service.getPaper({ ref, source: 'auto' }, progress, { signal }));
  },
};
