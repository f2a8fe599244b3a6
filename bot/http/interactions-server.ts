/**
 * The HTTP interactions endpoint, for deployments without a gateway connection. Every request must
 * carry a valid, fresh Ed25519 signature (else 401); PING gets PONG; commands are deferred (type 5)
 * in the HTTP response and answered later by editing the original message through the interaction
 * webhook (developer docs, "Receiving and Responding").
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { z } from 'zod';
import { errorMessage } from '../../domain/errors.ts';
import { readCappedBody } from '../../lib/http-body.ts';
import type { Logger } from '../../lib/logger.ts';
import type { DiscordMessage, DiscordRest } from '../../lib/discord/rest.ts';
import type { Bot } from '../bot.ts';
import { errorMessageFor } from '../format.ts';
import type { BotMessage, InteractionResponder, Invoker } from '../types.ts';
import { messageBody } from './message-body.ts';
import { discordPublicKey, verifyDiscordSignature } from './verify.ts';

const Snowflake = z.string().regex(/^\d{1,25}$/);
const Value = z.union([z.string().max(6000), z.number(), z.boolean()]);
const LeafOption = z.object({
  name: z.string().max(32),
  type: z.number().int(),
  value: Value.optional(),
  focused: z.boolean().optional(),
});
const TopOption = LeafOption.extend({ options: z.array(LeafOption).max(25).optional() });

/** The interaction fields the bot reads (everything else Discord sends is ignored). */
export const InteractionSchema = z.object({
  id: Snowflake,
  application_id: Snowflake,
  type: z.number().int().min(1).max(5),
  token: z
    .string()
    .min(1)
    .max(1000)
    .regex(/^[\w.-]+$/),
  data: z
    .object({
      name: z.string().max(32).optional(),
      options: z.array(TopOption).max(25).optional(),
      custom_id: z.string().max(100).optional(),
    })
    .optional(),
  guild_id: Snowflake.optional(),
  channel_id: Snowflake.optional(),
  /** The channel the command ran in (partial); its type tells a thread (10, 11, 12) from a channel. */
  channel: z.object({ type: z.number().int() }).optional(),
  member: z
    .object({
      user: z.object({ id: Snowflake }),
      roles: z.array(Snowflake).default([]),
      permissions: z.string().regex(/^\d+$/).optional(),
    })
    .optional(),
  user: z.object({ id: Snowflake }).optional(),
});
type Interaction = z.infer<typeof InteractionSchema>;

export interface InteractionsServerOptions {
  bot: Bot;
  rest: DiscordRest;
  /**
   * `rest` carries the bot token (DISCORD_TOKEN), so the bot may start threads on its replies
   * (`/arxiv ask` follow-ups); without it there are no threads.
   */
  threads?: boolean;
  /** DISCORD_PUBLIC_KEY, 64 hex digits. */
  publicKey: string;
  logger: Logger;
  path?: string;
  maxBodyBytes?: number;
  /** Seconds since the epoch; injectable so tests can check the staleness rule. */
  nowS?: () => number;
}

export interface InteractionsServer {
  server: http.Server;
  listen(host: string, port: number): Promise<string>;
  /** Resolves when every background command has finished (answered or failed). */
  idle(): Promise<void>;
  close(): Promise<void>;
}

function invoker(i: Interaction): Invoker {
  return {
    userId: i.member?.user.id ?? i.user?.id ?? 'unknown',
    guildId: i.guild_id ?? null,
    channelId: i.channel_id ?? null,
    permissions: i.member?.permissions ? BigInt(i.member.permissions) : null,
    roles: i.member?.roles ?? [],
    // ANNOUNCEMENT_THREAD, PUBLIC_THREAD, PRIVATE_THREAD (developer docs, "Channel Types").
    inThread: i.channel !== undefined && [10, 11, 12].includes(i.channel.type),
  };
}

function subcommandOf(i: Interaction): {
  name: string;
  options: Record<string, string | number | boolean>;
  focused: { name: string; value: string } | null;
} | null {
  const sub = i.data?.name === 'arxiv' ? i.data.options?.[0] : undefined;
  if (!sub || sub.type !== 1) return null;
  const options: Record<string, string | number | boolean> = {};
  let focused: { name: string; value: string } | null = null;
  for (const o of sub.options ?? []) {
    if (o.value === undefined) continue;
    options[o.name] = o.value;
    if (o.focused) focused = { name: o.name, value: String(o.value) };
  }
  return { name: sub.name, options, focused };
}

const send = (res: http.ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
};

/**
 * The responder of one interaction: `initial` sends the HTTP answer (reply, defer), the rest goes
 * through Discord's REST API with the interaction's token.
 */
