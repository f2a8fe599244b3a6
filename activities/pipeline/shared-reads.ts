/**
 * A read of arXiv made once and shared by every subscription that needs it (a category's feed of
 * one feed date, an OAI-PMH harvest of one set over one span): the reader's result is a named ref
 * in the blob store (JSON, the result plus who read it), and concurrent readers agree on one of
 * them through a lease in the same store (it holds across workers on different hosts); the others
 * wait for its read. The read itself stays on the rate-limited arXiv queue; the claim and the share
 * run on the main queue, so waiting never takes a turn from arXiv requests.
 *
 * claim → the shared result | the lease to read it ("read it yourself, then share it") | "someone
 * is reading it: ask again". share → stores the result and gives the lease back; without a result
 * (the read failed) it only gives the lease back, so a waiting reader takes it over at once. A
 * lease whose holder vanished (a terminated workflow) expires.
 */
import { Context } from '@temporalio/activity';
import type { BlobStore } from '../../app/ports/blobs.ts';

/** How long one claim waits for another reader before returning (the workflow asks again). */
const CLAIM_WAIT_MS = 30_000;
const POLL_MS = 250;

/** The shared result to use, or "read it yourself, then share it", or "`wait` is reading it: ask again". */
export type SharedClaim<T> = { file: T } | { read: true } | { wait: string };

/** A stored result with the reader that made it. */
export type Shared<T> = T & { reader: string };

export interface ClaimRequest<T> {
  /** The ref (and lease) name of the read. */
  name: string;
  /** Who asks (workflow id and run id): the lease holder when it reads. */
  reader: string;
  /** A reader this caller waited for (an earlier `wait` answer). */
  awaited?: string;
  leaseMs: number;
  /** The result to hand out from what is stored, or null to read again (stale, or not this read). */
  accept(shared: Shared<T>, awaited: string | undefined): T | null;
}

function parseShared<T>(value: string | null): Shared<T> | null {
  if (value === null) return null;
  try {
    return JSON.parse(value) as Shared<T>;
  } catch {
    return null; // a damaged ref is no result: read again
  }
}

const heartbeat = () => {
  try {
    Context.current().heartbeat();
  } catch {
    // outside an activity (unit tests)
  }
};

export function createSharedReads(blobs: BlobStore) {
  const usable = async <T>(req: ClaimRequest<T>, awaited: string | undefined) => {
    const shared = parseShared<T>(await blobs.getRef(req.name));
    return shared ? req.accept(shared, awaited) : null;
  };
  return {
    /** The shared result of the read `name`, or the lease to make it, or whom to wait for. Idempotent. */
    async claim<T>(req: ClaimRequest<T>): Promise<SharedClaim<T>> {
      const deadline = Date.now() + CLAIM_WAIT_MS;
      let awaited = req.awaited;
      for (;;) {
        const file = await usable(req, awaited);
        if (file) return { file };
        const holder = await blobs.lease(req.name, req.reader, req.leaseMs);
        if (holder === req.reader) {
          // A read may have been shared between our look and our lease: use it, give the lease back.
          const late = await usable(req, awaited);
          if (!late) return { read: true };
          await blobs.releaseLease(req.name, req.reader);
          return { file: late };
        }
        if (holder) awaited = holder;
        if (Date.now() >= deadline && awaited) return { wait: awaited };
        heartbeat();
        await new Promise((r) => setTimeout(r, POLL_MS));
      }
    },

    /**
     * Stores the lease holder's result under `names` (the first is the read's own name, whose lease
     * it holds; others file it under a second name too) and gives the lease back; without a
     * result, only gives the lease back (the read failed).
     */
    async share<T extends object>(names: string[], reader: string, result?: T): Promise<void> {
      if (result) {
        const value = JSON.stringify({ ...result, reader });
        for (const name of names) await blobs.setRef(name, value);
      }
      await blobs.releaseLease(names[0]!, reader);
    },
  };
}
