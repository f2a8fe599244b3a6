/**
 * The WorkflowRunner on Temporal: starts a workflow for a waiting caller, relays its progress (its
 * `progress` query and its pending arXiv activities: "arXiv answered 503; retry 5 in 32 s") and
 * the text its activities are writing (drafts in their heartbeat details: the agent's answer),
 * cancels it when the caller goes away, and turns its failure into an error that says what
 * happened. When no Temporal server is reachable and TEMPORAL_ADDRESS is unset, an embedded one is
 * started for the life of the runner (the CLI then works without a separate `start`).
 */
import {
  Client,
  Connection,
  WorkflowFailedError,
  WorkflowNotFoundError,
  type WorkflowHandle,
  type WorkflowStartOptions,
} from '@temporalio/client';
import {
  ActivityFailure,
  CancelledFailure,
  defaultPayloadConverter,
  TimeoutFailure,
  type Workflow,
} from '@temporalio/common';
import type { ActivityDraft, RunOptions, WorkflowRunner, WorkflowState } from '../app/ports/service.ts';
import type { Config } from '../config/env.ts';
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
import type { Adapters } from './adapters.ts';
import { startRuntime, type Runtime } from './runtime.ts';

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

export interface TemporalRunner extends WorkflowRunner {
  describe(workflowId: string): Promise<WorkflowState | null>;
  /** The client, connecting (or starting an embedded server) on first use. */
  temporal(): Promise<Client>;
  close(): Promise<void>;
}

