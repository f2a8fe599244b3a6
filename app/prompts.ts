/** The prompts every front end offers (MCP `prompts/get`, the chat REPL's `/prompt`): seed 003's search prompt. */

/** The tools the prompt names: the MCP server's by default; the research agent's own are named differently. */
export interface PromptTools {
  search: string;
  /** How a paper's information is fetched, as a call, e.g. `extract_info(paper_id)`. */
  info: string;
}

export const MCP_PROMPT_TOOLS: PromptTools = { search: 'search_papers', info: 'extract_info(paper_id)' };
/** The research agent's tools (chat, Discord, agent_ask): a model told to call search_papers would call a tool it does not have. */
export const AGENT_PROMPT_TOOLS: PromptTools = { search: 'search_arxiv', info: 'get_paper(ref)' };

/** The instructions an agent follows to search, extract and synthesise a report on a topic. */
export function searchPromptText(
  topic: string,
  numPapers: number,
  tools: PromptTools = MCP_PROMPT_TOOLS,
): string {
  return `Search for ${numPapers} academic papers about '${topic}' using the ${tools.search} tool. Follow these instructions:
1. First, search for papers using ${tools.search}(topic='${topic}', max_results=${numPapers})
2. For each paper found, extract and organize the following information with ${tools.info}:
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
