/**
 * The arXiv client a front-end process uses: the same one the workers build (same transport rules),
 * taking turns through the cluster's arXiv gate when an `arxiv-radar start` is running.
 */
import type { ArxivClient } from '../adapters/arxiv/client.ts';
import { createOptionalTemporalGate } from '../adapters/arxiv/temporal-gate.ts';
import type { Config } from '../config/env.ts';
import { taskQueues } from '../config/task-queues.ts';
import type { Logger } from '../lib/logger.ts';
import { createArxivClient } from './build-activities.ts';

export function gatedArxivClient(config: Config, logger: Logger, signal?: AbortSignal): ArxivClient {
  const gate = createOptionalTemporalGate({
    address: config.TEMPORAL_ADDRESS ?? `127.0.0.1:${config.TEMPORAL_DEV_PORT}`,
    namespace: config.TEMPORAL_NAMESPACE,
    workflowTaskQueue: taskQueues(config.TEMPORAL_TASK_QUEUE).main,
    leaseMs: config.ARXIV_TIMEOUT_MS + 5_000,
    logger,
    ...(signal ? { signal } : {}),
  });
  return createArxivClient(config, logger, gate);
}
