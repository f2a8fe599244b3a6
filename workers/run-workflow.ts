/**
 * One workflow run for a waiting caller (the WorkflowRunner's `run` on Temporal): started with an
 * execution timeout when on demand, cancelled when the caller goes away, its progress and drafts
 * relayed while it runs, and its failure turned into an error that says what happened.
 */
import type { Client } from '@temporalio/client';
import { WorkflowFailedError, type WorkflowHandle, type WorkflowStartOptions } from '@temporalio/client';
import {
  ActivityFailure,
  CancelledFailure,
  defaultPayloadConverter,
  TimeoutFailure,
  type Workflow,
} from '@temporalio/common';
import type { ActivityDraft, RunOptions } from '../app/ports/service.ts';
import { AppError, ERROR_CODES, errorMessage, isAppError, type ErrorCode } from '../domain/errors.ts';
import type { Logger } from '../lib/logger.ts';
import { ARXIV_GATE_WORKFLOW_ID, withdrawArxivTurn } from '../workflows/arxiv-gate-messages.ts';
import { progressQuery } from '../workflows/progress.ts';
import {
  arxivWaitOf,
  describeArxivWait,
  timeoutMessage,
  type ArxivWait,
  type PendingActivityLike,
} from './arxiv-wait.ts';

/** Unwraps a workflow failure into the message a user can act on. */
function workflowError(e: unknown): never {
  if (e instanceof WorkflowFailedError) {
    let cause: unknown = e.cause;
    while (cause instanceof Error && cause.cause instanceof Error) cause = cause.cause;
    const type = (cause as { type?: string } | undefined)?.type;
    const message = errorMessage(cause ?? e);
    // The activity's own code when it is one of ours (the table says whether it is the user's to fix).
    const code = type !== undefined && type in ERROR_CODES ? (type as ErrorCode) : 'INTERNAL';
    throw new AppError(code, message, { cause: e });
  }
  throw e;
}

/** How often a running workflow is asked for its progress and its pending arXiv activities. */
const POLL_MS = 1000;
/** After the caller goes away: how long to wait for the cancelled workflow to close before giving up on it. */
const CANCEL_WAIT_MS = 10_000;

const sleepMs = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * How often a caller that wants drafts (RunOptions.onDraft) describes the workflow. The activity
 * heartbeats its draft every 200 ms and the worker sends heartbeats at most every 250 ms
 * (workers/worker-set.ts), so text shows about half a second after the model wrote it.
 */
const DRAFT_POLL_MS = 250;

/** temporal.api.enums.v1.PendingActivityState.PENDING_ACTIVITY_STATE_STARTED */
const STARTED = 2;

/** The subset of a pending activity read for its draft. */
export interface DraftPendingActivity {
  activityId?: string | null;
  state?: number | null;
  attempt?: number | null;
  heartbeatDetails?: { payloads?: unknown[] | null } | null;
}

/**
 * The draft a running activity reports in its heartbeat details (`{ draft: { key, attempt, text } }`,
 * activities/agent/activities.ts), or undefined. Details left by an earlier attempt (the server
 * keeps them across retries) are ignored, as is an activity waiting for its retry.
 */
export function draftOf(p: DraftPendingActivity): ActivityDraft | undefined {
  if (p.state !== STARTED) return undefined;
  const first = p.heartbeatDetails?.payloads?.[0];
  if (!first) return undefined;
  let details: unknown;
  try {
    details = defaultPayloadConverter.fromPayload(
      first as Parameters<typeof defaultPayloadConverter.fromPayload>[0],
    );
  } catch {
    return undefined;
  }
  const draft = (details as { draft?: { key?: unknown; attempt?: unknown; text?: unknown } } | null)?.draft;
  if (!draft || typeof draft.key !== 'string' || typeof draft.text !== 'string') return undefined;
  if (typeof draft.attempt === 'number' && p.attempt && draft.attempt !== p.attempt) return undefined;
  return { key: `${p.activityId ?? ''}/${draft.key}`, text: draft.text };
}

