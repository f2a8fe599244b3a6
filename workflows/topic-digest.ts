/**
 * topicDigest: one digest per arXiv announcement, named by the announcement's feed date, never
 * by the worker's clock.
 *
 * Category subscriptions read the announcement feed; the announcements missed since the last one
 * delivered (workers down, a long weekend) are caught up from arXiv's OAI-PMH archive, at most
 * DIGEST_CATCHUP_DAYS back, and a digest names any it could not cover. Query-only subscriptions
 * search each announcement's submission window (cutoff to cutoff, 14:00 ET), each window starting
 * where the last delivered one ended. Per announcement: select (filtered, unseen, ranked, above
 * the relevance floor, top K), ingest and summarise, publish to every destination, then mark it
 * delivered. An announcement already delivered publishes nothing, however often the run repeats.
 * Which arXiv source reads which announcement is not named here: the sources are a list
 * (sources/index.ts: feed, OAI-PMH, search window), each one file, reaching the selection as
 * stored files by kind (activities/pipeline/sources/).
 */
import {
  ActivityFailure,
  ApplicationFailure,
  executeChild,
  isCancellation,
  log,
  patched,
  workflowInfo,
} from '@temporalio/workflow';
import {
  describeDates,
  feedDateAt,
  latestFeedDay,
  planAnnouncements,
  submissionWindow,
  type AnnouncementPlan,
} from '../domain/arxiv-calendar.ts';
import type { DigestState } from '../activities/pipeline/announcements.ts';
import type { Receipt } from '../domain/digest.ts';
import { main, publishingWithin } from './main-proxies.ts';
import { paperIngest } from './paper-ingest.ts';
import { trackProgress } from './progress.ts';
import { covers, DIGEST_SOURCES, sourceFor } from './sources/index.ts';
import type { AnnouncementReader, DigestSource, SourceContext, SourceRead } from './sources/source.ts';
import { legacyTopicDigest } from './topic-digest-legacy.ts';

/** Histories from before this marker ran the clock-keyed digest (topic-digest-legacy.ts). */
const ANNOUNCEMENT_CALENDAR = 'announcement-calendar';
/**
 * From this marker on, an announcement whose publish failed stays pending and every later run
 * publishes it again first; a destination's failure no longer stops the other destinations or
 * the later announcements, and the run fails at its end naming what is still pending.
 */
const PENDING_UNTIL_PUBLISHED = 'pending-until-published';

/** One digest this run published. */
export interface PublishedDigest {
  key: string;
  /** The announcement's feed date. */
  announcement: string;
  entries: number;
  receipts: Receipt[];
}

export type TopicDigestResult =
  | {
      status: 'published';
      /** The last digest published (also in `digests`). */
      key: string;
      entries: number;
      receipts: Receipt[];
      /** Every digest published, oldest announcement first. */
      digests?: PublishedDigest[];
      /** Announcements delivered by this run, with or without a digest. */
      announcements?: string[];
      /** Missed announcements beyond the catch-up limit. */
      notCovered?: string[];
      /** Unseen papers dropped at the relevance floor in the announcements delivered. */
      belowFloor?: number;
    }
  | { status: 'empty'; reason: string; announcements?: string[]; notCovered?: string[]; belowFloor?: number };

export interface TopicDigestOptions {
  /** Results per window-search request (tests lower it to page through small recordings). */
  windowPageSize?: number;
  /** Query-only subscriptions: the instant to treat as now (ISO 8601); defaults to the workflow clock. */
  asOf?: string;
}

type Stage = (message: string) => void;

interface Run {
  state: DigestState;
  stage: Stage;
  plan: AnnouncementPlan;
  published: PublishedDigest[];
  delivered: string[];
  /** Set under PENDING_UNTIL_PUBLISHED: what could not be published this run (it stays pending). */
  failures?: string[];
  /** Set under PENDING_UNTIL_PUBLISHED: announcements whose publish this run already tried. */
  tried?: string[];
  /** Papers ranked at or below the relevance floor in the announcements delivered. */
  belowFloor?: number;
}

const NO_PLAN: AnnouncementPlan = { current: false, catchUp: [], skipped: [] };

