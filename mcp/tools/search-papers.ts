/** `search_papers(topic, max_results)`: searches arXiv and stores the results under the topic (seed 000). */
import type { McpServer, RegisteredTool } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { MAX_SEARCH_RESULTS } from '../../app/radar-service.ts';
import { MAX_TOPIC_NAME } from '../../activities/store/validate.ts';
import { jsonResult, safely, type ToolDeps } from '../tool-result.ts';
import { callOptions } from '../call-options.ts';

/** Registers the tool. */
export function registerSearchPapersTool(server: McpServer, deps: ToolDeps): RegisteredTool {
  return server.registerTool(
    'search_papers',
    {
      title: 'Search arXiv',
      description: 'Search arXiv for a topic (plain language or an arXiv query), rerank the results and store them in the library under the topic. Returns the paper ids with titles and TL;DRs.',
      inputSchema: {
        // The topic also names the library folder the results are stored under, hence its limit.
        topic: z.string().trim().min(1).max(MAX_TOPIC_NAME).describe('The topic to search for'),
        max_results: z.number().int().min(1).max(MAX_SEARCH_RESULTS).default(5).describe(`Maximum number of papers (1-${MAX_SEARCH_RESULTS})`),
      },
    },
    ({ topic, max_results }, extra) =>
      safely('search_papers', deps.logger, async () => {
        const { progress, options } = callOptions(extra);
        const r = await deps.service.searchPapers({ question: topic, maxResults: max_results, topic }, progress, options);
        return jsonResult({
          topic,
          query: r.query,
          ranker: r.ranker,
          paper_ids: r.papers.map((p) => p.paper.id),
          papers: r.papers.map((p) => ({ id: p.paper.id, title: p.paper.title, score: p.score, tldr: p.summary?.tldr ?? null, url: p.paper.links.abs })),
        });
      }),
  );
}
