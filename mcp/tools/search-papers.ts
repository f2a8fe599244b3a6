/** `search_papers(topic, max_results)`: searches arXiv and stores the results under the topic (seed 000). */
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { jsonResult, safely, type ToolDeps } from '../tool-result.ts';

/** Registers the tool. */
export function registerSearchPapersTool(server: McpServer, deps: ToolDeps): void {
  server.registerTool(
    'search_papers',
    {
      title: 'Search arXiv',
      description: 'Search arXiv for a topic (plain language or an arXiv query), rerank the results and store them in the library under the topic. Returns the paper ids with titles and TL;DRs.',
      inputSchema: {
        topic: z.string().trim().min(1).max(500).describe('The topic to search for'),
        max_results: z.number().int().min(1).max(50).default(5).describe('Maximum number of papers (1-50)'),
      },
    },
    ({ topic, max_results }) =>
      safely('search_papers', deps.logger, async () => {
        const r = await deps.service.searchPapers({ question: topic, maxResults: max_results, topic });
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
