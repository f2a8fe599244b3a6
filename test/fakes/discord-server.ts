/**
 * A loopback fake of the parts of Discord's REST API (v10) arxiv-radar uses: channel messages,
 * webhook execute, interaction follow-ups and @original edits, application command bulk
 * overwrite. It validates message payloads against Discord's documented limits and answers with
 * Discord's real error shapes (`{ code: 50035, message: 'Invalid Form Body', errors }`, 429 with
 * `retry_after`). Everything received is recorded in `requests`.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { acceptGateway, type GatewayLog } from './discord-gateway.ts';

export interface RecordedDiscordRequest {
  method: string;
  /** Path below the API root, e.g. `/channels/123/messages`. */
  path: string;
  query: Record<string, string>;
  headers: IncomingMessage['headers'];
  body: unknown;
  status: number;
}

export interface FakeDiscordMessage {
  id: string;
  channel_id: string;
  type: 0;
  content: string;
  embeds: unknown[];
  /** Message components (action rows of buttons) as sent. */
  components?: unknown[];
  author: { id: string; username: string; bot: true };
  timestamp: string;
  webhook_id?: string;
}

/** A one-shot (or `times`-shot) failure injected into matching requests. */
export interface DiscordFault {
  method?: string;
  path?: RegExp;
  status: number;
  body?: unknown;
  /** For 429: seconds, sent as `retry_after` in the body and as Retry-After. Default 1.5. */
  retryAfterSec?: number;
  times?: number;
  /** Let this many matching requests through before failing. */
  skip?: number;
  /** Perform the request, then answer with the failure (a response lost after success). */
  afterApplying?: boolean;
}

export interface DiscordFakeState {
  /** Channel id → messages, oldest first. */
  messages: Map<string, FakeDiscordMessage[]>;
  /** Interaction token → payload of the PATCHed `@original` response. */
  originals: Map<string, unknown>;
  /** Interaction token → follow-up messages. */
  followups: Map<string, FakeDiscordMessage[]>;
  /** `global` or a guild id → the last bulk-overwritten command list. */
  commands: Map<string, unknown[]>;
  /** Thread id → the thread started from a message (Start Thread from Message). */
  threads: Map<string, { id: string; type: 11; parent_id: string; message_id: string; name: string }>;
  faults: DiscordFault[];
}

export interface DiscordFakeOptions {
  /** Bot token required on channel and application routes (`Authorization: Bot <token>`). */
  token?: string;
  /** Channels that exist; default: any numeric id. */
  channels?: string[];
  webhooks?: { id: string; token: string; channelId: string }[];
  /** Application id for interaction follow-ups and commands. */
  applicationId?: string;
  /**
   * A per-channel bucket for message creation, as Discord announces it: X-RateLimit-Limit,
   * -Remaining and -Reset-After headers, and 429 when a client posts into an empty bucket.
   */
  messageBucket?: { limit: number; resetAfterSec: number };
  /** Answer 429 when more than `maxRequests` arrive within `windowMs` (off by default). */
  rateLimit?: { maxRequests: number; windowMs: number; retryAfterSec?: number };
}

export interface DiscordFake {
  /** API root, e.g. `http://127.0.0.1:PORT/api/v10` (use as DISCORD_API_URL). */
  url: string;
  requests: RecordedDiscordRequest[];
  state: DiscordFakeState;
  /** `…/webhooks/{id}/{token}` of a configured webhook. */
  webhookUrl(id: string): string;
  messagesIn(channelId: string): FakeDiscordMessage[];
  /** The gateway's connections and what clients sent over them (discord-gateway.ts). */
  gateway: GatewayLog;
  close(): Promise<void>;
}

const DISCORD_EPOCH = 1420070400000n;
type Errors = Record<string, unknown>;

