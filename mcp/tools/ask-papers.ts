/** `ask_papers(question)`: an answer over the library with citations. */
import type { McpServer, RegisteredTool } from '@modelcontextprotocol/sdk/server/mcp.js';
import { askPapersShape } from '../../domain/tool-schemas.ts';
import { textResult, safely, type ToolDeps } from '../tool-result.ts';

/** Registers the tool. */
export function registerAskPapersTool(server: McpServer, deps: ToolDeps): RegisteredTool {
  return server.registerTool(
    'ask_papers',
    {
      title: 'Ask the library',
      description: 'Answer a question from the papers stored in the library, citing arXiv ids and sections.',
      inputSchema: askPapersShape,
    },
    ({ question }) =>
      safely('ask_papers', deps.logger, async () => {
        const a = await deps.service.askPapers(question);
        const sources = a.citations
          .map((c, i) => `[${i + 1}] arXiv:${c.arxivId}${c.section ? ` (${c.section})` : ''}`)
          .join('\n');
        return textResult(sources ? `${a.answer}\n\nSources:\n${sources}` : a.answer);
      }),
  );
}
