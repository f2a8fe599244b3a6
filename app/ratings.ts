/**
 * Feedback, the one way for every front end: `ratePaper` (👍/👎/clear on a subscription's paper)
 * and the seed papers of `subscribe --like`. A paper not yet in the library is fetched from arXiv
 * through the rate-limited gate (one lookup for all of them) and stored, so the subscription's
 * model can read its title and abstract at the next digest run.
 */
import type { PaperStore } from './ports/store.ts';
import { extractArxivId } from '../domain/arxiv-ids.ts';
import { AppError } from '../domain/errors.ts';
import type { Rating, RatingSource, RatingValue } from '../domain/rating.ts';
import { checkRatingValue } from '../domain/rating.ts';
import type { ArxivSearch } from './ports/service.ts';

/** Most seed papers one `subscribe --like` takes (one arXiv id_list request). */
export { MAX_SEED_PAPERS } from '../domain/limits.ts';
import { MAX_SEED_PAPERS } from '../domain/limits.ts';

export interface RateRequest {
  subscription: string;
  /** An arXiv id or URL. */
  paper: string;
  /** null clears the rating. */
  rating: RatingValue | null;
  source: RatingSource;
}

export interface RateResult {
  rating: Rating | null;
  paper: { id: string; title: string };
}

type OpenArxiv = () => Promise<ArxivSearch>;

/**
 * Base ids of `refs` (ids or URLs; INVALID_INPUT naming a bad one), each in the library
 * afterwards: missing ones are looked up on arXiv in one request and stored under the
 * subscription's topic. NOT_FOUND names the ids arXiv does not know.
 */
export async function ensurePapers(
  store: PaperStore,
  openArxiv: OpenArxiv,
  refs: string[],
  topic: string,
  signal?: AbortSignal,
): Promise<Array<{ id: string; title: string }>> {
  const ids = [...new Set(refs.map((r) => extractArxivId(r).id))];
  const stored = new Map<string, string>();
  for (const id of ids) {
    const p = await store.getPaper(id);
    if (p) stored.set(id, p.title);
  }
  const missing = ids.filter((id) => !stored.has(id));
  if (missing.length > 0) {
    const { papers } = await (await openArxiv()).lookupBatch(missing, { signal });
    const found = papers.filter((p) => missing.includes(p.id));
    const unknown = missing.filter((id) => !found.some((p) => p.id === id));
    if (unknown.length > 0)
      throw new AppError(
        'NOT_FOUND',
        `arXiv has no paper ${unknown.join(', ')}; check the id${unknown.length > 1 ? 's' : ''}.`,
      );
    await store.upsertPapers(found, { topic });
    for (const p of found) stored.set(p.id, p.title);
  }
  return ids.map((id) => ({ id, title: stored.get(id) ?? '' }));
}

/** Sets or clears one rating; NOT_FOUND for an unknown subscription (before anything is fetched). */
export async function ratePaper(
  store: PaperStore,
  openArxiv: OpenArxiv,
  req: RateRequest,
  signal?: AbortSignal,
): Promise<RateResult> {
  const rating = checkRatingValue(req.rating);
  const sub = await store.getSubscription(req.subscription);
  if (!sub)
    throw new AppError(
      'NOT_FOUND',
      `No subscription named "${req.subscription}". List them with \`arxiv-radar subscriptions\`.`,
    );
  if (rating === null) {
    // Clearing needs no metadata: never ask arXiv for it.
    const id = extractArxivId(req.paper).id;
    const p = await store.getPaper(id);
    await store.setRating({ subscription: sub.name, arxivId: id, rating: null, source: req.source });
    return { rating: null, paper: { id, title: p?.title ?? '' } };
  }
  const [paper] = await ensurePapers(store, openArxiv, [req.paper], sub.name, signal);
  const stored = await store.setRating({
    subscription: sub.name,
    arxivId: paper!.id,
    rating,
    source: req.source,
  });
  return { rating: stored, paper: paper! };
}

/** Stores `refs` as the subscription's seed papers (👍 from 'seed'); validated before the subscription is saved. */
export function checkSeedRefs(refs: string[] | undefined): string[] {
  if (refs === undefined) return [];
  if (!Array.isArray(refs)) throw new AppError('INVALID_INPUT', 'like must be a list of arXiv ids');
  if (refs.length > MAX_SEED_PAPERS)
    throw new AppError('INVALID_INPUT', `give at most ${MAX_SEED_PAPERS} seed papers (got ${refs.length})`);
  return refs.map((r) => extractArxivId(r).id);
}
