/**
 * Subscribing, the one way, for every caller (the service's `subscribe`, the MCP tool, the agent's
 * confirmed proposal and its worker-side tool): the tool arguments read into a request, the request
 * checked (name, a query or categories, seed papers), merged over the stored subscription (an
 * update keeps what it does not mention) with the deployment's defaults for a new one, stored,
 * its schedule brought in step, and its seed papers fetched and rated first.
 */
import type { PaperStore, SubscriptionStore } from '../ports/store.ts';
import type { ArxivSearch } from '../ports/arxiv.ts';
import {
  hasScope,
  validateNewSubscriptionName,
  type Destinations,
  type Subscription,
  type SubscriptionInput,
} from '../../domain/subscription.ts';
import type { Schedules, ServiceSettings } from '../ports/service.ts';
import { checkWebhookUrl, mergeTargets } from '../../domain/digest-targets.ts';
import { AppError } from '../../domain/errors.ts';
import { checkSeedRefs, ensurePapers } from '../ratings.ts';

const DEFAULT_DISCORD_API_URL = 'https://discord.com/api/v10';

export interface SubscriptionRequest {
  name: string;
  query?: string | null;
  categories?: string[];
  interest: string;
  cron?: string;
  timezone?: string;
  topK?: number;
  /** Relevance floor: only papers whose ranker score is above it are sent (default 0: BM25 0 means no shared term). */
  minScore?: number;
  notion?: boolean;
  markdown?: boolean;
  discordChannelId?: string | null;
  /** A Discord webhook of the subscription's own (a secret: never shown back); null removes it. */
  discordWebhookUrl?: string | null;
  /** Its own targets at registered destinations (Slack: a webhook URL; secrets, never shown back), by kind; null removes one. */
  targets?: Record<string, string | null>;
  includeCrossLists?: boolean;
  includeReplacements?: boolean;
  /** Seed papers (ids or URLs): fetched through the arXiv gate when not stored, then rated 👍 (source 'seed'). */
  like?: string[];
}

/** A subscription as shown to users: the stored one without its webhook URL (a secret). */
export type SubscriptionView = Pick<
  Subscription,
  'name' | 'query' | 'categories' | 'interest' | 'cron' | 'timezone' | 'topK' | 'minScore' | 'paused'
> & {
  destinations: Omit<Destinations, 'discordWebhookUrl' | 'targets'>;
};

/**
 * A subscription's shape as every front end gives it: `subscribe_topic`'s arguments
 * (domain/tool-schemas.ts) plus where the digest goes and the CLI's finer settings. Front ends check
 * it at their edge first. `null` clears a field (the CLI: a query or Discord destination not given
 * or given empty); absent or empty leaves it as stored.
 */
export interface SubscriptionArgs {
  name: string;
  interest: string;
  query?: string | null | undefined;
  categories?: string[] | undefined;
  /** 5-field cron expression. */
  schedule?: string | undefined;
  timezone?: string | undefined;
  top_k?: number | undefined;
  /** Relevance floor (only papers scoring above it are sent). */
  min_score?: number | undefined;
  /** Seed papers (ids or URLs). */
  like?: string[] | undefined;
  /** Publish to the Notion database / write the Markdown folder. */
  notion?: boolean | undefined;
  markdown?: boolean | undefined;
  include_replacements?: boolean | undefined;
  include_cross_lists?: boolean | undefined;
  discord_channel_id?: string | null | undefined;
  discord_webhook_url?: string | null | undefined;
  /** Its own target at registered destinations, by kind (Slack: a webhook URL); null removes one. */
  targets?: Record<string, string | null> | undefined;
}

/**
 * The one request builder: a subscription's shape (the MCP tool's and the agent's arguments, the
 * CLI's `subscribe` options, the bot's /arxiv subscribe options, the web form's fields) as the
 * subscribe capability's request. Absent or empty fields are left out, so an update keeps what it
 * does not mention; `null` clears one; `whole`: the shape is the whole subscription (the web's edit
 * form), so no query or categories clears them.
 */
export function subscriptionRequestOf(
  shape: SubscriptionArgs | Record<string, unknown>,
  options: { whole?: boolean } = {},
): SubscriptionRequest {
  const args = shape as Record<string, unknown>;
  const text = (k: string) => (typeof args[k] === 'string' && args[k] ? (args[k] as string) : undefined);
  /** The field's text, or null when the shape clears it. */
  const textOrCleared = (k: string) => text(k) ?? (args[k] === null ? null : undefined);
  const list = (k: string) =>
    Array.isArray(args[k]) && args[k].length ? (args[k] as unknown[]).map(String) : undefined;
  const number = (k: string) => (typeof args[k] === 'number' ? args[k] : undefined);
  const flag = (k: string) => (typeof args[k] === 'boolean' ? args[k] : undefined);
  const req: SubscriptionRequest = { name: String(args.name), interest: String(args.interest) };
  const query = textOrCleared('query');
  const categories = list('categories');
  if (query !== undefined) req.query = query;
  else if (options.whole) req.query = null;
  if (categories) req.categories = categories;
  else if (options.whole || args.categories === null) req.categories = [];
  const optional = {
    cron: text('schedule'),
    timezone: text('timezone'),
    topK: number('top_k'),
    minScore: number('min_score'),
    notion: flag('notion'),
    markdown: flag('markdown'),
    includeReplacements: flag('include_replacements'),
    includeCrossLists: flag('include_cross_lists'),
    discordChannelId: textOrCleared('discord_channel_id'),
    discordWebhookUrl: textOrCleared('discord_webhook_url'),
    like: list('like'),
  };
  for (const [k, v] of Object.entries(optional)) if (v !== undefined) Object.assign(req, { [k]: v });
  if (args.targets && typeof args.targets === 'object' && Object.keys(args.targets).length)
    req.targets = args.targets as Record<string, string | null>;
  return req;
}

