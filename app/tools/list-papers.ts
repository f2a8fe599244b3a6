/** `list_papers`: a filtered, paged listing of the library (seed 002), for MCP and the agent. */
import { listFiltersOf, listPapers } from '../capabilities/library.ts';
import { listPapersShape } from '../../domain/tool-schemas.ts';
import { jsonOutput, type SharedTool } from './shared-tool.ts';

export const listPapersTool: SharedTool = {
  name: 'list_papers',
  title: 'List library papers',
  description:
    'List papers already in the library, filtered by words, author, categories, publication dates or topic. Returns { total_count, returned, papers }.',
  shape: listPapersShape,
  async run(ctx, args) {
    const r = await listPapers(ctx.store, listFiltersOf(args));
    return jsonOutput({ total_count: r.total_count, returned: r.returned, papers: r.papers });
  },
};
