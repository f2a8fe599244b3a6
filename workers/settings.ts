/**
 * The service's settings read from Config: the digest schedule and where digests can go. Its own
 * module so the service (compose.ts) and the agent's worker side (agent-deps.ts) share it without
 * importing each other.
 */
import type { PublishingSettings } from '../domain/digest-targets.ts';
import type { ServiceSettings } from '../app/ports/service.ts';
import type { Config } from '../config/env.ts';
import { registeredDestinations } from '../adapters/publish/registry.ts';

export function serviceSettings(config: Config): ServiceSettings {
  return {
    digestCron: config.DIGEST_CRON,
    digestTimeZone: config.DIGEST_TIMEZONE,
    digestTopK: config.DIGEST_TOP_K,
    publishing: publishingSettings(config),
  };
}

/** Where digests can go, as the worker's publishers see it (workers/build-activities.ts), without secrets. */
export function publishingSettings(config: Config): PublishingSettings {
  return {
    notion: Boolean(config.NOTION_TOKEN && config.NOTION_DATABASE_ID),
    discordApiUrl: config.DISCORD_API_URL,
    discordBot: Boolean(config.DISCORD_TOKEN),
    discordWebhook: Boolean(config.DISCORD_WEBHOOK_URL),
    discordChannelId: config.DISCORD_CHANNEL_ID ?? null,
    registered: registeredDestinations(config),
  };
}
