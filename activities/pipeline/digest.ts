/**
 * Main-queue activities of a topic digest: select what is new for a subscription, assemble the
 * digest from the library, publish it to each destination exactly once, then mark it seen.
 */
import { createHash } from 'node:crypto';
import { ApplicationFailure } from '@temporalio/common';
import { AppError, errorMessage, isAppError } from '../../domain/errors.ts';
import type { Paper } from '../../domain/paper.ts';
import type { DestinationKind, Digest, DigestEntry, Receipt } from '../../domain/digest.ts';
import type { Subscription } from '../../domain/subscription.ts';
import type { PipelineDeps } from './deps.ts';
import { Context } from '@temporalio/activity';
import type { PublishProgress, Publisher } from '../../app/ports/publisher.ts';
import {
  rankUnseen,
  readStoredList,
  type AnnouncedPaper,
  type CandidateSelection,
  type DigestCandidate,
  type SelectionInput,
} from './select-candidates.ts';

// The selection's names, where the digest's other activities and the workflows import them from.
export {
  rankUnseen,
  readStoredList,
  wantsAnnouncement,
  type AnnouncedPaper,
  type CandidateSelection,
  type DigestCandidate,
  type RankedCandidates,
  type SelectionInput,
} from './select-candidates.ts';

export interface AssembleInput {
  subscription: string;
  /** Feed date of the announcement (or, for digests made before announcements were tracked, the run's date). */
  date: string;
  windowStart: string;
  windowEnd: string;
  selected: DigestCandidate[];
  /** Set by announcement digests: the key is `<subscription>:<announcement>`. */
  announcement?: string;
  /** Missed announcements beyond the catch-up limit, named in the digest. */
  notCovered?: string[];
}

/** Stable digest key: same subscription, date and papers → same key, so every publisher can look it up. */
export function digestKey(subscription: string, date: string, ids: string[]): string {
  const hash = createHash('sha256')
    .update([...ids].sort().join('\n'))
    .digest('hex')
    .slice(0, 10);
  return `${subscription}:${date}:${hash}`;
}

/** The key of the digest of one announcement: one per subscription and feed date. */
export function announcementDigestKey(subscription: string, announcement: string): string {
  return `${subscription}:${announcement}`;
}

export async function requireSubscription(store: PipelineDeps['store'], name: string): Promise<Subscription> {
  const sub = await store.getSubscription(name);
  if (!sub)
    throw ApplicationFailure.nonRetryable(
      `No subscription named "${name}". List them with \`arxiv-radar subscriptions\`.`,
      'NOT_FOUND',
    );
  return sub;
}

/**
 * Runs a publish, heartbeating every 3 s with the progress it recorded (Temporal keeps the last
 * heartbeat's details for the next attempt), and hands a retry what the previous attempt recorded.
 * Each step that lands is heartbeated at once, so a crash loses at most the step in flight.
 */
async function publishWithProgress(
  publisher: Publisher,
  digest: Digest,
  stepLanded: (step: number) => void,
): Promise<Receipt> {
  let ctx: Context | undefined;
  try {
    ctx = Context.current();
  } catch {
    ctx = undefined; // called outside an activity (tests)
  }
  let latest: unknown = ctx?.info.heartbeatDetails;
  let steps = 0;
  const progress: PublishProgress = {
    resume: latest,
    record(state) {
      // A step landed and is not yet recorded: the window a crash test stops the worker in.
      stepLanded(++steps);
      latest = state;
      ctx?.heartbeat(state);
    },
  };
  // Every 3 s, or a quarter of a shorter heartbeat timeout (DIGEST_PUBLISH_HEARTBEAT_SECONDS).
  const everyMs = Math.min(3000, (ctx?.info.heartbeatTimeoutMs || 12_000) / 4);
  const timer = ctx ? setInterval(() => ctx?.heartbeat(latest), everyMs) : undefined;
  try {
    return await publisher.publish(digest, progress);
  } finally {
    if (timer) clearInterval(timer);
  }
}

