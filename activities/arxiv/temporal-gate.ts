/**
 * The worker side of the cluster-wide arXiv gate (workflows/arxiv-gate.ts): before each request an
 * arXiv activity asks the gate workflow for the turn (starting the gate if it is not running yet),
 * and hands it back with the outcome. Uses the client of the running activity, so it works on any
 * worker of the cluster with no extra connection.
 */
import { randomUUID } from 'node:crypto';
import { Context } from '@temporalio/activity';
import { WithStartWorkflowOperation, type Client } from '@temporalio/client';
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
              workflowId: ARXIV_GATE_WORKFLOW_ID,
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
        await client.workflow.getHandle(ARXIV_GATE_WORKFLOW_ID).signal(releaseArxivTurn, { leaseId, ...outcome });
      };
    },
  };
}
