/**
 * An announcement is read once, whoever subscribes: each category's feed is read by one workflow
 * per feed date and shared with every other subscription through the blob store (a named ref,
 * `arxiv-feed/<category>/<feed date>`, holding the stored feed's key), so arXiv's cost grows with
 * the distinct categories, not the subscriptions. Concurrent readers agree on one of them through a
 * lease in the same store (it holds across workers on different hosts); the others wait for its
 * read. The read itself stays on the rate-limited arXiv queue (arxivAnnouncementsFile); these
 * activities run on the main queue, so waiting never takes a turn from arXiv requests.
 *
 * A shared feed is accepted when it states the expected feed date (arXiv writes a category's feed
 * once, at midnight ET, and never changes it that day), or when it is the read this caller waited
 * for. A feed that states another date (not rewritten yet, or a clock off) is shared only with the
 * readers that waited for it; the next caller reads again.
 */
import { Context } from '@temporalio/activity';
import type { AnnouncementsFile } from '../arxiv/activities.ts';
import type { PipelineDeps } from './deps.ts';

/** A read that takes longer (the arXiv gate's queue, backoff) may be taken over: one extra read, never a wrong one. */
export const FEED_LEASE_MS = 10 * 60_000;
/** How long one claim waits for another reader before returning (the workflow asks again). */
const CLAIM_WAIT_MS = 30_000;
const POLL_MS = 250;

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
export type FeedClaim = { file: AnnouncementsFile } | { read: true } | { wait: string };

interface SharedFeed {
  key: string;
  items: number;
  feedDate: string | null;
  /** The reader that read it. */
  reader: string;
}

export const sharedFeedName = (category: string, day: string) => `arxiv-feed/${category}/${day}`;

function parseShared(value: string | null): SharedFeed | null {
  if (value === null) return null;
  try {
    return JSON.parse(value) as SharedFeed;
  } catch {
    return null; // a damaged ref is no feed: read again
  }
}

const heartbeat = () => {
  try {
    Context.current().heartbeat();
  } catch {
    // outside an activity (unit tests)
  }
};

export function createSharedFeedActivities(deps: Pick<PipelineDeps, 'blobs'>) {
  const { blobs } = deps;
  const usable = async (name: string, day: string, awaited: string | undefined) => {
    const shared = parseShared(await blobs.getRef(name));
    if (!shared || (shared.feedDate !== day && shared.reader !== awaited)) return null;
    return { key: shared.key, items: shared.items, feedDate: shared.feedDate };
  };
  return {
    /** The shared read of a category's feed for `day`, or the lease to make it. Idempotent. */
    async claimCategoryFeed(input: FeedClaimInput): Promise<FeedClaim> {
      const name = sharedFeedName(input.category, input.day);
      const deadline = Date.now() + CLAIM_WAIT_MS;
      let awaited = input.awaited;
      for (;;) {
        const file = await usable(name, input.day, awaited);
        if (file) return { file };
        const holder = await blobs.lease(name, input.reader, FEED_LEASE_MS);
        if (holder === input.reader) {
          // A read may have been shared between our look and our lease: use it, give the lease back.
          const late = await usable(name, input.day, awaited);
          if (!late) return { read: true };
          await blobs.releaseLease(name, input.reader);
          return { file: late };
        }
        if (holder) awaited = holder;
        if (Date.now() >= deadline && awaited) return { wait: awaited };
        heartbeat();
        await new Promise((r) => setTimeout(r, POLL_MS));
      }
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
      const name = sharedFeedName(input.category, input.day);
      if (input.file) {
        const feedDate = input.file.feedDate ?? null;
        const value = JSON.stringify({
          key: input.file.key,
          items: input.file.items,
          feedDate,
          reader: input.reader,
        });
        await blobs.setRef(name, value);
        if (feedDate && feedDate !== input.day)
          await blobs.setRef(sharedFeedName(input.category, feedDate), value);
      }
      await blobs.releaseLease(name, input.reader);
    },
  };
}
