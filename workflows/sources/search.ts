/**
 * Workflow side of the query API's window search (query-only subscriptions): every page of one
 * announcement's submission window, stored in the blob store by the arXiv queue.
 */
import { log } from '@temporalio/workflow';
import { arxivStamp } from '../../domain/arxiv-calendar.ts';
import type { SourceFiles } from '../../activities/pipeline/sources/source.ts';
import type { Subscription } from '../../domain/subscription.ts';
import { arxiv } from '../arxiv-proxies.ts';
import { WINDOW_MAX } from '../topic-digest-legacy.ts';

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
    searchFiles.push(page.key);
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
