/**
 * The `RatingStore` contract: readers' ratings per subscription and paper, the last one given
 * wins. Every driver runs it (see ./index.ts); `makeStore` must return a new, empty store each time.
 */
import assert from 'node:assert/strict';
import { afterEach, beforeEach, describe, it } from 'node:test';
import type { RatingStore, SubscriptionStore } from '../../../../../app/ports/store.ts';
import type { RatingSource } from '../../../../../domain/rating.ts';
import { rejectsWith, type MakeStore, type Opened } from './helpers.ts';

type Port = RatingStore & SubscriptionStore;

/** Registers the RatingStore contract tests for one driver. */
export function runRatingContract(name: string, makeStore: MakeStore<Port>): void {
  describe(`RatingStore contract: ${name}`, () => {
    let store: Opened<Port>;
    beforeEach(async () => {
      store = await makeStore();
    });
    afterEach(async () => {
      await store.close();
    });

    const summary = async (sub: string) =>
      (await store.listRatings(sub)).map((r) => `${r.arxivId}:${r.rating}:${r.source}`);

    it('stores one rating per subscription and paper; the last one wins, and clearing removes it', async () => {
      assert.deepEqual(await store.listRatings('ml'), []);
      const first = await store.setRating({
        subscription: 'ml',
        arxivId: '2203.00274v2',
        rating: 'up',
        source: 'web',
      });
      assert.equal(first?.arxivId, '2203.00274', 'a versioned id is stored by its base id');
      assert.equal(first?.rating, 'up');
      assert.ok(first && !Number.isNaN(Date.parse(first.ratedAt)));
      // The same rating again is a no-op in effect (idempotent); then the reader changes their mind.
      await store.setRating({ subscription: 'ml', arxivId: '2203.00274', rating: 'up', source: 'web' });
      assert.deepEqual(await summary('ml'), ['2203.00274:up:web']);
      await store.setRating({ subscription: 'ml', arxivId: '2203.00274', rating: 'down', source: 'discord' });
      assert.deepEqual(await summary('ml'), ['2203.00274:down:discord']);
      await store.setRating({ subscription: 'ml', arxivId: 'hep-th/9901001', rating: 'up', source: 'seed' });
      await store.setRating({ subscription: 'other', arxivId: '2203.00274', rating: 'up', source: 'cli' });
      assert.deepEqual((await summary('ml')).sort(), ['2203.00274:down:discord', 'hep-th/9901001:up:seed']);
      assert.deepEqual(await summary('other'), ['2203.00274:up:cli'], 'ratings are per subscription');
      assert.equal(
        await store.setRating({ subscription: 'ml', arxivId: '2203.00274', rating: null, source: 'cli' }),
        null,
      );
      assert.deepEqual(await summary('ml'), ['hep-th/9901001:up:seed']);
      // Clearing what is not there is fine (a retried clear).
      assert.equal(
        await store.setRating({ subscription: 'ml', arxivId: '2203.00274', rating: null, source: 'cli' }),
        null,
      );
    });

    it('lists ratings oldest first', async () => {
      for (const id of ['2401.00003', '2401.00001', '2401.00002']) {
        await store.setRating({ subscription: 'ml', arxivId: id, rating: 'up', source: 'mcp' });
        await new Promise((r) => setTimeout(r, 3));
      }
      // Re-rating moves a paper to the end: it is the newest feedback.
      await store.setRating({ subscription: 'ml', arxivId: '2401.00003', rating: 'down', source: 'mcp' });
      assert.deepEqual(
        (await store.listRatings('ml')).map((r) => r.arxivId),
        ['2401.00001', '2401.00002', '2401.00003'],
      );
    });

    it('forgets the ratings of a deleted subscription, and only its ratings', async () => {
      await store.upsertSubscription({ name: 'ml', query: 'cat:cs.LG' });
      await store.setRating({ subscription: 'ml', arxivId: '2401.00001', rating: 'up', source: 'web' });
      await store.setRating({ subscription: 'ml-2', arxivId: '2401.00001', rating: 'up', source: 'web' });
      assert.equal(await store.deleteSubscription('ml'), true);
      assert.deepEqual(await store.listRatings('ml'), []);
      assert.equal((await store.listRatings('ml-2')).length, 1);
    });

    it('refuses bad input, naming the problem, and stores nothing', async () => {
      await rejectsWith(
        store.setRating({ subscription: 'ml', arxivId: '2401.00001', rating: 'meh' as 'up', source: 'web' }),
        'INVALID_INPUT',
        /up.*down/,
      );
      await rejectsWith(
        store.setRating({ subscription: 'ml', arxivId: 'not an id', rating: 'up', source: 'web' }),
        'INVALID_INPUT',
        /arXiv id/,
      );
      await rejectsWith(
        store.setRating({ subscription: 'Bad Name', arxivId: '2401.00001', rating: 'up', source: 'web' }),
        'INVALID_INPUT',
        /subscription name/,
      );
      await rejectsWith(
        store.setRating({
          subscription: 'ml',
          arxivId: '2401.00001',
          rating: 'up',
          source: 'fax' as RatingSource,
        }),
        'INVALID_INPUT',
        /source/,
      );
      assert.deepEqual(await store.listRatings('ml'), []);
    });
  });
}
