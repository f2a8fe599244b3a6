/** Readers' ratings on SQLite (migration 8): one row per subscription and paper, the last write wins. */
import type Database from 'better-sqlite3';
import type { Rating, RatingInput } from '../../../domain/rating.ts';
import { validateSubscriptionName } from '../../../domain/subscription.ts';
import { checkRatingInput, toRating, type RatingRow } from '../rating-rows.ts';

export function createRatingTable(db: Database.Database) {
  const s = {
    put: db.prepare(
      `INSERT INTO ratings (subscription, base_id, rating, source, rated_at) VALUES (?, ?, ?, ?, ?)
       ON CONFLICT (subscription, base_id) DO UPDATE SET rating = excluded.rating, source = excluded.source, rated_at = excluded.rated_at`,
    ),
    get: db.prepare<[string, string], RatingRow>(
      'SELECT * FROM ratings WHERE subscription = ? AND base_id = ?',
    ),
    del: db.prepare('DELETE FROM ratings WHERE subscription = ? AND base_id = ?'),
    delAll: db.prepare('DELETE FROM ratings WHERE subscription = ?'),
    list: db.prepare<[string], RatingRow>(
      'SELECT * FROM ratings WHERE subscription = ? ORDER BY rated_at, base_id',
    ),
  };
  return {
    set(input: RatingInput): Rating | null {
      const r = checkRatingInput(input);
      if (r.value === null) {
        s.del.run(r.subscription, r.id);
        return null;
      }
      s.put.run(r.subscription, r.id, r.value, r.source, new Date().toISOString());
      return toRating(s.get.get(r.subscription, r.id)!);
    },
    list: (subscription: string): Rating[] =>
      s.list.all(validateSubscriptionName(subscription)).map(toRating),
    /** With the subscription (deleteSubscription's transaction). */
    deleteAll: (subscription: string): void => void s.delAll.run(subscription),
  };
}
