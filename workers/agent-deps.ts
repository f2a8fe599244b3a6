/**
 * The worker side of the research agent: the model with tool calling and tools from external MCP
 * servers (MCP_SERVERS_FILE). It changes nothing stored by itself: a tool with a side effect runs
 * only in the caller's process, on the user's confirmation of its proposal (AgentService.confirm).
 */
import type { AgentDeps } from '../activities/agent/activities.ts';
import type { ToolCallingLlm } from '../app/ports/llm.ts';
import { createExternalTools } from '../adapters/mcp/external-mcp.ts';
import type { Config } from '../config/env.ts';
import type { Logger } from '../lib/logger.ts';

/**
 * The worker side of the agent: the model (the workers' one client) and the external servers the
 * config parsed (started on first use).
 */
export function buildAgentDeps(config: Config, logger: Logger, llm: ToolCallingLlm | undefined): AgentDeps {
  return {
    llm,
    external: config.MCP_SERVERS_FILE ? createExternalTools(config.MCP_SERVERS, logger) : undefined,
  };
}
