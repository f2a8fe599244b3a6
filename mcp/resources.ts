/** Resources: `papers://folders`, `papers://{topic}` (seed 003) and `arxiv://paper/{id}`. */
import { ResourceTemplate, type McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import { errorMessage, isAppError, isUserErrorCode } from '../domain/errors.ts';
import type { ToolDeps } from './tool-result.ts';

/**
 * A resource read the caller got wrong (a URI that is not percent-encoding, an id that is no
 * arXiv id, a topic that does not exist) is their error: -32602 (invalid params) with the reason,
 * not -32603. Our own failures stay internal errors.
 */
async function asParamsError<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (e) {
    if (e instanceof URIError)
      throw new McpError(ErrorCode.InvalidParams, 'The resource URI is not valid percent-encoding.');
    if (isAppError(e) && isUserErrorCode(e.code))
      throw new McpError(ErrorCode.InvalidParams, errorMessage(e));
    throw e;
  }
}

/** Registers every resource. */
export function registerResources(server: McpServer, deps: ToolDeps): void {
  const { service } = deps;
  server.registerResource(
    'folders',
    'papers://folders',
    {
      title: 'Topic folders',
      description: 'Topics in the library with their paper counts',
      mimeType: 'text/markdown',
    },
    async (uri) => {
      const topics = await service.topics();
      const body = topics.length
        ? `# Available Topics\n\n${topics.map((t) => `- ${t.name} (${t.count} paper${t.count === 1 ? '' : 's'})`).join('\n')}\n\nUse @<topic> (papers://<topic>) to read the papers of a topic.\n`
        : '# Available Topics\n\nNo topics yet. Search with the search_papers tool first.\n';
      return { contents: [{ uri: uri.href, mimeType: 'text/markdown', text: body }] };
    },
  );

  server.registerResource(
    'topic-papers',
    new ResourceTemplate('papers://{topic}', {
      list: async () => ({
        resources: (await service.topics()).map((t) => ({
          uri: `papers://${encodeURIComponent(t.name)}`,
          name: t.name,
          mimeType: 'text/markdown',
        })),
      }),
    }),
    {
      title: 'Papers of a topic',
      description: 'The stored papers of one topic, as Markdown',
      mimeType: 'text/markdown',
    },
    async (uri, vars) =>
      asParamsError(async () => {
        const topic = decodeURIComponent(String(vars.topic));
        return {
          contents: [{ uri: uri.href, mimeType: 'text/markdown', text: await service.topicMarkdown(topic) }],
        };
      }),
  );

  // `{+id}` (reserved expansion) so old-style ids with a slash (astro-ph/0601001) match too.
  server.registerResource(
    'paper',
    new ResourceTemplate('arxiv://paper/{+id}', { list: undefined }),
    {
      title: 'arXiv paper',
      description: 'A paper’s metadata, abstract and full text as Markdown',
      mimeType: 'text/markdown',
    },
    async (uri, vars, extra) =>
      asParamsError(async () => {
        // Cancelled with the request (a closed connection): the workflow is not left running.
        const doc = await service.getPaper(
          { ref: decodeURIComponent(String(vars.id)), source: 'auto' },
          undefined,
          { signal: extra.signal },
        );
        return { contents: [{ uri: uri.href, mimeType: 'text/markdown', text: doc.markdown }] };
      }),
  );
}
