/**
 * Workflow side of OAI-PMH (arXiv's archive): the ListRecords pages of the missed announcements,
 * one harvest per OAI set of the subscription's categories, stored by the arXiv queue. Since
 * SHARED_OAI_HARVESTS a harvest of one set over one span is made once and shared with every
 * subscription that missed the same span (activities/pipeline/shared-oai.ts).
 */
import { log, patched } from '@temporalio/workflow';
import { describeDates, oaiSetOf } from '../../domain/arxiv-calendar.ts';
import type { SourceFiles } from '../../activities/pipeline/sources/source.ts';
import type { OaiHarvest, OaiSpan } from '../../activities/pipeline/shared-oai.ts';
import type { Subscription } from '../../domain/subscription.ts';
import { arxiv } from '../arxiv-proxies.ts';
import { main } from '../main-proxies.ts';
import { readShared } from './shared-reads.ts';
import type { DigestSource } from './source.ts';

/** OAI-PMH pages per set and run; a week of one archive is a few pages of arXiv's 1000-record pages. */
const MAX_OAI_PAGES = 100;

/**
 * From this marker on, a set's harvest over the missed span is claimed and shared across
 * subscriptions (claimOaiHarvest / shareOaiHarvest around the pages); before it, each run harvests.
 */
const SHARED_OAI_HARVESTS = 'shared-oai-harvests';

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
  const shared = patched(SHARED_OAI_HARVESTS);
  const oaiFiles: string[] = [];
  for (const set of [...new Set(sub.categories.map(oaiSetOf))]) {
    const span = { set, from, until };
    const harvest = shared ? await sharedHarvest(span, sub.name) : await harvestPages(span, sub.name);
    oaiFiles.push(...harvest.files);
  }
  return { kind: 'oai', files: oaiFiles };
}

/** The harvest of one set over one span, made by this run or shared by another. */
function sharedHarvest(span: OaiSpan, subscription: string): Promise<OaiHarvest> {
  return readShared<OaiHarvest>({
    claim: (reader, awaited) => main.claimOaiHarvest({ ...span, reader, ...(awaited ? { awaited } : {}) }),
    read: () => harvestPages(span, subscription),
    share: (reader, harvest) => main.shareOaiHarvest({ ...span, reader, ...(harvest ? { harvest } : {}) }),
  });
}

/** Every ListRecords page of `span`, following the resumption tokens (at most MAX_OAI_PAGES). */
async function harvestPages({ set, from, until }: OaiSpan, subscription: string): Promise<OaiHarvest> {
  const files: string[] = [];
  let records = 0;
  let request: Parameters<typeof arxiv.arxivOaiPageFile>[0] = { set, from, until };
  for (let page = 1; ; page++) {
    const stored = await arxiv.arxivOaiPageFile(request);
    files.push(stored.key ?? stored.path!); // a path in results recorded before blob keys
    records += stored.records;
    if (!stored.resumptionToken) break;
    if (page >= MAX_OAI_PAGES) {
      log.warn('OAI-PMH catch-up stopped at the page limit', { subscription, set, pages: page });
      break;
    }
    request = { resumptionToken: stored.resumptionToken };
  }
  return { files, records };
}
