/**
 * Composes the AgentService beside an open RadarService (same Temporal connection, same library).
 * Its own module: the tool schemas it lists load zod, which commands without the agent never need.
 */
import { createAgentService, type AgentService } from '../app/agent-service.ts';
import { builtinToolSpecs } from '../activities/agent/tools.ts';
import type { Config } from '../config/env.ts';
import type { Logger } from '../lib/logger.ts';
import type { RadarServiceHandle } from './compose.ts';

/** The AgentService over an open RadarService: the same Temporal connection and library. */
export function openAgentService(config: Config, logger: Logger, radar: RadarServiceHandle): AgentService {
  return createAgentService(
    {
      runner: radar.runner,
      store: radar.store,
      radar,
      arxivOrigin: config.ARXIV_SITE_URL,
      tools: () => [
        ...builtinToolSpecs().map((t) => ({ name: t.name, description: t.description })),
        // External servers' tools are listed by the workers that start them; here, the servers.
        ...config.MCP_SERVERS.map((s) => ({
          name: `${s.name}__*`,
          description: `the tools of the MCP server "${s.name}" (MCP_SERVERS_FILE; ${s.kind === 'stdio' ? `runs ${s.command}` : s.url})`,
        })),
      ],
    },
    {
      enabled: Boolean(config.LLM_BASE_URL && config.LLM_MODEL),
      limits: {
        maxSteps: config.AGENT_MAX_STEPS,
        maxToolChars: config.AGENT_MAX_TOOL_CHARS,
        maxSeconds: config.AGENT_MAX_SECONDS,
      },
      llmTimeoutMs: config.LLM_TIMEOUT_MS,
      turnTimeoutMs: (config.AGENT_MAX_SECONDS + 60) * 1000 + 2 * config.LLM_TIMEOUT_MS,
    },
    logger,
  );
}
