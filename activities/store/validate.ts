/**
 * Driver-independent validation and normalisation for the store: list filters, topic names,
 * subscription input, ids and author names. Every driver calls these so they reject the same input
 * with the same messages.
 */
import { AppError } from '../../lib/errors.ts';
import type { Destinations, ListFilters, Subscription, SubscriptionInput } from './port.ts';

export const DEFAULT_LIMIT = 20;
export const MAX_LIMIT = 50;

/** Filters after validation: trimmed, defaults applied, empties dropped. */
export interface NormalizedFilters {
  query: string | null;
  author: string | null;
  categories: string[];
  startDate: string | null;
  endDate: string | null;
  topic: string | null;
  limit: number;
  offset: number;
}

const invalid = (message: string, details?: unknown) => new AppError('INVALID_INPUT', message, { details });

function isCalendarDate(s: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(s)) return false;
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
}

function optionalText(v: unknown, name: string): string | null {
  if (v === undefined || v === null) return null;
  if (typeof v !== 'string') throw invalid(`${name} must be a string`);
  const t = v.trim();
  return t === '' ? null : t;
}

const CATEGORY = /^[a-z][a-z-]*(\.[A-Za-z-]+)?$/;

/** Validates a category such as `cs.LG` or `hep-th`. */
export function validateCategory(c: string, name = 'categories'): string {
  const t = c.trim();
  if (!CATEGORY.test(t)) throw invalid(`${name}: "${c}" is not an arXiv category (expected e.g. cs.LG or hep-th)`);
  return t;
}

/** Checks `list_papers` filters; throws INVALID_INPUT naming the bad filter. */
export function normalizeFilters(f: ListFilters): NormalizedFilters {
  const startDate = optionalText(f.start_date, 'start_date');
  const endDate = optionalText(f.end_date, 'end_date');
  if (startDate !== null && !isCalendarDate(startDate)) throw invalid(`start_date "${startDate}" is not a date; use YYYY-MM-DD`);
  if (endDate !== null && !isCalendarDate(endDate)) throw invalid(`end_date "${endDate}" is not a date; use YYYY-MM-DD`);
  if (startDate !== null && endDate !== null && startDate > endDate) {
    throw invalid(`start_date ${startDate} is after end_date ${endDate}; swap them`);
  }
  const limit = f.limit ?? DEFAULT_LIMIT;
  if (!Number.isInteger(limit) || limit < 1 || limit > MAX_LIMIT) {
    throw invalid(`limit must be a whole number from 1 to ${MAX_LIMIT} (got ${String(f.limit)})`);
  }
  const offset = f.offset ?? 0;
  if (!Number.isInteger(offset) || offset < 0) throw invalid(`offset must be a whole number >= 0 (got ${String(f.offset)})`);
  if (f.categories !== undefined && !Array.isArray(f.categories)) throw invalid('categories must be a list of arXiv categories');
  const categories = [...new Set((f.categories ?? []).filter((c) => c.trim() !== '').map((c) => validateCategory(c)))];
  const author = optionalText(f.author, 'author');
  if (author !== null && normalizeName(author) === '') throw invalid(`author "${author}" has no letters or digits to match`);
  const topic = optionalText(f.topic, 'topic');
  return {
    query: optionalText(f.query, 'query'),
    author,
    categories,
    startDate,
    endDate,
    topic: topic === null ? null : validateTopicName(topic),
    limit,
    offset,
  };
}

/**
 * Lowercase, accents stripped (NFD + drop combining marks), punctuation to spaces, collapsed:
 * `Jean-Pierre Müller` -> `jean pierre muller`. Used for case- and accent-insensitive author match.
 */
