/**
 * The `SubscriptionStore` contract: defaults, validation, replace, list and delete by name.
 * Every driver runs it (see ./index.ts); `makeStore` must return a new, empty store each time.
 */
import assert from 'node:assert/strict';
import { afterEach, beforeEach, describe, it } from 'node:test';
import type { SubscriptionStore } from '../../../../../app/ports/store.ts';
import { rejectsWith, type MakeStore, type Opened } from './helpers.ts';

/** Registers the SubscriptionStore contract tests for one driver. */
export function runSubscriptionContract(name: string, makeStore: MakeStore<SubscriptionStore>): void {
  describe(`SubscriptionStore contract: ${name}`, () => {
    let store: Opened<SubscriptionStore>;
    beforeEach(async () => {
      store = await makeStore();
    });
    afterEach(async () => {
      await store.close();
    });

    describe('subscriptions', () => {
      it('applies defaults, validates, keeps createdAt on replace, lists and deletes', async () => {
        const s = await store.upsertSubscription({
          name: 'quantum-crit',
          query: 'quantum criticality',
          interest: 'QCPs',
        });
        assert.equal(s.includeCrossLists, true);
        assert.equal(s.includeReplacements, false);
        assert.equal(s.timezone, 'America/New_York');
        assert.equal(s.cron, '15 1,7 * * 1-5');
        assert.equal(s.topK, 5);
        assert.equal(s.minScore, 0);
        assert.equal(s.paused, false);
        assert.deepEqual(s.categories, []);
        assert.deepEqual(s.destinations, {
          markdown: true,
          notion: false,
          discordChannelId: null,
          discordWebhookUrl: null,
        });
        const again = await store.upsertSubscription({
          name: 'quantum-crit',
          categories: ['cond-mat.str-el'],
          interest: 'x',
          topK: 5,
          timezone: 'Europe/Paris',
        });
        assert.equal(again.createdAt, s.createdAt);
        assert.equal(again.query, null);
        assert.equal(again.topK, 5);
        assert.deepEqual(await store.getSubscription('quantum-crit'), again);
        await store.upsertSubscription({ name: 'a-first', categories: ['cs.LG'] });
        assert.deepEqual(
          (await store.listSubscriptions()).map((x) => x.name),
          ['a-first', 'quantum-crit'],
        );
        await rejectsWith(
          store.upsertSubscription({ name: 'Bad Name', query: 'x' }),
          'INVALID_INPUT',
          /Bad Name/,
        );
        // A cron that does not parse is refused before anything is stored, naming the field.
        await rejectsWith(
          store.upsertSubscription({ name: 'bad-cron', query: 'x', cron: '99 99 * * *' }),
          'INVALID_INPUT',
          /minute 99 is out of range/,
        );
        await rejectsWith(
          store.upsertSubscription({ name: 'bad-cron', query: 'x', cron: 'bogus' }),
          'INVALID_INPUT',
          /1 field; write 5/,
        );
        assert.equal(await store.getSubscription('bad-cron'), null);
        await rejectsWith(
          store.upsertSubscription({ name: 'no-query' }),
          'INVALID_INPUT',
          /query or at least one category/,
        );
        await rejectsWith(
          store.upsertSubscription({ name: 'tz', query: 'x', timezone: 'Mars/Olympus' }),
          'INVALID_INPUT',
          /timezone/,
        );
        await rejectsWith(
          store.upsertSubscription({ name: 'cron', query: 'x', cron: 'every day' }),
          'INVALID_INPUT',
          /cron/,
        );
        assert.equal(await store.deleteSubscription('a-first'), true);
        assert.equal(await store.deleteSubscription('a-first'), false);
        assert.equal(await store.getSubscription('a-first'), null);
      });
    });
  });
}
