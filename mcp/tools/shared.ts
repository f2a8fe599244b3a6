/** The tools MCP shares with the research agent (app/tools/): each registered as defined there, run by the service. */
import type { McpServer, RegisteredTool } from '@modelcontextprotocol/sdk/server/mcp.js';
import { SHARED_TOOLS } from '../../app/tools/index.ts';
import { safely, textResult, type ToolDeps } from '../tool-result.ts';

/** Registers every shared tool; returns them by name (for the tools/call handler). */
export function registerSharedTools(server: McpServer, deps: ToolDeps): Array<[string, RegisteredTool]> {
  return SHARED_TOOLS.map((tool) => [
    tool.name,
    server.registerTool(
      tool.name,
      { title: tool.title, description: tool.description, inputSchema: tool.shape },
      (args: Record<string, unknown>) =>
        safely(tool.name, deps.logger, async () => textResult(await deps.service.runTool(tool.name, args))),
    ),
  ]);
}
