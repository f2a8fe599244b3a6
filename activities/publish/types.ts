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
  publish(digest: Digest): Promise<Receipt>;
}
