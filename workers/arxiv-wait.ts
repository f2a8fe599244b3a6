/**
 * What a waiting caller is told about arXiv while an on-demand workflow runs: read from the
 * workflow's pending arXiv activities (Temporal's retry state: attempt, last failure, next attempt
 * time) and their heartbeat details (the arXiv gate's state: throttle status, shared backoff,
 * requests ahead; adapters/arxiv/temporal-gate.ts). Pure functions over describe() output, so
 * the messages are tested without a server.
 */
import { STATUS_CODES } from 'node:http';
import { defaultPayloadConverter } from '@temporalio/common';
import type { GateHeartbeat } from '../adapters/arxiv/temporal-gate.ts';

/** The arXiv side of a pending activity, as far as a waiting user cares. */
export interface ArxivWait {
  activity: string;
  /** The attempt running now or scheduled next (1 = first). */
  attempt: number;
  /** Attempts that have failed so far. */
  failedAttempts: number;
  /** HTTP status of the last failed attempt (429, 503, …), when it was one. */
  lastStatus?: number;
  lastMessage?: string;
  /** Epoch ms of the next attempt, while Temporal waits to retry. */
  retryAt?: number;
  /** The gate's state while the attempt waits for its turn. */
  gate?: GateHeartbeat;
}

/** The subset of temporal.api.workflow.v1.PendingActivityInfo read here. */
export interface PendingActivityLike {
  activityType?: { name?: string | null } | null;
  state?: number | null;
  attempt?: number | null;
  lastFailure?: {
    message?: string | null;
    applicationFailureInfo?: { details?: { payloads?: unknown[] | null } | null } | null;
  } | null;
  nextAttemptScheduleTime?: TimestampLike | null;
  heartbeatDetails?: { payloads?: unknown[] | null } | null;
}

/** google.protobuf.Timestamp as the client decodes it (seconds a Long) or as plain numbers. */
export interface TimestampLike {
  seconds?: number | { toNumber(): number } | null;
  nanos?: number | null;
}

function timestampMs(t: TimestampLike | null | undefined): number | undefined {
  if (!t || t.seconds === null || t.seconds === undefined) return undefined;
  const seconds = typeof t.seconds === 'number' ? t.seconds : t.seconds.toNumber();
  return seconds * 1000 + Math.floor((t.nanos ?? 0) / 1e6);
}

/** temporal.api.enums.v1.PendingActivityState.PENDING_ACTIVITY_STATE_SCHEDULED */
const SCHEDULED = 1;

function decodeFirst<T>(payloads: unknown[] | null | undefined): T | undefined {
  const first = payloads?.[0];
  if (!first) return undefined;
  try {
    return defaultPayloadConverter.fromPayload<T>(
      first as Parameters<typeof defaultPayloadConverter.fromPayload>[0],
    );
  } catch {
    return undefined;
  }
}

/** The arXiv view of one pending activity, or undefined when it is not an arXiv activity. */
export function arxivWaitOf(p: PendingActivityLike): ArxivWait | undefined {
  const activity = p.activityType?.name ?? '';
  if (!activity.startsWith('arxiv')) return undefined;
  const attempt = Math.max(1, p.attempt ?? 1);
  const failure = p.lastFailure ?? undefined;
  const details = decodeFirst<{ status?: unknown }>(failure?.applicationFailureInfo?.details?.payloads);
  const statusFromMessage = /\b(4\d\d|5\d\d)\b/.exec(failure?.message ?? '')?.[1];
  const status =
    typeof details?.status === 'number'
      ? details.status
      : statusFromMessage
        ? Number(statusFromMessage)
        : undefined;
  const gate = p.state === SCHEDULED ? undefined : decodeFirst<GateHeartbeat>(p.heartbeatDetails?.payloads);
  const retryAt = p.state === SCHEDULED && failure ? timestampMs(p.nextAttemptScheduleTime) : undefined;
  return {
    activity,
    attempt,
    failedAttempts: failure ? attempt - 1 : 0,
    ...(status === undefined ? {} : { lastStatus: status }),
    ...(failure?.message ? { lastMessage: failure.message } : {}),
    ...(retryAt === undefined ? {} : { retryAt }),
    ...(gate ? { gate } : {}),
  };
}

/** "503 Service Unavailable" */
export function statusText(status: number): string {
  const text = STATUS_CODES[status];
  return text ? `${status} ${text}` : String(status);
}

const seconds = (ms: number) => Math.max(0, Math.ceil(ms / 1000));

/**
 * One line for a waiting user, or undefined when arXiv is not what it waits for. `key` changes
 * only when the state does (not with the countdown), for logs that print each state once.
 */
export function describeArxivWait(w: ArxivWait, now: number): { message: string; key: string } | undefined {
  const gate = w.gate?.phase === 'queued' ? w.gate : undefined;
  const status = gate?.lastThrottleStatus ?? w.lastStatus;
  const answered = status
    ? `arXiv answered ${status}`
    : w.lastMessage
      ? `arXiv request failed (${w.lastMessage.replace(/\.$/, '')})`
      : undefined;
  if (w.retryAt !== undefined) {
    if (!answered) return undefined;
    return {
      message: `${answered}; retry ${w.attempt} in ${seconds(w.retryAt - now)} s`,
      key: `${w.activity}:${w.attempt}:retry`,
    };
  }
  if (!gate) return undefined;
  const ahead = gate.ahead > 0 ? `${gate.ahead} request${gate.ahead === 1 ? '' : 's'} ahead` : '';
  if (gate.backoffUntil > now && gate.lastThrottleStatus) {
    const extra = ahead ? ` (${ahead})` : '';
    return {
      message: `arXiv answered ${gate.lastThrottleStatus}; retry ${w.attempt} in ${seconds(gate.backoffUntil - now)} s${extra}`,
      key: `${w.activity}:${w.attempt}:backoff:${gate.consecutiveThrottles}`,
    };
  }
  // Queued at the gate (behind others, or first and waiting out the spacing): the place in line.
  return {
    message: `waiting for arXiv (position ${gate.ahead + 1})${answered && w.attempt > 1 ? `; ${answered}, attempt ${w.attempt}` : ''}`,
    key: `${w.activity}:${w.attempt}:queued:${gate.ahead}`,
  };
}

/** The final error text when on-demand work ran out of time while arXiv was failing. */
export function timeoutMessage(
  w: ArxivWait | undefined,
  timeoutSeconds: number,
  what: string,
  stage: string | undefined,
): string {
  const hint = 'try again later or raise ONDEMAND_TIMEOUT_SECONDS';
  const status = (w?.gate?.phase === 'queued' ? w.gate.lastThrottleStatus : undefined) ?? w?.lastStatus;
  if (w && (status !== undefined || w.failedAttempts > 0)) {
    const attempts = `${w.failedAttempts} attempt${w.failedAttempts === 1 ? '' : 's'}`;
    const why = status !== undefined ? statusText(status) : (w.lastMessage ?? 'no answer').replace(/\.$/, '');
    return `arXiv did not answer within ${timeoutSeconds} s (${why}, ${attempts}); ${hint}.`;
  }
  return `The ${what} did not finish within ${timeoutSeconds} s${stage ? ` (last: ${stage})` : ''}; ${hint}.`;
}
