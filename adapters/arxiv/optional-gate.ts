/**
 * The arXiv gate of a process that is not a worker (the CLI's `search` and `get --meta`, and the
 * web app, bot and MCP server `start` serves): one per process, shared by all its requests. While
 * workers poll the cluster's queue (an `arxiv-radar start` is running), each request takes its turn
 * through the cluster's gate like a worker's; otherwise only the process's own spacing applies (the
 * transport's, which holds across all the process's requests).
 *
 * Which of the two applies is decided again when the decision is older than `recheckMs` (workers
 * may start or stop while a server runs), and at once after the gate failed to answer: that
 * request asks again while workers are still seen polling, and goes on with the process's spacing
 * only when none is (or after three unanswered asks). Temporal lists a stopped worker among a
 * queue's pollers for minutes, so after a failure only a worker that has polled since counts.
 */
import { Client, Connection } from '@temporalio/client';
import { silentLogger, type Logger } from '../../lib/logger.ts';
import type { GateStatus } from '../../workflows/arxiv-gate-messages.ts';
import { createTemporalGate, DEFAULT_RENEW_MS } from './temporal-gate.ts';
import { untilAborted, type RequestGate, type TurnRequestOptions } from './transport.ts';

export interface OptionalGateOptions {
  /** The process's Temporal client (`start` has one); without it, one connects to `address` on first need. */
  client?: Client;
  address: string;
  /** Opens that connection (default: Connection.connect with a 1 s timeout); tests count the calls. */
  connect?: () => Promise<Connection>;
  namespace: string;
  workflowTaskQueue: string;
  leaseMs: number;
  logger?: Logger;
  /** How long a decision holds (default 30 s). */
  recheckMs?: number;
  /** How often a queued request renews itself at the gate (default 10 s); the gate answers within it. */
  renewMs?: number;
  /** How long an ask may go unanswered before the gate counts as not running (default renewMs + 10 s). */
  answerWithinMs?: number;
  /** The gate's workflow id (tests run gates of their own). */
  workflowId?: string;
  onWait?: (status: GateStatus) => void;
}

/** The process's gate: `mode` says how the last decision went (logs, tests); `close` ends its own connection. */
export interface OptionalGate extends RequestGate {
  mode(): 'cluster' | 'local' | 'undecided';
  close(): Promise<void>;
}

/** temporal.api.enums.v1.TaskQueueType.TASK_QUEUE_TYPE_WORKFLOW (@temporalio/proto is not a direct dependency). */
const TASK_QUEUE_TYPE_WORKFLOW = 1;
const DEFAULT_RECHECK_MS = 30_000;
/** A describe of the queue that takes longer than this counts as "no cluster". */
const DESCRIBE_DEADLINE_MS = 5000;
/** Beyond the renewal interval, how late the gate's answer may be (server timers fire late, workers are busy). */
const ANSWER_SLACK_MS = 10_000;

const noRelease = async () => {};
/** Asks at a gate that stays unanswered, each after a fresh decision, before the request goes on locally. */
const MAX_GATE_ATTEMPTS = 3;

/** The process's Temporal client: the one given, or one connected on first need (again after a failed attempt). */
function lazyClient(opts: OptionalGateOptions) {
  let connecting: Promise<Client> | undefined;
  return {
    client(): Promise<Client> {
      if (opts.client) return Promise.resolve(opts.client);
      const connect =
        opts.connect ?? (() => Connection.connect({ address: opts.address, connectTimeout: 1000 }));
      connecting ??= connect().then((connection) => new Client({ connection, namespace: opts.namespace }));
      const attempt = connecting;
      attempt.catch(() => {
        if (connecting === attempt) connecting = undefined;
      });
      return attempt;
    },
    async close(): Promise<void> {
      const own = connecting;
      connecting = undefined;
      await own?.then((c) => c.connection.close()).catch(() => {});
    },
  };
}

type Timestamp = { seconds?: number | { toNumber(): number } | null; nanos?: number | null } | null;

function epochMs(t: Timestamp | undefined): number {
  if (!t?.seconds) return 0;
  const seconds = typeof t.seconds === 'number' ? t.seconds : t.seconds.toNumber();
  return seconds * 1000 + Math.floor((t.nanos ?? 0) / 1e6);
}

