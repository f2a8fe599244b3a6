/**
 * What the main-queue activities need from the outside world, as small interfaces. workers/
 * builds the real ones from Config; tests pass their own.
 */
import type { Logger } from 'pino';
import type { Paper } from '../../domain/paper.ts';
import type { BlobStore } from '../../app/ports/blobs.ts';
import type { ConvertResult } from '../../app/ports/converter.ts';
import type { DigestLedger, LibraryStore, RatingStore, SubscriptionStore } from '../../app/ports/store.ts';
import type { Destinations, Subscription } from '../../domain/subscription.ts';
import type { DestinationKind, Summary } from '../../domain/digest.ts';
import type { Publisher } from '../../app/ports/publisher.ts';
import type { Reranker } from '../../app/ports/ranker.ts';

export interface PipelineDeps {
  /** The library, subscriptions, the digest ledger and ratings (conversations are the agent's). */
  store: LibraryStore & SubscriptionStore & DigestLedger & RatingStore;
  /** Downloads and stored feeds, by key (adapters/blobs). */
  blobs: BlobStore;
  /** Loaded on first use (model loading is slow); falls back to BM25 on its own. */
  reranker: () => Promise<Reranker>;
  summarize: (input: { title: string; abstract: string; markdown: string | null }) => Promise<Summary>;
  buildQuery: (
    text: string,
  ) => Promise<{ searchQuery: string; dateRange: { from: string; to: string } | null }>;
  /** Converts a downloaded file off the event loop, within time and memory limits. */
  convert: (input: {
    kind: 'pdf' | 'html' | 'latex';
    path: string;
    title?: string;
    authors?: string[];
  }) => Promise<ConvertResult>;
  chunk: (markdown: string) => Array<{ sectionPath: string[]; text: string }>;
  /** The publisher for one destination of a subscription, or null when it is not configured. */
  publisherFor: (
    kind: DestinationKind,
    destinations: Destinations,
    subscription: Subscription,
  ) => Publisher | null;
  /** Where a subscription's digests go, in publishing order (adapters/publish/registry.ts). */
  destinationsOf: (destinations: Destinations) => DestinationKind[];
  /** Parses a feed file written by the arXiv queue's download activity. */
  readAnnouncements?: (path: string) => Promise<Array<{ paper: Paper; announceType: string }>>;
  logger: Logger;
  clock?: () => Date;
  /** How many calendar days back a digest recovers missed announcements (DIGEST_CATCHUP_DAYS). */
  catchupDays?: number;
  /** Heartbeat timeout of a digest publish (DIGEST_PUBLISH_HEARTBEAT_SECONDS). */
  publishHeartbeatSeconds?: number;
  /** Crash-test hook (lib/failpoints.ts); a no-op unless FAILPOINTS names the point. */
  failpoint?: (name: string) => void;
}
