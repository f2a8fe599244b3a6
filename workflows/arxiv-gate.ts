/**
 * The cluster-wide arXiv gate: one long-lived workflow per namespace hands out a single "turn" to
 * send one HTTP request to arXiv. Whoever holds the turn is the only process with a request in
 * flight (one connection across every worker and machine); the next turn is granted no sooner than
 * the interval after the previous request *ended*, and after a 429/503 every worker waits out the
 * Retry-After (or an exponential backoff when arXiv gives none). The task queue's server-side rate
 * limit spaces dispatches; this gate is what makes the spacing exact and the backoff global.
 *
 * A turn is a lease: a holder that dies without releasing is skipped after `leaseMs`.
 * A queued request is a lease too, when it says so (`renewMs`): its update returns "renew" after
 * `renewMs` and the requester asks again at once; a request not renewed within `renewMs` plus a
 * grace period is dropped unseen (its process died). A requester whose work was cancelled takes
 * its request back at once with the `withdrawArxivTurn` signal, by lease id or by the requesting
 * workflow's id. So abandoned requests never hold up the ones behind them.
 * The history is kept short by continuing as new once Temporal suggests it (or after maxTurns);
 * waiters still queued at that point are told to ask again, and their retry reaches the new run.
 */
import {
  allHandlersFinished,
  condition,
  continueAsNew,
  log,
  setHandler,
  sleep,
  workflowInfo,
} from '@temporalio/workflow';
import {
  acquireArxivTurn,
  arxivGateStatus,
  releaseArxivTurn,
  withdrawArxivTurn,
  type TurnAnswer,
  type TurnRelease,
  type TurnRequest,
} from './arxiv-gate-messages.ts';

/** What survives continue-as-new (times are workflow time, epoch ms). */
export interface GateState {
  /** When the last request ended (its release arrived), and the spacing it asked for. */
  lastEndedAt: number | null;
  lastIntervalMs: number;
  /** No turn before this, after a 429/503. */
  backoffUntil: number;
  consecutiveThrottles: number;
  lastThrottleStatus?: number;
  /** Turns per run before continuing as new (tests lower it). */
  maxTurns?: number;
}

const FRESH: GateState = { lastEndedAt: null, lastIntervalMs: 0, backoffUntil: 0, consecutiveThrottles: 0 };

/** Backoff without Retry-After: 2 s, 4 s, 8 s … capped at 2 minutes (arXiv often omits the header). */
export function throttleBackoffMs(consecutiveThrottles: number): number {
  return Math.min(2000 * 2 ** Math.max(0, consecutiveThrottles - 1), 120_000);
}

const DEFAULT_MAX_TURNS = 2000;
/** Waits longer than this are slept by the gate, not by the holder (whose activity has a timeout). */
const HOLDER_WAIT_MAX_MS = 5000;
/** How late a renewing request may ask again before it is presumed gone. */
export const RENEW_GRACE_MS = 5000;

interface Waiter extends TurnRequest {
  /** Workflow time until which the request counts as alive (renewing requests only). */
  aliveUntil: number;
  gone?: 'withdrawn' | 'stale';
}

const isAlive = (w: Waiter, now: number) => !w.gone && (w.renewMs === undefined || w.aliveUntil >= now);
const belongsTo = (w: TurnRequest, requester: string) =>
  w.requester !== undefined && (w.requester === requester || w.requester.startsWith(`${requester}/`));

/** "Ask again": a queued request's renewal answer, with its place in the queue and the gate's state. */
function renewAnswer(state: GateState, waiting: Waiter[], mine: Waiter, held: boolean): TurnAnswer {
  const now = Date.now();
  return {
    granted: false,
    retry: 'renew',
    ahead:
      waiting.slice(0, Math.max(0, waiting.indexOf(mine))).filter((w) => isAlive(w, now)).length +
      (held ? 1 : 0),
    backoffUntil: state.backoffUntil,
    consecutiveThrottles: state.consecutiveThrottles,
    ...(state.lastThrottleStatus === undefined ? {} : { lastThrottleStatus: state.lastThrottleStatus }),
  };
}

/** The gate's memory of a turn that ended: its spacing, and the backoff a throttled one earns. */
function recordTurnEnd(state: GateState, turn: TurnRequest, rel: TurnRelease): void {
  const now = Date.now();
  state.lastEndedAt = now;
  state.lastIntervalMs = turn.intervalMs;
  state.consecutiveThrottles = rel.throttled ? state.consecutiveThrottles + 1 : 0;
  if (rel.throttled && rel.status !== undefined) state.lastThrottleStatus = rel.status;
  else if (!rel.throttled) delete state.lastThrottleStatus;
  state.backoffUntil = rel.throttled
    ? now + (rel.retryAfterMs ?? throttleBackoffMs(state.consecutiveThrottles))
    : 0;
}

/** What the status query answers. */
function gateStatus(state: GateState, waiting: Waiter[], held: boolean) {
  return {
    lastIntervalMs: state.lastIntervalMs,
    waiting: waiting.filter((w) => isAlive(w, Date.now())).length,
    held,
    backoffUntil: state.backoffUntil,
  };
}

