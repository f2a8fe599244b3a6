/**
 * The arXiv gate's messages: its workflow id, the update, signals and query, and their payloads.
 * Its own module so that callers outside workflows (the activities' gate client, the service that
 * withdraws a cancelled workflow's requests, doctor) import these and not the gate's code.
 */
import { defineQuery, defineSignal, defineUpdate } from '@temporalio/workflow';

export const ARXIV_GATE_WORKFLOW_ID = 'arxiv-gate';

export interface TurnRequest {
  /** Unique per request; also the update id, so a resent acquire joins the first one. */
  leaseId: string;
  /** The spacing this request needs after the previous one ended (the transport's effective interval). */
  intervalMs: number;
  /** How long the holder may keep the turn before it is presumed dead. */
  leaseMs: number;
  /**
   * Queued requests renew themselves: the update answers `retry: 'renew'` after this long and the
   * requester asks again (same leaseId, new update id); one not renewed in time is dropped.
   * Absent (older workers): the request waits in the queue until it is granted.
   */
  renewMs?: number;
  /** The workflow whose activity asks (the CLI's direct requests have none): withdrawals by workflow id. */
  requester?: string;
}

/**
 * `waitMs`: the holder sleeps this long before sending. Short spacings are waited out by the holder
 * (server timers fire up to a second late, which would slow every request); the gate only sleeps
 * through long backoffs itself.
 */
export type TurnAnswer =
  | { granted: true; waitMs: number }
  | { granted: false; retry: 'gate-restarting' | 'withdrawn' }
  | ({ granted: false; retry: 'renew' } & GateStatus);

/** What a queued requester learns when it renews: enough to tell a waiting user why. */
export interface GateStatus {
  /** Requests ahead of this one. */
  ahead: number;
  /** Epoch ms until which nobody gets a turn (a 429/503 backoff); 0 when none. */
  backoffUntil: number;
  /** 429s/503s in a row so far. */
  consecutiveThrottles: number;
  /** The status of the last throttled answer (429 or 503), when the last request was throttled. */
  lastThrottleStatus?: number;
}

/**
 * Takes queued requests back: by lease (a cancelled activity), or every request of a workflow and
 * its children (`requester` is a workflow id; children are `<id>/...`), sent by the caller that
 * cancels an on-demand workflow.
 */
export interface TurnWithdrawal {
  leaseId?: string;
  requester?: string;
}

export interface TurnRelease {
  leaseId: string;
  /** The request was throttled (429/503): every worker waits before the next turn. */
  throttled?: boolean;
  /** Retry-After from arXiv, when it sent one. */
  retryAfterMs?: number;
  /** The HTTP status of a throttled answer (429 or 503), shown to waiting users. */
  status?: number;
}

export const acquireArxivTurn = defineUpdate<TurnAnswer, [TurnRequest]>('acquireArxivTurn');
export const releaseArxivTurn = defineSignal<[TurnRelease]>('releaseArxivTurn');
export const withdrawArxivTurn = defineSignal<[TurnWithdrawal]>('withdrawArxivTurn');

/** What `doctor` reads from a running gate: the interval the cluster's last request was spaced by, and the queue. */
export interface GateQueueStatus {
  lastIntervalMs: number;
  waiting: number;
  held: boolean;
  backoffUntil: number;
}
/** A query (no history events), so adding it keeps every recorded gate history replaying. */
export const arxivGateStatus = defineQuery<GateQueueStatus>('arxivGateStatus');
