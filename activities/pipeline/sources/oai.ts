/** OAI-PMH (arXiv's archive): the announcements a subscription missed, from stored ListRecords pages. */
import type { OaiRecord } from '../../../adapters/arxiv/oai.ts';
import { announcedFromOai } from '../catch-up.ts';
import { readStoredList } from '../digest.ts';
import type { StoredSource } from './source.ts';

export const oaiSource: StoredSource = {
  kind: 'oai',
  async read(deps, sub, date, files) {
    const records: OaiRecord[] = [];
    for (const file of files) records.push(...(await readStoredList<OaiRecord>(deps.blobs, file, 'records')));
    return { announced: announcedFromOai(records, date, sub.categories) };
  },
};
