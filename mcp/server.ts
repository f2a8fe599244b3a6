/**
 * The MCP server: arxiv-radar's command layer as tools, resources and a prompt for agents. One
 * factory for every transport (stdio, Streamable HTTP, in-memory in tests).
 */
import { McpServer, type RegisteredTool } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { AgentService } from '../app/agent-service.ts';
import type { RadarService } from '../app/radar-service.ts';
import type { Logger } from '../lib/logger.ts';
import { registerPrompts } from './prompts.ts';
import { registerResources } from './resources.ts';
import { installToolCallHandler } from './tool-calls.ts';
import { registerAgentAskTool } from './tools/agent-ask.ts';
import { registerExtractInfoTool } from './tools/extract-info.ts';
import { registerGetPaperTool } from './tools/get-paper.ts';
import { registerListSubscriptionsTool } from './tools/list-subscriptions.ts';
import { registerSearchPapersTool } from './tools/search-papers.ts';
import { registerRatePaperTool } from './tools/rate-paper.ts';
import { registerSharedTools } from './tools/shared.ts';

export const MCP_SERVER_NAME = 'arxiv-radar';

/**
 * A fresh McpServer with every tool, resource and prompt registered; connect it to a transport.
 * With `agent`, the research agent is offered too (`agent_ask`).
 */
export function createMcpServer(deps: {
  service: RadarService;
  agent?: AgentService | undefined;
  logger: Logger;
  version?: string;
}): McpServer {
  const server = new McpServer(
    { name: MCP_SERVER_NAME, version: deps.version ?? '0.1.0' },
    { capabilities: { logging: {} } },
  );
  const tools = new Map<string, RegisteredTool>([
    ['search_papers', registerSearchPapersTool(server, deps)],
    ['extract_info', registerExtractInfoTool(server, deps)],
    ['get_paper', registerGetPaperTool(server, deps)],
    ['list_subscriptions', registerListSubscriptionsTool(server, deps)],
    ['rate_paper', registerRatePaperTool(server, deps)],
    ...registerSharedTools(server, deps),
  ]);
  if (deps.agent) tools.set('agent_ask', registerAgentAskTool(server, { ...deps, agent: deps.agent }));
  installToolCallHandler(server, tools);
  registerResources(server, deps);
  registerPrompts(server);
  return server;
}
