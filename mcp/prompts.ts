/** The `generate_search_prompt(topic, num_papers)` prompt (seed 003). */
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';

/** The instructions an agent follows to search, extract and synthesise a report on a topic. */
export function searchPromptText(topic: string, numPapers: number): string {
  return `Search for ${numPapers} academic papers about '${topic}' using the search_papers tool. Follow these instructions:
1. First, search for papers using search_papers(topic='${topic}', max_results=${numPapers})
2. For each paper found, extract and organize the following information with extract_info(paper_id):
   - Paper title
   - Authors
   - Publication date
   - Brief summary of the key findings
   - Main contributions or innovations
   - Methodologies used
   - Relevance to the topic '${topic}'
3. Provide a comprehensive summary that includes:
   - Overview of the current state of research in '${topic}'
   - Common themes and trends across the papers
   - Key research gaps or areas for future investigation
   - Most impactful or influential papers in this area
4. Organize your findings in a clear, structured format with headings and bullet points for easy readability.

Please present both detailed information about each paper and a high-level synthesis of the research landscape in ${topic}.`;
}

/** Registers the prompt. */
export function registerPrompts(server: McpServer): void {
  server.registerPrompt(
    'generate_search_prompt',
    {
      title: 'Research a topic',
      description: 'Instructions to search arXiv for a topic, extract each paper’s information and synthesise a report',
      argsSchema: {
        topic: z.string().trim().min(1).max(300).describe('The research topic'),
        num_papers: z.string().regex(/^\d{1,2}$/, 'a number from 1 to 50').optional().describe('How many papers (default 5)'),
      },
    },
    ({ topic, num_papers }) => {
      const n = Math.min(50, Math.max(1, Number(num_papers ?? 5)));
      return { messages: [{ role: 'user', content: { type: 'text', text: searchPromptText(topic, n) } }] };
    },
  );
}
