/**
 * The worker side of the cluster-wide arXiv gate (workflows/arxiv-gate.ts): before each request an
 * arXiv activity asks the gate workflow for the turn (starting the gate if it is not running yet),
 * and hands it back with the outcome. Uses the client of the running activity, so it works on any
 * worker of the cluster with no extra connection; a front end's gate (optional-gate.ts) hands it
 * the process's client instead, and each request brings its own signal.
 *
 * A queued request renews itself every `renewMs` (the gate drops one that stops: its process died)
 * and is withdrawn as soon as its activity is cancelled or its workflow has ended, so abandoned
 * requests never delay live ones. Inside an activity it heartbeats from the first ask until the
 * turn is handed back, with the gate's state as details ("arXiv answered 503; 2 ahead; backing off
 * until …"), which is how a waiting user sees why nothing happens (workers/temporal-runner.ts).
 */
import { randomUUID } from 'node:crypto';
import { Context } from '@temporalio/activity';
import { WithStartWorkflowOperation, type Client } from '@temporalio/client';
import { CancelledFailure } from '@temporalio/common';
import { AppError } from '../../domain/errors.ts';
import { silentLogger, type Logger } from '../../lib/logger.ts';
import {
  ARXIV_GATE_WORKFLOW_ID,
  acquireArxivTurn,
  releaseArxivTurn,
  withdrawArxivTurn,
  type GateStatus,
  type TurnAnswer,
} from '../../workflows/arxiv-gate-messages.ts';
import type { RequestGate, TurnRequestOptions } from './transport.ts';

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
  /** How often a queued request renews itself (default 10 s); the gate drops it RENEW_GRACE_MS after a missed renewal. */
  renewMs?: number;
  /** Told the gate's state each time a queued request renews (a progress display). */
  onWait?: (status: GateStatus) => void;
  /**
   * Outside the cluster (a front end's gate): an ask the gate has not answered within this long
   * fails at once instead of waiting on. A running gate answers every ask within `renewMs`; one
   * that does not has no worker running it.
   */
  answerWithinMs?: number;
}

/** What an arXiv activity reports in its heartbeat details while it waits for or holds a turn. */
export type GateHeartbeat = ({ phase: 'queued' } & GateStatus) | { phase: 'asking' } | { phase: 'request' };

const MAX_ASKS = 5;
export const DEFAULT_RENEW_MS = 10_000;
/** Heartbeats are sent at most this often by the SDK anyway (0.8 × heartbeat timeout); this keeps one pending. */
const HEARTBEAT_EVERY_MS = 1000;

function currentActivity(): Context | undefined {
  try {
    return Context.current();
  } catch {
    return undefined;
  }
}

/** Resolves after `ms`, or rejects with the signal's reason when it aborts first. */
function abortableSleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  if (!signal) return new Promise((r) => setTimeout(r, ms));
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason as Error);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal.reason as Error);
    };
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

