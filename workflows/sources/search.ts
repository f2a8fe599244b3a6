/**
 * Workflow side of the query API's window search (query-only subscriptions): every page of one
 * announcement's submission window, stored in the blob store by the arXiv queue.
 */
import { log } from '@temporalio/workflow';
import { arxivStamp, submissionWindow } from '../../domain/arxiv-calendar.ts';
import type { SourceFiles } from '../../activities/pipeline/sources/source.ts';
import type { Subscription } from '../../domain/subscription.ts';
import { arxiv } from '../arxiv-proxies.ts';
import { WINDOW_MAX, WINDOW_PAGE } from '../topic-digest-legacy.ts';
import type { DigestSource } from './source.ts';

/** Query-only subscriptions: one date-window search per announcement, each window chained to the last. */
export const searchSource: DigestSource = {
  kind: 'search',
  serves: (sub) => sub.categories.length === 0,
  covers: 'all',
  open({ state, stage, options, plan }) {
    // Continue from the last delivered window unless announcements were skipped in between.
    let start: Date | null =
      plan.skipped.length === 0 && state.lastWindowEnd ? new Date(state.lastWindowEnd) : null;
    return Promise.resolve(async (date: string) => {
      const window = submissionWindow(date);
      const from = start ?? window.start;
      start = window.end;
      if (window.end <= from) return null;
      stage(`searching arXiv for the ${date} announcement's submissions`);
      const pageSize = options.windowPageSize ?? WINDOW_PAGE;
      const search = await readWindowPages(state.subscription, from, window.end, pageSize);
      return {
        input: { sources: [search], windowEnd: window.end.toISOString() },
        window: { start: from, end: window.end },
      };
    });
  },
};

/** The stored result pages of the subscription's query over submissions from `from` to `to`. */
export async function readWindowPages(
  sub: Subscription,
  from: Date,
  to: Date,
  pageSize: number,
): Promise<SourceFiles> {
  const q = `(${sub.query}) AND submittedDate:[${arxivStamp(from)} TO ${arxivStamp(to)}]`;
  const searchFiles: string[] = [];
  for (let offset = 0; offset < WINDOW_MAX; offset += pageSize) {
    const page = await arxiv.arxivSearchPageFile({
      query: q,
      sortBy: 'submittedDate',
      sortOrder: 'descending',
      start: offset,
      maxResults: Math.min(pageSize, WINDOW_MAX - offset),
    });
    searchFiles.push(page.key ?? page.path!); // a path in results recorded before blob keys
    if (offset + pageSize >= page.totalResults) break;
    if (offset + pageSize >= WINDOW_MAX)
      log.warn('window search capped', {
        subscription: sub.name,
        totalResults: page.totalResults,
        cap: WINDOW_MAX,
      });
  }
  return { kind: 'search', files: searchFiles };
}
