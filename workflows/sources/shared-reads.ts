/**
 * Workflow side of the shared arXiv reads (activities/pipeline/shared-reads.ts): a read made once
 * for every subscription that needs it. A claim returns what another subscription's run already
 * read, or the lease to read it (the read runs on the rate-limited arXiv queue, then is shared),
 * or "wait": another run is reading it right now, ask again.
 */
import { isCancellation, workflowInfo } from '@temporalio/workflow';
import type { SharedClaim } from '../../activities/pipeline/shared-reads.ts';

export interface SharedRead<T> {
  /** Asks for the read; `awaited` is the reader an earlier claim said to wait for. */
  claim(reader: string, awaited: string | undefined): Promise<SharedClaim<T>>;
  /** Makes the read (only with the lease). */
  read(): Promise<T>;
  /** Shares the result and gives the lease back; without a result only gives it back. */
  share(reader: string, result?: T): Promise<void>;
}

/** The result of a read, made by this run or shared by another. */
export async function readShared<T>(read: SharedRead<T>): Promise<T> {
  const { workflowId, runId } = workflowInfo();
  const reader = `${workflowId}/${runId}`;
  let awaited: string | undefined;
  for (;;) {
    const claim = await read.claim(reader, awaited);
    if ('file' in claim) return claim.file;
    if ('wait' in claim) {
      awaited = claim.wait;
      continue;
    }
    let result: T;
    try {
      result = await read.read();
    } catch (e) {
      if (isCancellation(e)) throw e; // the lease expires on its own
      // Give the lease back at once, so the runs waiting for this read take it over.
      await read.share(reader);
      throw e;
    }
    await read.share(reader, result);
    return result;
  }
}
