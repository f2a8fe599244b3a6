/**
 * Subscriptions, digests, receipts, seen-state, deliveries and agent conversations on Postgres.
 * Every write that others may race is one statement with ON CONFLICT, or a transaction holding
 * the row it decides on (completeDelivery), so concurrent processes lose nothing.
 */
import type pg from 'pg';
import { withVouchedLinks, type DestinationKind, type Digest, type Receipt } from '../../../domain/digest.ts';
import { AppError } from '../../../domain/errors.ts';
import type { Conversation, ConversationMessage, Delivery } from '../../../app/ports/store.ts';
import type { Subscription, SubscriptionInput } from '../../../domain/subscription.ts';
import { baseId } from '../../../domain/library.ts';
import { normalizeSubscription, validateSubscriptionName } from '../../../domain/subscription.ts';
import { inTransaction } from './database.ts';
import {
  adoptLegacyDeliveriesSql,
  checkAnnouncement,
  checkConversationId,
  checkDigest,
  checkKey,
  checkReceipt,
  nextFailures,
  POSTGRES_NOW,
  toDelivery,
  toSubscription,
  type DeliveryRow,
  type SubscriptionRow,
} from '../alert-rows.ts';
const now = () => new Date().toISOString();
const markSeenSql = `INSERT INTO seen (subscription, base_id, digest_key, seen_at, sent)
    SELECT $1, id, $3, $4, $5 FROM unnest($2::text[]) id ON CONFLICT (subscription, base_id) DO NOTHING`;

/** Subscriptions, digests, receipts and seen-state. */
function subscriptionMethods(pool: pg.Pool) {
  return {
    async upsertSubscription(input: SubscriptionInput): Promise<Subscription> {
      const body = normalizeSubscription(input);
      const t = now();
      const { rows } = await pool.query<SubscriptionRow>(
        `INSERT INTO subscriptions (name, body_json, created_at, updated_at) VALUES ($1, $2, $3, $3)
         ON CONFLICT (name) DO UPDATE SET body_json = excluded.body_json, updated_at = excluded.updated_at
         RETURNING body_json, created_at, updated_at`,
        [body.name, JSON.stringify(body), t],
      );
      return toSubscription(rows[0]!);
    },
    async getSubscription(name: string): Promise<Subscription | null> {
      const { rows } = await pool.query<SubscriptionRow>(
        'SELECT body_json, created_at, updated_at FROM subscriptions WHERE name = $1',
        [validateSubscriptionName(name)],
      );
      return rows[0] ? toSubscription(rows[0]) : null;
    },
    async listSubscriptions(): Promise<Subscription[]> {
      return (
        await pool.query<SubscriptionRow>(
          'SELECT body_json, created_at, updated_at FROM subscriptions ORDER BY name',
        )
      ).rows.map(toSubscription);
    },
    async deleteSubscription(name: string): Promise<boolean> {
      const n = validateSubscriptionName(name);
      return inTransaction(pool, async (c) => {
        await c.query('DELETE FROM seen WHERE subscription = $1', [n]);
        await c.query('DELETE FROM deliveries WHERE subscription = $1', [n]);
        await c.query('DELETE FROM ratings WHERE subscription = $1', [n]);
        return ((await c.query('DELETE FROM subscriptions WHERE name = $1', [n])).rowCount ?? 0) > 0;
      });
    },
    async saveDigest(d: Digest): Promise<void> {
      checkDigest(d);
      await pool.query(
        `INSERT INTO digests (key, subscription, date, window_start, window_end, body_json, updated_at) VALUES ($1, $2, $3, $4, $5, $6, $7)
         ON CONFLICT (key) DO UPDATE SET subscription = excluded.subscription, date = excluded.date, window_start = excluded.window_start,
           window_end = excluded.window_end, body_json = excluded.body_json, updated_at = excluded.updated_at`,
        [d.key, d.subscription, d.date, d.windowStart, d.windowEnd, JSON.stringify(d), now()],
      );
    },
    async getDigest(key: string): Promise<Digest | null> {
      const { rows } = await pool.query<{ body_json: string }>(
        'SELECT body_json FROM digests WHERE key = $1',
        [checkKey(key, 'digest key')],
      );
      return rows[0] ? withVouchedLinks(JSON.parse(rows[0].body_json) as Digest) : null;
    },
    async listDigests(subscription: string, limit: number): Promise<Digest[]> {
      if (!Number.isInteger(limit) || limit < 1)
        throw new AppError('INVALID_INPUT', `limit must be a whole number >= 1 (got ${String(limit)})`);
      const { rows } = await pool.query<{ body_json: string }>(
        'SELECT body_json FROM digests WHERE subscription = $1 ORDER BY window_end DESC, date DESC, key DESC LIMIT $2',
        [checkKey(subscription, 'subscription'), limit],
      );
      return rows.map((r) => withVouchedLinks(JSON.parse(r.body_json) as Digest));
    },
    async recordReceipt(digestKey: string, r: Receipt): Promise<void> {
      checkReceipt(digestKey, r);
      // The first receipt per destination wins, whichever process records it.
      await pool.query(
        'INSERT INTO receipts (digest_key, destination, ref, url, published_at) VALUES ($1, $2, $3, $4, $5) ON CONFLICT (digest_key, destination) DO NOTHING',
        [digestKey, r.destination, r.ref, r.url ?? null, r.publishedAt],
      );
    },
    async getReceipts(digestKey: string): Promise<Receipt[]> {
      const { rows } = await pool.query<{
        destination: Receipt['destination'];
        ref: string;
        url: string | null;
        published_at: string;
      }>(
        'SELECT destination, ref, url, published_at FROM receipts WHERE digest_key = $1 ORDER BY destination',
        [checkKey(digestKey, 'digest key')],
      );
      return rows.map((r) => ({
        destination: r.destination,
        ref: r.ref,
        url: r.url,
        publishedAt: r.published_at,
      }));
    },
    async filterUnseen(subscription: string, ids: string[]): Promise<string[]> {
      checkKey(subscription, 'subscription');
      const unique = [...new Set(ids.map(baseId))];
      if (unique.length === 0) return [];
      const { rows } = await pool.query<{ id: string }>(
        `SELECT u.id FROM unnest($1::text[]) WITH ORDINALITY u(id, i)
         WHERE NOT EXISTS (SELECT 1 FROM seen s WHERE s.subscription = $2 AND s.base_id = u.id) ORDER BY u.i`,
        [unique, subscription],
      );
      return rows.map((r) => r.id);
    },
    async markSeen(subscription: string, ids: string[], digestKey: string): Promise<void> {
      checkKey(subscription, 'subscription');
      checkKey(digestKey, 'digest key');
      const unique = [...new Set(ids.map(baseId))];
      if (unique.length > 0) await pool.query(markSeenSql, [subscription, unique, digestKey, now(), 1]);
    },
  };
}