/**
 * Destinations a digest goes to, in publishing order: the configured ones the subscription asked
 * for (adapters/publish/registry.ts); the Markdown folder when nothing else is.
 */
export function digestDestinations(deps: PipelineDeps, sub: Subscription): DestinationKind[] {
  return deps.destinationsOf(sub.destinations);
}

/**
 * Tells the subscription's other destinations that can take a one-line notice (Discord, Slack),
 * once per failing destination and announcement, when one destination refuses a digest.
 */
async function noticeElsewhere(
  deps: PipelineDeps,
  sub: Subscription,
  failing: DestinationKind,
  text: string,
): Promise<void> {
  for (const kind of digestDestinations(deps, sub)) {
    if (kind === failing) continue;
    const publisher = deps.publisherFor(kind, sub.destinations, sub);
    if (!publisher?.notice) continue;
    try {
      await publisher.notice(text);
    } catch (e) {
      deps.logger.warn(
        { subscription: sub.name, destination: kind, error: errorMessage(e) },
        'could not post the failure notice',
      );
    }
  }
}

/** Builds the digest from the library (papers + stored summaries) and saves it. Same input → same key. */
async function assembleDigest(
  deps: PipelineDeps,
  input: AssembleInput,
): Promise<{ key: string; entries: number }> {
  const { store } = deps;
  const sub = await requireSubscription(store, input.subscription);
  const key = input.announcement
    ? announcementDigestKey(sub.name, input.announcement)
    : digestKey(
        sub.name,
        input.date,
        input.selected.map((s) => s.id),
      );
  const existing = await store.getDigest(key);
  if (existing) return { key, entries: existing.entries.length };
  const entries: DigestEntry[] = [];
  for (const s of input.selected) {
    const p = await store.getPaper(s.id);
    if (!p) continue;
    const summary =
      (await store.getSummary(s.id, s.version)) ??
      (await deps.summarize({ title: p.title, abstract: p.abstract, markdown: null }));
    entries.push({
      arxivId: p.id,
      version: s.version,
      title: p.title,
      authors: p.authors.map((a) => a.name),
      primaryCategory: p.primaryCategory,
      categories: p.categories,
      published: p.published,
      absUrl: p.links.abs,
      pdfUrl: p.links.pdf,
      score: s.score,
      ...(s.why ? { why: s.why } : {}),
      summary,
    });
  }
  const digest: Digest = {
    key,
    subscription: sub.name,
    interest: sub.interest,
    date: input.date,
    windowStart: input.windowStart,
    windowEnd: input.windowEnd,
    ...(input.notCovered?.length ? { notCovered: input.notCovered } : {}),
    entries,
  };
  await store.saveDigest(digest);
  return { key, entries: entries.length };
}

/**
 * A publish that failed: logged, and for announcement digests recorded on the delivery (which
 * stays pending); a destination's first permanent refusal is also told on the subscription's Discord.
 */
async function recordPublishFailure(
  deps: PipelineDeps,
  sub: Subscription,
  destination: DestinationKind,
  digestKey: string,
  announcement: string | null,
  e: unknown,
): Promise<void> {
  const { store } = deps;
  const permanent = isAppError(e)
    ? !e.retryable
    : e instanceof ApplicationFailure
      ? e.nonRetryable === true
      : false;
  const message = errorMessage(e);
  deps.logger.warn(
    { digest: digestKey, destination, permanent, error: message },
    permanent
      ? 'digest publish refused; the announcement stays pending until this is fixed'
      : 'digest publish failed; retrying, the announcement stays pending',
  );
  if (!announcement) return;
  const before = await store.getDelivery(sub.name, announcement);
  await store.setPublishFailure(sub.name, announcement, destination, {
    message,
    permanent,
    at: new Date().toISOString(),
  });
  const known = before?.failures?.some((f) => f.destination === destination && f.permanent);
  if (permanent && !known)
    await noticeElsewhere(
      deps,
      sub,
      destination,
      `${destination} refused the ${announcement} digest of "${sub.name}": ${message}. It stays pending; every run retries it.`,
    );
}

