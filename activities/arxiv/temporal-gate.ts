/**
 * The worker side of the cluster-wide arXiv gate (workflows/arxiv-gate.ts): before each request an
 * arXiv activity asks the gate workflow for the turn (starting the gate if it is not running yet),
 * and hands it back with the outcome. Uses the client of the running activity, so it works on any
 * worker of the cluster with no extra connection.
 */
import { randomUUID } from 'node:crypto';
import { Context } from '@temporalio/activity';
import { Client, Connection, WithStartWorkflowOperation } from '@temporalio/client';
import { AppError } from '../../lib/errors.ts';
import { silentLogger, type Logger } from '../../lib/logger.ts';
import { ARXIV_GATE_WORKFLOW_ID, acquireArxivTurn, releaseArxivTurn, type TurnAnswer } from '../../workflows/arxiv-gate.ts';
import type { RequestGate } from './transport.ts';

export interface TemporalGateOptions {
  /** The task queue whose workers run workflows (the gate runs there). */
  workflowTaskQueue: string;
  /** How long a turn may be held before the gate presumes the holder dead. */
  leaseMs: number;
  /** Defaults to the client of the activity being run. */
  client?: () => Client;
  logger?: Logger;
  /** The gate's workflow id (tests run gates of their own). */
  workflowId?: string;
}

const MAX_ASKS = 5;

function activityClient(): Client {
  try {
    return Context.current().client;
  } catch {
    throw new AppError('INTERNAL', 'An arXiv request in a worker must run inside an arXiv activity: the global rate-limit gate needs its Temporal client.');
  }
}

export function createTemporalGate(opts: TemporalGateOptions): RequestGate {
  const clientOf = opts.client ?? activityClient;
  const log = opts.logger ?? silentLogger;
  const workflowId = opts.workflowId ?? ARXIV_GATE_WORKFLOW_ID;
  return {
    async acquire(intervalMs) {
      const client = clientOf();
      const leaseId = randomUUID();
      const request = { leaseId, intervalMs, leaseMs: opts.leaseMs };
      for (let ask = 1; ; ask++) {
        let answer: TurnAnswer;
        try {
          answer = await client.workflow.executeUpdateWithStart(acquireArxivTurn, {
            args: [request],
            updateId: leaseId,
            startWorkflowOperation: new WithStartWorkflowOperation('arxivGate', {
              workflowId,
              taskQueue: opts.workflowTaskQueue,
              workflowIdConflictPolicy: 'USE_EXISTING',
              args: [],
            }),
          });
        } catch (e) {
          // The gate may be between runs (continue-as-new) or have been terminated by an operator.
          if (ask >= MAX_ASKS) throw new AppError('ARXIV_HTTP', `Could not get a turn from the arXiv gate workflow: ${(e as Error).message}`, { retryable: true, cause: e });
          log.debug({ err: e, ask }, 'arXiv gate unavailable; asking again');
          await new Promise((r) => setTimeout(r, 200 * ask));
          continue;
        }
        if (answer.granted) {
          if (answer.waitMs > 0) await new Promise((r) => setTimeout(r, answer.waitMs));
          break;
        }
        log.debug({ leaseId }, 'arXiv gate restarting; asking again');
      }
      return async (outcome) => {
        await client.workflow.getHandle(workflowId).signal(releaseArxivTurn, { leaseId, ...outcome });
      };
    },
  };
}

/** temporal.api.enums.v1.TaskQueueType.TASK_QUEUE_TYPE_WORKFLOW (@temporalio/proto is not a direct dependency). */
const TASK_QUEUE_TYPE_WORKFLOW = 1;

export interface OptionalGateOptions {
  address: string;
  namespace: string;
  workflowTaskQueue: string;
  leaseMs: number;
  logger?: Logger;
}

/**
 * For processes that are not workers (the CLI's direct `search` and `get --meta`): when a Temporal
 * server is reachable and workers poll its queue (an `arxiv-radar start` is running), take turns
 * through the cluster's gate like every worker does; otherwise only this process's own spacing
 * applies. Decided once, on the first request.
 */
export function createOptionalTemporalGate(opts: OptionalGateOptions): RequestGate {
  const log = opts.logger ?? silentLogger;
  let connection: Connection | undefined;
  let deciding: Promise<RequestGate | undefined> | undefined;

  async function decide(): Promise<RequestGate | undefined> {
    try {
      connection = await Connection.connect({ address: opts.address, connectTimeout: 1000 });
      const { pollers } = await connection.workflowService.describeTaskQueue({
        namespace: opts.namespace,
        taskQueue: { name: opts.workflowTaskQueue },
        taskQueueType: TASK_QUEUE_TYPE_WORKFLOW,
      });
      if (!pollers?.length) throw new Error(`no workers poll ${opts.workflowTaskQueue}`);
      const client = new Client({ connection, namespace: opts.namespace });
      log.debug({ address: opts.address }, 'arXiv requests take turns through the running cluster’s gate');
      return createTemporalGate({ workflowTaskQueue: opts.workflowTaskQueue, leaseMs: opts.leaseMs, client: () => client, logger: log });
    } catch (e) {
      log.debug({ err: e }, 'no running arxiv-radar workers; arXiv requests are spaced by this process only');
      await connection?.close().catch(() => {});
      connection = undefined;
      return undefined;
    }
  }

  return {
    async acquire(intervalMs) {
      const gate = await (deciding ??= decide());
      return gate ? gate.acquire(intervalMs) : async () => {};
    },
    async close() {
      await deciding;
      await connection?.close().catch(() => {});
    },
  };
}