/** Deliveries: one per subscription and announcement, pending until its digest is published. */
function deliveryMethods(pool: pg.Pool) {
  return {
    async saveDelivery(d: Omit<Delivery, 'status' | 'failures'>): Promise<void> {
      checkKey(d?.subscription, 'subscription');
      checkAnnouncement(d.announcement);
      if (!Array.isArray(d.considered))
        throw new AppError(
          'INVALID_INPUT',
          `delivery ${d.subscription}:${d.announcement} needs a considered list`,
        );
      const considered = [...new Set(d.considered.map(baseId))];
      // A delivered announcement is final: the update applies only while it is pending.
      await pool.query(
        `INSERT INTO deliveries (subscription, announcement, status, digest_key, window_end, considered_json, updated_at)
         VALUES ($1, $2, 'pending', $3, $4, $5, $6)
         ON CONFLICT (subscription, announcement) DO UPDATE SET digest_key = excluded.digest_key, window_end = excluded.window_end,
           considered_json = excluded.considered_json, updated_at = excluded.updated_at
         WHERE deliveries.status = 'pending'`,
        [
          d.subscription,
          d.announcement,
          d.digestKey ?? null,
          d.windowEnd ?? null,
          JSON.stringify(considered),
          now(),
        ],
      );
    },
    async getDelivery(subscription: string, announcement: string): Promise<Delivery | null> {
      const { rows } = await pool.query<DeliveryRow>(
        'SELECT * FROM deliveries WHERE subscription = $1 AND announcement = $2',
        [checkKey(subscription, 'subscription'), checkAnnouncement(announcement)],
      );
      return rows[0] ? toDelivery(rows[0]) : null;
    },
    async completeDelivery(subscription: string, announcement: string, sentIds: string[]): Promise<void> {
      checkKey(subscription, 'subscription');
      checkAnnouncement(announcement);
      const sent = [...new Set(sentIds.map(baseId))];
      await inTransaction(pool, async (c) => {
        // FOR UPDATE: a second process completing the same announcement waits, then sees it delivered.
        const { rows } = await c.query<DeliveryRow>(
          'SELECT * FROM deliveries WHERE subscription = $1 AND announcement = $2 FOR UPDATE',
          [subscription, announcement],
        );
        const r = rows[0];
        if (!r)
          throw new AppError('NOT_FOUND', `no delivery of ${announcement} is recorded for ${subscription}`);
        if (r.status === 'delivered') return;
        const t = now();
        const key = r.digest_key ?? `${subscription}:${announcement}`;
        const sentSet = new Set(sent);
        const considered = (JSON.parse(r.considered_json) as string[]).filter((id) => !sentSet.has(id));
        if (sent.length > 0) await c.query(markSeenSql, [subscription, sent, key, t, 1]);
        if (considered.length > 0) await c.query(markSeenSql, [subscription, considered, key, t, 0]);
        await c.query(
          "UPDATE deliveries SET status = 'delivered', updated_at = $1 WHERE subscription = $2 AND announcement = $3",
          [t, subscription, announcement],
        );
      });
    },
    async lastDelivery(subscription: string): Promise<Delivery | null> {
      const { rows } = await pool.query<DeliveryRow>(
        "SELECT * FROM deliveries WHERE subscription = $1 AND status = 'delivered' ORDER BY announcement DESC LIMIT 1",
        [checkKey(subscription, 'subscription')],
      );
      return rows[0] ? toDelivery(rows[0]) : null;
    },
    async pendingDeliveries(subscription: string): Promise<Delivery[]> {
      const { rows } = await pool.query<DeliveryRow>(
        "SELECT * FROM deliveries WHERE subscription = $1 AND status = 'pending' AND digest_key IS NOT NULL ORDER BY announcement",
        [checkKey(subscription, 'subscription')],
      );
      return rows.map(toDelivery);
    },
    async setPublishFailure(
      subscription: string,
      announcement: string,
      destination: DestinationKind,
      failure: { message: string; permanent: boolean; at: string } | null,
    ): Promise<void> {
      checkKey(subscription, 'subscription');
      checkAnnouncement(announcement);
      await inTransaction(pool, async (c) => {
        const { rows } = await c.query<DeliveryRow>(
          'SELECT * FROM deliveries WHERE subscription = $1 AND announcement = $2 FOR UPDATE',
          [subscription, announcement],
        );
        const r = rows[0];
        if (!r || r.status === 'delivered') return;
        const next = nextFailures(r.failures_json, destination, failure);
        if (next === (r.failures_json ?? null)) return;
        await c.query(
          'UPDATE deliveries SET failures_json = $1 WHERE subscription = $2 AND announcement = $3',
          [next, subscription, announcement],
        );
      });
    },
    async adoptLegacyDeliveries(): Promise<number> {
      return (await pool.query(adoptLegacyDeliveriesSql(POSTGRES_NOW))).rowCount ?? 0;
    },
  };
}

