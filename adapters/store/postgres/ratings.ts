/** Readers' ratings on Postgres: one row per subscription and paper, the last write wins (one upsert). */
import type pg from 'pg';
import type { Rating, RatingInput } from '../../../domain/rating.ts';
import { validateSubscriptionName } from '../../../domain/subscription.ts';
import { checkRatingInput, toRating, type RatingRow } from '../rating-rows.ts';

export function createRatingTable(pool: pg.Pool) {
  return {
    async set(input: RatingInput): Promise<Rating | null> {
      const r = checkRatingInput(input);
      if (r.value === null) {
        await pool.query('DELETE FROM ratings WHERE subscription = $1 AND base_id = $2', [
          r.subscription,
          r.id,
        ]);
        return null;
      }
      const { rows } = await pool.query<RatingRow>(
        `INSERT INTO ratings (subscription, base_id, rating, source, rated_at) VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (subscription, base_id) DO UPDATE SET rating = excluded.rating, source = excluded.source, rated_at = excluded.rated_at
         RETURNING *`,
        [r.subscription, r.id, r.value, r.source, new Date().toISOString()],
      );
      return toRating(rows[0]!);
    },
    async list(subscription: string): Promise<Rating[]> {
      const { rows } = await pool.query<RatingRow>(
        'SELECT * FROM ratings WHERE subscription = $1 ORDER BY rated_at, base_id',
        [validateSubscriptionName(subscription)],
      );
      return rows.map(toRating);
    },
  };
}