function responderFor(
  opts: Pick<InteractionsServerOptions, 'rest' | 'threads'>,
  i: Interaction,
  initial: (body: unknown) => Promise<void>,
): InteractionResponder {
  const appId = i.application_id;
  return {
    reply: (m: BotMessage) => initial({ type: 4, data: messageBody(m).json }),
    defer: (o) => initial({ type: 5, data: o?.ephemeral ? { flags: 1 << 6 } : {} }),
    deferUpdate: () => initial({ type: 6 }),
    editOriginal: (m) => opts.rest.editOriginal(appId, i.token, messageBody(m)),
    deleteOriginal: () => opts.rest.deleteOriginal(appId, i.token),
    followUp: (m) => opts.rest.followUp(appId, i.token, messageBody(m)),
    ...(opts.threads && i.channel_id
      ? {
          // The original response's message id, then a thread on it (Start Thread from Message; bot token).
          startThread: async (name: string) => {
            const original = await opts.rest.request<DiscordMessage>({
              method: 'GET',
              target: `/webhooks/${appId}/${encodeURIComponent(i.token)}/messages/@original`,
              auth: false,
              action: 'read the interaction response',
            });
            const thread = await opts.rest.request<{ id: string }>({
              method: 'POST',
              target: `/channels/${i.channel_id}/messages/${encodeURIComponent(original.id)}/threads`,
              auth: true,
              body: { json: { name, auto_archive_duration: 1440 } },
              action: 'start a thread on the answer (needs the Create Public Threads permission)',
            });
            return thread.id;
          },
        }
      : {}),
  };
}

/** Creates (but does not start) the interactions endpoint. */
export function createInteractionsServer(opts: InteractionsServerOptions): InteractionsServer {
  const key = discordPublicKey(opts.publicKey);
  const path = opts.path ?? '/interactions';
  const maxBody = opts.maxBodyBytes ?? 64 * 1024;
  const nowS = opts.nowS ?? (() => Math.floor(Date.now() / 1000));
  const pending = new Set<Promise<void>>();
  const log = opts.logger;

  /** Runs a handler; its first initial response becomes the HTTP answer, the rest go via REST. */
  function dispatch(
    res: http.ServerResponse,
    i: Interaction,
    run: (r: InteractionResponder) => Promise<void>,
  ): void {
    let answered = false;
    const initial = async (body: unknown) => {
      if (answered) throw new Error('interaction already acknowledged');
      answered = true;
      send(res, 200, body);
    };
    const task = run(responderFor(opts, i, initial))
      .catch((e: unknown) => log.error({ err: errorMessage(e) }, 'interaction handler failed'))
      .then(() => {
        if (!answered)
          send(res, 200, {
            type: 4,
            data: messageBody(errorMessageFor('Nothing to answer. Try the command again.')).json,
          });
      })
      .finally(() => pending.delete(task));
    pending.add(task);
  }

  const server = http.createServer((req, res) => {
    void (async () => {
      if (new URL(req.url ?? '/', 'http://x').pathname !== path)
        return send(res, 404, { error: 'not found' });
      if (req.method !== 'POST') return send(res, 405, { error: 'POST only' });
      let body: Buffer | null;
      try {
        body = await readCappedBody(req, res, maxBody, {
          contentType: 'application/json',
          body: JSON.stringify({ error: `body over ${maxBody} bytes` }),
        });
      } catch {
        return send(res, 400, { error: 'unreadable body' });
      }
      if (body === null) return;
      const signature = req.headers['x-signature-ed25519'];
      const timestamp = req.headers['x-signature-timestamp'];
      const ok = verifyDiscordSignature({
        key,
        signature: typeof signature === 'string' ? signature : undefined,
        timestamp: typeof timestamp === 'string' ? timestamp : undefined,
        body,
        nowS: nowS(),
      });
      if (!ok) return send(res, 401, { error: 'invalid request signature' });
      let parsed: Interaction;
      try {
        const r = InteractionSchema.safeParse(JSON.parse(body.toString('utf8')));
        if (!r.success) return send(res, 400, { error: 'unexpected interaction payload' });
        parsed = r.data;
      } catch {
        return send(res, 400, { error: 'body is not JSON' });
      }
      const i = parsed;
      if (i.type === 1) return send(res, 200, { type: 1 });
      if (i.type === 3) {
        const customId = i.data?.custom_id ?? '';
        return dispatch(res, i, (r) => opts.bot.handleComponent({ ...invoker(i), customId }, r));
      }
      const sub = subcommandOf(i);
      if (!sub) return send(res, 400, { error: 'not an /arxiv subcommand' });
      if (i.type === 4) {
        const choices = sub.focused
          ? await opts.bot.autocomplete({ ...invoker(i), subcommand: sub.name, focused: sub.focused })
          : [];
        return send(res, 200, { type: 8, data: { choices } });
      }
      if (i.type === 2)
        return dispatch(res, i, (r) =>
          opts.bot.handleCommand({ ...invoker(i), subcommand: sub.name, options: sub.options }, r),
        );
      return send(res, 400, { error: `unsupported interaction type ${i.type}` });
    })().catch((e: unknown) => {
      log.error({ err: errorMessage(e) }, 'interactions endpoint error');
      if (!res.headersSent) send(res, 500, { error: 'internal error' });
    });
  });

  return {
    server,
    listen: (host, port) =>
      new Promise((resolve, reject) => {
        server.once('error', reject);
        server.listen(port, host, () => {
          const a = server.address() as AddressInfo;
          resolve(`http://${a.family === 'IPv6' ? `[${a.address}]` : a.address}:${a.port}${path}`);
        });
      }),
    async idle() {
      while (pending.size) await Promise.all([...pending]);
    },
    async close() {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeIdleConnections();
      });
      while (pending.size) await Promise.all([...pending]);
    },
  };
}
