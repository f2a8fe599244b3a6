/**
 * The digest workflow as it ran before announcements were tracked (keyed by the worker's clock).
 * Kept only so histories started by that code replay; topicDigest sends every new run through
 * the announcement path.
 */
import { executeChild, log, patched, workflowInfo } from '@temporalio/workflow';
import type { AnnouncedPaper } from '../activities/pipeline/digest.ts';
import type { Paper } from '../domain/paper.ts';
import type { Receipt } from '../domain/digest.ts';
import { arxivStamp } from '../domain/arxiv-calendar.ts';
import { arxiv } from './arxiv-proxies.ts';
import { main, publishing } from './main-proxies.ts';
import { paperIngest } from './paper-ingest.ts';
import { trackProgress } from './progress.ts';

export type LegacyTopicDigestResult =
  | { status: 'published'; key: string; entries: number; receipts: Receipt[] }
  | { status: 'empty'; reason: string };

/**
 * Announcements travel as a stored file, not a payload (a wide feed is over Temporal's 2 MB limit).
 * Histories from before this change replay through the inline path.
 */
const ANNOUNCEMENTS_AS_FILE = 'announcements-as-file';
/** Query-only subscriptions page through the whole window (was: the first 200 results only). */
const WINDOW_SEARCH_PAGED = 'window-search-paged';
export const WINDOW_PAGE = 200;
/** A day of submissions matching one query is far below this; beyond it the digest says so in the log. */
export const WINDOW_MAX = 2000;

/** YYYY-MM-DD in New York, where arXiv's announcement schedule lives. */
function announcementDate(d: Date): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: 'America/New_York',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(d);
}

export async function legacyTopicDigest(
  subscriptionName: string,
  options: { windowPageSize?: number } = {},
): Promise<LegacyTopicDigestResult> {
  const stage = trackProgress('loading the subscription');
  const { subscription: sub, destinations, since } = await main.loadSubscription(subscriptionName);
  const windowEnd = new Date();
  // First digest: look back two days (covers one announcement plus moderation delays).
  const windowStart = since ? new Date(since) : new Date(windowEnd.getTime() - 2 * 24 * 3600 * 1000);

  let announced: AnnouncedPaper[] = [];
  let announcementsFile: string | undefined;
  let announcedCount = 0;
  if (sub.categories.length > 0) {
    stage(`reading arXiv's announcements for ${sub.categories.join(', ')}`);
    if (patched(ANNOUNCEMENTS_AS_FILE)) {
      const file = await arxiv.arxivAnnouncementsFile(sub.categories);
      // Results recorded before blob keys carry a path; both reach the same reader.
      announcementsFile = file.key ?? file.path;
      announcedCount = file.items;
    } else {
      announced = (await arxiv.arxivAnnouncements(sub.categories)).items;
      announcedCount = announced.length;
    }
  }
  let searched: Paper[] = [];
  const searchFiles: string[] = [];
  let searchedCount = 0;
  if (sub.query && sub.categories.length === 0) {
    stage('searching arXiv for the window');
    const q = `(${sub.query}) AND submittedDate:[${arxivStamp(windowStart)} TO ${arxivStamp(windowEnd)}]`;
    const search = { query: q, sortBy: 'submittedDate', sortOrder: 'descending' } as const;
    if (patched(WINDOW_SEARCH_PAGED)) {
      // Every submission in the window, page by page (one arXiv request each), up to WINDOW_MAX.
      const pageSize = options.windowPageSize ?? WINDOW_PAGE;
      for (let start = 0; start < WINDOW_MAX; start += pageSize) {
        const page = await arxiv.arxivSearchPageFile({
          ...search,
          start,
          maxResults: Math.min(pageSize, WINDOW_MAX - start),
        });
        searchFiles.push(page.key ?? page.path!);
        searchedCount += page.count;
        if (start + pageSize >= page.totalResults) break;
        if (start + pageSize >= WINDOW_MAX)
          log.warn('window search capped', {
            subscription: sub.name,
            totalResults: page.totalResults,
            cap: WINDOW_MAX,
          });
        stage(`searching arXiv for the window (${searchedCount} of ${page.totalResults})`);
      }
    } else {
      searched = (await arxiv.arxivSearchPage({ ...search, start: 0, maxResults: 200 })).papers;
      searchedCount = searched.length;
    }
  }
  if (announcedCount === 0 && searchedCount === 0) {
    return {
      status: 'empty',
      reason: 'arXiv announced nothing for this subscription (weekend, holiday or quiet day)',
    };
  }

  stage(`filtering and ranking ${announcedCount + searchedCount} papers`);
  const selection = await main.selectDigestCandidates({
    subscription: sub.name,
    announced,
    searched,
    ...(announcementsFile ? { announcementsFile } : {}),
    ...(searchFiles.length ? { searchFiles } : {}),
  });
  if (selection.selected.length === 0) {
    return {
      status: 'empty',
      reason: `nothing new: ${selection.stats.announced} announced, ${selection.stats.afterQuery} matched, ${selection.stats.unseen} not sent before`,
    };
  }

  stage(`fetching full text and summarising the top ${selection.selected.length}`);
  // Full text only for the top K; children share the arXiv queue's rate limit.
  const parentId = workflowInfo().workflowId;
  const paperById = new Map(
    [...announced.map((a) => a.paper), ...searched, ...(selection.papers ?? [])].map((p) => [p.id, p]),
  );
  await Promise.all(
    selection.selected.map((c, i) =>
      executeChild(paperIngest, {
        workflowId: `${parentId}/ingest-${i}`,
        args: [
          { ref: c.version ? `${c.id}v${c.version}` : c.id, paper: paperById.get(c.id), topic: sub.name },
        ],
      }),
    ),
  );

  const date = announcementDate(windowEnd);
  const { key, entries } = await main.assembleDigest({
    subscription: sub.name,
    date,
    windowStart: windowStart.toISOString(),
    windowEnd: windowEnd.toISOString(),
    selected: selection.selected,
  });
  const receipts: Receipt[] = [];
  for (const destination of destinations) {
    stage(`publishing to ${destination}`);
    receipts.push(await publishing.publishDigest({ key, destination }));
  }
  stage('marking papers as sent');
  await main.markDigestSeen({ key });
  return { status: 'published', key, entries, receipts };
}
