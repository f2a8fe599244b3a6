/**
 * Ratings given where a digest is read, brought into the library at the next digest run: the
 * "Relevant" checkboxes of the subscription's recent Notion digest pages. A ticked box is 👍
 * (source 'notion'); unticking it clears that rating. A rating given elsewhere (web, Discord, CLI)
 * after the box was last edited wins: Notion reports edits to the minute, so an edit in the same
 * minute as another rating loses to it. Never fails a digest: a Notion error is logged and the
 * run goes on with the ratings it has.
 */
import { errorMessage } from '../../domain/errors.ts';
import type { Rating } from '../../domain/rating.ts';
import type { Subscription } from '../../domain/subscription.ts';
import type { PipelineDeps } from './deps.ts';

/** How many of the subscription's newest digests are read back each run. */
export const FEEDBACK_DIGESTS = 10;

/** Applies the marks of the subscription's recent published digests; returns how many ratings changed. */
export async function syncPublishedFeedback(deps: PipelineDeps, sub: Subscription): Promise<number> {
  if (!sub.destinations.notion) return 0;
  const publisher = deps.publisherFor('notion', sub.destinations, sub);
  if (!publisher?.readFeedback) return 0;
  const ratings = new Map<string, Rating>(
    (await deps.store.listRatings(sub.name)).map((r) => [r.arxivId, r]),
  );
  let changed = 0;
  for (const digest of await deps.store.listDigests(sub.name, FEEDBACK_DIGESTS)) {
    const receipt = (await deps.store.getReceipts(digest.key)).find((r) => r.destination === 'notion');
    if (!receipt) continue;
    let marks;
    try {
      marks = await publisher.readFeedback(receipt.ref);
    } catch (e) {
      deps.logger.warn(
        { subscription: sub.name, digest: digest.key, err: errorMessage(e) },
        'could not read the Relevant checkboxes back from Notion; ranking with the ratings already stored',
      );
      continue;
    }
    const own = new Set(digest.entries.map((e) => e.arxivId));
    for (const mark of marks) {
      if (!own.has(mark.arxivId)) continue;
      const prior = ratings.get(mark.arxivId);
      const fromBox = prior?.source === 'notion';
      if (prior && !fromBox && prior.ratedAt >= mark.editedAt) continue;
      if (mark.relevant && !(fromBox && prior?.rating === 'up')) {
        const r = await deps.store.setRating({
          subscription: sub.name,
          arxivId: mark.arxivId,
          rating: 'up',
          source: 'notion',
        });
        if (r) ratings.set(mark.arxivId, r);
        changed++;
      } else if (!mark.relevant && fromBox) {
        await deps.store.setRating({
          subscription: sub.name,
          arxivId: mark.arxivId,
          rating: null,
          source: 'notion',
        });
        ratings.delete(mark.arxivId);
        changed++;
      }
    }
  }
  if (changed > 0) deps.logger.info({ subscription: sub.name, changed }, 'ratings read back from Notion');
  return changed;
}
