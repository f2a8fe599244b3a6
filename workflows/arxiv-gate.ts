/**
 * The cluster-wide arXiv gate: one long-lived workflow per namespace hands out a single "turn" to
 * send one HTTP request to arXiv. Whoever holds the turn is the only process with a request in
 * flight (one connection across every worker and machine); the next turn is granted no sooner than
 * the interval after the previous request *ended*, and after a 429/503 every worker waits out the
 * Retry-After (or an exponential backoff when arXiv gives none). The task queue's server-side rate
 * limit spaces dispatches; this gate is what makes the spacing exact and the backoff global.
 *
 * A turn is a lease: a holder that dies without releasing is skipped after `leaseMs`.
 * The history is kept short by continuing as new once Temporal suggests it (or after maxTurns);
 * waiters still queued at that point are told to ask again, and their retry reaches the new run.
 */
import {
  allHandlersFinished,
  condition,
  continueAsNew,
  defineSignal,
  defineUpdate,
  log,
  setHandler,
  sleep,
  workflowInfo,
} from '@temporalio/workflow';

export const ARXIV_GATE_WORKFLOW_ID = 'arxiv-gate';

export interface TurnRequest {
  /** Unique per request; also the update id, so a resent acquire joins the first one. */
  leaseId: string;
  /** The spacing this request needs after the previous one ended (the transport's effective interval). */
  intervalMs: number;
  /** How long the holder may keep the turn before it is presumed dead. */
  leaseMs: number;
}

/**
 * `waitMs`: the holder sleeps this long before sending. Short spacings are waited out by the holder
 * (server timers fire up to a second late, which would slow every request); the gate only sleeps
 * through long backoffs itself.
 */
export type TurnAnswer = { granted: true; waitMs: number } | { granted: false; retry: 'gate-restarting' };

export interface TurnRelease {
  leaseId: string;
  /** The request was throttled (429/503): every worker waits before the next turn. */
  throttled?: boolean;
  /** Retry-After from arXiv, when it sent one. */
  retryAfterMs?: number;
}

/** What survives continue-as-new (times are workflow time, epoch ms). */
export interface GateState {
  /** When the last request ended (its release arrived), and the spacing it asked for. */
  lastEndedAt: number | null;
  lastIntervalMs: number;
  /** No turn before this, after a 429/503. */
  backoffUntil: number;
  consecutiveThrottles: number;
  /** Turns per run before continuing as new (tests lower it). */
  maxTurns?: number;
}

const FRESH: GateState = { lastEndedAt: null, lastIntervalMs: 0, backoffUntil: 0, consecutiveThrottles: 0 };

export const acquireArxivTurn = defineUpdate<TurnAnswer, [TurnRequest]>('acquireArxivTurn');
export const releaseArxivTurn = defineSignal<[TurnRelease]>('releaseArxivTurn');

/** Backoff without Retry-After: 2 s, 4 s, 8 s … capped at 2 minutes (arXiv often omits the header). */
export function throttleBackoffMs(consecutiveThrottles: number): number {
  return Math.min(2000 * 2 ** Math.max(0, consecutiveThrottles - 1), 120_000);
}

const DEFAULT_MAX_TURNS = 2000;
/** Waits longer than this are slept by the gate, not by the holder (whose activity has a timeout). */
const HOLDER_WAIT_MAX_MS = 5000;

export async function arxivGate(initial: GateState = FRESH): Promise<never> {
  const state = { ...initial };
  const waiting: TurnRequest[] = [];
  let holder: (TurnRequest & { waitMs: number }) | undefined;
  let draining = false;

  const endTurn = (turn: TurnRequest, rel: TurnRelease) => {
    const now = Date.now();
    state.lastEndedAt = now;
    state.lastIntervalMs = turn.intervalMs;
    state.consecutiveThrottles = rel.throttled ? state.consecutiveThrottles + 1 : 0;
    state.backoffUntil = rel.throttled ? now + (rel.retryAfterMs ?? throttleBackoffMs(state.consecutiveThrottles)) : 0;
    holder = undefined;
  };

  setHandler(
    acquireArxivTurn,
    async (req): Promise<TurnAnswer> => {
      if (holder?.leaseId !== req.leaseId) {
        waiting.push(req);
        await condition(() => holder?.leaseId === req.leaseId || draining);
      }
      return holder?.leaseId === req.leaseId ? { granted: true, waitMs: holder.waitMs } : { granted: false, retry: 'gate-restarting' };
    },
    {
      validator: (req) => {
        if (typeof req?.leaseId !== 'string' || !req.leaseId) throw new Error('leaseId is required');
        if (!(req.intervalMs >= 0) || !(req.leaseMs > 0)) throw new Error('intervalMs >= 0 and leaseMs > 0 are required');
      },
    },
  );

  setHandler(releaseArxivTurn, (rel) => {
    if (holder?.leaseId !== rel.leaseId) return; // late or duplicate release
    endTurn(holder, rel);
  });

  const maxTurns = state.maxTurns ?? DEFAULT_MAX_TURNS;
  for (let turns = 0; ; turns++) {
    await condition(() => waiting.length > 0 || workflowInfo().continueAsNewSuggested || turns >= maxTurns);
    if (workflowInfo().continueAsNewSuggested || turns >= maxTurns) break;
    const next = waiting.shift()!;
    // The stricter of the two spacings (the last request's and this one's), and any backoff.
    const spacedAt = state.lastEndedAt === null ? 0 : state.lastEndedAt + Math.max(state.lastIntervalMs, next.intervalMs);
    const readyAt = Math.max(spacedAt, state.backoffUntil);
    if (readyAt - Date.now() > HOLDER_WAIT_MAX_MS) await sleep(readyAt - Date.now());
    // Computed at this task's time; the holder learns it later still, so its request lands after readyAt.
    const waitMs = Math.max(0, readyAt - Date.now());
    holder = { ...next, waitMs };
    const released = await condition(() => holder === undefined, waitMs + next.leaseMs);
    if (!released) {
      log.warn('arXiv turn lease expired; the holder is presumed dead', { leaseId: next.leaseId, leaseMs: next.leaseMs });
      endTurn(next, { leaseId: next.leaseId });
    }
  }

  draining = true;
  await condition(allHandlersFinished);
  return continueAsNew<typeof arxivGate>(state);
}
