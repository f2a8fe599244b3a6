/** `search_papers(topic, max_results, full_text)`: searches arXiv and stores the results under the topic (seed 000). */
import type { McpServer, RegisteredTool } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import type { RankedPaper } from '../../app/radar-service.ts';
import { searchPapersShape } from '../../domain/tool-schemas.ts';
import { jsonResult, safely, type ToolDeps } from '../tool-result.ts';
import { callOptions } from '../call-options.ts';

/** How many of the best get a full-text summary when `full_text` is asked for. */
export const FULL_TEXT_TOP_N = 3;

const shape = {
  ...searchPapersShape,
  // MCP only: the agent reads full texts with get_paper.
  full_text: z
    .boolean()
    .default(false)
    .describe(
      `Also fetch the full text of the top ${FULL_TEXT_TOP_N} and summarise from it (one or two more arXiv requests each, several seconds). Default false: TL;DRs from the abstracts, one arXiv request; read a paper with get_paper.`,
    ),
};

const listed = (p: RankedPaper) => ({
  id: p.paper.id,
  title: p.paper.title,
  score: p.score,
  tldr: p.summary?.tldr ?? null,
  key_points: p.summary?.keyPoints ?? [],
  summary_from: p.summarySource ?? null,
  url: p.paper.links.abs,
});

/** Registers the tool. */
export function registerSearchPapersTool(server: McpServer, deps: ToolDeps): RegisteredTool {
  return server.registerTool(
    'search_papers',
    {
      title: 'Search arXiv',
      description:
        'Search arXiv for a topic (plain language, or arXiv query syntax such as cat:cs.CL or ti:"…" AND cat:cs.CV, sent as written), rerank the results and store them in the library under the topic. Returns the paper ids with titles and TL;DRs taken from the abstracts (full_text: true for full-text TL;DRs of the top 3). When nothing matches, says which query ran and tries one broader query, marked as such.',
      inputSchema: shape,
    },
    ({ topic, max_results, full_text }, extra) =>
      safely('search_papers', deps.logger, async () => {
        const { progress, options } = callOptions(extra);
        const r = await deps.service.searchPapers(
          { question: topic, maxResults: max_results, topic, fullText: full_text ? FULL_TEXT_TOP_N : 0 },
          progress,
          options,
        );
        return jsonResult({
          topic,
          query: r.query,
          ranker: r.ranker,
          paper_ids: r.papers.map((p) => p.paper.id),
          papers: r.papers.map(listed),
          ...(r.papers.length === 0
            ? {
                note: `arXiv found nothing for ${r.query}.${r.broader ? ` Tried one broader query (${r.broader.why}): ${r.broader.query}, which found ${r.broader.papers.length}.` : ''}`,
                ...(r.broader
                  ? {
                      broader: {
                        query: r.broader.query,
                        why: r.broader.why,
                        paper_ids: r.broader.papers.map((p) => p.paper.id),
                        papers: r.broader.papers.map(listed),
                      },
                    }
                  : {}),
              }
            : {}),
        });
      }),
  );
}
