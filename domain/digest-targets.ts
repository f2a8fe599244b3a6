/**
 * Where a subscription's digests go, in words, and the checks of the targets a user gives us (a
 * Discord webhook URL; the targets of the registered destinations). Pure: the service, the CLI and
 * the web app share it; the worker applies the same defaults when it builds its publishers
 * (adapters/publish/registry.ts).
 */
import type { DestinationKind } from './digest.ts';
import { AppError } from './errors.ts';
import type { Destinations } from './subscription.ts';

/**
 * A registered destination beyond the built-in three (markdown, notion, discord), as the core
 * sees it: no secrets, no I/O. Its publisher (adapters/publish/) describes itself with it.
 */
export interface DestinationInfo {
  kind: DestinationKind;
  /** Its name for people, e.g. 'Slack'. */
  label: string;
  /** What a subscription's own target is, for help texts (e.g. 'a Slack incoming-webhook URL'). */
  target: string;
  /** The deployment's default target in words (e.g. 'SLACK_WEBHOOK_URL'), or null when none is set. */
  fallback: string | null;
  /** A subscription's own target, checked and normalised, or INVALID_INPUT naming what to fix. */
  checkTarget(raw: string): string;
}

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
  /** The registered destinations beyond the built-in three, in the registry's order. */
  registered?: readonly DestinationInfo[];
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
  for (const r of s.registered ?? []) {
    if (d.targets?.[r.kind]) out.push(`${r.label} (its own)`);
    else if (r.fallback) out.push(`${r.label} (${r.fallback})`);
  }
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

/**
 * The targets a subscription keeps after a request: the stored ones, with each requested kind
 * checked by its destination (null or '' removes it). An unknown kind is INVALID_INPUT naming the
 * kinds this deployment has.
 */
export function mergeTargets(
  request: Readonly<Record<string, string | null>> | undefined,
  prior: Readonly<Record<string, string>> | undefined,
  registered: readonly DestinationInfo[],
): Record<string, string> | undefined {
  if (request === undefined) return prior ? { ...prior } : undefined;
  const out: Record<string, string> = { ...prior };
  for (const [kind, raw] of Object.entries(request)) {
    const info = registered.find((r) => r.kind === kind);
    if (!info) {
      const known = registered.map((r) => r.kind).join(', ') || 'none';
      throw new AppError(
        'INVALID_INPUT',
        `"${kind.slice(0, 40)}" is not a destination with a target of its own here (known: ${known}); Discord and Notion have their own options.`,
      );
    }
    if (raw === null || raw.trim() === '') delete out[kind];
    else out[kind] = info.checkTarget(raw);
  }
  return Object.keys(out).length > 0 ? out : undefined;
}