/** `p`, or the signal's reason when it aborts first (p keeps running; its outcome is ignored). */
function abortable<T>(p: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return p;
  return new Promise<T>((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason as Error);
    const onAbort = () => reject(signal.reason as Error);
    signal.addEventListener('abort', onAbort, { once: true });
    p.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

/** Takes a turn request back from the gate (it drops an unrenewed one anyway; this is sooner). */
async function withdrawTurn(client: Client, workflowId: string, leaseId: string, log: Logger): Promise<void> {
  await client.workflow
    .getHandle(workflowId)
    .signal(withdrawArxivTurn, { leaseId })
    .catch((e: unknown) =>
      log.debug(
        { err: e, leaseId },
        'could not withdraw the arXiv turn request; the gate drops it when it is not renewed',
      ),
    );
}

/** Our own workflow has ended (timed out, terminated) though no cancellation reached us yet. */
async function requesterEnded(
  client: Client,
  execution: { workflowId: string; runId: string } | undefined,
): Promise<boolean> {
  if (!execution) return false;
  try {
    const d = await client.workflow.getHandle(execution.workflowId, execution.runId).describe();
    return d.status.name !== 'RUNNING';
  } catch {
    return false;
  }
}

/** The error to stop with when waiting was cancelled: the activity's own CancelledFailure, or CANCELLED for the CLI. */
function cancelledError(signal: AbortSignal, inActivity: boolean): Error {
  const reason: unknown = signal.reason;
  if (inActivity && reason instanceof CancelledFailure) return reason;
  if (inActivity)
    return new CancelledFailure(reason instanceof Error ? reason.message : 'activity cancelled');
  return new AppError('CANCELLED', 'Stopped waiting for arXiv: the request was cancelled.', {
    cause: reason,
  });
}

/** No answer from the gate in time: nothing runs it (its workers stopped); the caller decides what next. */
function unanswered(ms: number, cause: unknown): AppError {
  return new AppError(
    'ARXIV_HTTP',
    `The arXiv gate workflow did not answer within ${ms} ms: no worker seems to run it.`,
    { retryable: true, cause },
  );
}

function activityClient(): Client {
  try {
    return Context.current().client;
  } catch {
    throw new AppError(
      'INTERNAL',
      'An arXiv request in a worker must run inside an arXiv activity: the global rate-limit gate needs its Temporal client.',
    );
  }
}

export function createTemporalGate(opts: TemporalGateOptions): RequestGate {
  const clientOf = opts.client ?? activityClient;
  const log = opts.logger ?? silentLogger;
  const workflowId = opts.workflowId ?? ARXIV_GATE_WORKFLOW_ID;
  const renewMs = opts.renewMs ?? DEFAULT_RENEW_MS;
  return {
    async acquire(intervalMs, turn: TurnRequestOptions = {}) {
      const client = clientOf();
      const activity = currentActivity();
      // Inside an activity its cancellation stops the wait; outside, the request's own signal (Ctrl-C, a closed page).
      const signal = activity?.cancellationSignal ?? turn.signal;
      const execution = activity?.info.workflowExecution;
      const requester = execution?.workflowId;
      const leaseId = randomUUID();
      const request = {
        leaseId,
        intervalMs,
        leaseMs: opts.leaseMs,
        renewMs,
        ...(requester ? { requester } : {}),
      };

      // Heartbeats from the first ask until the turn is handed back: they carry the gate's state to
      // whoever describes the workflow, and bring the activity's cancellation.
      let beat: GateHeartbeat = { phase: 'asking' };
      const heartbeat = () => activity?.heartbeat(beat);
      heartbeat();
      const beating = activity ? setInterval(heartbeat, HEARTBEAT_EVERY_MS) : undefined;
      const stopBeating = () => clearInterval(beating);

      const withdraw = () => withdrawTurn(client, workflowId, leaseId, log);
      const requesterGone = () => requesterEnded(client, execution);

      try {
        for (let ask = 1, failures = 0; ; ask++) {
          if (signal?.aborted) throw cancelledError(signal, activity !== undefined);
          let answer: TurnAnswer;
          const deadline = opts.answerWithinMs ? AbortSignal.timeout(opts.answerWithinMs) : undefined;
          try {
            const askGate = () =>
              client.workflow.executeUpdateWithStart(acquireArxivTurn, {
                args: [request],
                // One update per ask: a renewal is a new update for the same lease.
                updateId: `${leaseId}/${ask}`,
                startWorkflowOperation: new WithStartWorkflowOperation('arxivGate', {
                  workflowId,
                  taskQueue: opts.workflowTaskQueue,
                  workflowIdConflictPolicy: 'USE_EXISTING',
                  args: [],
                }),
              });
            const asked = deadline
              ? abortable(client.withAbortSignal(deadline, askGate), deadline)
              : askGate();
            answer = await abortable(asked, signal);
          } catch (e) {
            if (signal?.aborted) throw cancelledError(signal, activity !== undefined);
            if (deadline?.aborted) throw unanswered(opts.answerWithinMs ?? 0, e);
            // The gate may be between runs (continue-as-new) or have been terminated by an operator.
            if (++failures >= MAX_ASKS)
              throw new AppError(
                'ARXIV_HTTP',
                `Could not get a turn from the arXiv gate workflow: ${(e as Error).message}`,
                { retryable: true, cause: e },
              );
            log.debug({ err: e, ask }, 'arXiv gate unavailable; asking again');
            await abortableSleep(200 * failures, signal);
            continue;
          }
          failures = 0;
          if (answer.granted) {
            if (answer.waitMs > 0) {
              // First in line, waiting out the spacing since the last request: callers say so.
              beat = { phase: 'queued', ahead: 0, backoffUntil: 0, consecutiveThrottles: 0 };
              heartbeat();
              await abortableSleep(answer.waitMs, signal);
            }
            beat = { phase: 'request' };
            break;
          }
          if (answer.retry === 'withdrawn') {
            // Withdrawn by whoever cancelled our workflow; if it is still running, Temporal retries.
            throw new AppError(
              'ARXIV_HTTP',
              'The arXiv turn request was withdrawn (its workflow is being cancelled).',
              { retryable: true },
            );
          }
          if (answer.retry === 'renew') {
            const { retry: _, granted: __, ...status } = answer;
            beat = { phase: 'queued', ...status };
            heartbeat();
            opts.onWait?.(status);
            if (await requesterGone())
              throw new CancelledFailure('the workflow that asked for this arXiv request has ended');
          } else log.debug({ leaseId }, 'arXiv gate restarting; asking again');
        }
      } catch (e) {
        stopBeating();
        // Not ours any more: take the request back so it does not hold up anyone (or the turn, if granted meanwhile).
        await withdraw();
        throw e;
      }
      return async (outcome) => {
        stopBeating();
        await client.workflow.getHandle(workflowId).signal(releaseArxivTurn, { leaseId, ...outcome });
      };
    },
  };
}
