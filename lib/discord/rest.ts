/**
 * The one Discord REST client, used by the bot (interaction edits and follow-ups, command
 * registration) and the digest publisher (channel and webhook posts, the idempotency lookup).
 * Plain fetch against the API root (DISCORD_API_URL). The bot token goes only to API routes that
 * need it, never to a webhook URL. Bodies are JSON, or multipart/form-data with `payload_json`
 * when files are attached (developer docs, "Uploading Files"). Rate limits: route-limits.ts.
 * Failures become AppErrors (errors.ts). No retries here: Temporal retries the publisher's
 * activity, and the bot logs a failed edit and falls back.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { AppError } from '../../domain/errors.ts';
import type { StatusHints } from '../http-failure.ts';
import {
  CHANNEL_HINTS,
  COMMAND_HINTS,
  discordFailure,
  discordNetworkFailure,
  INTERACTION_HINTS,
} from './errors.ts';
import { createRouteLimits } from './route-limits.ts';

export const DEFAULT_DISCORD_API_URL = 'https://discord.com/api/v10';
/** The API version every request of ours names (Discord's current one). */
export const DISCORD_API_VERSION = '10';

/**
 * DISCORD_API_URL in both forms clients want it: `root` without a version (discord.js appends
 * `/v{version}` itself) and `versioned` (our REST client's base). Accepted with or without `/v10`.
 */
export function discordApiRoots(apiUrl: string = DEFAULT_DISCORD_API_URL): {
  root: string;
  versioned: string;
} {
  const root = apiUrl
    .trim()
    .replace(/\/+$/, '')
    .replace(/\/v\d+$/, '');
  return { root, versioned: `${root}/v${DISCORD_API_VERSION}` };
}
/** Discord asks bots to identify as `DiscordBot ($url, $version)`. */
const USER_AGENT = 'DiscordBot (https://github.com/arxiv-radar/arxiv-radar, 0.1)';

export interface DiscordFile {
  name: string;
  data: Uint8Array;
  description?: string;
  /** Default application/octet-stream. */
  contentType?: string;
}

/** A message to send: Discord's JSON body, and the files it attaches (sent as multipart). */
export interface DiscordBody {
  json: unknown;
  files?: readonly DiscordFile[] | undefined;
}

/** A message as Discord returns it: the fields this project reads. */
export interface DiscordMessage {
  id: string;
  channel_id: string;
  timestamp?: string;
  embeds?: { footer?: { text?: string } }[];
}

/** One REST call. */
export interface DiscordCall {
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  /** A path below the API root (`/channels/1/messages?limit=50`), or a webhook's absolute URL. */
  target: string;
  /** Sends `Authorization: Bot <token>`; refused for absolute URLs (a webhook URL is its own credential). */
  auth: boolean;
  body?: DiscordBody;
  /** What the call does, for error messages ("post to the channel"); never a token. */
  action: string;
  /** What to fix, by status, when Discord refuses the call. */
  hints?: StatusHints;
}

export interface DiscordRest {
  /** Performs one call; resolves to the parsed JSON answer (undefined for an empty one). */
  request<T>(call: DiscordCall): Promise<T>;
  /** `POST /channels/{id}/messages` with the bot token. */
  createMessage(channelId: string, body: DiscordBody): Promise<DiscordMessage>;
  /** `GET /channels/{id}/messages`, newest first, `limit` 1-100, older than `before` when given. */
  listMessages(
    channelId: string,
    page: { limit: number; before?: string | undefined },
  ): Promise<DiscordMessage[]>;
  /** `POST {webhookUrl}?wait=true`, so Discord answers with the message it stored. */
  executeWebhook(webhookUrl: string, body: DiscordBody): Promise<DiscordMessage>;
  /** `GET {webhookUrl}`: the webhook object, which names its channel; needs no auth. */
  getWebhook(webhookUrl: string): Promise<{ channel_id: string }>;
  /** Edits the original response of an interaction (its webhook; no bot token needed). */
  editOriginal(appId: string, token: string, body: DiscordBody): Promise<void>;
  deleteOriginal(appId: string, token: string): Promise<void>;
  followUp(appId: string, token: string, body: DiscordBody): Promise<void>;
  /** PUTs the command definitions, globally or for one guild; returns how many Discord stored. */
  putCommands(appId: string, commands: unknown[], guildId?: string): Promise<number>;
}

export interface DiscordRestOptions {
  /** API root, default https://discord.com/api/v10 (DISCORD_API_URL; a loopback fake in tests). */
  apiUrl?: string | undefined;
  /** Bot token (DISCORD_TOKEN), for channel and application routes. */
  botToken?: string | undefined;
  /** Per-request timeout; default 15 s. */
  timeoutMs?: number | undefined;
}

/**
 * The one call every route goes through: the bot token only where asked (never to an absolute
 * URL), the route's rate limit waited out first and updated from the answer, failures as AppErrors.
 */
