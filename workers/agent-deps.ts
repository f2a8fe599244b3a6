/**
 * The worker side of the research agent: the model with tool calling, tools from external MCP
 * servers (MCP_SERVERS_FILE), and subscribing that also schedules (through the app's one subscribe).
 */
import { Context } from '@temporalio/activity';
import type { AgentDeps } from '../activities/agent/activities.ts';
import type { ToolCallingLlm } from '../app/ports/llm.ts';
import { createExternalTools } from '../adapters/mcp/external-mcp.ts';
import type { PaperStore } from '../app/ports/store.ts';
import type { Schedules } from '../app/ports/service.ts';
import type { SubscriptionView } from '../app/radar-service.ts';
import { subscribeTopic } from '../app/capabilities/subscribe.ts';
import type { Config } from '../config/env.ts';
import type { Logger } from '../lib/logger.ts';
import { deleteSchedule, upsertSchedule } from './schedules.ts';
import { serviceSettings } from './settings.ts';

/**
 * The worker side of the agent: the model (the workers' one client), the external servers the
 * config parsed (started on first use), and subscriptions that also schedule.
 */
export function buildAgentDeps(
  config: Config,
  logger: Logger,
  store: PaperStore,
  llm: ToolCallingLlm | undefined,
): AgentDeps {
  return {
    llm,
    external: config.MCP_SERVERS_FILE ? createExternalTools(config.MCP_SERVERS, logger) : undefined,
    async subscribe(input): Promise<SubscriptionView> {
      // The worker's own client (activity context): the schedule follows the stored subscription.
      const client = Context.current().client;
      const schedules: Schedules = {
        upsert: async (sub) => void (await upsertSchedule(client, sub, config.TEMPORAL_TASK_QUEUE)),
        remove: (name) => deleteSchedule(client, name),
      };
      return subscribeTopic({ store, schedules }, serviceSettings(config), input);
    },
  };
}