export function createTemporalRunner(
  config: Config,
  logger: Logger,
  opts: { client?: Client; adapters?: Adapters } = {},
): TemporalRunner {
  let clientPromise: Promise<Client> | undefined = opts.client ? Promise.resolve(opts.client) : undefined;
  let embedded: Runtime | undefined;
  let connection: Connection | undefined;

  async function connect(): Promise<Client> {
    const address = config.TEMPORAL_ADDRESS ?? `127.0.0.1:${config.TEMPORAL_DEV_PORT}`;
    try {
      connection = await Connection.connect({ address, connectTimeout: 2000 });
      await connection.workflowService.getSystemInfo({});
    } catch (e) {
      await connection?.close().catch(() => {});
      connection = undefined;
      if (config.TEMPORAL_ADDRESS) {
        throw new AppError(
          'TEMPORAL_UNAVAILABLE',
          `Temporal at TEMPORAL_ADDRESS=${address} is not reachable (${errorMessage(e)}).`,
        );
      }
      logger.info('no Temporal server running; starting an embedded one for this command');
      process.stderr.write(
        'No running arxiv-radar found: starting an embedded Temporal server for this command…\n',
      );
      embedded = await startRuntime(config, {
        logger,
        ...(opts.adapters ? { adapters: opts.adapters } : {}),
      });
      connection = await Connection.connect({ address: embedded.temporalAddress });
    }
    return new Client({ connection, namespace: config.TEMPORAL_NAMESPACE });
  }
  const temporal = () => (clientPromise ??= connect());
  const taskQueue = config.TEMPORAL_TASK_QUEUE;

  /**
   * Runs one workflow for a waiting caller: with an execution timeout when on demand (so a caller
   * that vanished, even SIGKILLed, leaves nothing running for long), cancelled as soon as the
   * caller's signal aborts (and its queued arXiv requests withdrawn from the gate at once), with
   * progress polled from the workflow (its `progress` query, and its pending arXiv activities:
   * "arXiv answered 503; retry 5 in 32 s"), and a final error that says what happened.
   */
  async function run<W extends Workflow>(
    workflow: W,
    args: Parameters<W>,
    o: RunOptions,
  ): Promise<Awaited<ReturnType<W>>> {
    type T = Awaited<ReturnType<W>>;
    const cancelledError = () =>
      new AppError('CANCELLED', `Cancelled: the ${o.what} was stopped because its caller went away.`);
    if (o.signal?.aborted) throw cancelledError();
    const client = await temporal();
    if (o.signal?.aborted) throw cancelledError();
    const timeoutSeconds = config.ONDEMAND_TIMEOUT_SECONDS;
    o.progress?.(o.label);
    const workflowId = runId(o.idPrefix);
    const handle = await client.workflow.start(workflow, {
      taskQueue,
      workflowId,
      args,
      ...(o.timeoutMs !== undefined
        ? { workflowExecutionTimeout: o.timeoutMs }
        : o.onDemand
          ? { workflowExecutionTimeout: timeoutSeconds * 1000 }
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

    // Poll progress while it runs, for the CLI's, the bot's and MCP's progress display.
    let done = false;
    let lastWait: ArxivWait | undefined;
    let lastStage: string | undefined;
    const poll = (async () => {
      let last = '';
      while (!done) {
        await sleepMs(POLL_MS);
        if (done) break;
        const [stage, waits] = await Promise.all([
          handle.query(progressQuery).catch(() => ''),
          arxivWaits(client, handle).catch(() => [] as ArxivWait[]),
          o.watch &&
            handle.query(o.watch.query).then(
              (v) => o.watch?.onValue(v),
              () => {},
            ),
        ]);
        if (stage) lastStage = stage;
        const failing = waits.find((w) => w.failedAttempts > 0 || w.gate?.phase === 'queued') ?? waits[0];
        if (failing) lastWait = failing;
        const waiting = failing ? describeArxivWait(failing, Date.now()) : undefined;
        if (waiting) {
          if (waiting.message !== last)
            o.progress?.((last = waiting.message), { waiting: true, key: waiting.key });
        } else if (stage && stage !== last) o.progress?.((last = stage));
      }
    })();
    // Drafts (text an activity is writing) are read from its heartbeat details, more often.
    const drafts = o.onDraft
      ? (async () => {
          let lastKey = '';
          let lastText = '';
          while (!done) {
            await sleepMs(DRAFT_POLL_MS);
            if (done) break;
            const d = await handle.describe().catch(() => undefined);
            const draft = (d?.raw.pendingActivities ?? [])
              .map((p) => draftOf(p as DraftPendingActivity))
              .find((x) => x !== undefined && x.text !== '');
            if (done || !draft || (draft.key === lastKey && draft.text === lastText)) continue;
            lastKey = draft.key;
            lastText = draft.text;
            try {
              o.onDraft?.(draft);
            } catch (e) {
              logger.debug({ err: e, workflowId }, 'a draft listener failed');
            }
          }
        })()
      : undefined;
    try {
      return (await resultOf<T>(handle)) as T;
    } catch (e) {
      if (o.signal?.aborted || isCancelled(e)) throw cancelledError();
      if ((o.onDemand || o.timeoutMs !== undefined) && isTimeout(e)) {
        const seconds = o.timeoutMs !== undefined ? Math.round(o.timeoutMs / 1000) : timeoutSeconds;
        throw new AppError('TIMED_OUT', timeoutMessage(lastWait, seconds, o.what, lastStage), { cause: e });
      }
      return workflowError(e);
    } finally {
      done = true;
      o.signal?.removeEventListener('abort', onAbort);
      await poll;
      await drafts;
      await cancelling;
    }

    /**
     * The workflow's result. A failed long poll for it (the server restarting, a dropped
     * connection: "Failed to get Workflow execution history") is retried while the workflow runs;
     * after the caller went away, it is awaited only briefly.
     */
    async function resultOf<R>(h: WorkflowHandle): Promise<R> {
      for (let failures = 0; ;) {
        const result = h.result() as Promise<R>;
        try {
          if (!o.signal) return await result;
          // Once cancelled, give the workflow a moment to close, then stop waiting for it.
          const aborted = new Promise<never>((_, reject) => {
            const giveUp = () => setTimeout(() => reject(cancelledError()), CANCEL_WAIT_MS).unref();
            if (o.signal?.aborted) giveUp();
            else o.signal?.addEventListener('abort', giveUp, { once: true });
          });
          aborted.catch(() => {});
          return await Promise.race([result, aborted]);
        } catch (e) {
          if (e instanceof WorkflowFailedError || isAppError(e) || o.signal?.aborted || ++failures > 10)
            throw e;
          logger.debug({ err: e, workflowId }, 'waiting for the workflow result failed; asking again');
          await sleepMs(1000);
        }
      }
    }
  }

  /** A workflow by id from Temporal (the web app's run pages survive a restart this way). */
  async function describe(workflowId: string): Promise<WorkflowState | null> {
    const client = await temporal();
    const handle = client.workflow.getHandle(workflowId);
    let d;
    try {
      d = await handle.describe();
    } catch (e) {
      if (e instanceof WorkflowNotFoundError) return null;
      throw e;
    }
    const base = { type: d.type, runId: d.runId };
    if (d.status.name === 'RUNNING') return { ...base, status: 'running' };
    if (d.status.name === 'COMPLETED') return { ...base, status: 'completed', result: await handle.result() };
    let failure = d.status.name.toLowerCase().replace(/_/g, ' ');
    await handle
      .result()
      .catch(
        (e: unknown) => (failure = errorMessage(e instanceof WorkflowFailedError && e.cause ? e.cause : e)),
      );
    return { ...base, status: 'failed', failure };
  }

  return {
    run,
    describe,
    temporal,
    async close() {
      await connection?.close().catch(() => {});
      await embedded?.stop();
    },
  };
}
