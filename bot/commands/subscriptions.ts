/** `/arxiv subscriptions` — every subscription with its schedule and destinations. */
import type { SlashCommand } from '../command.ts';
import { subscriptionsMessage } from '../format.ts';

export const subscriptions: SlashCommand = {
  name: 'subscriptions',
  expensive: false,
  manages: false,
  prepare() {
    return async ({ service }) => subscriptionsMessage(await service.listSubscriptions());
  },
};
