/**
 * Subscribing, the one way: a request merged over the stored subscription (an update keeps what it
 * does not mention), the deployment's defaults for a new one, stored, then its schedule brought in
 * step. Used by the service and by the agent's `subscribe_topic` tool.
 */
import type { SubscriptionStore } from './ports/store.ts';
import type { Subscription, SubscriptionInput } from '../domain/subscription.ts';
import type { Schedules, ServiceSettings } from './ports/service.ts';
import { checkWebhookUrl, mergeTargets } from '../domain/digest-targets.ts';

const DEFAULT_DISCORD_API_URL = 'https://discord.com/api/v10';
import type { SubscriptionRequest, SubscriptionView } from './radar-service.ts';

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

/** Stores the subscription and brings its schedule in step. */
export async function subscribe(
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
