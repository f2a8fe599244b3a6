/** `/arxiv subscribe` — a scheduled digest posted to the current channel. */
import { isTimeZone } from '../../domain/subscription.ts';
import { AppError } from '../../domain/errors.ts';
import { MAX_TOP_K, MIN_TOP_K } from '../../domain/limits.ts';
import { subscriptionRequestOf } from '../../app/capabilities/subscribe.ts';
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
    // Read in this order, so the first bad option is the one named.
    const name = subscriptionName(inv);
    const query = requiredString(inv, 'query', 300);
    const interest = requiredString(inv, 'interest', 500);
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
    const like = optionalString(inv, 'like', 1000)
      ?.split(/[\s,]+/)
      .filter(Boolean);
    // The one request builder (the MCP tool, the agent and the web form use it too).
    const req = subscriptionRequestOf({
      name,
      query,
      interest,
      categories,
      schedule: cron,
      timezone,
      top_k: topK,
      like,
      discord_channel_id: inv.channelId,
    });
    return async ({ service, signal }) =>
      subscribedMessage(await service.subscribe(req, { signal }), like?.length ?? 0);
  },
};
