/**
 * Main-queue activities of an announcement digest: what a subscription last delivered, the
 * selection for one announcement (recorded as pending, so a retry selects the same papers), and
 * its completion, which moves the announcement's papers into the seen set: the selected ones as
 * sent, the others as considered, so neither is offered again.
 */
import { ApplicationFailure } from '@temporalio/common';
import { DEFAULT_CATCHUP_DAYS } from '../../domain/arxiv-calendar.ts';
import type { Paper } from '../../domain/paper.ts';
import { DEFAULT_PUBLISH_HEARTBEAT_SECONDS, type DestinationKind } from '../../domain/digest.ts';
import type { Subscription } from '../../domain/subscription.ts';
import { STORED_SOURCES } from './sources/index.ts';
import type { SourceFiles } from './sources/source.ts';
import { createSharedFeedActivities } from './shared-feeds.ts';
import { createSharedOaiActivities } from './shared-oai.ts';
import { passesFloor } from '../../adapters/rank/feedback/ranker.ts';
import type { PipelineDeps } from './deps.ts';
import type { Delivery } from '../../app/ports/store.ts';
import {
  announcementDigestKey,
  digestDestinations,
  rankUnseen,
  requireSubscription,
  type AnnouncedPaper,
  type CandidateSelection,
} from './digest.ts';

export interface DigestState {
  subscription: Subscription;
  destinations: DestinationKind[];
  /** The newest announcement delivered (feed date), null for a subscription that never delivered. */
  lastAnnouncement: string | null;
  /**
   * Announcements whose digest was assembled but has not reached every destination yet, oldest
   * first: every run publishes them again before anything new. (Absent in histories from before.)
   */
  pending?: Array<{ announcement: string; key: string; entries: number }>;
  /** Query-only subscriptions: where the last delivered submission window ended. */
  lastWindowEnd: string | null;
  /** DIGEST_CATCHUP_DAYS. */
  catchupDays: number;
  /** DIGEST_PUBLISH_HEARTBEAT_SECONDS (absent in histories from before: the default then). */
  publishHeartbeatSeconds?: number;
}

export interface AnnouncementSelectionInput {
  subscription: string;
  /** The announcement's feed date. */
  announcement: string;
  /** Blob key of the announcement feed stored by arxivAnnouncementsFile (histories from before shared feeds). */
  announcementsFile?: string;
  /** Blob keys of the OAI-PMH pages stored by arxivOaiPageFile (missed announcements). */
  oaiFiles?: string[];
  /** Blob keys of the window-search pages stored by arxivSearchPageFile (query-only subscriptions). */
  searchFiles?: string[];
  /** Query-only subscriptions: the end of the announcement's submission window (ISO 8601). */
  windowEnd?: string;
  /** The stored files of each source read for this announcement (sources/index.ts lists the kinds). */
  sources?: SourceFiles[];
}

export interface AnnouncementSelection extends CandidateSelection {
  /** True when this announcement was delivered before: nothing to do. */
  delivered: boolean;
  /** The digest key when papers were selected, else null. */
  key: string | null;
}

/** The pending announcements whose digest is stored (a lost digest is selected again by its run). */
async function pendingDigests(
  store: PipelineDeps['store'],
  pending: Delivery[],
): Promise<NonNullable<DigestState['pending']>> {
  const out: NonNullable<DigestState['pending']> = [];
  for (const d of pending) {
    const digest = d.digestKey ? await store.getDigest(d.digestKey) : null;
    if (digest) out.push({ announcement: d.announcement, key: digest.key, entries: digest.entries.length });
  }
  return out;
}

const NO_STATS = { announced: 0, afterType: 0, afterQuery: 0, unseen: 0 };

/** The stored files the workflow passed, by source; histories from before the source list named them in fields. */
function sourceFiles(input: AnnouncementSelectionInput): SourceFiles[] {
  const legacy: SourceFiles[] = [
    { kind: 'feed', files: input.announcementsFile ? [input.announcementsFile] : [] },
    { kind: 'oai', files: input.oaiFiles ?? [] },
    { kind: 'search', files: input.searchFiles ?? [] },
  ];
  return [...(input.sources ?? []), ...legacy.filter((s) => s.files.length > 0)];
}

/** The announcement's candidates from every source the workflow read (feeds, OAI pages, search pages). */
async function storedCandidates(
  deps: PipelineDeps,
  sub: Subscription,
  input: AnnouncementSelectionInput,
): Promise<{ announced: AnnouncedPaper[]; searched: Paper[] }> {
  const announced: AnnouncedPaper[] = [];
  const searched: Paper[] = [];
  for (const { kind, files } of sourceFiles(input)) {
    const source = STORED_SOURCES.find((s) => s.kind === kind);
    if (!source)
      throw ApplicationFailure.nonRetryable(
        `No arXiv source "${kind}" is registered (known: ${STORED_SOURCES.map((s) => s.kind).join(', ')}); a worker older than the workflow? Upgrade the workers.`,
        'INVALID_INPUT',
      );
    const found = await source.read(deps, sub, input.announcement, files);
    announced.push(...(found.announced ?? []));
    searched.push(...(found.searched ?? []));
  }
  return { announced, searched };
}

