/** `list_papers(...)`: filtered, paged listing of the library (seed 002). */
import type { McpServer, RegisteredTool } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { ListFiltersInput } from '../../app/radar-service.ts';
import { listPapersShape } from '../../domain/tool-schemas.ts';
import { jsonResult, safely, type ToolDeps } from '../tool-result.ts';

/** Registers the tool. */
export function registerListPapersTool(server: McpServer, deps: ToolDeps): RegisteredTool {
  return server.registerTool(
    'list_papers',
    {
      title: 'List library papers',
      description:
        'List papers in the library, filtered by words, author, categories, publication dates or topic. Returns { total_count, returned, papers }.',
      inputSchema: listPapersShape,
    },
    (args) =>
      safely('list_papers', deps.logger, async () => {
        const filters: ListFiltersInput = { limit: args.limit, offset: args.offset };
        for (const k of ['query', 'author', 'start_date', 'end_date', 'topic'] as const)
          if (args[k]) filters[k] = args[k];
        if (args.categories?.length) filters.categories = args.categories;
        const r = await deps.service.listPapers(filters);
        return jsonResult({ total_count: r.total_count, returned: r.returned, papers: r.papers });
      }),
  );
}
