/**
 * The arXiv clients, built from Config in one place with the same transport rules: the workers'
 * (taking turns through the cluster's arXiv gate from inside their activities) and a front-end
 * process's one client (taking turns through the gate while an `arxiv-radar start` runs workers,
 * else spaced by the process alone; adapters/arxiv/optional-gate.ts).
 */
import type { Client } from '@temporalio/client';
import { ArxivClient } from '../adapters/arxiv/client.ts';
import { createOptionalTemporalGate } from '../adapters/arxiv/optional-gate.ts';
import { createTemporalGate } from '../adapters/arxiv/temporal-gate.ts';
import type { RequestGate } from '../adapters/arxiv/transport.ts';
import { ar5ivUrlOf, type Config } from '../config/env.ts';
import { taskQueues } from '../config/task-queues.ts';
import type { Logger } from '../lib/logger.ts';

/** A holder that has not released its turn within its own request timeout (plus slack) is presumed dead. */
const leaseMs = (config: Config) => config.ARXIV_TIMEOUT_MS + 5_000;

function createArxivClient(config: Config, logger: Logger, gate: RequestGate): ArxivClient {
  return new ArxivClient({
    apiUrl: config.ARXIV_API_URL,
    rssUrl: config.ARXIV_RSS_URL,
    webUrl: config.ARXIV_WEB_URL,
    siteUrl: config.ARXIV_SITE_URL,
    oaiUrl: config.ARXIV_OAI_URL,
    ar5ivUrl: ar5ivUrlOf(config),
    contact: config.ARXIV_CONTACT,
    minIntervalMs: config.ARXIV_MIN_INTERVAL_MS,
    timeoutMs: config.ARXIV_TIMEOUT_MS,
    maxResponseBytes: config.ARXIV_MAX_RESPONSE_BYTES,
    logger,
    gate,
  });
}

/** The workers' client: every request waits for its turn at the cluster's gate (from its activity's context). */
export function workerArxivClient(config: Config, logger: Logger): ArxivClient {
  const gate = createTemporalGate({
    workflowTaskQueue: taskQueues(config.TEMPORAL_TASK_QUEUE).main,
    leaseMs: leaseMs(config),
    logger,
  });
  return createArxivClient(config, logger, gate);
}

/**
 * A front-end process's one client, shared by all its requests (each passes its own signal), so the
 * process's spacing holds across them. Its gate uses `client` (the process's Temporal connection)
 * when given, else connects on first need; `close` releases the sockets and that connection.
 */
export function gatedArxivClient(
  config: Config,
  logger: Logger,
  opts: { client?: Client } = {},
): { client: ArxivClient; close(): Promise<void> } {
  const gate = createOptionalTemporalGate({
    address: config.TEMPORAL_ADDRESS ?? `127.0.0.1:${config.TEMPORAL_DEV_PORT}`,
    namespace: config.TEMPORAL_NAMESPACE,
    workflowTaskQueue: taskQueues(config.TEMPORAL_TASK_QUEUE).main,
    leaseMs: leaseMs(config),
    logger,
    ...(opts.client ? { client: opts.client } : {}),
  });
  const client = createArxivClient(config, logger, gate);
  return {
    client,
    async close() {
      client.close();
      await gate.close();
    },
  };
}
