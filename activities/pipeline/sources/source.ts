/**
 * An arXiv source, as the selection of an announcement sees it: the workflow reads it on the arXiv
 * queue into the blob store and passes the stored files by kind; the source turns them into the
 * announcement's candidates. Each source is one file in this folder, listed once in index.ts.
 */
import type { Paper } from '../../../domain/paper.ts';
import type { Subscription } from '../../../domain/subscription.ts';
import type { AnnouncedPaper } from '../digest.ts';
import type { PipelineDeps } from '../deps.ts';

/** Stored files of one source for one announcement (what crosses Temporal: blob keys only). */
export interface SourceFiles {
  /** A registered source's kind: feed, oai, search. */
  kind: string;
  files: string[];
}

/** Announced papers (a feed's, with their announce type) or searched ones (a query's results). */
export interface Candidates {
  announced?: AnnouncedPaper[];
  searched?: Paper[];
}

export interface StoredSource {
  kind: string;
  /** The candidates in `files` for the announcement `date` of `sub`. */
  read(
    deps: Pick<PipelineDeps, 'blobs'>,
    sub: Subscription,
    date: string,
    files: string[],
  ): Promise<Candidates>;
}