/** The pending arXiv activities of a workflow and of its running children (topicSearch ingests papers as children). */
async function arxivWaits(client: Client, handle: WorkflowHandle): Promise<ArxivWait[]> {
  const d = await handle.describe();
  const own = (d.raw.pendingActivities ?? []).flatMap((p) => arxivWaitOf(p as PendingActivityLike) ?? []);
  const children = await Promise.all(
    (d.raw.pendingChildren ?? []).slice(0, 5).map(async (c) => {
      if (!c.workflowId) return [];
      const cd = await client.workflow
        .getHandle(c.workflowId)
        .describe()
        .catch(() => undefined);
      return (cd?.raw.pendingActivities ?? []).flatMap((p) => arxivWaitOf(p as PendingActivityLike) ?? []);
    }),
  );
  return [...own, ...children.flat()];
}

/**
 * The workflow ran out of its execution timeout, or one of its activities (or a child's) could not
 * be retried within it: the server caps an activity's schedule-to-close at the workflow's
 * remaining time, so a retrying arXiv activity fails with retry state TIMEOUT just before the
 * workflow would have timed out.
 */
function isTimeout(e: unknown): boolean {
  if (!(e instanceof WorkflowFailedError)) return false;
  if (e.cause instanceof TimeoutFailure || /timed out/i.test(e.message)) return true;
  for (let c: unknown = e.cause; c instanceof Error; c = c.cause) {
    if (c instanceof ActivityFailure && c.retryState === 'TIMEOUT') return true;
  }
  return false;
}

function isCancelled(e: unknown): boolean {
  return e instanceof WorkflowFailedError && e.cause instanceof CancelledFailure;
}

let runSeq = 0;
const runId = (kind: string) => `${kind}-${Date.now().toString(36)}-${process.pid}-${++runSeq}`;

/** What a run needs besides the workflow: the client, the queue, the on-demand timeout. */
export interface RunContext {
  client: Client;
  taskQueue: string;
  /** ONDEMAND_TIMEOUT_SECONDS: the execution timeout of an on-demand run. */
  timeoutSeconds: number;
  logger: Logger;
}

/** What the watchers of one run saw last, for the timeout's message; `done` stops them. */
interface Watch {
  done: boolean;
  lastWait?: ArxivWait;
  lastStage?: string;
}

/**
 * Runs one workflow for a waiting caller: with an execution timeout when on demand (so a caller
 * that vanished, even SIGKILLed, leaves nothing running for long), cancelled as soon as the
 * caller's signal aborts (and its queued arXiv requests withdrawn from the gate at once), with
 * progress polled from the workflow (its `progress` query, and its pending arXiv activities:
 * "arXiv answered 503; retry 5 in 32 s"), and a final error that says what happened.
 */
export async function runWorkflow<W extends Workflow>(
  ctx: RunContext,
  workflow: W,
  args: Parameters<W>,
  o: RunOptions,
): Promise<Awaited<ReturnType<W>>> {
  type T = Awaited<ReturnType<W>>;
  const { client, logger } = ctx;
  o.progress?.(o.label);
  const workflowId = runId(o.idPrefix);
  const handle = await client.workflow.start(workflow, {
    taskQueue: ctx.taskQueue,
    workflowId,
    args,
    ...(o.timeoutMs !== undefined
      ? { workflowExecutionTimeout: o.timeoutMs }
      : o.onDemand
        ? { workflowExecutionTimeout: ctx.timeoutSeconds * 1000 }
        : {}),
  } as unknown as WorkflowStartOptions<W>);
  o.onStart?.({ workflowId, runId: handle.firstExecutionRunId });

  let cancelling: Promise<void> | undefined;
  const cancel = () =>
    (cancelling ??= (async () => {
      logger.info({ workflowId }, 'caller went away: cancelling the workflow');
      await Promise.allSettled([
        handle.cancel(),
        // Its requests queued at the arXiv gate (its own and its children's) leave the queue now,
        // not when their activities next hear of the cancellation.
        client.workflow
          .getHandle(ARXIV_GATE_WORKFLOW_ID)
          .signal(withdrawArxivTurn, { requester: workflowId }),
      ]);
    })());
  const onAbort = () => void cancel();
  o.signal?.addEventListener('abort', onAbort, { once: true });

  const watch: Watch = { done: false };
  // Progress for the CLI's, the bot's and MCP's display; drafts (text an activity is writing) more often.
  const poll = pollProgress(client, handle, o, watch);
  const drafts = o.onDraft ? pollDrafts(handle, o, watch, logger, workflowId) : undefined;
  try {
    return (await resultOf<T>(handle, o, logger, workflowId)) as T;
  } catch (e) {
    if (o.signal?.aborted || isCancelled(e)) throw cancelledError(o);
    if ((o.onDemand || o.timeoutMs !== undefined) && isTimeout(e)) {
      const seconds = o.timeoutMs !== undefined ? Math.round(o.timeoutMs / 1000) : ctx.timeoutSeconds;
      throw new AppError('TIMED_OUT', timeoutMessage(watch.lastWait, seconds, o.what, watch.lastStage), {
        cause: e,
      });
    }
    return workflowError(e);
  } finally {
    watch.done = true;
    o.signal?.removeEventListener('abort', onAbort);
    await poll;
    await drafts;
    await cancelling;
  }
}

