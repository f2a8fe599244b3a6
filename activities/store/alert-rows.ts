/**
 * What both library drivers share for the alert tables: the input checks (same input refused
 * with the same message on SQLite and Postgres) and the row mappings back to port types.
 */
import { AppError } from '../../domain/errors.ts';
import type { Digest, Receipt } from '../../domain/digest.ts';
import type { Delivery } from './port.ts';
import type { Subscription } from '../../domain/subscription.ts';

const DESTINATIONS = new Set(['markdown', 'notion', 'discord']);
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
    throw new AppError('INVALID_INPUT', `conversation id must be a non-empty string of at most ${MAX_CONVERSATION_ID} characters`);
  }
  return id;
}

export function checkDigest(d: Digest): void {
  checkKey(d?.key, 'digest key');
  checkKey(d.subscription, `digest ${d.key}: subscription`);
  if (!Array.isArray(d.entries) || typeof d.windowEnd !== 'string' || typeof d.windowStart !== 'string' || typeof d.date !== 'string') {
    throw new AppError('INVALID_INPUT', `digest ${d.key} needs date, windowStart, windowEnd and entries`);
  }
}

export function checkReceipt(digestKey: string, r: Receipt): void {
  checkKey(digestKey, 'digest key');
  if (!r || !DESTINATIONS.has(r.destination) || typeof r.ref !== 'string' || typeof r.publishedAt !== 'string') {
    throw new AppError('INVALID_INPUT', `receipt for ${digestKey} needs destination (markdown, notion or discord), ref and publishedAt`);
  }
}

export interface DeliveryRow {
  subscription: string;
  announcement: string;
  status: 'pending' | 'delivered';
  digest_key: string | null;
  window_end: string | null;
  considered_json: string;
}

export const toDelivery = (r: DeliveryRow): Delivery => ({
  subscription: r.subscription,
  announcement: r.announcement,
  status: r.status,
  digestKey: r.digest_key,
  windowEnd: r.window_end,
  considered: JSON.parse(r.considered_json) as string[],
});

export type SubscriptionRow = { body_json: string; created_at: string; updated_at: string };

export const toSubscription = (r: SubscriptionRow): Subscription => ({
  // Subscriptions stored before the relevance floor existed get its default.
  ...({ minScore: 0 } as Pick<Subscription, 'minScore'>),
  ...(JSON.parse(r.body_json) as Omit<Subscription, 'createdAt' | 'updatedAt'>),
  createdAt: r.created_at,
  updatedAt: r.updated_at,
});
