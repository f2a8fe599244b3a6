/** `get_paper(url_or_id, source?)`: the paper as Markdown (seed 001). */
import type { McpServer, RegisteredTool } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { textResult, safely, type ToolDeps } from '../tool-result.ts';
import { callOptions } from '../call-options.ts';

/** Registers the tool. */
export function registerGetPaperTool(server: McpServer, deps: ToolDeps): RegisteredTool {
  return server.registerTool(
    'get_paper',
    {
      title: 'Get paper as Markdown',
      description: 'Fetch an arXiv paper by URL or id and return its metadata, abstract and full text as Markdown (HTML first, PDF fallback). The paper is stored in the library.',
      inputSchema: {
        url_or_id: z.string().trim().min(1).max(300).describe('arXiv URL or id, e.g. https://arxiv.org/abs/2104.12255'),
        source: z.enum(['auto', 'html', 'pdf']).default('auto').describe('Where to take the full text from'),
      },
    },
    ({ url_or_id, source }, extra) =>
      safely('get_paper', deps.logger, async () => {
        const { progress, options } = callOptions(extra);
        const doc = await deps.service.getPaper({ ref: url_or_id, source }, progress, options);
        return textResult(doc.markdown);
      }),
  );
}
