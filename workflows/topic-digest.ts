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
 */
import { executeChild, log, patched, workflowInfo } from '@temporalio/workflow';
import {
  arxivStamp,
  describeDates,
  feedDateAt,
  latestFeedDay,
  oaiSetOf,
  planAnnouncements,
  submissionWindow,
  type AnnouncementPlan,
} from '../domain/arxiv-calendar.ts';
import type { AnnouncementSelectionInput, DigestState } from '../activities/pipeline/announcements.ts';
import type { Receipt } from '../domain/digest.ts';
import { arxiv } from './arxiv-proxies.ts';
import { main, publishing } from './main-proxies.ts';
import { paperIngest } from './paper-ingest.ts';
import { trackProgress } from './progress.ts';
import { legacyTopicDigest, WINDOW_MAX, WINDOW_PAGE } from './topic-digest-legacy.ts';

/** Histories from before this marker ran the clock-keyed digest (topic-digest-legacy.ts). */
const ANNOUNCEMENT_CALENDAR = 'announcement-calendar';
/** OAI-PMH pages per set and run; a week of one archive is a few pages of arXiv's 1000-record pages. */
const MAX_OAI_PAGES = 100;

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
  /** Papers ranked at or below the relevance floor in the announcements delivered. */
  belowFloor?: number;
}

export async function topicDigest(subscriptionName: string, options: TopicDigestOptions = {}): Promise<TopicDigestResult> {
  if (!patched(ANNOUNCEMENT_CALENDAR)) return legacyTopicDigest(subscriptionName, options);
  const stage = trackProgress('loading the subscription');
  const state = await main.loadDigestState(subscriptionName);
  const run = state.subscription.categories.length > 0 ? await categoryDigest(state, stage) : await windowDigest(state, stage, options);
  if (typeof run === 'string') return { status: 'empty', reason: run };
  return result(run);
}

/** Category subscriptions: the current feed, plus OAI-PMH for the announcements missed before it. */
async function categoryDigest(state: DigestState, stage: Stage): Promise<Run | string> {
  const sub = state.subscription;
  stage(`reading arXiv's announcements for ${sub.categories.join(', ')}`);
  const feed = await arxiv.arxivAnnouncementsFile(sub.categories);
  const current = feed.feedDate ?? feedDateAt(new Date());
  const plan = planAnnouncements(state.lastAnnouncement, current, state.catchupDays);
  if (!plan.current) return `nothing new: the announcement of ${current} was already delivered`;
  const run: Run = { state, stage, plan, published: [], delivered: [] };
  if (plan.catchUp.length > 0) {
    stage(`catching up the announcements of ${describeDates(plan.catchUp)} from arXiv's archive`);
    const oaiFiles: string[] = [];
    for (const set of [...new Set(sub.categories.map(oaiSetOf))]) {
      let request: Parameters<typeof arxiv.arxivOaiPageFile>[0] = { set, from: plan.catchUp[0]!, until: plan.catchUp[plan.catchUp.length - 1]! };
      for (let page = 1; ; page++) {
        const stored = await arxiv.arxivOaiPageFile(request);
        oaiFiles.push(stored.key);
        if (!stored.resumptionToken) break;
        if (page >= MAX_OAI_PAGES) {
          log.warn('OAI-PMH catch-up stopped at the page limit', { subscription: sub.name, set, pages: page });
          break;
        }
        request = { resumptionToken: stored.resumptionToken };
      }
    }
    for (const date of plan.catchUp) await deliver(run, date, { oaiFiles });
  }
  if (feed.items > 0) await deliver(run, current, { announcementsFile: feed.key });
  if (run.delivered.length === 0 && plan.skipped.length === 0) {
    return feed.items === 0
      ? `arXiv announced nothing on ${current} (weekend, holiday or a feed not written yet)`
      : `nothing new: the announcement of ${current} had no papers for this subscription`;
  }
  return run;
}

/** Query-only subscriptions: one date-window search per announcement, each window chained to the last. */
async function windowDigest(state: DigestState, stage: Stage, options: TopicDigestOptions): Promise<Run | string> {
  const sub = state.subscription;
  const now = options.asOf ? new Date(options.asOf) : new Date();
  const current = latestFeedDay(feedDateAt(now));
  const plan = planAnnouncements(state.lastAnnouncement, current, state.catchupDays);
  if (!plan.current) return `nothing new: the announcement of ${current} was already delivered`;
  const run: Run = { state, stage, plan, published: [], delivered: [] };
  // Continue from the last delivered window unless announcements were skipped in between.
  let start: Date | null = plan.skipped.length === 0 && state.lastWindowEnd ? new Date(state.lastWindowEnd) : null;
  for (const date of [...plan.catchUp, current]) {
    const window = submissionWindow(date);
    const from = start ?? window.start;
    start = window.end;
    if (window.end <= from) continue;
    stage(`searching arXiv for the ${date} announcement's submissions`);
    const q = `(${sub.query}) AND submittedDate:[${arxivStamp(from)} TO ${arxivStamp(window.end)}]`;
    const searchFiles: string[] = [];
    const pageSize = options.windowPageSize ?? WINDOW_PAGE;
    for (let offset = 0; offset < WINDOW_MAX; offset += pageSize) {
      const page = await arxiv.arxivSearchPageFile({ query: q, sortBy: 'submittedDate', sortOrder: 'descending', start: offset, maxResults: Math.min(pageSize, WINDOW_MAX - offset) });
      searchFiles.push(page.key);
      if (offset + pageSize >= page.totalResults) break;
      if (offset + pageSize >= WINDOW_MAX) log.warn('window search capped', { subscription: sub.name, totalResults: page.totalResults, cap: WINDOW_MAX });
    }
    await deliver(run, date, { searchFiles, windowEnd: window.end.toISOString() }, { start: from, end: window.end });
  }
  return run;
}

/** Select, ingest, assemble, publish and complete one announcement. */
async function deliver(
  run: Run,
  date: string,
  source: Omit<AnnouncementSelectionInput, 'subscription' | 'announcement'>,
  window = submissionWindow(date),
): Promise<void> {
  const sub = run.state.subscription;
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
          args: [{ ref: c.version ? `${c.id}v${c.version}` : c.id, paper: paperById.get(c.id), topic: sub.name }],
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
    const receipts: Receipt[] = [];
    for (const destination of run.state.destinations) {
      run.stage(`publishing the ${date} digest to ${destination}`);
      receipts.push(await publishing.publishDigest({ key, destination }));
    }
    run.published.push({ key, announcement: date, entries, receipts });
  }
  run.stage(`marking the ${date} announcement delivered`);
  await main.completeAnnouncement({ subscription: sub.name, announcement: date });
  run.delivered.push(date);
}

function result(run: Run): TopicDigestResult {
  const { published, delivered, plan } = run;
  if (plan.skipped.length > 0) {
    log.warn('announcements older than the catch-up limit were not covered', { subscription: run.state.subscription.name, notCovered: plan.skipped });
  }
  const last = published[published.length - 1];
  const notCovered = plan.skipped.length > 0 ? { notCovered: plan.skipped } : {};
  const belowFloor = { belowFloor: run.belowFloor ?? 0 };
  if (!last) {
    return { status: 'empty', reason: `nothing new: no paper of ${describeDates(delivered)} cleared the relevance floor`, announcements: delivered, ...notCovered, ...belowFloor };
  }
  return { status: 'published', key: last.key, entries: last.entries, receipts: last.receipts, digests: published, announcements: delivered, ...notCovered, ...belowFloor };
}
