/**
 * Our `tools/call` handler. The SDK's own one reports bad arguments as an `isError` tool result,
 * and a malformed request (e.g. `arguments: null`) as -32603 Internal error carrying a raw zod
 * dump. A client needs JSON-RPC -32602 (Invalid params) with one line naming the argument, so
 * this handler checks the request and the arguments against the tool's own schema first, then
 * runs the tool exactly as the SDK would. Failures inside a tool stay `isError` results
 * (tool-result.ts `safely`).
 */
import type { McpServer, RegisteredTool } from '@modelcontextprotocol/sdk/server/mcp.js';
import { ErrorCode, type CallToolResult, type JSONRPCRequest } from '@modelcontextprotocol/sdk/types.js';
import type { z } from 'zod';
import { formatIssues } from '../lib/zod-issues.ts';

type Handler = NonNullable<McpServer['server']['fallbackRequestHandler']>;
type Extra = Parameters<Handler>[1];

const oneLine = (s: string) => s.replace(/\s+/g, ' ').trim();
const describe = (v: unknown) => (v === null ? 'null' : Array.isArray(v) ? 'a list' : typeof v);

/**
 * A JSON-RPC error the SDK sends as `{ code, message }`. Not McpError: its message gets an
 * `MCP error -32602:` prefix, which the client's McpError would then repeat.
 */
class JsonRpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(oneLine(message));
  }
}

const invalidParams = (message: string) => new JsonRpcError(ErrorCode.InvalidParams, message);

/**
 * Replaces the SDK's tools/call handler on `server` with one that answers -32602 for a malformed
 * call or invalid arguments. `tools` are the registered tools by name (registerTool's results).
 */
export function installToolCallHandler(server: McpServer, tools: ReadonlyMap<string, RegisteredTool>): void {
  const inner = server.server;
  inner.removeRequestHandler('tools/call');
  // The fallback handler gets the raw request: nothing has parsed (and rejected) it yet.
  const previous = inner.fallbackRequestHandler;
  inner.fallbackRequestHandler = async (request: JSONRPCRequest, extra: Extra) => {
    if (request.method !== 'tools/call') {
      if (previous) return previous(request, extra);
      throw new JsonRpcError(ErrorCode.MethodNotFound, 'Method not found');
    }
    return callTool(tools, request.params, extra);
  };
}

async function callTool(
  tools: ReadonlyMap<string, RegisteredTool>,
  params: unknown,
  extra: Extra,
): Promise<CallToolResult> {
  if (typeof params !== 'object' || params === null || Array.isArray(params))
    throw invalidParams(
      `params must be an object with the tool name and arguments (got ${describe(params)})`,
    );
  const { name, arguments: args } = params as { name?: unknown; arguments?: unknown };
  if (typeof name !== 'string' || name === '')
    throw invalidParams(`name: the tool to call is required (got ${describe(name)})`);
  const tool = tools.get(name);
  if (!tool || !tool.enabled)
    throw invalidParams(`Unknown tool "${name.slice(0, 100)}"; tools/list names the tools`);
  if (args !== undefined && (typeof args !== 'object' || args === null || Array.isArray(args))) {
    throw invalidParams(
      `Invalid arguments for ${name}: arguments must be an object of named arguments (got ${describe(args)})`,
    );
  }
  if (!tool.inputSchema) return (tool.handler as (extra: Extra) => Promise<CallToolResult>)(extra);
  const parsed = await (tool.inputSchema as z.ZodType).safeParseAsync(args ?? {});
  if (!parsed.success)
    throw invalidParams(`Invalid arguments for ${name}: ${formatIssues(parsed.error.issues)}`);
  return (tool.handler as (args: unknown, extra: Extra) => Promise<CallToolResult>)(parsed.data, extra);
}
