/** Subscriptions, digests, receipts and seen-state on SQLite. */
import type Database from 'better-sqlite3';
import { withVouchedLinks, type DestinationKind, type Digest, type Receipt } from '../../../domain/digest.ts';
import { AppError } from '../../../domain/errors.ts';
import type { Delivery } from '../../../app/ports/store.ts';
import type { Subscription, SubscriptionInput } from '../../../domain/subscription.ts';
import { baseId } from '../../../domain/library.ts';
import { normalizeSubscription, validateSubscriptionName } from '../../../domain/subscription.ts';
import {
  adoptLegacyDeliveriesSql,
  checkAnnouncement,
  checkDigest,
  checkKey,
  checkReceipt,
  nextFailures,
  SQLITE_NOW,
  toDelivery,
  toSubscription,
  type DeliveryRow,
} from '../alert-rows.ts';

/** The prepared statements over the alert tables of one open database. */
function prepareStatements(db: Database.Database) {
  return {
    subGet: db.prepare<[string], { body_json: string; created_at: string; updated_at: string }>(
      'SELECT body_json, created_at, updated_at FROM subscriptions WHERE name = ?',
    ),
    subAll: db.prepare<[], { body_json: string; created_at: string; updated_at: string }>(
      'SELECT body_json, created_at, updated_at FROM subscriptions ORDER BY name',
    ),
    subPut: db.prepare(
      `INSERT INTO subscriptions (name, body_json, created_at, updated_at) VALUES (?, ?, ?, ?)
       ON CONFLICT (name) DO UPDATE SET body_json = excluded.body_json, updated_at = excluded.updated_at`,
    ),
    subDel: db.prepare('DELETE FROM subscriptions WHERE name = ?'),
    seenDel: db.prepare('DELETE FROM seen WHERE subscription = ?'),
    digestPut: db.prepare(
      `INSERT INTO digests (key, subscription, date, window_start, window_end, body_json, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (key) DO UPDATE SET subscription = excluded.subscription, date = excluded.date,
         window_start = excluded.window_start, window_end = excluded.window_end, body_json = excluded.body_json,
         updated_at = excluded.updated_at`,
    ),
    digestGet: db.prepare<[string], { body_json: string }>('SELECT body_json FROM digests WHERE key = ?'),
    digestList: db.prepare<[string, number], { body_json: string }>(
      'SELECT body_json FROM digests WHERE subscription = ? ORDER BY window_end DESC, date DESC, key DESC LIMIT ?',
    ),
    receiptPut: db.prepare(
      'INSERT OR IGNORE INTO receipts (digest_key, destination, ref, url, published_at) VALUES (?, ?, ?, ?, ?)',
    ),
    receiptsGet: db.prepare<
      [string],
      { destination: Receipt['destination']; ref: string; url: string | null; published_at: string }
    >('SELECT destination, ref, url, published_at FROM receipts WHERE digest_key = ? ORDER BY destination'),
    unseen: db.prepare<[string, string], { value: string }>(
      `SELECT j.value AS value FROM json_each(?) j
       WHERE NOT EXISTS (SELECT 1 FROM seen s WHERE s.subscription = ? AND s.base_id = j.value) ORDER BY j.key`,
    ),
    seenPut: db.prepare(
      'INSERT OR IGNORE INTO seen (subscription, base_id, digest_key, seen_at, sent) VALUES (?, ?, ?, ?, ?)',
    ),
    deliveriesDel: db.prepare('DELETE FROM deliveries WHERE subscription = ?'),
    deliveryGet: db.prepare<[string, string], DeliveryRow>(
      'SELECT * FROM deliveries WHERE subscription = ? AND announcement = ?',
    ),
    deliveryLast: db.prepare<[string], DeliveryRow>(
      "SELECT * FROM deliveries WHERE subscription = ? AND status = 'delivered' ORDER BY announcement DESC LIMIT 1",
    ),
    deliveryPut: db.prepare(
      `INSERT INTO deliveries (subscription, announcement, status, digest_key, window_end, considered_json, updated_at)
       VALUES (?, ?, 'pending', ?, ?, ?, ?)
       ON CONFLICT (subscription, announcement) DO UPDATE SET digest_key = excluded.digest_key, window_end = excluded.window_end,
         considered_json = excluded.considered_json, updated_at = excluded.updated_at
       WHERE deliveries.status = 'pending'`,
    ),
    deliveryPending: db.prepare<[string], DeliveryRow>(
      "SELECT * FROM deliveries WHERE subscription = ? AND status = 'pending' AND digest_key IS NOT NULL ORDER BY announcement",
    ),
    deliveryFailures: db.prepare(
      'UPDATE deliveries SET failures_json = ? WHERE subscription = ? AND announcement = ?',
    ),
    adoptLegacy: db.prepare(adoptLegacyDeliveriesSql(SQLITE_NOW)),
    deliveryDone: db.prepare(
      "UPDATE deliveries SET status = 'delivered', updated_at = ? WHERE subscription = ? AND announcement = ?",
    ),
  };
}
type Statements = ReturnType<typeof prepareStatements>;

