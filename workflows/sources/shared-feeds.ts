/**
 * Workflow side of the shared announcement feeds (activities/pipeline/shared-feeds.ts): each of a
 * subscription's categories is read once per feed date for every subscription. A claim returns
 * the feed another subscription's run already read, or the lease to read it (the read runs on the
 * rate-limited arXiv queue, then is shared), or "wait": another run is reading it right now.
 */
import { isCancellation, workflowInfo } from '@temporalio/workflow';
import type { AnnouncementsFile } from '../../activities/arxiv/activities.ts';
import { arxiv } from '../arxiv-proxies.ts';
import { main } from '../main-proxies.ts';

/** The current announcement as the category feeds state it. */
export interface CategoryFeeds {
  /** One stored feed per distinct category. */
  files: AnnouncementsFile[];
  /** Items over all feeds (a cross-listed paper counts in each of its feeds). */
  items: number;
}

/** The feed of one category for `day`, read by this run or shared by another. */
async function categoryFeed(category: string, day: string): Promise<AnnouncementsFile> {
  const { workflowId, runId } = workflowInfo();
  const reader = `${workflowId}/${runId}`;
  let awaited: string | undefined;
  for (;;) {
    const claim = await main.claimCategoryFeed({ category, day, reader, ...(awaited ? { awaited } : {}) });
    if ('file' in claim) return claim.file;
    if ('wait' in claim) {
      awaited = claim.wait;
      continue;
    }
    let file: AnnouncementsFile;
    try {
      file = await arxiv.arxivAnnouncementsFile([category]);
    } catch (e) {
      if (isCancellation(e)) throw e; // the lease expires on its own
      // Give the lease back at once, so the runs waiting for this read take it over.
      await main.shareCategoryFeed({ category, day, reader });
      throw e;
    }
    await main.shareCategoryFeed({ category, day, reader, file });
    return file;
  }
}

/** The feeds of the subscription's distinct categories for the feed date `day`, read at most once across subscriptions. */
export async function readCategoryFeeds(categories: string[], day: string): Promise<CategoryFeeds> {
  const files = await Promise.all([...new Set(categories)].map((c) => categoryFeed(c, day)));
  return { files, items: files.reduce((n, f) => n + f.items, 0) };
}
