/** The stdio transport: the MCP server on stdin/stdout (logs must go to stderr, which they do). */
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import type { AgentService } from '../app/agent-service.ts';
import type { RadarService } from '../app/radar-service.ts';
import type { Logger } from '../lib/logger.ts';
import { createMcpServer } from './server.ts';

/** Serves MCP over stdio until stdin closes; resolves then. With `agent`, `agent_ask` is offered too. */
export async function runMcpStdio(
  service: RadarService,
  logger: Logger,
  agent?: AgentService,
): Promise<void> {
  const server = createMcpServer({ service, agent, logger });
  const transport = new StdioServerTransport();
  const closed = new Promise<void>((resolve) => {
    transport.onclose = () => resolve();
    process.stdin.once('end', () => resolve());
  });
  await server.connect(transport);
  logger.info('MCP server on stdio');
  await closed;
  await server.close();
}
