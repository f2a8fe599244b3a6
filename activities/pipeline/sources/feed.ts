/** The announcement feed (rss.arxiv.org): one stored feed per category, merged as the joint feed would list them. */
import { readStoredList, type AnnouncedPaper } from '../digest.ts';
import type { StoredSource } from './source.ts';

/** The current announcement's papers from one feed per category, each paper once, as a joint feed would list it. */
export function mergeFeeds(feeds: AnnouncedPaper[][]): AnnouncedPaper[] {
  // A paper primary in one subscribed category is a cross-list in the others' feeds: the joint
  // feed (rss.arxiv.org/atom/A+B) lists it by its primary, so the primary type wins.
  const primary: Record<string, AnnouncedPaper['announceType']> = {
    cross: 'new',
    'replace-cross': 'replace',
  };
  const byId = new Map<string, AnnouncedPaper>();
  for (const item of feeds.flat()) {
    const seen = byId.get(item.paper.id);
    if (!seen || primary[seen.announceType] === item.announceType) byId.set(item.paper.id, item);
  }
  return [...byId.values()];
}

export const feedSource: StoredSource = {
  kind: 'feed',
  async read(deps, _sub, _date, files) {
    const feeds: AnnouncedPaper[][] = [];
    for (const file of files) feeds.push(await readStoredList<AnnouncedPaper>(deps.blobs, file, 'items'));
    return { announced: mergeFeeds(feeds) };
  },
};
