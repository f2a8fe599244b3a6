/** `/arxiv subscribe` — a scheduled digest posted to the current channel. */
import { isTimeZone } from '../../domain/subscription.ts';
import { AppError } from '../../domain/errors.ts';
import { MAX_TOP_K, MIN_TOP_K } from '../../domain/limits.ts';
import type { SubscriptionRequest } from '../../app/radar-service.ts';
import type { SlashCommand } from '../command.ts';
import { subscribedMessage } from '../format.ts';
import {
  optionalCategories,
  optionalInt,
  optionalString,
  requiredString,
  subscriptionName,
} from '../options.ts';

const CRON = /^(\S+\s+){4}\S+$/;

export const subscribe: SlashCommand = {
  name: 'subscribe',
  expensive: false,
  manages: true,
  prepare(inv) {
    if (!inv.channelId)
      throw new AppError(
        'INVALID_INPUT',
        'Run /arxiv subscribe in the channel that should receive the digest.',
      );
    const req: SubscriptionRequest = {
      name: subscriptionName(inv),
      query: requiredString(inv, 'query', 300),
      interest: requiredString(inv, 'interest', 500),
      discordChannelId: inv.channelId,
    };
    const categories = optionalCategories(inv, 'categories');
    const cron = optionalString(inv, 'schedule', 100);
    const timezone = optionalString(inv, 'timezone', 64);
    const topK = optionalInt(inv, 'top', MIN_TOP_K, MAX_TOP_K);
    if (cron && !CRON.test(cron))
      throw new AppError(
        'INVALID_INPUT',
        `\`schedule\` must be a 5-field cron expression such as "30 20 * * 0-4" (got "${cron}").`,
      );
    if (timezone && !isTimeZone(timezone))
      throw new AppError(
        'INVALID_INPUT',
        `\`timezone\` "${timezone}" is not an IANA time zone; use e.g. Europe/Berlin.`,
      );
    if (categories) req.categories = categories;
    if (cron) req.cron = cron;
    if (timezone) req.timezone = timezone;
    if (topK !== undefined) req.topK = topK;
    const like = optionalString(inv, 'like', 1000)
      ?.split(/[\s,]+/)
      .filter(Boolean);
    if (like?.length) req.like = like;
    return async ({ service, signal }) =>
      subscribedMessage(await service.subscribe(req, { signal }), like?.length ?? 0);
  },
};
