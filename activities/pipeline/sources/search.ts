/** The query API's date-window search (query-only subscriptions): stored result pages. */
import type { Paper } from '../../../domain/paper.ts';
import { readStoredList } from '../digest.ts';
import type { StoredSource } from './source.ts';

export const searchSource: StoredSource = {
  kind: 'search',
  async read(deps, _sub, _date, files) {
    const searched: Paper[] = [];
    for (const file of files) searched.push(...(await readStoredList<Paper>(deps.blobs, file, 'papers')));
    return { searched };
  },
};
