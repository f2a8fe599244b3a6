/**
 * The `DigestLedger` contract: digests, receipts, the seen set and announcement deliveries.
 * Deleting a subscription forgets its seen-state and deliveries, so the suite also needs the
 * store's `SubscriptionStore`. Every driver runs it (see ./index.ts); `makeStore` must return a
 * new, empty store each time.
 */
import assert from 'node:assert/strict';
import { afterEach, beforeEach, describe, it } from 'node:test';
import type { DigestLedger, SubscriptionStore } from '../../../../../app/ports/store.ts';
import { digest, rejectsWith, type MakeStore, type Opened } from './helpers.ts';

/** Registers the DigestLedger contract tests for one driver. */
export function runDigestLedgerContract(
  name: string,
  makeStore: MakeStore<DigestLedger & SubscriptionStore>,
): void {
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
        assert.deepEqual(
          (await store.listDigests('qc', 10)).map((d) => d.key),
          ['qc:2024-11-28', 'qc:2024-11-27'],
        );
        assert.equal((await store.getDigest('qc:2024-11-27'))?.interest, 'updated');
        assert.equal(await store.getDigest('missing'), null);
        const r = {
          destination: 'notion' as const,
          ref: 'page-1',
          url: 'https://notion.so/page-1',
          publishedAt: '2024-11-28T09:00:00.000Z',
        };
        await store.recordReceipt('qc:2024-11-28', r);
        await store.recordReceipt('qc:2024-11-28', { ...r, ref: 'page-2' });
        await store.recordReceipt('qc:2024-11-28', {
          destination: 'markdown',
          ref: 'qc/2024-11-28.md',
          url: null,
          publishedAt: r.publishedAt,
        });
        assert.deepEqual(await store.getReceipts('qc:2024-11-28'), [
          { destination: 'markdown', ref: 'qc/2024-11-28.md', url: null, publishedAt: r.publishedAt },
          r,
        ]);
        assert.deepEqual(await store.getReceipts('qc:2024-11-27'), []);
      });
    });

    describe('seen-state', () => {
      it('filters ids already sent to a subscription, per subscription', async () => {
        assert.deepEqual(await store.filterUnseen('qc', ['1111.2011', 'cond-mat/0607501', '1111.2011v2']), [
          '1111.2011',
          'cond-mat/0607501',
        ]);
        await store.markSeen('qc', ['1111.2011v2'], 'qc:2024-11-28');
        assert.deepEqual(await store.filterUnseen('qc', ['cond-mat/0607501', '1111.2011']), [
          'cond-mat/0607501',
        ]);
        assert.deepEqual(await store.filterUnseen('other', ['1111.2011']), ['1111.2011']);
        await store.upsertSubscription({ name: 'qc', query: 'x' });
        await store.deleteSubscription('qc');
        assert.deepEqual(await store.filterUnseen('qc', ['1111.2011']), ['1111.2011']);
      });

      it('records an announcement as pending, then delivers it once: sent and considered papers both leave the unseen set', async () => {
        await store.upsertSubscription({ name: 'cal', categories: ['cs.AI'] });
        assert.equal(await store.lastDelivery('cal'), null);
        await store.saveDelivery({
          subscription: 'cal',
          announcement: '2026-11-23',
          digestKey: 'cal:2026-11-23',
          windowEnd: null,
          considered: ['2411.1', '2411.2v2', '2411.3'],
        });
        assert.equal((await store.getDelivery('cal', '2026-11-23'))?.status, 'pending');
        assert.equal(await store.lastDelivery('cal'), null, 'a pending announcement is not delivered');
        // While pending, a new selection replaces the old one.
        await store.saveDelivery({
          subscription: 'cal',
          announcement: '2026-11-23',
          digestKey: 'cal:2026-11-23',
          windowEnd: null,
          considered: ['2411.1', '2411.2', '2411.3', '2411.4'],
        });
        await store.completeDelivery('cal', '2026-11-23', ['2411.1']);
        await store.completeDelivery('cal', '2026-11-23', ['2411.1']);
        const done = await store.getDelivery('cal', '2026-11-23');
        assert.equal(done?.status, 'delivered');
        assert.deepEqual(done?.considered, ['2411.1', '2411.2', '2411.3', '2411.4']);
        assert.deepEqual(await store.filterUnseen('cal', ['2411.1', '2411.2', '2411.4', '2411.5']), [
          '2411.5',
        ]);
        // Once delivered, a selection can no longer be rewritten.
        await store.saveDelivery({
          subscription: 'cal',
          announcement: '2026-11-23',
          digestKey: null,
          windowEnd: null,
          considered: [],
        });
        assert.equal((await store.getDelivery('cal', '2026-11-23'))?.digestKey, 'cal:2026-11-23');
        await store.saveDelivery({
          subscription: 'cal',
          announcement: '2026-11-20',
          digestKey: null,
          windowEnd: '2026-11-19T19:00:00.000Z',
          considered: [],
        });
        await store.completeDelivery('cal', '2026-11-20', []);
        assert.equal(
          (await store.lastDelivery('cal'))?.announcement,
          '2026-11-23',
          'the newest announcement, not the latest write',
        );
        await rejectsWith(store.completeDelivery('cal', '2026-11-24', []), 'NOT_FOUND', /2026-11-24/);
        await rejectsWith(
          store.saveDelivery({
            subscription: 'cal',
            announcement: 'Monday',
            digestKey: null,
            windowEnd: null,
            considered: [],
          }),
          'INVALID_INPUT',
          /YYYY-MM-DD/,
        );
        assert.equal(await store.deleteSubscription('cal'), true);
        assert.equal(await store.lastDelivery('cal'), null, 'deliveries go with the subscription');
      });

      it("lists pending announcements with a digest, and keeps each destination's failure (first time kept) until it succeeds", async () => {
        await store.upsertSubscription({ name: 'pend', categories: ['cs.AI'] });
        await store.saveDelivery({
          subscription: 'pend',
          announcement: '2026-11-19',
          digestKey: 'pend:2026-11-19',
          windowEnd: null,
          considered: ['2411.1'],
        });
        await store.saveDelivery({
          subscription: 'pend',
          announcement: '2026-11-18',
          digestKey: 'pend:2026-11-18',
          windowEnd: null,
          considered: ['2411.2'],
        });
        await store.saveDelivery({
          subscription: 'pend',
          announcement: '2026-11-17',
          digestKey: null,
          windowEnd: null,
          considered: [],
        });
        assert.deepEqual(
          (await store.pendingDeliveries('pend')).map((d) => d.announcement),
          ['2026-11-18', '2026-11-19'],
          'oldest first, only those with a digest',
        );
        assert.equal((await store.getDelivery('pend', '2026-11-18'))?.failures, undefined);
        await store.setPublishFailure('pend', '2026-11-18', 'notion', {
          message: '401 unauthorized',
          permanent: true,
          at: '2026-11-18T09:15:00.000Z',
        });
        await store.setPublishFailure('pend', '2026-11-18', 'discord', {
          message: 'timed out',
          permanent: false,
          at: '2026-11-18T09:16:00.000Z',
        });
        await store.setPublishFailure('pend', '2026-11-18', 'notion', {
          message: '403 forbidden',
          permanent: true,
          at: '2026-11-19T09:15:00.000Z',
        });
        // A new selection while pending keeps what failed.
        await store.saveDelivery({
          subscription: 'pend',
          announcement: '2026-11-18',
          digestKey: 'pend:2026-11-18',
          windowEnd: null,
          considered: ['2411.2'],
        });
        assert.deepEqual((await store.getDelivery('pend', '2026-11-18'))?.failures, [
          {
            destination: 'discord',
            since: '2026-11-18T09:16:00.000Z',
            lastAt: '2026-11-18T09:16:00.000Z',
            message: 'timed out',
            permanent: false,
          },
          {
            destination: 'notion',
            since: '2026-11-18T09:15:00.000Z',
            lastAt: '2026-11-19T09:15:00.000Z',
            message: '403 forbidden',
            permanent: true,
          },
        ]);
        await store.setPublishFailure('pend', '2026-11-18', 'discord', null);
        assert.deepEqual(
          (await store.pendingDeliveries('pend'))[0]?.failures?.map((f) => f.destination),
          ['notion'],
        );
        await store.completeDelivery('pend', '2026-11-18', ['2411.2']);
        await store.setPublishFailure('pend', '2026-11-18', 'notion', {
          message: 'late',
          permanent: true,
          at: '2026-11-20T00:00:00.000Z',
        });
        const done = await store.getDelivery('pend', '2026-11-18');
        assert.equal(done?.failures, undefined, 'a delivered announcement reports no failure');
        assert.deepEqual(
          (await store.pendingDeliveries('pend')).map((d) => d.announcement),
          ['2026-11-19'],
        );
        await store.setPublishFailure('pend', '2026-11-30', 'notion', {
          message: 'nothing recorded',
          permanent: true,
          at: '2026-11-30T00:00:00.000Z',
        });
        assert.equal(
          await store.getDelivery('pend', '2026-11-30'),
          null,
          'no row is created for an unknown announcement',
        );
      });

      it('adopts the newest sent digest of a library from before deliveries as delivered, once', async () => {
        await store.upsertSubscription({ name: 'old', categories: ['cs.AI'] });
        await store.saveDigest(digest('old:2026-11-16:aaa', 'old', '2026-11-16'));
        await store.saveDigest(digest('old:2026-11-17:bbb', 'old', '2026-11-17'));
        // Assembled by the old workflow but never published everywhere: its papers were never marked sent.
        await store.saveDigest(digest('old:2026-11-18:ccc', 'old', '2026-11-18'));
        await store.markSeen('old', ['2411.1'], 'old:2026-11-16:aaa');
        await store.markSeen('old', ['2411.2'], 'old:2026-11-17:bbb');
        // A new subscription whose first announcement is still pending: nothing to adopt.
        await store.upsertSubscription({ name: 'fresh', categories: ['cs.AI'] });
        await store.saveDigest(digest('fresh:2026-11-18', 'fresh', '2026-11-18'));
        await store.saveDelivery({
          subscription: 'fresh',
          announcement: '2026-11-18',
          digestKey: 'fresh:2026-11-18',
          windowEnd: null,
          considered: [],
        });
        assert.equal(await store.adoptLegacyDeliveries(), 1);
        const adopted = await store.lastDelivery('old');
        assert.equal(adopted?.announcement, '2026-11-17');
        assert.equal(adopted?.digestKey, 'old:2026-11-17:bbb');
        assert.equal(adopted?.windowEnd, '2026-11-17T23:59:59.000Z');
        assert.equal(
          await store.lastDelivery('fresh'),
          null,
          'a pending announcement is never adopted as delivered',
        );
        assert.equal(await store.adoptLegacyDeliveries(), 0, 'one time');
      });
    });
  });
}
