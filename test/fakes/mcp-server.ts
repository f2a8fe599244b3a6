/**
 * A small real MCP server, run as a child process over stdio (the way a desktop client starts one
 * from `mcpServers`): `node --import tsx test/fakes/mcp-server.ts`. Tools:
 * - `lookup_note(topic)`: a lab note naming a paper (`FAKE_MCP_NOTE_ID`, default 1111.2011);
 * - `add(a, b)`: structured arithmetic;
 * - `fail(reason)`: an isError result;
 * - `crash()`: the process exits mid-call (the client must reconnect for the next call).
 * Each call is appended as a JSON line to `FAKE_MCP_LOG` when set, with the pid, so a test sees
 * which process served it. The process exits when stdin closes.
 */
import { appendFileSync } from 'node:fs';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { z } from 'zod';

const log = (tool: string, args: unknown) => {
  if (process.env.FAKE_MCP_LOG)
    appendFileSync(
      process.env.FAKE_MCP_LOG,
      `${JSON.stringify({ pid: process.pid, tool, args, secret: process.env.FAKE_MCP_SECRET ?? null })}\n`,
    );
};
const noteId = process.env.FAKE_MCP_NOTE_ID ?? '1111.2011';

const server = new McpServer({ name: 'fake-lab-notes', version: '1.0.0' });

server.registerTool(
  'lookup_note',
  { description: 'Look up the lab notebook entry for a topic.', inputSchema: { topic: z.string().min(1) } },
  ({ topic }) => {
    log('lookup_note', { topic });
    return {
      content: [
        { type: 'text', text: `Lab note on ${topic}: the group discussed arXiv:${noteId} on Tuesday.` },
      ],
    };
  },
);

server.registerTool(
  'add',
  {
    description: 'Add two numbers.',
    inputSchema: { a: z.number(), b: z.number() },
    outputSchema: { sum: z.number() },
  },
  ({ a, b }) => {
    log('add', { a, b });
    return { content: [{ type: 'text', text: String(a + b) }], structuredContent: { sum: a + b } };
  },
);

server.registerTool(
  'fail',
  { description: 'Always fails.', inputSchema: { reason: z.string().optional() } },
  ({ reason }) => {
    log('fail', { reason });
    return { content: [{ type: 'text', text: `notebook locked: ${reason ?? 'no reason'}` }], isError: true };
  },
);

server.registerTool('crash', { description: 'Exits mid-call.', inputSchema: {} }, () => {
  log('crash', {});
  process.exit(3);
});

const transport = new StdioServerTransport();
await server.connect(transport);
process.stdin.once('end', () => process.exit(0));
