/** `subscribe_topic(...)`: a scheduled digest for a topic. */
import type { McpServer, RegisteredTool } from '@modelcontextprotocol/sdk/server/mcp.js';
import { requireScope, subscriptionRequestOf } from '../../app/capabilities/subscribe.ts';
import { z } from 'zod';
import { seedPapersShape, subscribeTopicShape } from '../../domain/tool-schemas.ts';
import { jsonResult, safely, type ToolDeps } from '../tool-result.ts';

/** The shared shape plus where the digest goes in Discord (MCP only: the chat agent is never handed a webhook). */
const shape = {
  ...subscribeTopicShape,
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

/** Registers the tool. */
export function registerSubscribeTopicTool(server: McpServer, deps: ToolDeps): RegisteredTool {
  return server.registerTool(
    'subscribe_topic',
    {
      title: 'Subscribe to a topic',
      description:
        'Create or update a subscription: new arXiv papers matching the query or categories are ranked by the interest (and by the ratings and seed papers it learns from) and published as a digest on a schedule.',
      inputSchema: shape,
    },
    (a) =>
      safely('subscribe_topic', deps.logger, async () => {
        const req = subscriptionRequestOf(a);
        requireScope(req);
        return jsonResult({ subscription: await deps.service.subscribe(req) });
      }),
  );
}
