/** `/arxiv unsubscribe name` (name autocompleted from the subscriptions). */
import { AppError } from '../../domain/errors.ts';
import type { SlashCommand } from '../command.ts';
import { COLOR } from '../format.ts';
import { subscriptionName } from '../options.ts';

export const unsubscribe: SlashCommand = {
  name: 'unsubscribe',
  expensive: false,
  manages: true,
  prepare(inv) {
    const name = subscriptionName(inv, 'name', { existing: true });
    return async ({ service }) => {
      if (!(await service.unsubscribe(name)))
        throw new AppError(
          'NOT_FOUND',
          `There is no subscription named "${name}". See /arxiv subscriptions.`,
        );
      return {
        embeds: [
          {
            title: `Unsubscribed: ${name}`,
            description: 'Its schedule is removed; past digests stay where they were published.',
            color: COLOR.ok,
          },
        ],
      };
    };
  },
};