export async function topicDigest(
  subscriptionName: string,
  options: TopicDigestOptions = {},
): Promise<TopicDigestResult> {
  if (!patched(ANNOUNCEMENT_CALENDAR)) return legacyTopicDigest(subscriptionName, options);
  const stage = trackProgress('loading the subscription');
  const loaded = await main.loadDigestState(subscriptionName);
  if (!patched(PENDING_UNTIL_PUBLISHED)) {
    const run = await digestAnnouncements(loaded, stage, options);
    if (typeof run === 'string') return { status: 'empty', reason: run };
    return result(run);
  }
  // Digests assembled before and not yet everywhere go out first, whatever the calendar says.
  const retried: Run = {
    state: loaded,
    stage,
    plan: NO_PLAN,
    published: [],
    delivered: [],
    failures: [],
    tried: [],
  };
  for (const p of loaded.pending ?? []) await publishAndComplete(retried, p.announcement, p.key, p.entries);
  const newest = retried.delivered.reduce<string | null>(
    (a, b) => (a === null || b > a ? b : a),
    loaded.lastAnnouncement,
  );
  const state: DigestState = { ...loaded, lastAnnouncement: newest };
  const run = await digestAnnouncements(state, stage, options, retried);
  const outcome = typeof run === 'string' ? retried : run;
  if (outcome.failures && outcome.failures.length > 0) {
    throw ApplicationFailure.nonRetryable(
      `${outcome.failures.join('; ')}. Still pending: the next run publishes it again (\`arxiv-radar subscriptions\` shows the failure).`,
      'PUBLISH_FAILED',
    );
  }
  if (typeof run === 'string')
    return retried.delivered.length > 0 ? result(retried) : { status: 'empty', reason: run };
  return result(run);
}

/**
 * Reads and delivers the plan's announcements, oldest first, each from the first listed source
 * (sources/index.ts) that serves the subscription and covers it. A source that states the current
 * announcement (the feed) is read first; without one, the calendar says which is current.
 */
async function digestAnnouncements(
  state: DigestState,
  stage: Stage,
  options: TopicDigestOptions,
  prior?: Run,
): Promise<Run | string> {
  const ctx: SourceContext = { state, stage, options };
  const announcer = DIGEST_SOURCES.find((s) => s.serves(state.subscription) && s.announce);
  const announced = announcer?.announce ? await announcer.announce(ctx) : undefined;
  if (typeof announced === 'string') return announced;
  const current =
    announced?.date ?? latestFeedDay(feedDateAt(options.asOf ? new Date(options.asOf) : new Date()));
  const plan = planAnnouncements(state.lastAnnouncement, current, state.catchupDays);
  if (!plan.current) return `nothing new: the announcement of ${current} was already delivered`;
  const run: Run = { ...carried(prior), state, stage, plan };
  const dates = [...plan.catchUp, current];
  const readers = new Map<DigestSource, AnnouncementReader>();
  for (const date of dates) {
    const source = sourceFor(state.subscription, date, current);
    if (!source) continue;
    let reader = readers.get(source);
    if (!reader) {
      // Opened once, at its first announcement, for all it covers (OAI-PMH harvests them in one go).
      const announcedHere = source === announcer && announced ? { announced } : {};
      const covered = dates.filter((d) => covers(source, d, current));
      reader = await source.open({ ...ctx, plan, ...announcedHere }, covered);
      readers.set(source, reader);
    }
    const read = await reader(date);
    if (read) await deliver(run, date, read.input, read.window);
  }
  if (announced && run.delivered.length === 0 && plan.skipped.length === 0) return announced.emptyReason;
  return run;
}