/** Publishes a saved digest to one destination, once: a stored receipt or the publisher's own lookup prevents duplicates. */
async function publishDigest(
  deps: PipelineDeps,
  input: { key: string; destination: DestinationKind },
): Promise<Receipt> {
  const { store } = deps;
  const digest = await store.getDigest(input.key);
  if (!digest) throw ApplicationFailure.nonRetryable(`digest ${input.key} is not stored`, 'NOT_FOUND');
  const prior = (await store.getReceipts(input.key)).find((r) => r.destination === input.destination);
  if (prior) return prior;
  const sub = await requireSubscription(store, digest.subscription);
  // Announcement digests (key `<subscription>:<date>`) have a delivery that reports failures until they land.
  const announcement =
    input.key === announcementDigestKey(digest.subscription, digest.date) ? digest.date : null;
  let receipt: Receipt;
  try {
    const publisher = deps.publisherFor(input.destination, sub.destinations, sub);
    if (!publisher)
      throw new AppError('PUBLISH_FAILED', `${input.destination} is not configured`, {
        retryable: false,
      });
    receipt = await publishWithProgress(publisher, digest, (step) =>
      deps.failpoint?.(`publish-step:${input.destination}:${step}`),
    );
  } catch (e) {
    await recordPublishFailure(deps, sub, input.destination, input.key, announcement, e);
    throw e;
  }
  // Published, receipt not yet recorded: the window a crash must not turn into a duplicate.
  deps.failpoint?.(`after-publish:${input.destination}`);
  await store.recordReceipt(input.key, receipt);
  if (announcement) await store.setPublishFailure(digest.subscription, announcement, input.destination, null);
  deps.logger.info(
    { digest: input.key, destination: input.destination, ref: receipt.ref },
    'digest published',
  );
  return receipt;
}

export function createDigestActivities(deps: PipelineDeps) {
  const { store } = deps;
  const requireSub = (name: string) => requireSubscription(store, name);

  return {
    async loadSubscription(
      name: string,
    ): Promise<{ subscription: Subscription; destinations: DestinationKind[]; since: string | null }> {
      const subscription = await requireSub(name);
      const last = await store.lastDigest(name);
      return {
        subscription,
        destinations: digestDestinations(deps, subscription),
        since: last?.windowEnd ?? null,
      };
    },

    /**
     * Stores the announced/searched papers, keeps the wanted announcement kinds, applies the
     * subscription's query, drops seen base ids, reranks the rest against the interest and returns the top K.
     * (Workflows started before announcements were tracked; new ones call selectAnnouncement.)
     */
    async selectDigestCandidates(input: SelectionInput): Promise<CandidateSelection> {
      const sub = await requireSub(input.subscription);
      const announced = input.announcementsFile
        ? await readStoredList<AnnouncedPaper>(deps.blobs, input.announcementsFile, 'items')
        : input.announced;
      const searched = [...input.searched];
      for (const file of input.searchFiles ?? [])
        searched.push(...(await readStoredList<Paper>(deps.blobs, file, 'papers')));
      const r = await rankUnseen(deps, sub, announced, searched);
      const selected = r.ranked.slice(0, sub.topK);
      return { selected, papers: r.papersOf(selected), ranker: r.ranker, stats: r.stats };
    },

    /** Builds the digest from the library (papers + stored summaries) and saves it. Same input → same key. */
    assembleDigest: (input: AssembleInput) => assembleDigest(deps, input),

    /** Publishes a saved digest to one destination, once: a stored receipt or the publisher's own lookup prevents duplicates. */
    publishDigest: (input: { key: string; destination: DestinationKind }) => publishDigest(deps, input),

    /** After every destination succeeded: the digest's papers are never sent to this subscription again. */
    async markDigestSeen(input: { key: string }): Promise<number> {
      const digest = await store.getDigest(input.key);
      if (!digest) throw ApplicationFailure.nonRetryable(`digest ${input.key} is not stored`, 'NOT_FOUND');
      const ids = digest.entries.map((e) => e.arxivId);
      await store.markSeen(digest.subscription, ids, input.key);
      return ids.length;
    },
  };
}
