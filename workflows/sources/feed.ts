/**
 * Workflow side of the announcement feed (rss.arxiv.org): the current announcement of a
 * subscription's categories, one shared feed per category (shared-feeds.ts). It states which
 * announcement is current, so it is read before the plan.
 */
import { patched } from '@temporalio/workflow';
import { feedDateAt } from '../../domain/arxiv-calendar.ts';
import type { AnnouncementSelectionInput } from '../../activities/pipeline/announcements.ts';
import { arxiv } from '../arxiv-proxies.ts';
import { readCategoryFeeds } from './shared-feeds.ts';
import type { DigestSource } from './source.ts';

export const feedSource: DigestSource = {
  kind: 'feed',
  serves: (sub) => sub.categories.length > 0,
  covers: 'current',
  async announce({ state, stage, options }) {
    const categories = state.subscription.categories;
    stage(`reading arXiv's announcements for ${categories.join(', ')}`);
    const feed = await currentFeed(categories, options);
    if (typeof feed === 'string') return feed;
    const date = feed.feedDate ?? feedDateAt(new Date());
    return {
      date,
      read: feed.items > 0 ? { input: feed.source } : null,
      emptyReason:
        feed.items === 0
          ? `arXiv announced nothing on ${date} (weekend, holiday or a feed not written yet)`
          : `nothing new: the announcement of ${date} had no papers for this subscription`,
    };
  },
  // The feed was read by announce(): nothing more to read.
  open:
    async ({ announced }) =>
    () =>
      Promise.resolve(announced?.read ?? null),
};

/**
 * From this marker on, a category subscription reads one feed per category, shared with every
 * other subscription of that category and feed date (shared-feeds.ts), instead of its own joint feed.
 */
const SHARED_CATEGORY_FEEDS = 'shared-category-feeds';

/**
 * The current announcement of the subscription's categories: since SHARED_CATEGORY_FEEDS one
 * shared feed per category, before it one joint feed. A string when the feeds disagree on the date.
 */
export async function currentFeed(
  categories: string[],
  options: { asOf?: string },
): Promise<
  | string
  | {
      feedDate: string | null;
      items: number;
      source: Pick<AnnouncementSelectionInput, 'announcementsFile' | 'sources'>;
    }
> {
  if (!patched(SHARED_CATEGORY_FEEDS)) {
    const feed = await arxiv.arxivAnnouncementsFile(categories);
    // Results recorded before blob keys carry a path instead; the selection reads either.
    return {
      feedDate: feed.feedDate ?? null,
      items: feed.items,
      source: { announcementsFile: feed.key ?? feed.path },
    };
  }
  const day = feedDateAt(options.asOf ? new Date(options.asOf) : new Date());
  const feeds = await readCategoryFeeds(categories, day);
  const dates = [...new Set(feeds.files.map((f) => f.feedDate).filter((d): d is string => !!d))].sort();
  if (dates.length > 1 && dates.includes(day)) {
    // Read during arXiv's midnight rewrite (some feeds are today's, some not yet): the next run
    // reads them again, so no category's part of today's announcement is missed.
    return `arXiv's category feeds state different announcements (${dates.join(', ')}): the next run reads them again`;
  }
  // Otherwise the newest date is the announcement; papers of an older feed that were delivered
  // before are in the seen set, so listing them again sends nothing twice.
  return {
    feedDate: dates[dates.length - 1] ?? null,
    items: feeds.items,
    source: { sources: [{ kind: 'feed', files: feeds.files.map((f) => f.key) }] },
  };
}
