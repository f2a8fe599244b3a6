/**
 * The library as the front ends read it, with every paper and digest link on the configured arXiv
 * site (ARXIV_SITE_URL). The drivers store and rebuild links on arXiv's own origin; this wraps the
 * reads that hand links out, so no driver needs to know the deployment's origin. Any new read
 * that returns a Paper, a Digest or a ListResult belongs here too.
 */
import type { PaperStore } from '../../app/ports/store.ts';
import { digestOnSite, listOnSite, paperOnSite } from '../../domain/links.ts';
import { ARXIV_ORIGIN } from '../../domain/paper.ts';

export function withArxivSite(store: PaperStore, origin: string): PaperStore {
  if (origin === ARXIV_ORIGIN) return store;
  return {
    ...store,
    getPaper: async (id) => {
      const p = await store.getPaper(id);
      return p && paperOnSite(p, origin);
    },
    listPapers: async (filters) => listOnSite(await store.listPapers(filters), origin),
    topicPapers: async (topic) => {
      const t = await store.topicPapers(topic);
      return { ...t, papers: t.papers.map((p) => paperOnSite(p, origin)) };
    },
    getDigest: async (key) => {
      const d = await store.getDigest(key);
      return d && digestOnSite(d, origin);
    },
    lastDigest: async (sub) => {
      const d = await store.lastDigest(sub);
      return d && digestOnSite(d, origin);
    },
    listDigests: async (sub, limit) =>
      (await store.listDigests(sub, limit)).map((d) => digestOnSite(d, origin)),
  };
}
