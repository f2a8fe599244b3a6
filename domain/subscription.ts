/**
 * A scheduled topic alert: its shape, its one set of defaults, and the rules every store driver and
 * front end applies (name, schedule, time zone, destinations). Pure: workflows may import it.
 */
import { ARXIV_TIME_ZONE, DEFAULT_DIGEST_CRON } from './arxiv-calendar.ts';
import { cronProblem } from './cron.ts';
import { DESTINATION_KIND_PATTERN } from './digest.ts';
import { AppError } from './errors.ts';
import { optionalText, validateCategory } from './library.ts';
import { inRange, MAX_TOP_K, MIN_TOP_K } from './limits.ts';

const invalid = (message: string, details?: unknown) => new AppError('INVALID_INPUT', message, { details });

export interface Destinations {
  markdown: boolean;
  notion: boolean;
  discordChannelId: string | null;
  discordWebhookUrl: string | null;
  /**
   * The subscription's own target at a registered destination beyond the built-in three, by kind
   * (Slack: its incoming-webhook URL, a secret). Checked by the destination at the edge
   * (domain/digest-targets.ts mergeTargets); absent when there is none.
   */
  targets?: Readonly<Record<string, string>>;
}

/** A scheduled topic alert. */
export interface Subscription {
  /** Unique slug: lowercase letters, digits and '-', 1-64 characters. */
  name: string;
  /** arXiv search query; at least one of query/categories is set. */
  query: string | null;
  categories: string[];
  /** Plain-language interest used for ranking and as the digest subtitle. */
  interest: string;
  /** 5-field cron expression. */
  cron: string;
  /** IANA time zone the cron runs in. */
  timezone: string;
  destinations: Destinations;
  includeCrossLists: boolean;
  includeReplacements: boolean;
  topK: number;
  /** Relevance floor: a paper is sent only when its ranker score is above this (BM25 0 = no shared term). */
  minScore: number;
  paused: boolean;
  createdAt: string;
  updatedAt: string;
}

/**
 * What callers pass to create or replace a subscription. Absent fields take SUBSCRIPTION_DEFAULTS;
 * query null, categories [], interest '', destinations markdown only, paused false.
 */
export interface SubscriptionInput {
  name: string;
  query?: string | null | undefined;
  categories?: string[] | undefined;
  interest?: string | undefined;
  cron?: string | undefined;
  timezone?: string | undefined;
  destinations?: Partial<Destinations> | undefined;
  includeCrossLists?: boolean | undefined;
  includeReplacements?: boolean | undefined;
  topK?: number | undefined;
  minScore?: number | undefined;
  paused?: boolean | undefined;
}

/** What a subscription gets when its input does not say: the one set of defaults. */
export const SUBSCRIPTION_DEFAULTS = {
  cron: DEFAULT_DIGEST_CRON,
  timezone: ARXIV_TIME_ZONE,
  topK: 5,
  minScore: 0,
  includeCrossLists: true,
  includeReplacements: false,
} as const;

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
const RESERVED_NAMES = new Set([
  'con',
  'prn',
  'aux',
  'nul',
  ...[1, 2, 3, 4, 5, 6, 7, 8, 9].flatMap((n) => [`com${n}`, `lpt${n}`]),
]);

/** Why `name` cannot name a new subscription, or null when it can. The one rule, for every front end. */
export function subscriptionNameProblem(name: unknown): string | null {
  if (typeof name !== 'string' || name === '') return 'a subscription name is required (e.g. graph-learning)';
  const shown = JSON.stringify(name.length > 80 ? `${name.slice(0, 80)}…` : name);
  if (name.length > MAX_SUBSCRIPTION_NAME)
    return `subscription name ${shown} is ${name.length} characters; use at most ${MAX_SUBSCRIPTION_NAME}`;
  if (!SUBSCRIPTION_NAME_PATTERN.test(name)) {
    return `subscription name ${shown} must be lowercase letters and digits, words joined by single '-', starting and ending with a letter or digit (e.g. graph-learning): it names the digest folder and the schedule`;
  }
  if (RESERVED_NAMES.has(name))
    return `subscription name ${shown} is reserved for a device on Windows and cannot name a folder; pick another`;
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
    throw invalid(
      `subscription name "${String(name)}" must be 1-64 lowercase letters, digits or '-' (e.g. graph-learning)`,
    );
  }
  return name;
}

/**
 * Zones every ICU build knows, taken without a check: a first Intl.DateTimeFormat loads ICU's
 * locale and zone data (tens of milliseconds), which every CLI command would pay at config load
 * for the default DIGEST_TIMEZONE alone.
 */
const KNOWN_TIME_ZONES = new Set(['UTC', 'America/New_York']);

