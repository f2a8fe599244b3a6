/**
 * Workflow side of the shared announcement feeds (activities/pipeline/shared-feeds.ts): each of a
 * subscription's categories is read once per feed date for every subscription (shared-reads.ts).
 */
import type { AnnouncementsFile } from '../../activities/arxiv/activities.ts';
import { arxiv } from '../arxiv-proxies.ts';
import { main } from '../main-proxies.ts';
import { readShared } from './shared-reads.ts';

/** The current announcement as the category feeds state it. */
export interface CategoryFeeds {
  /** One stored feed per distinct category. */
  files: AnnouncementsFile[];
  /** Items over all feeds (a cross-listed paper counts in each of its feeds). */
  items: number;
}

/** The feed of one category for `day`, read by this run or shared by another. */
function categoryFeed(category: string, day: string): Promise<AnnouncementsFile> {
  return readShared<AnnouncementsFile>({
    claim: (reader, awaited) =>
      main.claimCategoryFeed({ category, day, reader, ...(awaited ? { awaited } : {}) }),
    read: () => arxiv.arxivAnnouncementsFile([category]),
    share: (reader, file) => main.shareCategoryFeed({ category, day, reader, ...(file ? { file } : {}) }),
  });
}

/** The feeds of the subscription's distinct categories for the feed date `day`, read at most once across subscriptions. */
export async function readCategoryFeeds(categories: string[], day: string): Promise<CategoryFeeds> {
  const files = await Promise.all([...new Set(categories)].map((c) => categoryFeed(c, day)));
  return { files, items: files.reduce((n, f) => n + f.items, 0) };
}
