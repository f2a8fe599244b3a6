/** `get_paper(url_or_id, source?)`: the paper as Markdown (seed 001). */
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { textResult, safely, type ToolDeps } from '../tool-result.ts';

/** Registers the tool. */
export function registerGetPaperTool(server: McpServer, deps: ToolDeps): void {
  server.registerTool(
    'get_paper',
    {
      title: 'Get paper as Markdown',
      description: 'Fetch an arXiv paper by URL or id and return its metadata, abstract and full text as Markdown (HTML first, PDF fallback). The paper is stored in the library.',
      inputSchema: {
        url_or_id: z.string().trim().min(1).max(300).describe('arXiv URL or id, e.g. https://arxiv.org/abs/2104.12255'),
        source: z.enum(['auto', 'html', 'pdf']).default('auto').describe('Where to take the full text from'),
      },
    },
    ({ url_or_id, source }) =>
      safely('get_paper', deps.logger, async () => {
        const doc = await deps.service.getPaper({ ref: url_or_id, source });
        return textResult(doc.markdown);
      }),
  );
}
