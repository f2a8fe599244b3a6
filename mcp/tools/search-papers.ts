/** `search_papers(topic, max_results)`: searches arXiv and stores the results under the topic (seed 000). */
import type { McpServer, RegisteredTool } from '@modelcontextprotocol/sdk/server/mcp.js';
import { searchPapersShape } from '../../domain/tool-schemas.ts';
import { jsonResult, safely, type ToolDeps } from '../tool-result.ts';
import { callOptions } from '../call-options.ts';

/** Registers the tool. */
export function registerSearchPapersTool(server: McpServer, deps: ToolDeps): RegisteredTool {
  return server.registerTool(
    'search_papers',
    {
      title: 'Search arXiv',
      description: 'Search arXiv for a topic (plain language or an arXiv query), rerank the results and store them in the library under the topic. Returns the paper ids with titles and TL;DRs.',
      inputSchema: searchPapersShape,
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
