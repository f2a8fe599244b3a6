/** `extract_info(paper_id)`: a stored paper's metadata as JSON (seed 000). */
import type { McpServer, RegisteredTool } from '@modelcontextprotocol/sdk/server/mcp.js';
import { extractInfoShape } from '../../domain/tool-schemas.ts';
import { textResult, safely, type ToolDeps } from '../tool-result.ts';

/** Registers the tool. */
export function registerExtractInfoTool(server: McpServer, deps: ToolDeps): RegisteredTool {
  return server.registerTool(
    'extract_info',
    {
      title: 'Paper info',
      description:
        'Information about a paper already in the library (title, authors, summary, categories, links, topics). Search for it with search_papers first.',
      inputSchema: extractInfoShape,
    },
    ({ paper_id }) =>
      safely('extract_info', deps.logger, async () => {
        const p = await deps.service.extractInfo(paper_id);
        if (!p)
          return textResult(
            `There's no saved information related to paper ${paper_id}. Search for it first with search_papers (or fetch it with get_paper).`,
          );
        return textResult(
          JSON.stringify(
            {
              id: p.id,
              title: p.title,
              authors: p.authors.map((a) => a.name),
              summary: p.abstract,
              published: p.published.slice(0, 10),
              categories: p.categories,
              pdf_url: p.links.pdf,
              abs_url: p.links.abs,
              doi: p.doi,
              journal_ref: p.journalRef,
              topics: p.topics,
            },
            null,
            2,
          ),
        );
      }),
  );
}
