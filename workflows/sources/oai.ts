/**
 * Workflow side of OAI-PMH (arXiv's archive): the ListRecords pages of the missed announcements,
 * one harvest per OAI set of the subscription's categories, stored by the arXiv queue.
 */
import { log } from '@temporalio/workflow';
import { describeDates, oaiSetOf } from '../../domain/arxiv-calendar.ts';
import type { SourceFiles } from '../../activities/pipeline/sources/source.ts';
import type { Subscription } from '../../domain/subscription.ts';
import { arxiv } from '../arxiv-proxies.ts';
import type { DigestSource } from './source.ts';

/** OAI-PMH pages per set and run; a week of one archive is a few pages of arXiv's 1000-record pages. */
const MAX_OAI_PAGES = 100;

/** Category subscriptions' missed announcements: one harvest over all of them, read when the first is due. */
export const oaiSource: DigestSource = {
  kind: 'oai',
  serves: (sub) => sub.categories.length > 0,
  covers: 'missed',
  async open({ state, stage }, dates) {
    stage(`catching up the announcements of ${describeDates(dates)} from arXiv's archive`);
    const oai = await readOaiPages(state.subscription, dates[0]!, dates[dates.length - 1]!);
    return () => Promise.resolve({ input: { sources: [oai] } });
  },
};

/** The stored pages of every record of the subscription's sets dated `from` to `until`. */
export async function readOaiPages(sub: Subscription, from: string, until: string): Promise<SourceFiles> {
  const oaiFiles: string[] = [];
  for (const set of [...new Set(sub.categories.map(oaiSetOf))]) {
    let request: Parameters<typeof arxiv.arxivOaiPageFile>[0] = { set, from, until };
    for (let page = 1; ; page++) {
      const stored = await arxiv.arxivOaiPageFile(request);
      oaiFiles.push(stored.key ?? stored.path!); // a path in results recorded before blob keys
      if (!stored.resumptionToken) break;
      if (page >= MAX_OAI_PAGES) {
        log.warn('OAI-PMH catch-up stopped at the page limit', { subscription: sub.name, set, pages: page });
        break;
      }
      request = { resumptionToken: stored.resumptionToken };
    }
  }
  return { kind: 'oai', files: oaiFiles };
}
