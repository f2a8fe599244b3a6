/**
 * Driver-independent validation and normalisation for the store: list filters, topic names,
 * subscription input, ids and author names. Every driver calls these so they reject the same input
 * with the same messages.
 */
import { AppError } from '../../lib/errors.ts';
import { ARXIV_TIME_ZONE, DEFAULT_DIGEST_CRON, isIsoDate } from '../../domain/arxiv-calendar.ts';
import { cronProblem } from '../../domain/cron.ts';
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

/** True for a real YYYY-MM-DD calendar day (2024-02-29 yes, 2023-02-29 no). */
export 
function optionalText(v: unknown, name: string): string | null {
  if (v === undefined || v === null) return null;
  if (typeof v !== 'string') throw invalid(`${name} must be a string`);
  const t = v.trim();
  return t === '' ? null : t;
}

/** An arXiv category such as `cs.LG` or `hep-th`: the shape front-end schemas state too. */
export const CATEGORY = /^[a-z][a-z-]*(\.[A-Za-z-]+)?$/;

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
  if (startDate !== null && !isIsoDate(startDate)) throw invalid(`start_date "${startDate}" is not a date; use YYYY-MM-DD`);
  if (endDate !== null && !isIsoDate(endDate)) throw invalid(`end_date "${endDate}" is not a date; use YYYY-MM-DD`);
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

/** Longest topic name. */
export const MAX_TOPIC_NAME = 100;

/** Topic folder names: 1-100 printable characters, trimmed. They are data, never paths. */
export function validateTopicName(name: string): string {
  const t = typeof name === 'string' ? name.trim() : '';
  // eslint-disable-next-line no-control-regex
  if (t === '' || t.length > MAX_TOPIC_NAME || /[\u0000-\u001f\u007f]/.test(t)) {
    throw invalid(`topic name "${String(name)}" must be 1-${MAX_TOPIC_NAME} printable characters`);
  }
  return t;
}

/** Longest paper id the library accepts. */
export const MAX_ID_LENGTH = 64;

/** `2104.12255v3` -> `2104.12255`; `astro-ph/0601001` unchanged. Rejects blanks and whitespace. */
export function baseId(id: string): string {
  const t = typeof id === 'string' ? id.trim() : '';
  if (t === '' || t.length > MAX_ID_LENGTH || /\s/.test(t)) throw invalid(`"${String(id)}" is not an arXiv id (e.g. 2104.12255 or astro-ph/0601001)`);
  return t.replace(/v\d+$/, '');
}

/** Validates a version number: a positive integer or null. */
export function validateVersion(v: number | null | undefined): number | null {
  if (v === null || v === undefined) return null;
  if (!Number.isInteger(v) || v < 1) throw invalid(`version must be a positive whole number or null (got ${String(v)})`);
  return v;
}

/** Longest subscription name. */
export const MAX_SUBSCRIPTION_NAME = 64;

/**
 * A subscription name: lowercase letters and digits, in words joined by single '-'
 * (`graph-learning`). The name is used verbatim as the digest folder, in the Temporal schedule id
 * and in the Notion title, so it starts and ends with a letter or digit (never '-' or '.'), has no
 * '--' (two names must not share a folder) and is never a Windows device name.
 */
export const SUBSCRIPTION_NAME_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

// Names Windows reserves for devices: a folder by that name cannot be created there (learn.microsoft.com, "Naming Files, Paths, and Namespaces").
const RESERVED_NAMES = new Set(['con', 'prn', 'aux', 'nul', ...[1, 2, 3, 4, 5, 6, 7, 8, 9].flatMap((n) => [`com${n}`, `lpt${n}`])]);

/** Why `name` cannot name a new subscription, or null when it can. The one rule, for every front end. */
export function subscriptionNameProblem(name: unknown): string | null {
  if (typeof name !== 'string' || name === '') return 'a subscription name is required (e.g. graph-learning)';
  const shown = JSON.stringify(name.length > 80 ? `${name.slice(0, 80)}…` : name);
  if (name.length > MAX_SUBSCRIPTION_NAME) return `subscription name ${shown} is ${name.length} characters; use at most ${MAX_SUBSCRIPTION_NAME}`;
  if (!SUBSCRIPTION_NAME_PATTERN.test(name)) {
    return `subscription name ${shown} must be lowercase letters and digits, words joined by single '-', starting and ending with a letter or digit (e.g. graph-learning): it names the digest folder and the schedule`;
  }
  if (RESERVED_NAMES.has(name)) return `subscription name ${shown} is reserved for a device on Windows and cannot name a folder; pick another`;
  return null;
}

/** Validates the name of a subscription being created or updated (subscriptionNameProblem); throws INVALID_INPUT. */
export function validateNewSubscriptionName(name: string): string {
  const problem = subscriptionNameProblem(name);
  if (problem) throw invalid(problem);
  return name;
}

const STORED_NAME = /^[a-z0-9-]{1,64}$/;

/** True when `name` may name a stored subscription (the lookup rule of validateSubscriptionName). */
export const isStoredSubscriptionName = (name: string): boolean => STORED_NAME.test(name);

/**
 * Validates a name that looks a subscription up (get, delete). Looser than the rule for new names:
 * names stored under the earlier rule (e.g. `-`) can still be found and removed.
 */
export function validateSubscriptionName(name: string): string {
  if (typeof name !== 'string' || !STORED_NAME.test(name)) {
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

/** Applies defaults and validates a subscription; returns it without timestamps. */
export function normalizeSubscription(s: SubscriptionInput): Omit<Subscription, 'createdAt' | 'updatedAt'> {
  const name = validateNewSubscriptionName(s.name);
  const query = optionalText(s.query, 'query');
  if (s.categories !== undefined && !Array.isArray(s.categories)) throw invalid('categories must be a list of arXiv categories');
  const categories = [...new Set((s.categories ?? []).map((c) => validateCategory(c)))];
  if (query === null && categories.length === 0) {
    throw invalid(`subscription "${name}" needs a query or at least one category`);
  }
  const cron = (s.cron ?? DEFAULT_DIGEST_CRON).trim();
  const cronError = cronProblem(cron);
  if (cronError) throw invalid(`cron: ${cronError}`);
  const fields = cron.split(/\s+/);
  const timezone = (s.timezone ?? ARXIV_TIME_ZONE).trim();
  if (!isTimeZone(timezone)) throw invalid(`timezone "${timezone}" is not an IANA time zone (e.g. Europe/Paris)`);
  const topK = s.topK ?? 5;
  if (!Number.isInteger(topK) || topK < 1 || topK > 100) throw invalid(`topK must be a whole number from 1 to 100 (got ${String(s.topK)})`);
  const minScore = s.minScore ?? 0;
  if (typeof minScore !== 'number' || !Number.isFinite(minScore)) throw invalid(`minScore must be a number (got ${String(s.minScore)})`);
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
    minScore,
    paused: s.paused ?? false,
  };
}