/** Starts the fake on 127.0.0.1 with an ephemeral port. */
export async function startDiscordServer(opts: DiscordFakeOptions = {}): Promise<DiscordFake> {
  const state: DiscordFakeState = {
    messages: new Map(),
    originals: new Map(),
    followups: new Map(),
    commands: new Map(),
    threads: new Map(),
    faults: [],
  };
  const requests: RecordedDiscordRequest[] = [];
  const arrivals: number[] = [];
  let seq = 0n;
  const snowflake = () => String(((BigInt(Date.now()) - DISCORD_EPOCH) << 22n) + seq++);

  const channelExists = (id: string) => (opts.channels ? opts.channels.includes(id) : /^\d+$/.test(id));
  const channel = (id: string) => {
    let list = state.messages.get(id);
    if (!list) state.messages.set(id, (list = []));
    return list;
  };
  const makeMessage = (
    channelId: string,
    body: Record<string, unknown>,
    webhookId?: string,
  ): FakeDiscordMessage => ({
    id: snowflake(),
    channel_id: channelId,
    type: 0,
    content: typeof body.content === 'string' ? body.content : '',
    embeds: Array.isArray(body.embeds) ? (body.embeds as unknown[]) : [],
    ...(Array.isArray(body.components) ? { components: body.components as unknown[] } : {}),
    author: { id: webhookId ?? '1', username: webhookId ? 'arxiv-radar webhook' : 'arxiv-radar', bot: true },
    timestamp: new Date().toISOString(),
    ...(webhookId ? { webhook_id: webhookId } : {}),
  });

  type Reply = { status: number; body?: unknown; headers?: Record<string, string> };

  const buckets = new Map<string, { remaining: number; resetAt: number }>();
  function takeFromBucket(channelId: string, cfg: { limit: number; resetAfterSec: number }) {
    const now = Date.now();
    let b = buckets.get(channelId);
    if (!b || now >= b.resetAt)
      buckets.set(channelId, (b = { remaining: cfg.limit, resetAt: now + cfg.resetAfterSec * 1000 }));
    const resetAfterSec = Math.max(0, (b.resetAt - now) / 1000);
    const empty = b.remaining <= 0;
    if (!empty) b.remaining -= 1;
    const headers = {
      'X-RateLimit-Limit': String(cfg.limit),
      'X-RateLimit-Remaining': String(b.remaining),
      'X-RateLimit-Reset-After': resetAfterSec.toFixed(3),
      'X-RateLimit-Bucket': `messages-${channelId}`,
    };
    return { empty, headers, resetAfterSec };
  }

  function route(
    method: string,
    path: string,
    query: URLSearchParams,
    headers: IncomingMessage['headers'],
    body: unknown,
  ): Reply {
    const botAuthorized = () => !opts.token || headers.authorization === `Bot ${opts.token}`;
    const unauthorized: Reply = { status: 401, body: { message: '401: Unauthorized', code: 0 } };
    let m: RegExpExecArray | null;

    if ((m = /^\/channels\/([^/]+)\/messages\/([^/]+)\/threads$/.exec(path))) {
      // Start Thread from Message: the message may be a channel message or an interaction's original response.
      if (!botAuthorized()) return unauthorized;
      if (method !== 'POST') return methodNotAllowed();
      const [, channelId = '', messageId = ''] = m;
      if (!channelExists(channelId))
        return { status: 404, body: { message: 'Unknown Channel', code: 10003 } };
      const known =
        channel(channelId).some((x) => x.id === messageId) ||
        [...state.originals.values()].some((o) => (o as { id?: string }).id === messageId);
      if (!known) return { status: 404, body: { message: 'Unknown Message', code: 10008 } };
      if ([...state.threads.values()].some((t) => t.message_id === messageId))
        return {
          status: 400,
          body: { message: 'A thread has already been created for this message', code: 160004 },
        };
      const name =
        typeof (body as { name?: unknown } | undefined)?.name === 'string'
          ? (body as { name: string }).name
          : '';
      if (name.length < 1 || name.length > 100)
        return invalidForm({
          name: fieldError('BASE_TYPE_BAD_LENGTH', 'Must be between 1 and 100 in length.'),
        });
      const thread = {
        id: snowflake(),
        type: 11 as const,
        parent_id: channelId,
        message_id: messageId,
        name,
      };
      state.threads.set(thread.id, thread);
      return { status: 201, body: thread };
    }

    if ((m = /^\/channels\/([^/]+)\/messages(?:\/([^/]+))?$/.exec(path))) {
      if (!botAuthorized()) return unauthorized;
      const channelId = m[1] ?? '';
      if (!channelExists(channelId))
        return { status: 404, body: { message: 'Unknown Channel', code: 10003 } };
      const list = channel(channelId);
      if (m[2] !== undefined) {
        if (method !== 'GET') return methodNotAllowed();
        const found = list.find((x) => x.id === m?.[2]);
        return found
          ? { status: 200, body: found }
          : { status: 404, body: { message: 'Unknown Message', code: 10008 } };
      }
      if (method === 'GET') {
        const limit = Number(query.get('limit') ?? 50);
        if (!Number.isInteger(limit) || limit < 1 || limit > 100)
          return invalidForm({
            limit: fieldError('NUMBER_TYPE_MAX', 'Int should be less than or equal to 100.'),
          });
        const before = query.get('before');
        const newestFirst = [...list]
          .reverse()
          .filter((x) => before === null || BigInt(x.id) < BigInt(before));
        return { status: 200, body: newestFirst.slice(0, limit) };
      }
      if (method === 'POST') {
        const bucket = opts.messageBucket ? takeFromBucket(channelId, opts.messageBucket) : undefined;
        if (bucket?.empty)
          return {
            ...rateLimited(bucket.resetAfterSec),
            headers: { ...rateLimited(bucket.resetAfterSec).headers, ...bucket.headers },
          };
        const invalid = validateMessage(body);
        if (invalid) return invalid;
        const message = makeMessage(channelId, body as Record<string, unknown>);
        list.push(message);
        return { status: 200, body: message, ...(bucket ? { headers: bucket.headers } : {}) };
      }
      return methodNotAllowed();
    }

    if ((m = /^\/webhooks\/([^/]+)\/([^/]+)(\/messages\/@original)?$/.exec(path))) {
      const [, id = '', token = '', original] = m;
      if (opts.applicationId && id === opts.applicationId) {
        // Interaction responses: follow-ups and edits of the deferred original.
        if (original) {
          if (method !== 'PATCH' && method !== 'GET' && method !== 'DELETE') return methodNotAllowed();
          if (method === 'DELETE') {
            if (!state.originals.delete(token))
              return { status: 404, body: { message: 'Unknown Message', code: 10008 } };
            return { status: 204 };
          }
          if (method === 'GET')
            return state.originals.has(token)
              ? { status: 200, body: state.originals.get(token) }
              : { status: 404, body: { message: 'Unknown Message', code: 10008 } };
          const invalid = validateMessage(body, { allowEmpty: true });
          if (invalid) return invalid;
          const message = {
            ...makeMessage('interaction', body as Record<string, unknown>, id),
            ...(state.originals.get(token) as object | undefined),
            ...(body as object),
          };
          state.originals.set(token, message);
          return { status: 200, body: message };
        }
        if (method !== 'POST') return methodNotAllowed();
        const invalid = validateMessage(body);
        if (invalid) return invalid;
        const message = makeMessage('interaction', body as Record<string, unknown>, id);
        state.followups.set(token, [...(state.followups.get(token) ?? []), message]);
        return { status: 200, body: message };
      }
      const hook = opts.webhooks?.find((w) => w.id === id);
      if (!hook) return { status: 404, body: { message: 'Unknown Webhook', code: 10015 } };
      if (hook.token !== token)
        return { status: 401, body: { message: 'Invalid Webhook Token', code: 50027 } };
      if (original) return methodNotAllowed();
      if (method === 'GET')
        return {
          status: 200,
          body: { id: hook.id, type: 1, channel_id: hook.channelId, name: 'arxiv-radar', token: hook.token },
        };
      if (method !== 'POST') return methodNotAllowed();
      // Components need an application-owned webhook (docs: Execute Webhook, "components"); the configured ones are not.
      if (Array.isArray((body as { components?: unknown } | null)?.components)) {
        return invalidForm({
          components: fieldError('COMPONENT_INVALID', 'Components require an application-owned webhook'),
        });
      }
      const invalid = validateMessage(body);
      if (invalid) return invalid;
      const message = makeMessage(hook.channelId, body as Record<string, unknown>, hook.id);
      channel(hook.channelId).push(message);
      return query.get('wait') === 'true' ? { status: 200, body: message } : { status: 204 };
    }

    if (path === '/gateway/bot') {
      // https://discord.com/developers/docs/events/gateway#get-gateway-bot
      if (!headers.authorization) return unauthorized;
      if (!botAuthorized()) return unauthorized;
      if (method !== 'GET') return methodNotAllowed();
      return {
        status: 200,
        body: {
          url: `ws://${headers.host ?? '127.0.0.1'}`,
          shards: 1,
          session_start_limit: { total: 1000, remaining: 999, reset_after: 14_400_000, max_concurrency: 1 },
        },
      };
    }

    if ((m = /^\/applications\/([^/]+)(?:\/guilds\/([^/]+))?\/commands$/.exec(path))) {
      if (!botAuthorized()) return unauthorized;
      if (opts.applicationId && m[1] !== opts.applicationId)
        return { status: 404, body: { message: 'Unknown Application', code: 10002 } };
      const scope = m[2] ?? 'global';
      if (method === 'GET') return { status: 200, body: state.commands.get(scope) ?? [] };
      if (method !== 'PUT') return methodNotAllowed();
      if (!Array.isArray(body))
        return invalidForm({
          _errors: [{ code: 'LIST_TYPE_CONVERT', message: 'Only iterables may be used in a ListType' }],
        });
      const saved = (body as Record<string, unknown>[]).map((c) => ({
        id: snowflake(),
        application_id: m?.[1],
        ...(m?.[2] ? { guild_id: m[2] } : {}),
        version: snowflake(),
        type: 1,
        ...c,
      }));
      state.commands.set(scope, saved);
      return { status: 200, body: saved };
    }
    return { status: 404, body: { message: '404: Not Found', code: 0 } };
  }

  const server = createServer((req, res) => {
    void handle(req, res);
  });
  const gateway: GatewayLog = { connections: [], received: [] };
  const upgraded = new Set<Duplex>();
  server.on('upgrade', (req, socket) => {
    upgraded.add(socket);
    socket.on('close', () => upgraded.delete(socket));
    acceptGateway(req, socket, { ...(opts.token ? { token: opts.token } : {}), log: gateway });
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const raw = await readBody(req);
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    // Every route under /api/v10 (https://discord.com/developers/docs/reference#api-versioning);
    // webhook URLs as Discord hands them out carry no version (/api/webhooks/{id}/{token}).
    const versioned = /^\/api\/v10(\/.*)$/.exec(url.pathname);
    const unversionedWebhook = /^\/api(\/webhooks\/.*)$/.exec(url.pathname);
    const path = versioned?.[1] ?? unversionedWebhook?.[1] ?? `(outside /api/v10) ${url.pathname}`;
    const method = req.method ?? 'GET';
    let body: unknown = undefined;
    if (raw.length > 0) {
      try {
        body = await parseBody(raw, req.headers['content-type'] ?? '');
      } catch {
        return send(res, record({ status: 400, body: { message: '400: Bad Request', code: 0 } }));
      }
    }
    function record(reply: Reply): Reply {
      requests.push({
        method,
        path,
        query: Object.fromEntries(url.searchParams),
        headers: req.headers,
        body,
        status: reply.status,
      });
      return reply;
    }

    const now = Date.now();
    if (opts.rateLimit) {
      while (arrivals.length > 0 && (arrivals[0] ?? 0) <= now - opts.rateLimit.windowMs) arrivals.shift();
      arrivals.push(now);
      if (arrivals.length > opts.rateLimit.maxRequests)
        return send(res, record(rateLimited(opts.rateLimit.retryAfterSec ?? 1)));
    }
    const fault = state.faults.find(
      (f) => (!f.method || f.method === method) && (!f.path || f.path.test(path)),
    );
    if (fault && (fault.skip ?? 0) > 0) {
      fault.skip = (fault.skip ?? 0) - 1;
    } else if (fault) {
      fault.times = (fault.times ?? 1) - 1;
      if (fault.times <= 0) state.faults.splice(state.faults.indexOf(fault), 1);
      if (fault.afterApplying) route(method, path, url.searchParams, req.headers, body);
      const reply: Reply =
        fault.status === 429
          ? rateLimited(fault.retryAfterSec ?? 1.5)
          : {
              status: fault.status,
              body: fault.body ?? { message: `${fault.status}: injected failure`, code: 0 },
            };
      return send(res, record(reply));
    }
    send(res, record(route(method, path, url.searchParams, req.headers, body)));
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const root = `http://127.0.0.1:${port}/api/v10`;
  return {
    url: root,
    requests,
    state,
    webhookUrl(id: string) {
      const hook = opts.webhooks?.find((w) => w.id === id);
      if (!hook) throw new Error(`no webhook ${id} configured in the fake`);
      return `${root}/webhooks/${hook.id}/${hook.token}`;
    },
    messagesIn: (channelId: string) => [...(state.messages.get(channelId) ?? [])],
    gateway,
    close: () =>
      new Promise<void>((resolve, reject) => {
        for (const socket of upgraded) socket.destroy();
        server.closeAllConnections();
        server.close((e) => (e ? reject(e) : resolve()));
      }),
  };
}

function rateLimited(retryAfterSec: number) {
  return {
    status: 429,
    body: { message: 'You are being rate limited.', retry_after: retryAfterSec, global: false },
    headers: { 'Retry-After': String(Math.ceil(retryAfterSec)), 'X-RateLimit-Scope': 'user' },
  };
}

function methodNotAllowed() {
  return { status: 405, body: { message: '405: Method Not Allowed', code: 0 } };
}

function fieldError(code: string, message: string) {
  return { _errors: [{ code, message }] };
}

function invalidForm(errors: Errors) {
  return { status: 400, body: { code: 50035, message: 'Invalid Form Body', errors } };
}

const maxLen = (n: number) => fieldError('BASE_TYPE_MAX_LENGTH', `Must be ${n} or fewer in length.`);

/**
 * Discord's documented message limits: content 2000; 10 embeds; title 256, description 4096,
 * 25 fields (name 256, value 1024, both required), footer 2048, author 256; 6000 characters
 * across all embeds; a message needs content or an embed.
 */
function validateMessage(body: unknown, opts: { allowEmpty?: boolean } = {}) {
  if (typeof body !== 'object' || body === null)
    return invalidForm({
      _errors: [{ code: 'DICT_TYPE_CONVERT', message: 'Only dictionaries may be used in a DictType' }],
    });
  const b = body as { content?: unknown; embeds?: unknown };
  const errors: Errors = {};
  if (typeof b.content === 'string' && b.content.length > 2000) errors.content = maxLen(2000);
  const embeds = Array.isArray(b.embeds) ? (b.embeds as Record<string, unknown>[]) : [];
  if (embeds.length > 10) errors.embeds = maxLen(10);
  const embedErrors: Errors = {};
  let total = 0;
  embeds.forEach((e, i) => {
    const eErr: Errors = {};
    const str = (v: unknown) => (typeof v === 'string' ? v : '');
    const title = str(e.title);
    const description = str(e.description);
    const footer = str((e.footer as { text?: unknown } | undefined)?.text);
    const author = str((e.author as { name?: unknown } | undefined)?.name);
    total += title.length + description.length + footer.length + author.length;
    if (title.length > 256) eErr.title = maxLen(256);
    if (description.length > 4096) eErr.description = maxLen(4096);
    if (footer.length > 2048) eErr.footer = { text: maxLen(2048) };
    if (author.length > 256) eErr.author = { name: maxLen(256) };
    const fields = Array.isArray(e.fields) ? (e.fields as Record<string, unknown>[]) : [];
    if (fields.length > 25) eErr.fields = maxLen(25);
    const fErr: Errors = {};
    fields.forEach((f, k) => {
      const name = str(f.name);
      const value = str(f.value);
      total += name.length + value.length;
      const one: Errors = {};
      if (name.length === 0) one.name = fieldError('BASE_TYPE_REQUIRED', 'This field is required');
      if (name.length > 256) one.name = maxLen(256);
      if (value.length === 0) one.value = fieldError('BASE_TYPE_REQUIRED', 'This field is required');
      if (value.length > 1024) one.value = maxLen(1024);
      if (Object.keys(one).length > 0) fErr[String(k)] = one;
    });
    if (Object.keys(fErr).length > 0 && !eErr.fields) eErr.fields = fErr;
    if (Object.keys(eErr).length > 0) embedErrors[String(i)] = eErr;
  });
  if (Object.keys(embedErrors).length > 0 && !errors.embeds) errors.embeds = embedErrors;
  const componentErrors = validateComponents((b as { components?: unknown }).components);
  if (componentErrors) errors.components = componentErrors;
  if (total > 6000 && !errors.embeds)
    errors.embeds = fieldError('MAX_EMBED_SIZE_EXCEEDED', 'Embed size exceeds maximum size of 6000');
  if (Object.keys(errors).length > 0) return invalidForm(errors);
  if (!opts.allowEmpty && !(typeof b.content === 'string' && b.content.length > 0) && embeds.length === 0) {
    return { status: 400, body: { message: 'Cannot send an empty message', code: 50006 } };
  }
  return null;
}

/**
 * Discord's documented component limits (developer docs, "Message Components", "Button"): at most
 * 5 action rows (type 1) of at most 5 buttons (type 2); a button has a style 1-5, a label of at
 * most 80 characters, and (non-link styles) a custom_id of 1-100 characters unique in the message.
 */
function validateComponents(components: unknown): Errors | null {
  if (components === undefined) return null;
  if (!Array.isArray(components)) return fieldError('BASE_TYPE_ARRAY', 'Must be an array');
  if (components.length > 5) return maxLen(5);
  const seen = new Set<string>();
  const errors: Errors = {};
  components.forEach((row: unknown, i) => {
    const r = row as { type?: unknown; components?: unknown };
    if (
      r?.type !== 1 ||
      !Array.isArray(r.components) ||
      r.components.length === 0 ||
      r.components.length > 5
    ) {
      errors[String(i)] = fieldError('COMPONENT_LAYOUT_WIDTH_EXCEEDED', 'An action row holds 1 to 5 buttons');
      return;
    }
    (r.components as unknown[]).forEach((c: unknown, k) => {
      const btn = c as { type?: unknown; style?: unknown; label?: unknown; custom_id?: unknown };
      const id = typeof btn.custom_id === 'string' ? btn.custom_id : '';
      const bad =
        btn.type !== 2 ||
        typeof btn.style !== 'number' ||
        btn.style < 1 ||
        btn.style > 5 ||
        (typeof btn.label === 'string' && btn.label.length > 80) ||
        (btn.style !== 5 && (id.length < 1 || id.length > 100 || seen.has(id)));
      if (bad)
        errors[`${i}.components.${k}`] = fieldError(
          seen.has(id) ? 'COMPONENT_CUSTOM_ID_DUPLICATED' : 'COMPONENT_INVALID',
          'Invalid button',
        );
      seen.add(id);
    });
  });
  return Object.keys(errors).length > 0 ? errors : null;
}

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * A JSON body, or a message with files as Discord takes it (docs: Reference, "Uploading Files"):
 * multipart/form-data whose `payload_json` part is the JSON body and whose `files[n]` parts are the
 * files. The files become the message's `attachments` (filename and size), as Discord returns them.
 * Anything else, or a multipart body without `payload_json`, is refused like malformed JSON.
 */
async function parseBody(raw: Buffer, contentType: string): Promise<unknown> {
  if (!contentType.startsWith('multipart/form-data')) return JSON.parse(raw.toString('utf8'));
  const form = await new Response(new Uint8Array(raw), {
    headers: { 'content-type': contentType },
  }).formData();
  const payload = form.get('payload_json');
  if (typeof payload !== 'string') throw new Error('multipart body without payload_json');
  const body = JSON.parse(payload) as Record<string, unknown>;
  const attachments: Array<{ id: string; filename: string; size: number }> = [];
  for (const [name, value] of form.entries()) {
    const m = /^files\[(\d+)\]$/.exec(name);
    if (!m || typeof value === 'string') continue;
    attachments.push({ id: m[1] ?? '0', filename: value.name, size: value.size });
  }
  return { ...body, attachments };
}

function send(
  res: ServerResponse,
  reply: { status: number; body?: unknown; headers?: Record<string, string> },
): void {
  const headers = {
    ...reply.headers,
    ...(reply.body === undefined ? {} : { 'Content-Type': 'application/json' }),
  };
  res.writeHead(reply.status, headers);
  res.end(reply.body === undefined ? undefined : JSON.stringify(reply.body));
}