/** Select, ingest, assemble, publish and complete one announcement. */
async function deliver(
  run: Run,
  date: string,
  source: SourceRead['input'],
  window = submissionWindow(date),
): Promise<void> {
  const sub = run.state.subscription;
  // Tried (and refused) earlier in this run: it stays pending for the next run.
  if (run.tried?.includes(date)) return;
  run.stage(`selecting the papers of the ${date} announcement`);
  const selection = await main.selectAnnouncement({ subscription: sub.name, announcement: date, ...source });
  if (selection.delivered) return;
  run.belowFloor = (run.belowFloor ?? 0) + (selection.stats.belowFloor ?? 0);
  if (selection.selected.length > 0) {
    run.stage(`fetching full text and summarising the top ${selection.selected.length} of ${date}`);
    // Full text only for the selected papers; children share the arXiv queue's rate limit.
    const parentId = workflowInfo().workflowId;
    const paperById = new Map((selection.papers ?? []).map((p) => [p.id, p]));
    await Promise.all(
      selection.selected.map((c, i) =>
        executeChild(paperIngest, {
          workflowId: `${parentId}/ingest-${date}-${i}`,
          args: [
            { ref: c.version ? `${c.id}v${c.version}` : c.id, paper: paperById.get(c.id), topic: sub.name },
          ],
        }),
      ),
    );
    // The first digest of the run names the announcements that could not be caught up.
    const notCovered = run.published.length === 0 ? run.plan.skipped : [];
    const { key, entries } = await main.assembleDigest({
      subscription: sub.name,
      date,
      announcement: date,
      windowStart: window.start.toISOString(),
      windowEnd: window.end.toISOString(),
      selected: selection.selected,
      notCovered,
    });
    if (run.failures) return publishAndComplete(run, date, key, entries);
    const receipts: Receipt[] = [];
    for (const destination of run.state.destinations) {
      run.stage(`publishing the ${date} digest to ${destination}`);
      receipts.push(
        await publishingWithin(run.state.publishHeartbeatSeconds).publishDigest({ key, destination }),
      );
    }
    run.published.push({ key, announcement: date, entries, receipts });
  }
  run.stage(`marking the ${date} announcement delivered`);
  await main.completeAnnouncement({ subscription: sub.name, announcement: date });
  run.delivered.push(date);
}

/** The published and delivered lists a run continues from, and the failures and tries it adds to. */
function carried(prior: Run | undefined): Pick<Run, 'published' | 'delivered' | 'failures' | 'tried'> {
  if (!prior) return { published: [], delivered: [] };
  // The failures and tried lists are shared, so a run that ends "nothing new" still reports them.
  return {
    published: [...prior.published],
    delivered: [...prior.delivered],
    ...(prior.failures ? { failures: prior.failures } : {}),
    ...(prior.tried ? { tried: prior.tried } : {}),
  };
}

/**
 * PENDING_UNTIL_PUBLISHED: publishes an assembled digest to every destination, each on its own
 * (one refusing does not stop the others), and completes the announcement only when all have it.
 */
async function publishAndComplete(run: Run, date: string, key: string, entries?: number): Promise<void> {
  const sub = run.state.subscription;
  run.tried?.push(date);
  const receipts: Receipt[] = [];
  const failed: string[] = [];
  for (const destination of run.state.destinations) {
    run.stage(`publishing the ${date} digest to ${destination}`);
    try {
      receipts.push(
        await publishingWithin(run.state.publishHeartbeatSeconds).publishDigest({ key, destination }),
      );
    } catch (e) {
      if (isCancellation(e) || !(e instanceof ActivityFailure)) throw e;
      failed.push(`${destination} (${e.cause?.message ?? e.message})`);
    }
  }
  if (failed.length > 0) {
    log.warn('digest not published everywhere; the announcement stays pending', {
      subscription: sub.name,
      announcement: date,
      failed,
    });
    run.failures?.push(`the ${date} digest of ${sub.name} could not be published to ${failed.join(', ')}`);
    return;
  }
  run.published.push({ key, announcement: date, entries: entries ?? 0, receipts });
  run.stage(`marking the ${date} announcement delivered`);
  await main.completeAnnouncement({ subscription: sub.name, announcement: date });
  run.delivered.push(date);
}

function result(run: Run): TopicDigestResult {
  const { published, delivered, plan } = run;
  if (plan.skipped.length > 0) {
    log.warn('announcements older than the catch-up limit were not covered', {
      subscription: run.state.subscription.name,
      notCovered: plan.skipped,
    });
  }
  const last = published[published.length - 1];
  const notCovered = plan.skipped.length > 0 ? { notCovered: plan.skipped } : {};
  const belowFloor = { belowFloor: run.belowFloor ?? 0 };
  if (!last) {
    return {
      status: 'empty',
      reason: `nothing new: no paper of ${describeDates(delivered)} cleared the relevance floor`,
      announcements: delivered,
      ...notCovered,
      ...belowFloor,
    };
  }
  return {
    status: 'published',
    key: last.key,
    entries: last.entries,
    receipts: last.receipts,
    digests: published,
    announcements: delivered,
    ...notCovered,
    ...belowFloor,
  };
}