export function normalizeName(name: string): string {
  return name
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** The word-aligned suffixes of a normalised name, longest first: what an author filter can start with. */
export function nameKeys(normalized: string): string[] {
  const words = normalized.split(' ').filter(Boolean);
  return words.map((_, i) => words.slice(i).join(' '));
}

/** Topic folder names: 1-100 printable characters, trimmed. They are data, never paths. */
export function validateTopicName(name: string): string {
  const t = typeof name === 'string' ? name.trim() : '';
  // eslint-disable-next-line no-control-regex
  if (t === '' || t.length > 100 || /[\u0000-\u001f\u007f]/.test(t)) {
    throw invalid(`topic name "${String(name)}" must be 1-100 printable characters`);
  }
  return t;
}

/** `2104.12255v3` -> `2104.12255`; `astro-ph/0601001` unchanged. Rejects blanks and whitespace. */
export function baseId(id: string): string {
  const t = typeof id === 'string' ? id.trim() : '';
  if (t === '' || t.length > 64 || /\s/.test(t)) throw invalid(`"${String(id)}" is not an arXiv id (e.g. 2104.12255 or astro-ph/0601001)`);
  return t.replace(/v\d+$/, '');
}

/** Validates a version number: a positive integer or null. */
export function validateVersion(v: number | null | undefined): number | null {
  if (v === null || v === undefined) return null;
  if (!Number.isInteger(v) || v < 1) throw invalid(`version must be a positive whole number or null (got ${String(v)})`);
  return v;
}

const SLUG = /^[a-z0-9-]{1,64}$/;

/** Validates a subscription name (slug). */
export function validateSubscriptionName(name: string): string {
  if (typeof name !== 'string' || !SLUG.test(name)) {
    throw invalid(`subscription name "${String(name)}" must be 1-64 lowercase letters, digits or '-' (e.g. graph-learning)`);
  }
  return name;
}

function isTimeZone(tz: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

const CRON_FIELD = /^[\d*,/\-A-Za-z?LW#]+$/;

/** Applies defaults and validates a subscription; returns it without timestamps. */
export function normalizeSubscription(s: SubscriptionInput): Omit<Subscription, 'createdAt' | 'updatedAt'> {
  const name = validateSubscriptionName(s.name);
  const query = optionalText(s.query, 'query');
  if (s.categories !== undefined && !Array.isArray(s.categories)) throw invalid('categories must be a list of arXiv categories');
  const categories = [...new Set((s.categories ?? []).map((c) => validateCategory(c)))];
  if (query === null && categories.length === 0) {
    throw invalid(`subscription "${name}" needs a query or at least one category`);
  }
  const cron = (s.cron ?? '0 8 * * 1-5').trim();
  const fields = cron.split(/\s+/);
  if (fields.length !== 5 || !fields.every((f) => CRON_FIELD.test(f))) {
    throw invalid(`cron "${cron}" must have 5 fields: minute hour day-of-month month day-of-week (e.g. "0 8 * * 1-5")`);
  }
  const timezone = (s.timezone ?? 'UTC').trim();
  if (!isTimeZone(timezone)) throw invalid(`timezone "${timezone}" is not an IANA time zone (e.g. Europe/Paris)`);
  const topK = s.topK ?? 10;
  if (!Number.isInteger(topK) || topK < 1 || topK > 100) throw invalid(`topK must be a whole number from 1 to 100 (got ${String(s.topK)})`);
  const d = s.destinations ?? {};
  const destinations: Destinations = {
    markdown: d.markdown ?? true,
    notion: d.notion ?? false,
    discordChannelId: optionalText(d.discordChannelId, 'destinations.discordChannelId'),
    discordWebhookUrl: optionalText(d.discordWebhookUrl, 'destinations.discordWebhookUrl'),
  };
  if (destinations.discordChannelId !== null && !/^\d{17,20}$/.test(destinations.discordChannelId)) {
    throw invalid(`discordChannelId "${destinations.discordChannelId}" must be a Discord snowflake (17-20 digits)`);
  }
  if (destinations.discordWebhookUrl !== null && !/^https?:\/\//.test(destinations.discordWebhookUrl)) {
    throw invalid('discordWebhookUrl must be an http(s) URL');
  }
  return {
    name,
    query,
    categories,
    interest: (s.interest ?? '').trim(),
    cron: fields.join(' '),
    timezone,
    destinations,
    includeCrossLists: s.includeCrossLists ?? true,
    includeReplacements: s.includeReplacements ?? false,
    topK,
    paused: s.paused ?? false,
  };
}