/** A tool call must say which papers the digest considers (an update through a tool restates them). */
export function requireScope(req: Pick<SubscriptionRequest, 'query' | 'categories'>): void {
  if (!hasScope(req))
    throw new AppError(
      'INVALID_INPUT',
      'give a query or categories so the digest knows which papers to consider',
    );
}

/** What the store gets for a request: the request, else the stored value, else the deployment's default. */
export function subscriptionFromRequest(
  input: SubscriptionRequest,
  prior: Subscription | null,
  settings: ServiceSettings,
): SubscriptionInput {
  return {
    name: input.name,
    query: input.query ?? prior?.query ?? null,
    categories: input.categories ?? prior?.categories ?? [],
    interest: input.interest,
    cron: input.cron ?? prior?.cron ?? settings.digestCron,
    timezone: input.timezone ?? prior?.timezone ?? settings.digestTimeZone,
    topK: input.topK ?? prior?.topK ?? settings.digestTopK,
    minScore: input.minScore ?? prior?.minScore,
    destinations: {
      markdown: input.markdown ?? prior?.destinations.markdown ?? true,
      notion: input.notion ?? prior?.destinations.notion ?? false,
      discordChannelId: input.discordChannelId ?? prior?.destinations.discordChannelId ?? null,
      discordWebhookUrl: webhookOf(input, prior, settings),
      targets: mergeTargets(
        input.targets,
        prior?.destinations.targets,
        settings.publishing?.registered ?? [],
      ),
    },
    includeCrossLists: input.includeCrossLists ?? prior?.includeCrossLists,
    includeReplacements: input.includeReplacements ?? prior?.includeReplacements,
    paused: prior?.paused,
  };
}

/** The request's webhook, checked at the edge (null removes it), else the stored one. */
function webhookOf(
  input: SubscriptionRequest,
  prior: Subscription | null,
  settings: ServiceSettings,
): string | null {
  if (input.discordWebhookUrl === undefined) return prior?.destinations.discordWebhookUrl ?? null;
  if (input.discordWebhookUrl === null || input.discordWebhookUrl.trim() === '') return null;
  return checkWebhookUrl(
    input.discordWebhookUrl,
    settings.publishing?.discordApiUrl ?? DEFAULT_DISCORD_API_URL,
  );
}

/** A subscription as users see it: without its webhook URL (a secret). */
export function viewOf(s: Subscription): SubscriptionView {
  return {
    name: s.name,
    query: s.query,
    categories: s.categories,
    interest: s.interest,
    cron: s.cron,
    timezone: s.timezone,
    topK: s.topK,
    minScore: s.minScore,
    destinations: {
      markdown: s.destinations.markdown,
      notion: s.destinations.notion,
      discordChannelId: s.destinations.discordChannelId,
    },
    paused: s.paused,
  };
}

/** Stores the subscription and brings its schedule in step (no seed papers: see subscribeTopic). */
export async function storeSubscription(
  store: SubscriptionStore,
  schedules: Schedules,
  settings: ServiceSettings,
  input: SubscriptionRequest,
): Promise<SubscriptionView> {
  const prior = await store.getSubscription(input.name);
  const sub = await store.upsertSubscription(subscriptionFromRequest(input, prior, settings));
  await schedules.upsert(sub);
  return viewOf(sub);
}

/** What subscribing reads and writes. `arxiv` fetches seed papers the library lacks (absent: seeds must be stored). */
export interface SubscribePorts {
  store: PaperStore;
  schedules: Schedules;
  arxiv?: (() => Promise<ArxivSearch>) | undefined;
}

/** Creates or updates a subscription; `like` papers become its seed papers (fetched before anything is stored). */
export async function subscribeTopic(
  ports: SubscribePorts,
  settings: ServiceSettings,
  input: SubscriptionRequest,
  signal?: AbortSignal,
): Promise<SubscriptionView> {
  validateNewSubscriptionName(input.name);
  const seeds = checkSeedRefs(input.like);
  // Seeds are fetched first: an unknown id or an unreachable arXiv stores nothing.
  if (seeds.length > 0) {
    const arxiv = ports.arxiv;
    if (!arxiv)
      throw new AppError('INVALID_INPUT', 'seed papers cannot be fetched here; subscribe without them');
    await ensurePapers(ports.store, arxiv, seeds, input.name, signal);
  }
  const view = await storeSubscription(ports.store, ports.schedules, settings, input);
  for (const id of seeds)
    await ports.store.setRating({ subscription: view.name, arxivId: id, rating: 'up', source: 'seed' });
  return view;
}