/** True for an IANA time zone this runtime knows (Europe/Paris, America/New_York, UTC). */
export function isTimeZone(tz: string): boolean {
  if (KNOWN_TIME_ZONES.has(tz)) return true;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

/** The shape of `destinations.targets` (kind → non-empty text); each destination checks its own value at the edge. */
function targetsOf(raw: unknown): Record<string, string> | undefined {
  if (raw === undefined || raw === null) return undefined;
  if (typeof raw !== 'object' || Array.isArray(raw))
    throw invalid(
      'destinations.targets must map a destination kind to its target (e.g. {"slack": "https://…"})',
    );
  const out: Record<string, string> = {};
  for (const [kind, value] of Object.entries(raw)) {
    if (!DESTINATION_KIND_PATTERN.test(kind))
      throw invalid(`destinations.targets: "${kind.slice(0, 40)}" is not a destination kind`);
    if (typeof value !== 'string' || value.trim() === '' || value.length > 2000)
      throw invalid(`destinations.targets.${kind} must be 1-2000 characters of text`);
    out[kind] = value.trim();
  }
  return Object.keys(out).length > 0 ? out : undefined;
}

/** Applies defaults and validates a subscription; returns it without timestamps. */
export function normalizeSubscription(s: SubscriptionInput): Omit<Subscription, 'createdAt' | 'updatedAt'> {
  const name = validateNewSubscriptionName(s.name);
  const query = optionalText(s.query, 'query');
  if (s.categories !== undefined && !Array.isArray(s.categories))
    throw invalid('categories must be a list of arXiv categories');
  const categories = [...new Set((s.categories ?? []).map((c) => validateCategory(c)))];
  if (!hasScope({ query, categories })) {
    throw invalid(`subscription "${name}" needs a query or at least one category`);
  }
  const cron = (s.cron ?? SUBSCRIPTION_DEFAULTS.cron).trim();
  const cronError = cronProblem(cron);
  if (cronError) throw invalid(`cron: ${cronError}`);
  const fields = cron.split(/\s+/);
  const timezone = (s.timezone ?? SUBSCRIPTION_DEFAULTS.timezone).trim();
  if (!isTimeZone(timezone))
    throw invalid(`timezone "${timezone}" is not an IANA time zone (e.g. Europe/Paris)`);
  const topK = s.topK ?? SUBSCRIPTION_DEFAULTS.topK;
  if (!inRange(topK, MIN_TOP_K, MAX_TOP_K))
    throw invalid(`topK must be a whole number from ${MIN_TOP_K} to ${MAX_TOP_K} (got ${String(s.topK)})`);
  const minScore = s.minScore ?? SUBSCRIPTION_DEFAULTS.minScore;
  if (typeof minScore !== 'number' || !Number.isFinite(minScore))
    throw invalid(`minScore must be a number (got ${String(s.minScore)})`);
  const d = s.destinations ?? {};
  const destinations: Destinations = {
    markdown: d.markdown ?? true,
    notion: d.notion ?? false,
    discordChannelId: optionalText(d.discordChannelId, 'destinations.discordChannelId'),
    discordWebhookUrl: optionalText(d.discordWebhookUrl, 'destinations.discordWebhookUrl'),
  };
  if (destinations.discordChannelId !== null && !/^\d{17,20}$/.test(destinations.discordChannelId)) {
    throw invalid(
      `discordChannelId "${destinations.discordChannelId}" must be a Discord snowflake (17-20 digits)`,
    );
  }
  if (destinations.discordWebhookUrl !== null && !/^https?:\/\//.test(destinations.discordWebhookUrl)) {
    throw invalid('discordWebhookUrl must be an http(s) URL');
  }
  const targets = targetsOf(d.targets);
  if (targets) destinations.targets = targets;
  return {
    name,
    query,
    categories,
    interest: (s.interest ?? '').trim(),
    cron: fields.join(' '),
    timezone,
    destinations,
    includeCrossLists: s.includeCrossLists ?? SUBSCRIPTION_DEFAULTS.includeCrossLists,
    includeReplacements: s.includeReplacements ?? SUBSCRIPTION_DEFAULTS.includeReplacements,
    topK,
    minScore,
    paused: s.paused ?? false,
  };
}

/**
 * A subscription must say which papers its digest considers: an arXiv query, categories, or both.
 * The one check the library, the tools, the CLI and the agent's proposals apply.
 */
export function hasScope(s: {
  query?: string | null | undefined;
  categories?: readonly unknown[] | undefined;
}): boolean {
  return (typeof s.query === 'string' && s.query.trim() !== '') || (s.categories?.length ?? 0) > 0;
}