/** When request `r` may go: the stricter of the two spacings (the last request's and its own), and any backoff. */
function readyAtOf(state: GateState, r: TurnRequest): number {
  return Math.max(
    state.lastEndedAt === null ? 0 : state.lastEndedAt + Math.max(state.lastIntervalMs, r.intervalMs),
    state.backoffUntil,
  );
}

export async function arxivGate(initial: GateState = FRESH): Promise<never> {
  const state = { ...initial };
  const waiting: Waiter[] = [];
  let holder: (TurnRequest & { waitMs: number }) | undefined;
  let draining = false;

  const endTurn = (turn: TurnRequest, rel: TurnRelease) => {
    recordTurnEnd(state, turn, rel);
    holder = undefined;
  };

  setHandler(arxivGateStatus, () => gateStatus(state, waiting, holder !== undefined));

  setHandler(
    acquireArxivTurn,
    async (req): Promise<TurnAnswer> => {
      if (holder?.leaseId !== req.leaseId) {
        const aliveUntil = Date.now() + (req.renewMs ?? 0) + RENEW_GRACE_MS;
        // A renewal keeps its place in the queue; a request dropped as stale queues again at the back.
        let entry = waiting.find((w) => w.leaseId === req.leaseId && !w.gone);
        if (entry) entry.aliveUntil = aliveUntil;
        else waiting.push((entry = { ...req, aliveUntil }));
        const mine = entry;
        const settled = () => holder?.leaseId === req.leaseId || draining || mine.gone !== undefined;
        if (req.renewMs === undefined) await condition(settled);
        else if (!(await condition(settled, req.renewMs))) {
          return renewAnswer(state, waiting, mine, holder !== undefined);
        }
        if (mine.gone === 'withdrawn') return { granted: false, retry: 'withdrawn' };
      }
      return holder?.leaseId === req.leaseId
        ? { granted: true, waitMs: holder.waitMs }
        : { granted: false, retry: 'gate-restarting' };
    },
    {
      validator: (req) => {
        if (typeof req?.leaseId !== 'string' || !req.leaseId) throw new Error('leaseId is required');
        if (!(req.intervalMs >= 0) || !(req.leaseMs > 0))
          throw new Error('intervalMs >= 0 and leaseMs > 0 are required');
      },
    },
  );

  setHandler(releaseArxivTurn, (rel) => {
    if (holder?.leaseId !== rel.leaseId) return; // late or duplicate release
    endTurn(holder, rel);
  });

  setHandler(withdrawArxivTurn, (w) => {
    const matches = (r: TurnRequest) =>
      (w.leaseId !== undefined && r.leaseId === w.leaseId) ||
      (w.requester !== undefined && belongsTo(r, w.requester));
    for (const entry of waiting) if (matches(entry)) entry.gone = 'withdrawn';
    // Withdrawn after being granted, before sending: the turn ends (spaced as if a request was made).
    if (holder && matches(holder)) endTurn(holder, { leaseId: holder.leaseId });
  });

  /**
   * The first live request, left in the queue (so its renewals find it), after dropping abandoned
   * ones from the front.
   */
  const firstLive = (): Waiter | undefined => {
    for (let w = waiting[0]; w; w = waiting[0]) {
      if (isAlive(w, Date.now())) return w;
      waiting.shift();
      if (!w.gone) {
        w.gone = 'stale';
        log.info('arXiv turn request dropped: its requester stopped renewing it', {
          leaseId: w.leaseId,
          requester: w.requester,
        });
      }
    }
    return undefined;
  };

  const maxTurns = state.maxTurns ?? DEFAULT_MAX_TURNS;
  for (let turns = 0; ; turns++) {
    await condition(
      () =>
        waiting.some((w) => isAlive(w, Date.now())) ||
        workflowInfo().continueAsNewSuggested ||
        turns >= maxTurns,
    );
    if (workflowInfo().continueAsNewSuggested || turns >= maxTurns) break;
    let next = firstLive();
    if (!next) continue;
    const readyAtFor = (r: TurnRequest) => readyAtOf(state, r);
    let readyAt = readyAtFor(next);
    if (readyAt - Date.now() > HOLDER_WAIT_MAX_MS) {
      await sleep(readyAt - Date.now());
      // A request abandoned during a long backoff does not get the turn: the next live one does.
      if (!isAlive(next, Date.now())) {
        next = firstLive();
        if (!next) continue;
        readyAt = readyAtFor(next);
      }
    }
    waiting.splice(waiting.indexOf(next), 1);
    // Computed at this task's time; the holder learns it later still, so its request lands after readyAt.
    const waitMs = Math.max(0, readyAt - Date.now());
    holder = { ...next, waitMs };
    const released = await condition(() => holder === undefined, waitMs + next.leaseMs);
    if (!released) {
      log.warn('arXiv turn lease expired; the holder is presumed dead', {
        leaseId: next.leaseId,
        leaseMs: next.leaseMs,
      });
      endTurn(next, { leaseId: next.leaseId });
    }
  }

  draining = true;
  await condition(allHandlersFinished);
  return continueAsNew<typeof arxivGate>(state);
}
