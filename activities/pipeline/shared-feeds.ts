/**
 * An announcement is read once, whoever subscribes: each category's feed is read by one workflow
 * per feed date and shared with every other subscription through the blob store (a named ref,
 * `arxiv-feed/<category>/<feed date>`, holding the stored feed's key), so arXiv's cost grows with
 * the distinct categories, not the subscriptions. The claim, lease and share are shared-reads.ts;
 * the read itself stays on the rate-limited arXiv queue (arxivAnnouncementsFile).
 *
 * A shared feed is accepted when it states the expected feed date (arXiv writes a category's feed
 * once, at midnight ET, and never changes it that day), or when it is the read this caller waited
 * for. A feed that states another date (not rewritten yet, or a clock off) is shared only with the
 * readers that waited for it; the next caller reads again.
 */
import type { AnnouncementsFile } from '../arxiv/activities.ts';
import type { PipelineDeps } from './deps.ts';
import { createSharedReads, type SharedClaim } from './shared-reads.ts';

/** A read that takes longer (the arXiv gate's queue, backoff) may be taken over: one extra read, never a wrong one. */
export const FEED_LEASE_MS = 10 * 60_000;

export interface FeedClaimInput {
  category: string;
  /** The feed date expected now (the caller's clock in New York). */
  day: string;
  /** Who asks (workflow id and run id): the lease holder when it reads. */
  reader: string;
  /** A reader this caller waited for (an earlier `wait` answer): its read is accepted whatever date it states. */
  awaited?: string;
}

/** The stored feed to use, or "read it yourself, then share it", or "someone is reading it: ask again". */
export type FeedClaim = SharedClaim<AnnouncementsFile>;

export const sharedFeedName = (category: string, day: string) => `arxiv-feed/${category}/${day}`;

export function createSharedFeedActivities(deps: Pick<PipelineDeps, 'blobs'>) {
  const reads = createSharedReads(deps.blobs);
  return {
    /** The shared read of a category's feed for `day`, or the lease to make it. Idempotent. */
    async claimCategoryFeed(input: FeedClaimInput): Promise<FeedClaim> {
      return reads.claim<AnnouncementsFile>({
        name: sharedFeedName(input.category, input.day),
        reader: input.reader,
        ...(input.awaited ? { awaited: input.awaited } : {}),
        leaseMs: FEED_LEASE_MS,
        accept: (shared, awaited) =>
          shared.feedDate !== input.day && shared.reader !== awaited
            ? null
            : { key: shared.key, items: shared.items, feedDate: shared.feedDate },
      });
    },

    /**
     * Shares the lease holder's read (under the expected date, and under the date the feed states
     * when that differs) and gives the lease back; without a file, only gives it back (the read failed).
     */
    async shareCategoryFeed(input: {
      category: string;
      day: string;
      reader: string;
      file?: AnnouncementsFile;
    }): Promise<void> {
      const names = [sharedFeedName(input.category, input.day)];
      const feedDate = input.file?.feedDate ?? null;
      if (feedDate && feedDate !== input.day) names.push(sharedFeedName(input.category, feedDate));
      const shared = input.file && { key: input.file.key, items: input.file.items, feedDate };
      await reads.share(names, input.reader, shared);
    },
  };
}
