/** The tools MCP shares with the research agent (app/tools/): each registered as defined there, run by the service. */
import type { McpServer, RegisteredTool } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { SHARED_TOOLS, toolShape, type SharedTool, type ToolOutput } from '../../app/tools/index.ts';
import { safely, type ToolDeps } from '../tool-result.ts';

/** MCP's hints: a tool with a side effect says what kind, so the client can ask its user first. */
function annotationsOf(tool: SharedTool) {
  const effect = tool.sideEffect;
  return effect
    ? { readOnlyHint: false, destructiveHint: effect.destructive, idempotentHint: effect.idempotent }
    : { readOnlyHint: true };
}

const resultOf = (out: ToolOutput): CallToolResult => ({
  content: [{ type: 'text', text: out.text }],
  ...(out.structured ? { structuredContent: out.structured } : {}),
});

/** Registers every shared tool; returns them by name (for the tools/call handler). */
export function registerSharedTools(server: McpServer, deps: ToolDeps): Array<[string, RegisteredTool]> {
  return SHARED_TOOLS.map((tool) => [
    tool.name,
    server.registerTool(
      tool.name,
      {
        title: tool.title,
        description: tool.description,
        inputSchema: toolShape(tool, 'client'),
        annotations: annotationsOf(tool),
      },
      (args: Record<string, unknown>) =>
        safely(tool.name, deps.logger, async () => resultOf(await deps.service.runTool(tool.name, args))),
    ),
  ]);
}
