/** The `generate_search_prompt(topic, num_papers)` prompt (seed 003). */
import { MAX_SEARCH_RESULTS } from '../domain/limits.ts';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { searchPromptText } from '../app/prompts.ts';

/** Registers the prompt. */
export function registerPrompts(server: McpServer): void {
  server.registerPrompt(
    'generate_search_prompt',
    {
      title: 'Research a topic',
      description:
        'Instructions to search arXiv for a topic, extract each paper’s information and synthesise a report',
      argsSchema: {
        topic: z.string().trim().min(1).max(300).describe('The research topic'),
        num_papers: z
          .string()
          .regex(/^\d{1,2}$/, `a number from 1 to ${MAX_SEARCH_RESULTS}`)
          .optional()
          .describe('How many papers (default 5)'),
      },
    },
    ({ topic, num_papers }) => {
      const n = Math.min(MAX_SEARCH_RESULTS, Math.max(1, Number(num_papers ?? 5)));
      return { messages: [{ role: 'user', content: { type: 'text', text: searchPromptText(topic, n) } }] };
    },
  );
}