function createRequester(opts: DiscordRestOptions): <T>(call: DiscordCall) => Promise<T> {
  const base = discordApiRoots(opts.apiUrl).versioned;
  const timeoutMs = opts.timeoutMs ?? 15_000;
  const limits = createRouteLimits();
  return async function request<T>(call: DiscordCall): Promise<T> {
    const absolute = /^https?:\/\//i.test(call.target);
    const url = new URL(absolute ? call.target : `${base}${call.target}`);
    const headers: Record<string, string> = { 'User-Agent': USER_AGENT };
    if (call.auth) {
      if (absolute)
        throw new AppError(
          'INTERNAL',
          `Discord: the bot token is never sent to an absolute URL (${call.action})`,
        );
      if (!opts.botToken)
        throw new AppError('CONFIG_INVALID', `DISCORD_TOKEN is required to ${call.action}.`);
      headers.Authorization = `Bot ${opts.botToken}`;
    }
    const body = encodeBody(call.body, headers);
    const route = `${call.method} ${url.pathname}`;
    const delay = limits.delayFor(route);
    if (delay > 0) await sleep(delay);
    let res: Response;
    try {
      res = await fetch(url, {
        method: call.method,
        headers,
        body: body ?? null,
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (e) {
      throw discordNetworkFailure(e, call.action);
    }
    limits.noteResponse(route, res.headers);
    if (!res.ok) {
      const failure = await discordFailure(res, call.action, call.hints);
      if (res.status === 429)
        limits.noteRateLimited(
          route,
          failure.options.retryAfterMs ?? 0,
          res.headers.get('x-ratelimit-global') === 'true',
        );
      throw failure;
    }
    const text = await res.text();
    if (text === '') return undefined as T;
    try {
      return JSON.parse(text) as T;
    } catch {
      throw new AppError(
        'PUBLISH_FAILED',
        `Discord answered HTTP ${res.status} without JSON while trying to ${call.action}`,
        { retryable: true },
      );
    }
  };
}

/** Creates the client; it keeps the rate-limit state of the routes it called. */
export function createDiscordRest(opts: DiscordRestOptions = {}): DiscordRest {
  const request = createRequester(opts);

  const channelMessages = (channelId: string) => `/channels/${encodeURIComponent(channelId)}/messages`;
  const hook = (appId: string, token: string) =>
    `/webhooks/${encodeURIComponent(appId)}/${encodeURIComponent(token)}`;

  return {
    request,
    createMessage: (channelId, body) =>
      request({
        method: 'POST',
        target: channelMessages(channelId),
        auth: true,
        body,
        action: 'post to the channel',
        hints: CHANNEL_HINTS,
      }),
    listMessages: (channelId, page) =>
      request({
        method: 'GET',
        target: `${channelMessages(channelId)}?limit=${page.limit}${page.before ? `&before=${encodeURIComponent(page.before)}` : ''}`,
        auth: true,
        action: 'read recent channel messages',
        hints: CHANNEL_HINTS,
      }),
    executeWebhook(webhookUrl, body) {
      const url = new URL(webhookUrl);
      url.searchParams.set('wait', 'true');
      return request({
        method: 'POST',
        target: url.toString(),
        auth: false,
        body,
        action: 'post through the webhook',
        hints: CHANNEL_HINTS,
      });
    },
    getWebhook: (webhookUrl) =>
      request({
        method: 'GET',
        target: webhookUrl,
        auth: false,
        action: 'read the webhook',
        hints: CHANNEL_HINTS,
      }),
    async editOriginal(appId, token, body) {
      await request({
        method: 'PATCH',
        target: `${hook(appId, token)}/messages/@original`,
        auth: false,
        body,
        action: 'edit the interaction response',
        hints: INTERACTION_HINTS,
      });
    },
    async deleteOriginal(appId, token) {
      await request({
        method: 'DELETE',
        target: `${hook(appId, token)}/messages/@original`,
        auth: false,
        action: 'delete the interaction response',
        hints: INTERACTION_HINTS,
      });
    },
    async followUp(appId, token, body) {
      await request({
        method: 'POST',
        target: hook(appId, token),
        auth: false,
        body,
        action: 'send an interaction follow-up',
        hints: INTERACTION_HINTS,
      });
    },
    async putCommands(appId, commands, guildId) {
      const app = `/applications/${encodeURIComponent(appId)}`;
      const target = guildId ? `${app}/guilds/${encodeURIComponent(guildId)}/commands` : `${app}/commands`;
      const stored = await request<unknown>({
        method: 'PUT',
        target,
        auth: true,
        body: { json: commands },
        action: 'register commands',
        hints: COMMAND_HINTS,
      });
      return Array.isArray(stored) ? stored.length : 0;
    },
  };
}

/** JSON, or multipart/form-data with `payload_json` and `files[n]` when files are attached. */
function encodeBody(
  body: DiscordBody | undefined,
  headers: Record<string, string>,
): string | FormData | undefined {
  if (!body) return undefined;
  if (!body.files?.length) {
    headers['Content-Type'] = 'application/json';
    return JSON.stringify(body.json);
  }
  const form = new FormData();
  form.append('payload_json', JSON.stringify(body.json));
  body.files.forEach((f, i) =>
    form.append(
      `files[${i}]`,
      new Blob([f.data], { type: f.contentType ?? 'application/octet-stream' }),
      f.name,
    ),
  );
  return form;
}
