/**
 * The few Discord REST calls the bot makes without discord.js: editing and deleting the original
 * interaction response, follow-ups (interaction webhooks, no bot token needed) and registering
 * commands (bot token). Files go as multipart/form-data with `payload_json` (developer docs,
 * "Uploading Files"). No retries here: a failed edit is logged by the caller.
 */
import { AppError } from '../../lib/errors.ts';
import type { BotMessage } from '../types.ts';

export interface DiscordRest {
  editOriginal(appId: string, token: string, message: BotMessage): Promise<void>;
  deleteOriginal(appId: string, token: string): Promise<void>;
  followUp(appId: string, token: string, message: BotMessage): Promise<void>;
  /** PUTs the command definitions, globally or for one guild; returns how many Discord stored. */
  putCommands(appId: string, commands: unknown[], guildId?: string): Promise<number>;
}

const EPHEMERAL = 1 << 6;

/** A message as Discord's JSON body plus the files, if any. */
export function messageBody(m: BotMessage): { json: Record<string, unknown>; files: BotMessage['files'] } {
  const json: Record<string, unknown> = {};
  if (m.content !== undefined) json.content = m.content;
  if (m.embeds) json.embeds = m.embeds;
  if (m.components) json.components = m.components;
  if (m.ephemeral) json.flags = EPHEMERAL;
  if (m.files?.length) json.attachments = m.files.map((f, id) => ({ id, filename: f.name, ...(f.description ? { description: f.description } : {}) }));
  return { json, files: m.files };
}

/** Creates the REST client against `apiUrl` (DISCORD_API_URL, e.g. https://discord.com/api/v10). */
export function createDiscordRest(opts: { apiUrl: string; botToken?: string; timeoutMs?: number }): DiscordRest {
  const base = opts.apiUrl.replace(/\/+$/, '');
  const timeoutMs = opts.timeoutMs ?? 15_000;

  async function send(method: string, path: string, message?: BotMessage, auth = false, rawJson?: unknown): Promise<Response> {
    const headers: Record<string, string> = { 'user-agent': 'DiscordBot (https://github.com/arxiv-radar, 1.0) arxiv-radar' };
    if (auth) {
      if (!opts.botToken) throw new AppError('CONFIG_INVALID', 'DISCORD_TOKEN is required to register commands.');
      headers.authorization = `Bot ${opts.botToken}`;
    }
    let body: string | FormData | undefined;
    if (rawJson !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(rawJson);
    } else if (message) {
      const { json, files } = messageBody(message);
      if (files?.length) {
        const form = new FormData();
        form.append('payload_json', JSON.stringify(json));
        files.forEach((f, i) => form.append(`files[${i}]`, new Blob([f.data], { type: 'text/markdown' }), f.name));
        body = form;
      } else {
        headers['content-type'] = 'application/json';
        body = JSON.stringify(json);
      }
    }
    const res = await fetch(`${base}${path}`, { method, headers, body: body ?? null, signal: AbortSignal.timeout(timeoutMs) });
    if (!res.ok) {
      const text = (await res.text()).slice(0, 300);
      throw new AppError(res.status === 429 ? 'RATE_LIMITED' : 'PUBLISH_FAILED', `Discord ${method} ${path.replace(/\/webhooks\/(\d+)\/[^/]+/, '/webhooks/$1/…')} answered HTTP ${res.status}: ${text}`, {
        retryable: res.status === 429 || res.status >= 500,
      });
    }
    return res;
  }

  const hook = (appId: string, token: string) => `/webhooks/${encodeURIComponent(appId)}/${encodeURIComponent(token)}`;
  return {
    async editOriginal(appId, token, message) {
      await send('PATCH', `${hook(appId, token)}/messages/@original`, message);
    },
    async deleteOriginal(appId, token) {
      await send('DELETE', `${hook(appId, token)}/messages/@original`);
    },
    async followUp(appId, token, message) {
      await send('POST', hook(appId, token), message);
    },
    async putCommands(appId, commands, guildId) {
      const path = guildId ? `/applications/${encodeURIComponent(appId)}/guilds/${encodeURIComponent(guildId)}/commands` : `/applications/${encodeURIComponent(appId)}/commands`;
      const res = await send('PUT', path, undefined, true, commands);
      const stored = (await res.json().catch(() => [])) as unknown;
      return Array.isArray(stored) ? stored.length : 0;
    },
  };
}
