/**
 * The `DigestLedger` contract: digests, receipts, the seen set and announcement deliveries.
 * Deleting a subscription forgets its seen-state and deliveries, so the suite also needs the
 * store's `SubscriptionStore`. Every driver runs it (see ./index.ts); `makeStore` must return a
 * new, empty store each time.
 */
import assert from 'node:assert/strict';
import { afterEach, beforeEach, describe, it } from 'node:test';
import type { DigestLedger, SubscriptionStore } from '../../../../../activities/store/port.ts';
import { digest, rejectsWith, type MakeStore, type Opened } from './helpers.ts';

/** Registers the DigestLedger contract tests for one driver. */
export function runDigestLedgerContract(name: string, makeStore: MakeStore<DigestLedger & SubscriptionStore>): void {
  describe(`DigestLedger contract: ${name}`, () => {
    let store: Opened<DigestLedger & SubscriptionStore>;
    beforeEach(async () => {
      store = await makeStore();
    });
    afterEach(async () => {
      await store.close();
    });

    describe('digests and receipts', () => {
      it('upserts digests by key, finds the last one, and records one receipt per destination', async () => {
        assert.equal(await store.lastDigest('qc'), null);
        await store.saveDigest(digest('qc:2024-11-27', 'qc', '2024-11-27'));
        await store.saveDigest(digest('qc:2024-11-28', 'qc', '2024-11-28'));
        await store.saveDigest({ ...digest('qc:2024-11-27', 'qc', '2024-11-27'), interest: 'updated' });
        assert.equal((await store.lastDigest('qc'))?.key, 'qc:2024-11-28');
        assert.deepEqual((await store.listDigests('qc', 10)).map((d) => d.key), ['qc:2024-11-28', 'qc:2024-11-27']);
        assert.equal((await store.getDigest('qc:2024-11-27'))?.interest, 'updated');
        assert.equal(await store.getDigest('missing'), null);
        const r = { destination: 'notion' as const, ref: 'page-1', url: 'https://notion.so/page-1', publishedAt: '2024-11-28T09:00:00.000Z' };
        await store.recordReceipt('qc:2024-11-28', r);
        await store.recordReceipt('qc:2024-11-28', { ...r, ref: 'page-2' });
        await store.recordReceipt('qc:2024-11-28', { destination: 'markdown', ref: 'qc/2024-11-28.md', url: null, publishedAt: r.publishedAt });
        assert.deepEqual(await store.getReceipts('qc:2024-11-28'), [
          { destination: 'markdown', ref: 'qc/2024-11-28.md', url: null, publishedAt: r.publishedAt },
          r,
        ]);
        assert.deepEqual(await store.getReceipts('qc:2024-11-27'), []);
      });
    });

    describe('seen-state', () => {
      it('filters ids already sent to a subscription, per subscription', async () => {
        assert.deepEqual(await store.filterUnseen('qc', ['1111.2011', 'cond-mat/0607501', '1111.2011v2']), ['1111.2011', 'cond-mat/0607501']);
        await store.markSeen('qc', ['1111.2011v2'], 'qc:2024-11-28');
        assert.deepEqual(await store.filterUnseen('qc', ['cond-mat/0607501', '1111.2011']), ['cond-mat/0607501']);
        assert.deepEqual(await store.filterUnseen('other', ['1111.2011']), ['1111.2011']);
        await store.upsertSubscription({ name: 'qc', query: 'x' });
        await store.deleteSubscription('qc');
        assert.deepEqual(await store.filterUnseen('qc', ['1111.2011']), ['1111.2011']);
      });

      it('records an announcement as pending, then delivers it once: sent and considered papers both leave the unseen set', async () => {
        await store.upsertSubscription({ name: 'cal', categories: ['cs.AI'] });
        assert.equal(await store.lastDelivery('cal'), null);
        await store.saveDelivery({ subscription: 'cal', announcement: '2026-11-23', digestKey: 'cal:2026-11-23', windowEnd: null, considered: ['2411.1', '2411.2v2', '2411.3'] });
        assert.equal((await store.getDelivery('cal', '2026-11-23'))?.status, 'pending');
        assert.equal(await store.lastDelivery('cal'), null, 'a pending announcement is not delivered');
        // While pending, a new selection replaces the old one.
        await store.saveDelivery({ subscription: 'cal', announcement: '2026-11-23', digestKey: 'cal:2026-11-23', windowEnd: null, considered: ['2411.1', '2411.2', '2411.3', '2411.4'] });
        await store.completeDelivery('cal', '2026-11-23', ['2411.1']);
        await store.completeDelivery('cal', '2026-11-23', ['2411.1']);
        const done = await store.getDelivery('cal', '2026-11-23');
        assert.equal(done?.status, 'delivered');
        assert.deepEqual(done?.considered, ['2411.1', '2411.2', '2411.3', '2411.4']);
        assert.deepEqual(await store.filterUnseen('cal', ['2411.1', '2411.2', '2411.4', '2411.5']), ['2411.5']);
        // Once delivered, a selection can no longer be rewritten.
        await store.saveDelivery({ subscription: 'cal', announcement: '2026-11-23', digestKey: null, windowEnd: null, considered: [] });
        assert.equal((await store.getDelivery('cal', '2026-11-23'))?.digestKey, 'cal:2026-11-23');
        await store.saveDelivery({ subscription: 'cal', announcement: '2026-11-20', digestKey: null, windowEnd: '2026-11-19T19:00:00.000Z', considered: [] });
        await store.completeDelivery('cal', '2026-11-20', []);
        assert.equal((await store.lastDelivery('cal'))?.announcement, '2026-11-23', 'the newest announcement, not the latest write');
        await rejectsWith(store.completeDelivery('cal', '2026-11-24', []), 'NOT_FOUND', /2026-11-24/);
        await rejectsWith(store.saveDelivery({ subscription: 'cal', announcement: 'Monday', digestKey: null, windowEnd: null, considered: [] }), 'INVALID_INPUT', /YYYY-MM-DD/);
        assert.equal(await store.deleteSubscription('cal'), true);
        assert.equal(await store.lastDelivery('cal'), null, 'deliveries go with the subscription');
      });
    });
  });
}
