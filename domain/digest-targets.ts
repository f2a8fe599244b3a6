/**
 * Where a subscription's digests go, in words, and the check of a Discord webhook URL a user
 * gives us. Pure: the service, the CLI and the web app share it; the worker applies the same
 * defaults when it builds its publishers (workers/build-activities.ts).
 */
import { AppError } from './errors.ts';
import type { Destinations } from './subscription.ts';

/** The deployment's publishing settings, without secrets. */
export interface PublishingSettings {
  notion: boolean;
  /** DISCORD_API_URL: webhook URLs must be on its origin. */
  discordApiUrl: string;
  /** DISCORD_TOKEN is set (channel posts need it). */
  discordBot: boolean;
  /** DISCORD_WEBHOOK_URL is set: the default Discord destination. */
  discordWebhook: boolean;
  /** DISCORD_CHANNEL_ID: the default channel when no default webhook is set. */
  discordChannelId: string | null;
}

/**
 * The destinations a subscription's digest goes to, in words: its own, and the deployment's
 * Discord default (DISCORD_WEBHOOK_URL, else DISCORD_CHANNEL_ID with a bot token) when it names
 * no Discord destination. Markdown when nothing else is.
 */
export function describeTargets(d: Destinations, s: PublishingSettings): string[] {
  const out: string[] = [];
  if (d.notion)
    out.push(s.notion ? 'Notion' : 'Notion (not configured: set NOTION_TOKEN and NOTION_DATABASE_ID)');
  if (d.discordWebhookUrl) out.push('Discord webhook (its own)');
  else if (d.discordChannelId)
    out.push(
      s.discordBot
        ? `Discord channel ${d.discordChannelId}`
        : `Discord channel ${d.discordChannelId} (not sent: DISCORD_TOKEN is not set)`,
    );
  else if (s.discordWebhook) out.push('Discord webhook (DISCORD_WEBHOOK_URL)');
  else if (s.discordChannelId && s.discordBot)
    out.push(`Discord channel ${s.discordChannelId} (DISCORD_CHANNEL_ID)`);
  const sending = out.filter((t) => !t.includes('not '));
  if (d.markdown || sending.length === 0) out.unshift('Markdown folder');
  return out;
}

const WEBHOOK_PATH = /^\/api(?:\/v\d+)?\/webhooks\/\d{17,20}\/[A-Za-z0-9_-]{1,200}\/?$/;

/**
 * A Discord webhook URL as Discord shows it (`https://discord.com/api/webhooks/<id>/<token>`),
 * on the origin of the configured API (DISCORD_API_URL), or INVALID_INPUT naming what to fix.
 * Anything else is refused: the URL is fetched by the worker, so it must not point elsewhere.
 */
export function checkWebhookUrl(raw: string, apiUrl: string): string {
  const hint = "copy it from the channel's settings → Integrations → Webhooks → Copy Webhook URL";
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    throw new AppError('INVALID_INPUT', `The Discord webhook URL is not a URL; ${hint}.`);
  }
  const api = new URL(apiUrl);
  if (
    url.origin !== api.origin ||
    url.username ||
    url.password ||
    url.search ||
    url.hash ||
    !WEBHOOK_PATH.test(url.pathname)
  ) {
    throw new AppError(
      'INVALID_INPUT',
      `The Discord webhook URL must look like ${api.origin}/api/webhooks/<id>/<token>; ${hint}.`,
    );
  }
  return url.toString().replace(/\/+$/, '');
}
