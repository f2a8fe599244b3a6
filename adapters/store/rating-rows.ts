/** What both library drivers (and the test store) share for the ratings table: input checks and row mapping. */
import { baseId } from '../../domain/library.ts';
import {
  checkRatingSource,
  checkRatingValue,
  type Rating,
  type RatingInput,
  type RatingValue,
} from '../../domain/rating.ts';
import { validateSubscriptionName } from '../../domain/subscription.ts';

export interface RatingRow {
  subscription: string;
  base_id: string;
  rating: number;
  source: string;
  rated_at: string;
}

/** The checked input, as stored: rating +1/-1, or null to clear. */
export function checkRatingInput(input: RatingInput): {
  subscription: string;
  id: string;
  value: 1 | -1 | null;
  source: string;
} {
  const subscription = validateSubscriptionName(input?.subscription);
  const id = baseId(input.arxivId);
  const rating = checkRatingValue(input.rating);
  return {
    subscription,
    id,
    value: rating === null ? null : rating === 'up' ? 1 : -1,
    source: checkRatingSource(input.source),
  };
}

export const toRating = (r: RatingRow): Rating => ({
  subscription: r.subscription,
  arxivId: r.base_id,
  rating: (Number(r.rating) > 0 ? 'up' : 'down') as RatingValue,
  source: checkRatingSource(r.source),
  ratedAt: r.rated_at,
});
