/**
 * fetchPapers: metadata for a list of arXiv ids, looked up in id_list batches of 100 through the
 * rate-limited arXiv queue (one activity, one request per batch).
 */
import type { Paper } from '../domain/paper.ts';
import { arxivProxies } from './arxiv-proxies.ts';

/** arXiv's id_list batch we use (BATCH in activities/arxiv/query.ts). */
const BATCH = 100;

export interface FetchPapersResult {
  papers: Paper[];
  /** Ids arXiv returned nothing for. */
  missing: string[];
}

export async function fetchPapers(ids: string[]): Promise<FetchPapersResult> {
  const { arxivLookupIds } = arxivProxies();
  const unique = [...new Set(ids)];
  const out: FetchPapersResult = { papers: [], missing: [] };
  for (let i = 0; i < unique.length; i += BATCH) {
    const r = await arxivLookupIds(unique.slice(i, i + BATCH));
    out.papers.push(...r.papers);
    out.missing.push(...r.missing);
  }
  return out;
}