/** When each worker polling the queue last polled (server time, epoch ms). */
async function lastPolls(client: Client, opts: OptionalGateOptions): Promise<number[]> {
  const { pollers } = await client.withDeadline(Date.now() + DESCRIBE_DEADLINE_MS, () =>
    client.workflowService.describeTaskQueue({
      namespace: opts.namespace,
      taskQueue: { name: opts.workflowTaskQueue },
      taskQueueType: TASK_QUEUE_TYPE_WORKFLOW,
    }),
  );
  return (pollers ?? []).map((p) => epochMs(p.lastAccessTime));
}

export function createOptionalTemporalGate(opts: OptionalGateOptions): OptionalGate {
  const log = opts.logger ?? silentLogger;
  const recheckMs = opts.recheckMs ?? DEFAULT_RECHECK_MS;
  const renewMs = opts.renewMs ?? DEFAULT_RENEW_MS;
  const temporal = lazyClient(opts);
  let decided: { gate: RequestGate | undefined; at: number } | undefined;
  let deciding: Promise<RequestGate | undefined> | undefined;
  /** Polls up to this (server) time were seen before the gate failed: those workers may be gone. */
  let staleBefore = 0;
  let failed = false;
  let closing: Promise<void> | undefined;

  async function decide(): Promise<RequestGate | undefined> {
    try {
      const client = await temporal.client();
      const polls = await lastPolls(client, opts);
      if (failed) {
        // The gate did not answer: only a worker polling after now proves it runs again.
        staleBefore = Math.max(staleBefore, ...polls);
        failed = false;
      }
      if (!polls.some((at) => at > staleBefore)) throw new Error(`no workers poll ${opts.workflowTaskQueue}`);
      log.debug({ address: opts.address }, 'arXiv requests take turns through the running cluster’s gate');
      return createTemporalGate({
        workflowTaskQueue: opts.workflowTaskQueue,
        leaseMs: opts.leaseMs,
        client: () => client,
        logger: log,
        renewMs,
        answerWithinMs: opts.answerWithinMs ?? renewMs + ANSWER_SLACK_MS,
        ...(opts.workflowId ? { workflowId: opts.workflowId } : {}),
        ...(opts.onWait ? { onWait: opts.onWait } : {}),
      });
    } catch (e) {
      log.debug({ err: e }, 'no running arxiv-radar workers; arXiv requests are spaced by this process only');
      return undefined;
    }
  }

  /** The gate to take turns at (undefined: this process's spacing only), decided again when stale. */
  function current(): Promise<RequestGate | undefined> {
    if (decided && Date.now() - decided.at < recheckMs) return Promise.resolve(decided.gate);
    deciding ??= decide()
      .then((gate) => {
        decided = { gate, at: Date.now() };
        return gate;
      })
      .finally(() => {
        deciding = undefined;
      });
    return deciding;
  }

  return {
    async acquire(intervalMs, turn: TurnRequestOptions = {}) {
      // A gate that did not answer is decided again at once; while workers are still seen polling
      // (alive but slow), the request asks their gate again rather than skip the cluster's spacing.
      for (let attempt = 1; ; attempt++) {
        const gate = await untilAborted(current(), turn.signal);
        if (!gate) return noRelease;
        try {
          return await gate.acquire(intervalMs, turn);
        } catch (e) {
          if (turn.signal?.aborted) throw e;
          if (decided?.gate === gate) decided = undefined;
          failed = true;
          if (attempt >= MAX_GATE_ATTEMPTS) {
            log.warn(
              { err: e },
              'the arXiv gate did not answer; this request is spaced by this process only until workers are seen again',
            );
            return noRelease;
          }
          log.debug({ err: e, attempt }, 'the arXiv gate did not answer; deciding again');
        }
      }
    },
    mode: () => (decided === undefined ? 'undecided' : decided.gate ? 'cluster' : 'local'),
    close: () =>
      (closing ??= (async () => {
        await deciding?.catch(() => {});
        await temporal.close();
      })()),
  };
}
