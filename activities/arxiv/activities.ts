/**
 * The activities of the rate-limited arXiv task queue. Each attempt makes exactly one HTTP
 * request, so the queue's server-side rate limit (one task per interval) is the request rate.
 * Big content (PDF, HTML) is written to a content-addressed file; only its path crosses Temporal
 * (payloads are capped at 2 MB).
 */
import { createHash } from 'node:crypto';
import { mkdir, rename, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { AppError, isAppError } from '../../lib/errors.ts';
import type { AtomFeed } from './atom.ts';
import type { ArxivClient, LookupResult, SearchOptions } from './client.ts';
import { mapFailures } from '../failures.ts';
import { extractArxivId } from './ids.ts';
import type { OaiListRequest } from './oai.ts';
import type { AnnounceFeed } from './rss.ts';

export interface ArxivActivityDeps {
  client: ArxivClient;
  /** Where downloads are stored, named by the SHA-256 of their content. */
  downloadsDir: string;
}

export interface SearchPageInput extends SearchOptions {
  query: string;
}

export interface DownloadInput {
  kind: 'pdf' | 'html';
  id: string;
  version: number | null;
}

/** One page of search results stored as JSON (an AtomFeed) in downloadsDir. */
export interface SearchPageFile {
  path: string;
  count: number;
  totalResults: number;
}

/** An announcement feed stored as JSON (an AnnounceFeed) in downloadsDir. */
export interface AnnouncementsFile {
  path: string;
  items: number;
  /** The feed date of the announcement (YYYY-MM-DD, New York); null when the feed states none. */
  feedDate?: string | null;
}

/** One OAI-PMH ListRecords page stored as JSON (an OaiPage) in downloadsDir. */
export interface OaiPageFile {
  path: string;
  records: number;
  /** The next page's token; null on the last page. */
  resumptionToken: string | null;
}

export type DownloadResult = { path: string; bytes: number; sha256: string } | { notFound: true };

async function storeContentAddressed(dir: string, data: Buffer, ext: string): Promise<{ path: string; bytes: number; sha256: string }> {
  const sha256 = createHash('sha256').update(data).digest('hex');
  const file = path.join(dir, `${sha256}.${ext}`);
  const exists = await stat(file).then((s) => s.size === data.length, () => false);
  if (!exists) {
    await mkdir(dir, { recursive: true });
    // Write then rename, so a reader never sees half a file.
    const tmp = `${file}.${process.pid}.tmp`;
    await writeFile(tmp, data);
    await rename(tmp, file);
  }
  return { path: file, bytes: data.length, sha256 };
}

/** Activities for the arXiv queue; register them only on a worker polling `taskQueues(base).arxiv`. */
export function createArxivActivities(deps: ArxivActivityDeps) {
  const { client, downloadsDir } = deps;
  /** Feeds too big to be payloads go to downloadsDir as JSON; only the path crosses Temporal. */
  const storeJson = async (value: unknown): Promise<string> =>
    (await storeContentAddressed(downloadsDir, Buffer.from(JSON.stringify(value), 'utf8'), 'json')).path;
  return {
    /** One page of search results. */
    arxivSearchPage: mapFailures(async (input: SearchPageInput): Promise<AtomFeed> => {
      const { query, ...opts } = input;
      return client.search(query, opts);
    }),

    /** One page of search results, written to downloadsDir (pages of hundreds of papers are big payloads). */
    arxivSearchPageFile: mapFailures(async (input: SearchPageInput): Promise<SearchPageFile> => {
      const { query, ...opts } = input;
      const feed = await client.search(query, opts);
      return { path: await storeJson(feed), count: feed.papers.length, totalResults: feed.totalResults };
    }),

    /** One id_list batch (at most 100 ids). */
    arxivLookupIds: mapFailures(async (ids: string[]): Promise<LookupResult> => client.lookupBatch(ids)),

    /** Today's announcement feed for the categories. Kept for workflows started before arxivAnnouncementsFile. */
    arxivAnnouncements: mapFailures(async (categories: string[]): Promise<AnnounceFeed> => client.announcements(categories)),

    /**
     * Today's announcement feed, written to downloadsDir: a wide feed (1504 items, 2.9 MB as JSON,
     * for all 20 archives on 2024-11-28) is over Temporal's 2 MB payload limit.
     */
    arxivAnnouncementsFile: mapFailures(async (categories: string[]): Promise<AnnouncementsFile> => {
      const feed = await client.announcements(categories);
      return { path: await storeJson(feed), items: feed.items.length, feedDate: feed.feedDate };
    }),

    /** One OAI-PMH ListRecords page (catching up missed announcements), written to downloadsDir. */
    arxivOaiPageFile: mapFailures(async (req: OaiListRequest): Promise<OaiPageFile> => {
      const page = await client.oaiListRecords(req);
      return { path: await storeJson(page), records: page.records.length, resumptionToken: page.resumptionToken };
    }),

    /** Downloads a PDF or arXiv HTML into downloadsDir; `notFound` when arXiv has none. */
    arxivDownload: mapFailures(async (input: DownloadInput): Promise<DownloadResult> => {
      const { id } = extractArxivId(input.id);
      if (input.kind === 'html') {
        const html = await client.fetchHtml(id, input.version);
        return html === null ? { notFound: true } : storeContentAddressed(downloadsDir, Buffer.from(html, 'utf8'), 'html');
      }
      if (input.kind !== 'pdf') throw new AppError('INVALID_INPUT', `Unknown download kind "${String(input.kind)}": use pdf or html.`);
      try {
        return await storeContentAddressed(downloadsDir, await client.fetchPdf(id, input.version), 'pdf');
      } catch (e) {
        if (isAppError(e, 'NOT_FOUND')) return { notFound: true };
        throw e;
      }
    }),
  };
}

export type ArxivActivities = ReturnType<typeof createArxivActivities>;
