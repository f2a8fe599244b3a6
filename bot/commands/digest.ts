/** `/arxiv digest name` — run a subscription's digest now. */
import type { SlashCommand } from '../command.ts';
import { digestMessage } from '../format.ts';
import { subscriptionName } from '../options.ts';

export const digest: SlashCommand = {
  name: 'digest',
  expensive: true,
  manages: true,
  prepare(inv) {
    const name = subscriptionName(inv, 'name', { existing: true });
    return async ({ service, progress, signal }) =>
      digestMessage(name, await service.runDigest(name, progress, { signal }));
  },
};