/** The agent's conversations. */
function conversationMethods(pool: pg.Pool) {
  return {
    async getConversation(id: string): Promise<Conversation | null> {
      const { rows } = await pool.query<{ messages_json: string; updated_at: string }>(
        'SELECT messages_json, updated_at FROM conversations WHERE id = $1',
        [checkConversationId(id)],
      );
      return rows[0]
        ? {
            id,
            messages: JSON.parse(rows[0].messages_json) as ConversationMessage[],
            updatedAt: rows[0].updated_at,
          }
        : null;
    },
    async saveConversation(id: string, messages: ConversationMessage[]): Promise<void> {
      checkConversationId(id);
      if (
        !Array.isArray(messages) ||
        messages.some((m) => typeof m !== 'object' || m === null || Array.isArray(m))
      ) {
        throw new AppError('INVALID_INPUT', `conversation ${id}: messages must be a list of objects`);
      }
      await pool.query(
        'INSERT INTO conversations (id, messages_json, updated_at) VALUES ($1, $2, $3) ON CONFLICT (id) DO UPDATE SET messages_json = excluded.messages_json, updated_at = excluded.updated_at',
        [id, JSON.stringify(messages), now()],
      );
    },
    async deleteConversation(id: string): Promise<boolean> {
      return (
        ((await pool.query('DELETE FROM conversations WHERE id = $1', [checkConversationId(id)])).rowCount ??
          0) > 0
      );
    },
  };
}

/** Queries over the alert tables. */
export function createAlertTables(pool: pg.Pool) {
  return { ...subscriptionMethods(pool), ...deliveryMethods(pool), ...conversationMethods(pool) };
}
