/**
 * createActivities(deps) returns the plain async functions the main task queue runs. Deps are
 * small interfaces; only workers/ builds real adapters, tests pass fakes or loopback servers.
 */
import os from 'node:os';

export interface ActivityDeps {
  clock?: () => Date;
}

export function createActivities(deps: ActivityDeps = {}) {
  const now = deps.clock ?? (() => new Date());
  return {
    /** Health check: proves an activity ran on a worker. */
    async ping(name: string): Promise<string> {
      return `pong ${name} from ${os.hostname()} at ${now().toISOString()}`;
    },
  };
}

export type Activities = ReturnType<typeof createActivities>;
