/** `list_papers(...)`: filtered, paged listing of the library (seed 002). */
import type { McpServer, RegisteredTool } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import type { ListFiltersInput } from '../../app/radar-service.ts';
import { CATEGORY, DEFAULT_LIMIT, isCalendarDate, MAX_LIMIT, MAX_TOPIC_NAME } from '../../activities/store/validate.ts';
import { jsonResult, safely, type ToolDeps } from '../tool-result.ts';

const date = z.string().refine(isCalendarDate, 'not a calendar date; use YYYY-MM-DD');

/** Registers the tool. */
export function registerListPapersTool(server: McpServer, deps: ToolDeps): RegisteredTool {
  return server.registerTool(
    'list_papers',
    {
      title: 'List library papers',
      description: 'List papers in the library, filtered by words, author, categories, publication dates or topic. Returns { total_count, returned, papers }.',
      inputSchema: {
        query: z.string().max(300).optional().describe('Words in the title or abstract'),
        author: z.string().max(200).optional(),
        categories: z.array(z.string().regex(CATEGORY, 'an arXiv category such as cs.LG')).max(20).optional(),
        start_date: date.optional().describe('Published on or after (YYYY-MM-DD)'),
        end_date: date.optional().describe('Published on or before (YYYY-MM-DD)'),
        topic: z.string().max(MAX_TOPIC_NAME).optional(),
        limit: z.number().int().min(1).max(MAX_LIMIT).default(DEFAULT_LIMIT).describe(`Papers per page (1-${MAX_LIMIT})`),
        offset: z.number().int().min(0).default(0),
      },
    },
    (args) =>
      safely('list_papers', deps.logger, async () => {
        const filters: ListFiltersInput = { limit: args.limit, offset: args.offset };
        for (const k of ['query', 'author', 'start_date', 'end_date', 'topic'] as const) if (args[k]) filters[k] = args[k];
        if (args.categories?.length) filters.categories = args.categories;
        const r = await deps.service.listPapers(filters);
        return jsonResult({ total_count: r.total_count, returned: r.returned, papers: r.papers });
      }),
  );
}
