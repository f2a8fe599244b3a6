/**
 * What both library drivers share for the alert tables: the input checks (same input refused
 * with the same message on SQLite and Postgres) and the row mappings back to port types.
 */
import { AppError } from '../../domain/errors.ts';
import {
  DESTINATION_KIND_PATTERN,
  type DestinationKind,
  type Digest,
  type Receipt,
} from '../../domain/digest.ts';
import type { Delivery, PublishFailure } from '../../app/ports/store.ts';
import type { Subscription } from '../../domain/subscription.ts';

/** Any registered publisher's kind (adapters/publish/registry.ts): the ledger does not list them. */
const isDestination = (kind: unknown) => typeof kind === 'string' && DESTINATION_KIND_PATTERN.test(kind);
/** Longest conversation key (a Discord thread id, a CLI session id). */
export const MAX_CONVERSATION_ID = 200;

export function checkKey(key: string, what: string): string {
  if (typeof key !== 'string' || key.trim() === '' || key.length > 300) {
    throw new AppError('INVALID_INPUT', `${what} must be a non-empty string of at most 300 characters`);
  }
  return key;
}

export function checkAnnouncement(date: string): string {
  if (typeof date !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(date)) {
    throw new AppError('INVALID_INPUT', `announcement "${String(date)}" must be a feed date, YYYY-MM-DD`);
  }
  return date;
}

export function checkConversationId(id: string): string {
  if (typeof id !== 'string' || id.trim() === '' || id.length > MAX_CONVERSATION_ID) {
    throw new AppError(
      'INVALID_INPUT',
      `conversation id must be a non-empty string of at most ${MAX_CONVERSATION_ID} characters`,
    );
  }
  return id;
}

export function checkDigest(d: Digest): void {
  checkKey(d?.key, 'digest key');
  checkKey(d.subscription, `digest ${d.key}: subscription`);
  if (
    !Array.isArray(d.entries) ||
    typeof d.windowEnd !== 'string' ||
    typeof d.windowStart !== 'string' ||
    typeof d.date !== 'string'
  ) {
    throw new AppError('INVALID_INPUT', `digest ${d.key} needs date, windowStart, windowEnd and entries`);
  }
}

export function checkReceipt(digestKey: string, r: Receipt): void {
  checkKey(digestKey, 'digest key');
  if (!r || !isDestination(r.destination) || typeof r.ref !== 'string' || typeof r.publishedAt !== 'string') {
    throw new AppError(
      'INVALID_INPUT',
      `receipt for ${digestKey} needs a destination kind (markdown, notion, discord, …), ref and publishedAt`,
    );
  }
}

export interface DeliveryRow {
  subscription: string;
  announcement: string;
  status: 'pending' | 'delivered';
  digest_key: string | null;
  window_end: string | null;
  considered_json: string;
  /** PublishFailure[] as JSON; null when none (and on rows from before the column existed). */
  failures_json?: string | null;
}

export const toDelivery = (r: DeliveryRow): Delivery => {
  const failures = r.failures_json ? (JSON.parse(r.failures_json) as PublishFailure[]) : [];
  return {
    subscription: r.subscription,
    announcement: r.announcement,
    status: r.status,
    digestKey: r.digest_key,
    windowEnd: r.window_end,
    considered: JSON.parse(r.considered_json) as string[],
    ...(r.status === 'pending' && failures.length > 0 ? { failures } : {}),
  };
};

/** The failures JSON after one destination failed again (its `since` kept) or succeeded (null). */
export function nextFailures(
  json: string | null | undefined,
  destination: DestinationKind,
  failure: { message: string; permanent: boolean; at: string } | null,
): string | null {
  if (!isDestination(destination))
    throw new AppError(
      'INVALID_INPUT',
      `${JSON.stringify(String(destination).slice(0, 40))} is not a destination kind (markdown, notion, discord, …)`,
    );
  if (failure && (typeof failure.message !== 'string' || typeof failure.at !== 'string')) {
    throw new AppError('INVALID_INPUT', 'a publish failure needs a message and a time');
  }
  const prior = json ? (JSON.parse(json) as PublishFailure[]) : [];
  const others = prior.filter((f) => f.destination !== destination);
  const before = prior.find((f) => f.destination === destination);
  const next = failure
    ? [
        ...others,
        {
          destination,
          since: before?.since ?? failure.at,
          lastAt: failure.at,
          message: failure.message,
          permanent: failure.permanent,
        },
      ]
    : others;
  next.sort((a, b) => a.destination.localeCompare(b.destination));
  return next.length > 0 ? JSON.stringify(next) : null;
}

export type SubscriptionRow = { body_json: string; created_at: string; updated_at: string };

export const toSubscription = (r: SubscriptionRow): Subscription => ({
  // Subscriptions stored before the relevance floor existed get its default.
  ...({ minScore: 0 } as Pick<Subscription, 'minScore'>),
  ...(JSON.parse(r.body_json) as Omit<Subscription, 'createdAt' | 'updatedAt'>),
  createdAt: r.created_at,
  updatedAt: r.updated_at,
});

/**
 * The one-time migration of libraries from before deliveries existed (`adoptLegacyDeliveries`),
 * in SQL both drivers run, given their expression for the current time. A subscription with no
 * delivered announcement gets its newest digest that no delivery names and whose papers were
 * marked sent (the old workflow marked them only after every destination had the digest).
 */
export function adoptLegacyDeliveriesSql(nowExpression: string): string {
  return `INSERT INTO deliveries (subscription, announcement, status, digest_key, window_end, considered_json, updated_at)
    SELECT d.subscription, d.date, 'delivered', d.key, d.window_end, '[]', ${nowExpression}
    FROM digests d
    WHERE d.key = (
      SELECT d2.key FROM digests d2
      WHERE d2.subscription = d.subscription
        AND EXISTS (SELECT 1 FROM seen s WHERE s.subscription = d2.subscription AND s.digest_key = d2.key AND s.sent = 1)
        AND NOT EXISTS (SELECT 1 FROM deliveries x WHERE x.subscription = d2.subscription AND x.digest_key = d2.key)
      ORDER BY d2.window_end DESC, d2.date DESC, d2.key DESC LIMIT 1)
    AND NOT EXISTS (SELECT 1 FROM deliveries x WHERE x.subscription = d.subscription AND x.status = 'delivered')
    ON CONFLICT (subscription, announcement) DO NOTHING`;
}

export const SQLITE_NOW = "strftime('%Y-%m-%dT%H:%M:%fZ', 'now')";
export const POSTGRES_NOW = `to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
