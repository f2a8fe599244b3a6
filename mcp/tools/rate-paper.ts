/** `rate_paper(subscription, paper, rating)`: feedback a subscription's next digests learn from. */
import type { McpServer, RegisteredTool } from '@modelcontextprotocol/sdk/server/mcp.js';
import { ratePaperShape } from '../../domain/tool-schemas.ts';
import { jsonResult, safely, type ToolDeps } from '../tool-result.ts';

/** Registers the tool. */
export function registerRatePaperTool(server: McpServer, deps: ToolDeps): RegisteredTool {
  return server.registerTool(
    'rate_paper',
    {
      title: 'Rate a paper for a subscription',
      description:
        "Tell a subscription whether a paper is relevant (up), not relevant (down), or clear the rating; the last rating wins. The subscription's next digests are ranked with what its ratings teach.",
      inputSchema: ratePaperShape,
    },
    (a, extra) =>
      safely('rate_paper', deps.logger, async () => {
        const r = await deps.service.ratePaper(
          {
            subscription: a.subscription,
            paper: a.paper,
            rating: a.rating === 'clear' ? null : a.rating,
            source: 'mcp',
          },
          { signal: extra.signal },
        );
        return jsonResult({ subscription: a.subscription, paper: r.paper, rating: r.rating?.rating ?? null });
      }),
  );
}
