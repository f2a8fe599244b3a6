/**
 * `subscribe_topic`: create or update a digest subscription, through the one subscribe capability
 * (its checks and limits). A write: MCP runs it on the client's call, the agent only proposes it
 * and runs it when the user confirms that proposal (SharedTool.sideEffect).
 */
import { z } from 'zod';
import { requireScope, subscriptionRequestOf } from '../capabilities/subscribe.ts';
import { describeSubscriptionProposal } from '../../domain/agent-proposals.ts';
import { seedPapersShape, subscribeTopicShape } from '../../domain/tool-schemas.ts';
import { jsonOutput, type SharedTool } from './shared-tool.ts';

/** Seed papers and where the digest goes: a direct caller's choice, never the model's (no webhook for it to pick). */
const callerShape = {
  ...seedPapersShape,
  discord_channel_id: z
    .string()
    .regex(/^\d{17,20}$/, 'a Discord channel id (17-20 digits)')
    .optional()
    .describe(
      'Post digests to this Discord channel (needs DISCORD_TOKEN); default DISCORD_WEBHOOK_URL, else DISCORD_CHANNEL_ID',
    ),
  discord_webhook_url: z
    .string()
    .max(500)
    .optional()
    .describe(
      'Post digests through this Discord webhook URL (https://discord.com/api/webhooks/<id>/<token>)',
    ),
  targets: z
    .record(z.string().max(32), z.string().max(2000))
    .optional()
    .describe(
      'The subscription\'s own target at other destinations, by kind, e.g. {"slack": "https://hooks.slack.com/services/…"} (default SLACK_WEBHOOK_URL)',
    ),
};

export const subscribeTopicTool: SharedTool = {
  name: 'subscribe_topic',
  title: 'Subscribe to a topic',
  description:
    'Create or update a digest subscription: new arXiv papers matching the query or categories are ranked by the interest (and by the ratings and seed papers it learns from) and published as a digest on a schedule.',
  shape: subscribeTopicShape,
  callerShape,
  sideEffect: {
    // Same arguments, same subscription: calling it again changes nothing more; an update replaces fields.
    idempotent: true,
    destructive: true,
    // Field by field against the stored subscription (a diff for an update).
    async describeProposal(ctx, args) {
      const prior = await ctx.store.getSubscription(String(args.name)).catch(() => null);
      return describeSubscriptionProposal(args, prior);
    },
  },
  async run(ctx, args) {
    const req = subscriptionRequestOf(args);
    requireScope(req);
    const prior = await ctx.store.getSubscription(req.name);
    const view = await ctx.subscribe(req);
    return {
      ...jsonOutput({ subscription: view }),
      done: `subscription "${view.name}" ${prior ? 'updated' : 'created'} (schedule ${view.cron}, ${view.timezone})`,
    };
  },
};
