/**
 * The port every digest destination implements. Workflows never see it; activities call it and
 * persist the returned Receipt.
 */
import type { DestinationKind, Digest, Receipt } from '../../domain/digest.ts';

/**
 * Publishes one digest to one destination. Idempotent on its own: before creating anything it
 * looks the digest up by `digest.key` at the destination (a file path, a Notion page property, a
 * Discord embed footer), so a retried or replayed activity never duplicates a page, message or
 * file, even when the caller's receipt store has not recorded the first attempt.
 */
export interface Publisher {
  readonly kind: DestinationKind;
  publish(digest: Digest, progress?: PublishProgress): Promise<Receipt>;
  /**
   * What readers marked on a published digest (the receipt's `ref`): each entry's "Relevant"
   * checkbox and when it was last edited. Only destinations with such marks (Notion) have it.
   */
  readFeedback?(ref: string): Promise<FeedbackMark[]>;
  /** A one-line notice to the same place (Discord: a failing other destination); absent where none fits. */
  notice?(text: string): Promise<void>;
}

/**
 * Where a publish built in several requests got to, kept across retries of its activity (as
 * Temporal heartbeat details): a retry starts after the last step that landed instead of from
 * the beginning, so under steady rate limiting a long digest still finishes.
 */
export interface PublishProgress {
  /** What the last attempt recorded (undefined on a first attempt); the publisher checks it is its own. */
  resume: unknown;
  /** Records a step that landed; cheap (the activity sends it with its next heartbeat). */
  record(state: unknown): void;
}

/** A reader's mark on one entry of a published digest. */
export interface FeedbackMark {
  arxivId: string;
  relevant: boolean;
  /** When the mark was last edited at the destination (ISO 8601). */
  editedAt: string;
}
