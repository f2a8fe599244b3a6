/**
 * createActivities(deps) returns the plain async functions the main task queue runs. Deps are
 * small interfaces; only workers/ builds real adapters, tests pass fakes or loopback servers.
 * arXiv HTTP requests are not here: they run on the rate-limited queue (activities/arxiv/activities.ts).
 */
import os from 'node:os';
import type { PipelineDeps } from './pipeline/deps.ts';
import { createAnnouncementActivities } from './pipeline/announcements.ts';
import { createDigestActivities } from './pipeline/digest.ts';
import { mapAllFailures } from './failures.ts';
import { createIngestActivities } from './pipeline/ingest.ts';
import { createSearchActivities } from './pipeline/search.ts';
import { createAgentActivities, type AgentDeps } from './agent/activities.ts';

export type { PipelineDeps } from './pipeline/deps.ts';

/** `agent`: the research agent's model and subscription hooks (absent: its activities say no LLM is configured). */
export function createActivities(deps: PipelineDeps & { agent?: AgentDeps | undefined }) {
  const now = deps.clock ?? (() => new Date());
  return mapAllFailures({
    /** Health check: proves an activity ran on a worker. */
    async ping(name: string): Promise<string> {
      return `pong ${name} from ${os.hostname()} at ${now().toISOString()}`;
    },
    ...createIngestActivities(deps),
    ...createSearchActivities(deps),
    ...createDigestActivities(deps),
    ...createAnnouncementActivities(deps),
    ...createAgentActivities(deps),
  });
}

export type Activities = ReturnType<typeof createActivities>;
