/**
 * The activities of the rate-limited arXiv task queue. Each attempt makes exactly one HTTP
 * request, so the queue's server-side rate limit (one task per interval) is the request rate.
 * Big content (PDF, HTML, feeds) goes to the blob store; only its key crosses Temporal (payloads
 * are capped at 2 MB), and any worker on any host can read it.
 */
import type { BlobStore } from '../../app/ports/blobs.ts';
import { AppError } from '../../domain/errors.ts';
import type { AtomFeed } from '../../adapters/arxiv/atom.ts';
import type { ArxivClient, LookupResult, SearchOptions } from '../../adapters/arxiv/client.ts';
import { mapFailures } from '../failures.ts';
import { extractArxivId } from '../../domain/arxiv-ids.ts';
import type { OaiListRequest } from '../../adapters/arxiv/oai.ts';
import type { AnnounceFeed } from '../../adapters/arxiv/rss.ts';
import { byDownload, downloadKindsText, type DownloadKind } from '../content/index.ts';

export interface ArxivActivityDeps {
  client: ArxivClient;
  /** Where downloads and stored feeds go, by content address. */
  blobs: BlobStore;
}

export interface SearchPageInput extends SearchOptions {
  query: string;
}

export interface DownloadInput {
  /** html: arXiv's own; ar5iv: ar5iv's (older papers); source: the LaTeX e-print; pdf (activities/content/). */
  kind: DownloadKind;
  id: string;
  version: number | null;
}

/**
 * Results recorded before blobs carried a local `path` instead of a `key`; workflows replaying
 * such a history pass the path on, and the readers accept either.
 */
interface Stored {
  /** Blob key of the stored JSON/document. */
  key: string;
  /** Only in results recorded before blob keys: a file on the worker that wrote it. */
  path?: string;
}

/** One page of search results stored as JSON (an AtomFeed) in the blob store. */
export interface SearchPageFile extends Stored {
  count: number;
  totalResults: number;
}

/** An announcement feed stored as JSON (an AnnounceFeed) in the blob store. */
export interface AnnouncementsFile extends Stored {
  items: number;
  /** The feed date of the announcement (YYYY-MM-DD, New York); null when the feed states none. */
  feedDate?: string | null;
}

/** One OAI-PMH ListRecords page stored as JSON (an OaiPage) in the blob store. */
export interface OaiPageFile extends Stored {
  records: number;
  /** The next page's token; null on the last page. */
  resumptionToken: string | null;
}

export type DownloadResult = (Stored & { bytes: number; sha256: string }) | { notFound: true };

/** Activities for the arXiv queue; register them only on a worker polling `taskQueues(base).arxiv`. */
export function createArxivActivities(deps: ArxivActivityDeps) {
  const { client, blobs } = deps;
  /** Feeds too big to be payloads go to the blob store as JSON; only the key crosses Temporal. */
  const storeJson = async (value: unknown): Promise<string> =>
    (await blobs.put(Buffer.from(JSON.stringify(value), 'utf8'), 'json')).key;
  return {
    /** One page of search results. */
    arxivSearchPage: mapFailures(async (input: SearchPageInput): Promise<AtomFeed> => {
      const { query, ...opts } = input;
      return client.search(query, opts);
    }),

    /** One page of search results, written to the blob store (pages of hundreds of papers are big payloads). */
    arxivSearchPageFile: mapFailures(async (input: SearchPageInput): Promise<SearchPageFile> => {
      const { query, ...opts } = input;
      const feed = await client.search(query, opts);
      return { key: await storeJson(feed), count: feed.papers.length, totalResults: feed.totalResults };
    }),

    /** One id_list batch (at most 100 ids). */
    arxivLookupIds: mapFailures(async (ids: string[]): Promise<LookupResult> => client.lookupBatch(ids)),

    /** Today's announcement feed for the categories. Kept for workflows started before arxivAnnouncementsFile. */
    arxivAnnouncements: mapFailures(async (categories: string[]): Promise<AnnounceFeed> =>
      client.announcements(categories),
    ),

    /**
     * Today's announcement feed, written to the blob store: a wide feed (1504 items, 2.9 MB as JSON,
     * for all 20 archives on 2024-11-28) is over Temporal's 2 MB payload limit.
     */
    arxivAnnouncementsFile: mapFailures(async (categories: string[]): Promise<AnnouncementsFile> => {
      const feed = await client.announcements(categories);
      return { key: await storeJson(feed), items: feed.items.length, feedDate: feed.feedDate };
    }),

    /** One OAI-PMH ListRecords page (catching up missed announcements), written to the blob store. */
    arxivOaiPageFile: mapFailures(async (req: OaiListRequest): Promise<OaiPageFile> => {
      const page = await client.oaiListRecords(req);
      return {
        key: await storeJson(page),
        records: page.records.length,
        resumptionToken: page.resumptionToken,
      };
    }),

    /**
     * Downloads one full-text source (activities/content/: arXiv's HTML, ar5iv's HTML, the LaTeX
     * source or the PDF) into the blob store; `notFound` when there is none (a PDF-only submission
     * has no source).
     */
    arxivDownload: mapFailures(async (input: DownloadInput): Promise<DownloadResult> => {
      const { id } = extractArxivId(input.id);
      const source = byDownload(input.kind);
      if (!source)
        throw new AppError(
          'INVALID_INPUT',
          `Unknown download kind "${String(input.kind)}": use ${downloadKindsText()}.`,
        );
      const file = await source.fetch(client, id, input.version);
      return file === null ? { notFound: true } : blobs.put(file.data, file.ext);
    }),
  };
}

export type ArxivActivities = ReturnType<typeof createArxivActivities>;
