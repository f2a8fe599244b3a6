/** `get_paper(ref, source?)`: the paper as Markdown (seed 001); `url_or_id` is the old name of `ref`. */
import type { McpServer, RegisteredTool } from '@modelcontextprotocol/sdk/server/mcp.js';
import { AppError } from '../../domain/errors.ts';
import { getPaperMcpShape } from '../../domain/tool-schemas.ts';
import { textResult, safely, type ToolDeps } from '../tool-result.ts';
import { callOptions } from '../call-options.ts';

/** Registers the tool. */
export function registerGetPaperTool(server: McpServer, deps: ToolDeps): RegisteredTool {
  return server.registerTool(
    'get_paper',
    {
      title: 'Get paper as Markdown',
      description:
        'Fetch an arXiv paper by URL or id and return its metadata, abstract and full text as Markdown (arXiv HTML, else ar5iv HTML, else the LaTeX source, else the PDF; the Markdown says which, and keeps formulas as LaTeX). The paper is stored in the library.',
      inputSchema: getPaperMcpShape,
    },
    ({ ref, url_or_id, source }, extra) =>
      safely('get_paper', deps.logger, async () => {
        const given = ref ?? url_or_id;
        if (!given)
          throw new AppError('INVALID_INPUT', 'get_paper needs "ref": an arXiv id or URL, e.g. 2104.12255.');
        const { progress, options } = callOptions(extra);
        const doc = await deps.service.getPaper({ ref: given, source }, progress, options);
        return textResult(doc.markdown);
      }),
  );
}
