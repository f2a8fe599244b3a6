/**
 * The worker side of the research agent: the model with tool calling, tools from external MCP
 * servers (MCP_SERVERS_FILE), and subscribing that also schedules (through the app's one subscribe).
 */
import { Context } from '@temporalio/activity';
import type { AgentDeps } from '../activities/agent/activities.ts';
import { createExternalTools, readMcpServersFile } from '../adapters/mcp/external-mcp.ts';
import type { PaperStore } from '../app/ports/store.ts';
import type { Schedules } from '../app/ports/service.ts';
import type { SubscriptionView } from '../app/radar-service.ts';
import { subscribeTopic } from '../app/capabilities/subscribe.ts';
import type { Config } from '../config/env.ts';
import type { Logger } from '../lib/logger.ts';
import { serviceSettings } from './compose.ts';
import { createLlm } from './models.ts';
import { deleteSchedule, upsertSchedule } from './schedules.ts';

/** The worker side of the agent: the model with tool calling and subscriptions that also schedule. */
export function buildAgentDeps(config: Config, logger: Logger, store: PaperStore): AgentDeps {
  const llm = createLlm(config, logger);
  return {
    llm,
    external: config.MCP_SERVERS_FILE
      ? createExternalTools(readMcpServersFile(config.MCP_SERVERS_FILE), logger)
      : undefined,
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
