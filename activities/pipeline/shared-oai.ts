/**
 * The catch-up of missed announcements is read once, whoever missed them: an OAI-PMH harvest of
 * one set over one span (`from` to `until`) is made by one workflow and shared with every other
 * subscription that missed the same span (the usual case: the workers were down for everyone),
 * through the blob store (a named ref, `arxiv-oai/<set>/<from>/<until>`, holding the stored pages'
 * keys). So arXiv's cost of a catch-up grows with the distinct sets and spans, not the
 * subscriptions. The claim, lease and share are shared-reads.ts; the pages are still read one by
 * one on the rate-limited arXiv queue (arxivOaiPageFile).
 *
 * A shared harvest is accepted whenever it was made: the span is of past announcements, whose
 * records OAI-PMH already holds (a record only leaves the span when a later change moves its
 * datestamp, and the selection keeps only records created or replaced in the announcement anyway).
 */
import type { PipelineDeps } from './deps.ts';
import { createSharedReads, type SharedClaim } from './shared-reads.ts';

/**
 * A harvest is several pages, each a turn of the arXiv gate (and backoff on 429/503), so its lease
 * is longer than a feed's. Only a holder that vanished (a terminated workflow) lets it expire; a
 * slow harvest taken over costs one extra harvest, never a wrong one.
 */
export const OAI_HARVEST_LEASE_MS = 30 * 60_000;

export interface OaiSpan {
  /** An OAI-PMH set (an archive such as `cs` or `physics:hep-th`). */
  set: string;
  /** First and last datestamp (YYYY-MM-DD). */
  from: string;
  until: string;
}

/** The stored ListRecords pages of one harvest, in order. */
export interface OaiHarvest {
  /** Blob keys of the pages. */
  files: string[];
  /** Records over all pages. */
  records: number;
}

export const sharedOaiName = (span: OaiSpan) => `arxiv-oai/${span.set}/${span.from}/${span.until}`;

export function createSharedOaiActivities(deps: Pick<PipelineDeps, 'blobs'>) {
  const reads = createSharedReads(deps.blobs);
  return {
    /** The shared harvest of a set over a span, or the lease to make it, or whom to wait for. Idempotent. */
    async claimOaiHarvest(
      input: OaiSpan & { reader: string; awaited?: string },
    ): Promise<SharedClaim<OaiHarvest>> {
      return reads.claim<OaiHarvest>({
        name: sharedOaiName(input),
        reader: input.reader,
        ...(input.awaited ? { awaited: input.awaited } : {}),
        leaseMs: OAI_HARVEST_LEASE_MS,
        accept: (shared) =>
          Array.isArray(shared.files) ? { files: shared.files, records: shared.records } : null,
      });
    },

    /** Shares the lease holder's harvest and gives the lease back; without one, only gives it back (the harvest failed). */
    async shareOaiHarvest(input: OaiSpan & { reader: string; harvest?: OaiHarvest }): Promise<void> {
      const { harvest } = input;
      const shared = harvest && { files: harvest.files, records: harvest.records };
      await reads.share([sharedOaiName(input)], input.reader, shared);
    },
  };
}