/** The selection recorded before for this announcement (delivered, or assembled and pending), else null. */
async function priorSelection(
  store: PipelineDeps['store'],
  sub: Subscription,
  date: string,
): Promise<AnnouncementSelection | null> {
  const prior = await store.getDelivery(sub.name, date);
  if (prior?.status === 'delivered')
    return {
      selected: [],
      papers: [],
      ranker: 'bm25',
      stats: NO_STATS,
      delivered: true,
      key: prior.digestKey,
    };
  if (!prior?.digestKey) return null;
  const digest = await store.getDigest(prior.digestKey);
  if (!digest) return null;
  const selected = digest.entries.map((e) => ({
    id: e.arxivId,
    version: e.version,
    score: e.score,
    ...(e.why ? { why: e.why } : {}),
  }));
  const papers = (await Promise.all(selected.map((c) => store.getPaper(c.id)))).filter((p) => p !== null);
  return {
    selected,
    papers,
    ranker: 'bm25',
    stats: { ...NO_STATS, unseen: prior.considered.length },
    delivered: false,
    key: prior.digestKey,
  };
}

function createDigestStateActivity(deps: PipelineDeps) {
  const { store } = deps;
  return {
    /** The subscription, where its digests go, and the last announcement it delivered. */
    async loadDigestState(name: string): Promise<DigestState> {
      const subscription = await requireSubscription(store, name);
      // Only a delivered announcement counts: a digest assembled but not published is pending, never
      // "already delivered". (Libraries from before deliveries were adopted once, by the schema migration.)
      const last = await store.lastDelivery(name);
      const pending = await store.pendingDeliveries(name);
      return {
        subscription,
        destinations: digestDestinations(deps, subscription),
        lastAnnouncement: last?.announcement ?? null,
        lastWindowEnd: last?.windowEnd ?? null,
        pending: await pendingDigests(store, pending),
        catchupDays: deps.catchupDays ?? DEFAULT_CATCHUP_DAYS,
        publishHeartbeatSeconds: deps.publishHeartbeatSeconds ?? DEFAULT_PUBLISH_HEARTBEAT_SECONDS,
      };
    },
  };
}

function createSelectionActivity(deps: PipelineDeps) {
  const { store } = deps;
  return {
    /**
     * The papers to send for one announcement: its items (feed, OAI catch-up or window search),
     * filtered, unseen, ranked, above the subscription's relevance floor, at most top K. Recorded
     * as a pending delivery; a retry after the digest was assembled returns the same selection.
     */
    async selectAnnouncement(input: AnnouncementSelectionInput): Promise<AnnouncementSelection> {
      const sub = await requireSubscription(store, input.subscription);
      const date = input.announcement;
      const prior = await priorSelection(store, sub, date);
      if (prior) return prior;
      const { announced, searched } = await storedCandidates(deps, sub, input);
      const r = await rankUnseen(deps, sub, announced, searched);
      // The relevance floor: a paper with no evidence of relevance (interest score, or the model learned from ratings) is never sent, however few others there are.
      const selected = r.ranked.filter((c) => passesFloor(c, sub.minScore)).slice(0, sub.topK);
      const key = selected.length > 0 ? announcementDigestKey(sub.name, date) : null;
      await store.saveDelivery({
        subscription: sub.name,
        announcement: date,
        digestKey: key,
        windowEnd: input.windowEnd ?? null,
        considered: r.unseenIds,
      });
      deps.logger.info(
        { subscription: sub.name, announcement: date, ...r.stats, selected: selected.length },
        'announcement selected',
      );
      const belowFloor = r.ranked.length - r.ranked.filter((c) => c.score > sub.minScore).length;
      return {
        selected,
        papers: r.papersOf(selected),
        ranker: r.ranker,
        stats: { ...r.stats, belowFloor },
        delivered: false,
        key,
      };
    },
  };
}

function createCompletionActivity(deps: PipelineDeps) {
  const { store } = deps;
  return {
    /**
     * After every destination has the digest (or when nothing was selected): the announcement is
     * delivered; its sent papers and the considered rest join the seen set. Idempotent.
     */
    async completeAnnouncement(input: {
      subscription: string;
      announcement: string;
    }): Promise<{ sent: number; considered: number }> {
      const delivery = await store.getDelivery(input.subscription, input.announcement);
      if (!delivery)
        throw ApplicationFailure.nonRetryable(
          `no selection of ${input.announcement} is recorded for ${input.subscription}`,
          'NOT_FOUND',
        );
      const digest = delivery.digestKey ? await store.getDigest(delivery.digestKey) : null;
      if (digest && delivery.status === 'pending') {
        // Delivered means every destination holds a receipt: nothing else may mark it so.
        const sub = await requireSubscription(store, input.subscription);
        const have = new Set((await store.getReceipts(digest.key)).map((r) => r.destination));
        const missing = digestDestinations(deps, sub).filter((d) => !have.has(d));
        if (missing.length > 0) {
          throw ApplicationFailure.nonRetryable(
            `the ${input.announcement} digest of ${input.subscription} has not reached ${missing.join(', ')} yet; it stays pending`,
            'PUBLISH_FAILED',
          );
        }
      }
      const sent = digest?.entries.map((e) => e.arxivId) ?? [];
      await store.completeDelivery(input.subscription, input.announcement, sent);
      return { sent: sent.length, considered: delivery.considered.length };
    },
  };
}

export function createAnnouncementActivities(deps: PipelineDeps) {
  return {
    ...createDigestStateActivity(deps),
    ...createSelectionActivity(deps),
    ...createCompletionActivity(deps),
    ...createSharedFeedActivities(deps),
    ...createSharedOaiActivities(deps),
  };
}
