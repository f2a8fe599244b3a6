/**
 * A reader's feedback on one paper for one subscription: 👍 (up), 👎 (down), or a seed paper the
 * subscription starts from (a 👍 given at `subscribe --like`). One rating per subscription and
 * paper: the last one given wins; clearing removes it. Pure: workflows may import it.
 */
import { AppError } from './errors.ts';

export type RatingValue = 'up' | 'down';

/** Where a rating came from (shown in the web app, and why a seed is named "a seed paper"). */
export const RATING_SOURCES = ['cli', 'mcp', 'web', 'discord', 'notion', 'seed'] as const;
export type RatingSource = (typeof RATING_SOURCES)[number];

export interface Rating {
  subscription: string;
  /** Base id (no version). */
  arxivId: string;
  rating: RatingValue;
  source: RatingSource;
  /** When it was last set (ISO 8601). */
  ratedAt: string;
}

/** What a front end asks for: a rating, or null to clear it. */
export interface RatingInput {
  subscription: string;
  arxivId: string;
  rating: RatingValue | null;
  source: RatingSource;
}

/** The words every front end accepts for a rating: up/down/clear and their common synonyms. */
export function parseRatingWord(word: string): RatingValue | null {
  const w = typeof word === 'string' ? word.trim().toLowerCase() : '';
  if (['up', '+1', '+', 'like', 'good', '👍'].includes(w)) return 'up';
  if (['down', '-1', '-', 'dislike', 'bad', '👎'].includes(w)) return 'down';
  if (['clear', 'none', 'reset', '0'].includes(w)) return null;
  throw new AppError('INVALID_INPUT', `rating "${String(word)}" must be up, down or clear`);
}

export function checkRatingSource(source: string): RatingSource {
  if (!(RATING_SOURCES as readonly string[]).includes(source)) {
    throw new AppError(
      'INVALID_INPUT',
      `rating source "${String(source)}" must be one of ${RATING_SOURCES.join(', ')}`,
    );
  }
  return source as RatingSource;
}

export function checkRatingValue(rating: unknown): RatingValue | null {
  if (rating === null || rating === 'up' || rating === 'down') return rating;
  throw new AppError(
    'INVALID_INPUT',
    `rating must be "up", "down" or null to clear (got ${JSON.stringify(rating)})`,
  );
}

const BUTTON_ID = /^rate:(up|down):([a-z0-9-]{1,64}):(\S{1,64})$/;

/**
 * The custom_id of a Discord 👍/👎 button on a digest entry (`rate:up:<subscription>:<id>`), or
 * null when it would not fit Discord's 100 characters (no button is shown then).
 */
export function ratingButtonId(subscription: string, arxivId: string, rating: RatingValue): string | null {
  const id = `rate:${rating}:${subscription}:${arxivId}`;
  return id.length <= 100 && BUTTON_ID.test(id) ? id : null;
}

/** The rating a Discord button carries, or null for any other custom_id. Untrusted: validated again by the store. */
export function parseRatingButtonId(
  customId: string,
): { subscription: string; arxivId: string; rating: RatingValue } | null {
  const m = BUTTON_ID.exec(customId);
  return m ? { rating: m[1] as RatingValue, subscription: m[2]!, arxivId: m[3]! } : null;
}