export const cancelledError = (o: Pick<RunOptions, 'what'>) =>
  new AppError('CANCELLED', `Cancelled: the ${o.what} was stopped because its caller went away.`);

/** Polls the workflow's progress and its pending arXiv activities while it runs. */
async function pollProgress(
  client: Client,
  handle: WorkflowHandle,
  o: RunOptions,
  watch: Watch,
): Promise<void> {
  let last = '';
  while (!watch.done) {
    await sleepMs(POLL_MS);
    if (watch.done) break;
    const [stage, waits] = await Promise.all([
      handle.query(progressQuery).catch(() => ''),
      arxivWaits(client, handle).catch(() => [] as ArxivWait[]),
      o.watch &&
        handle.query(o.watch.query).then(
          (v) => o.watch?.onValue(v),
          () => {},
        ),
    ]);
    if (stage) watch.lastStage = stage;
    const failing = waits.find((w) => w.failedAttempts > 0 || w.gate?.phase === 'queued') ?? waits[0];
    if (failing) watch.lastWait = failing;
    const waiting = failing ? describeArxivWait(failing, Date.now()) : undefined;
    if (waiting) {
      if (waiting.message !== last)
        o.progress?.((last = waiting.message), { waiting: true, key: waiting.key });
    } else if (stage && stage !== last) o.progress?.((last = stage));
  }
}

/** Reads drafts (text an activity is writing) from its heartbeat details and passes each new one on. */
async function pollDrafts(
  handle: WorkflowHandle,
  o: RunOptions,
  watch: Watch,
  logger: Logger,
  workflowId: string,
): Promise<void> {
  let lastKey = '';
  let lastText = '';
  while (!watch.done) {
    await sleepMs(DRAFT_POLL_MS);
    if (watch.done) break;
    const d = await handle.describe().catch(() => undefined);
    const draft = (d?.raw.pendingActivities ?? [])
      .map((p) => draftOf(p as DraftPendingActivity))
      .find((x) => x !== undefined && x.text !== '');
    if (watch.done || !draft || (draft.key === lastKey && draft.text === lastText)) continue;
    lastKey = draft.key;
    lastText = draft.text;
    try {
      o.onDraft?.(draft);
    } catch (e) {
      logger.debug({ err: e, workflowId }, 'a draft listener failed');
    }
  }
}

/**
 * The workflow's result. A failed long poll for it (the server restarting, a dropped
 * connection: "Failed to get Workflow execution history") is retried while the workflow runs;
 * after the caller went away, it is awaited only briefly.
 */
async function resultOf<R>(h: WorkflowHandle, o: RunOptions, logger: Logger, workflowId: string): Promise<R> {
  for (let failures = 0; ;) {
    const result = h.result() as Promise<R>;
    try {
      if (!o.signal) return await result;
      // Once cancelled, give the workflow a moment to close, then stop waiting for it.
      const aborted = new Promise<never>((_, reject) => {
        const giveUp = () => setTimeout(() => reject(cancelledError(o)), CANCEL_WAIT_MS).unref();
        if (o.signal?.aborted) giveUp();
        else o.signal?.addEventListener('abort', giveUp, { once: true });
      });
      aborted.catch(() => {});
      return await Promise.race([result, aborted]);
    } catch (e) {
      if (e instanceof WorkflowFailedError || isAppError(e) || o.signal?.aborted || ++failures > 10) throw e;
      logger.debug({ err: e, workflowId }, 'waiting for the workflow result failed; asking again');
      await sleepMs(1000);
    }
  }
}