/** Subscriptions, digests, receipts and seen-state. */
function subscriptionMethods(s: Statements) {
  return {
    upsertSubscription(input: SubscriptionInput): Subscription {
      const body = normalizeSubscription(input);
      const now = new Date().toISOString();
      s.subPut.run(body.name, JSON.stringify(body), now, now);
      return toSubscription(s.subGet.get(body.name)!);
    },
    getSubscription(name: string): Subscription | null {
      const r = s.subGet.get(validateSubscriptionName(name));
      return r ? toSubscription(r) : null;
    },
    listSubscriptions: (): Subscription[] => s.subAll.all().map(toSubscription),
    deleteSubscription(name: string): boolean {
      const n = validateSubscriptionName(name);
      s.seenDel.run(n);
      s.deliveriesDel.run(n);
      return s.subDel.run(n).changes > 0;
    },
    saveDigest(d: Digest): void {
      checkDigest(d);
      s.digestPut.run(
        d.key,
        d.subscription,
        d.date,
        d.windowStart,
        d.windowEnd,
        JSON.stringify(d),
        new Date().toISOString(),
      );
    },
    getDigest(key: string): Digest | null {
      const r = s.digestGet.get(checkKey(key, 'digest key'));
      return r ? withVouchedLinks(JSON.parse(r.body_json) as Digest) : null;
    },
    listDigests(subscription: string, limit: number): Digest[] {
      if (!Number.isInteger(limit) || limit < 1)
        throw new AppError('INVALID_INPUT', `limit must be a whole number >= 1 (got ${String(limit)})`);
      return s.digestList
        .all(checkKey(subscription, 'subscription'), limit)
        .map((r) => withVouchedLinks(JSON.parse(r.body_json) as Digest));
    },
    recordReceipt(digestKey: string, r: Receipt): void {
      checkReceipt(digestKey, r);
      s.receiptPut.run(digestKey, r.destination, r.ref, r.url ?? null, r.publishedAt);
    },
    getReceipts(digestKey: string): Receipt[] {
      return s.receiptsGet
        .all(checkKey(digestKey, 'digest key'))
        .map((r) => ({ destination: r.destination, ref: r.ref, url: r.url, publishedAt: r.published_at }));
    },
    filterUnseen(subscription: string, ids: string[]): string[] {
      checkKey(subscription, 'subscription');
      const unique = [...new Set(ids.map(baseId))];
      return s.unseen.all(JSON.stringify(unique), subscription).map((r) => r.value);
    },
    markSeen(subscription: string, ids: string[], digestKey: string): void {
      checkKey(subscription, 'subscription');
      checkKey(digestKey, 'digest key');
      const now = new Date().toISOString();
      for (const id of new Set(ids.map(baseId))) s.seenPut.run(subscription, id, digestKey, now, 1);
    },
  };
}

/** Deliveries: one per subscription and announcement, pending until its digest is published. */
function deliveryMethods(s: Statements) {
  return {
    saveDelivery(d: Omit<Delivery, 'status' | 'failures'>): void {
      checkKey(d?.subscription, 'subscription');
      checkAnnouncement(d.announcement);
      if (!Array.isArray(d.considered))
        throw new AppError(
          'INVALID_INPUT',
          `delivery ${d.subscription}:${d.announcement} needs a considered list`,
        );
      const considered = [...new Set(d.considered.map(baseId))];
      s.deliveryPut.run(
        d.subscription,
        d.announcement,
        d.digestKey ?? null,
        d.windowEnd ?? null,
        JSON.stringify(considered),
        new Date().toISOString(),
      );
    },
    getDelivery(subscription: string, announcement: string): Delivery | null {
      const r = s.deliveryGet.get(checkKey(subscription, 'subscription'), checkAnnouncement(announcement));
      return r ? toDelivery(r) : null;
    },
    completeDelivery(subscription: string, announcement: string, sentIds: string[]): void {
      const r = s.deliveryGet.get(checkKey(subscription, 'subscription'), checkAnnouncement(announcement));
      if (!r)
        throw new AppError('NOT_FOUND', `no delivery of ${announcement} is recorded for ${subscription}`);
      if (r.status === 'delivered') return;
      const now = new Date().toISOString();
      const key = r.digest_key ?? `${subscription}:${announcement}`;
      const sent = new Set(sentIds.map(baseId));
      for (const id of sent) s.seenPut.run(subscription, id, key, now, 1);
      for (const id of JSON.parse(r.considered_json) as string[])
        if (!sent.has(id)) s.seenPut.run(subscription, id, key, now, 0);
      s.deliveryDone.run(now, subscription, announcement);
    },
    lastDelivery(subscription: string): Delivery | null {
      const r = s.deliveryLast.get(checkKey(subscription, 'subscription'));
      return r ? toDelivery(r) : null;
    },
    pendingDeliveries(subscription: string): Delivery[] {
      return s.deliveryPending.all(checkKey(subscription, 'subscription')).map(toDelivery);
    },
    setPublishFailure(
      subscription: string,
      announcement: string,
      destination: DestinationKind,
      failure: { message: string; permanent: boolean; at: string } | null,
    ): void {
      const r = s.deliveryGet.get(checkKey(subscription, 'subscription'), checkAnnouncement(announcement));
      if (!r || r.status === 'delivered') return;
      const next = nextFailures(r.failures_json, destination, failure);
      if (next !== (r.failures_json ?? null)) s.deliveryFailures.run(next, subscription, announcement);
    },
    adoptLegacyDeliveries(): number {
      return s.adoptLegacy.run().changes;
    },
  };
}

/** Statements over the alert tables; write methods expect the caller's write transaction. */
export function createAlertTables(db: Database.Database) {
  const s = prepareStatements(db);
  return { ...subscriptionMethods(s), ...deliveryMethods(s) };
}
