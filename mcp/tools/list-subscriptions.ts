/** `list_subscriptions()`: every subscription with its schedule and destinations. */
import type { McpServer, RegisteredTool } from '@modelcontextprotocol/sdk/server/mcp.js';
import { jsonResult, safely, type ToolDeps } from '../tool-result.ts';

/** Registers the tool. */
export function registerListSubscriptionsTool(server: McpServer, deps: ToolDeps): RegisteredTool {
  return server.registerTool(
    'list_subscriptions',
    {
      title: 'List subscriptions',
      description: 'Every topic subscription: query, categories, interest, schedule, destinations.',
    },
    () =>
      safely('list_subscriptions', deps.logger, async () =>
        jsonResult({ subscriptions: await deps.service.listSubscriptions() }),
      ),
  );
}
