/** Resources: `papers://folders`, `papers://{topic}` (seed 003) and `arxiv://paper/{id}`. */
import { ResourceTemplate, type McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { ToolDeps } from './tool-result.ts';

/** Registers every resource. */
export function registerResources(server: McpServer, deps: ToolDeps): void {
  const { service } = deps;
  server.registerResource('folders', 'papers://folders', { title: 'Topic folders', description: 'Topics in the library with their paper counts', mimeType: 'text/markdown' }, async (uri) => {
    const topics = await service.topics();
    const body = topics.length
      ? `# Available Topics\n\n${topics.map((t) => `- ${t.name} (${t.count} paper${t.count === 1 ? '' : 's'})`).join('\n')}\n\nUse @<topic> (papers://<topic>) to read the papers of a topic.\n`
      : '# Available Topics\n\nNo topics yet. Search with the search_papers tool first.\n';
    return { contents: [{ uri: uri.href, mimeType: 'text/markdown', text: body }] };
  });

  server.registerResource(
    'topic-papers',
    new ResourceTemplate('papers://{topic}', {
      list: async () => ({ resources: (await service.topics()).map((t) => ({ uri: `papers://${encodeURIComponent(t.name)}`, name: t.name, mimeType: 'text/markdown' })) }),
    }),
    { title: 'Papers of a topic', description: 'The stored papers of one topic, as Markdown', mimeType: 'text/markdown' },
    async (uri, vars) => {
      const topic = decodeURIComponent(String(vars.topic));
      return { contents: [{ uri: uri.href, mimeType: 'text/markdown', text: await service.topicMarkdown(topic) }] };
    },
  );

  // `{+id}` (reserved expansion) so old-style ids with a slash (astro-ph/0601001) match too.
  server.registerResource(
    'paper',
    new ResourceTemplate('arxiv://paper/{+id}', { list: undefined }),
    { title: 'arXiv paper', description: 'A paper’s metadata, abstract and full text as Markdown', mimeType: 'text/markdown' },
    async (uri, vars, extra) => {
      // Cancelled with the request (a closed connection): the workflow is not left running.
      const doc = await service.getPaper({ ref: decodeURIComponent(String(vars.id)), source: 'auto' }, undefined, { signal: extra.signal });
      return { contents: [{ uri: uri.href, mimeType: 'text/markdown', text: doc.markdown }] };
    },
  );
}
