/**
 * Publishes a digest to a Discord channel through the shared REST client (lib/discord/rest.ts):
 * through the bot (`POST /channels/{id}/messages`, `Authorization: Bot <token>`) or a webhook
 * (`POST {webhookUrl}?wait=true`). One embed per paper; split over several messages when
 * Discord's limits (domain/discord-limits.ts) require it. Idempotent by lookup: every message
 * carries the marker `digest <key> part i/n` in its last embed's footer, and a publish first reads
 * the channel's recent messages and posts only the parts that are missing.
 */
import { AppError } from '../../domain/errors.ts';
import { silentLogger, type Logger } from '../../lib/logger.ts';
import type { Digest, DigestEntry, Receipt } from '../../domain/digest.ts';
import {
  clampEmbed,
  DISCORD_LIMITS,
  splitEmbeds,
  truncate,
  type DiscordEmbed,
} from '../../domain/discord-limits.ts';
import { createDiscordRest, type DiscordMessage } from '../../lib/discord/rest.ts';
import { formatAuthors, formatScore, normalizeSpace, notCoveredSentence } from './text.ts';
import type { PublishProgress, Publisher } from '../../app/ports/publisher.ts';
import { ratingButtonId } from '../../domain/rating.ts';
import { perTarget, type PublisherPlugin } from './plugin.ts';

/** An action row of 👍/👎 buttons (Discord message components). */
export interface RatingButtonRow {
  type: 1;
  components: Array<{ type: 2; style: 2; label: string; custom_id: string }>;
}

/** The 👍/👎 buttons of entries `first..first+count-1`, five to a row (two per paper: at most 10 papers, 4 rows). */
function ratingRows(digest: Digest, first: number, count: number): RatingButtonRow[] {
  const buttons: RatingButtonRow['components'] = [];
  for (let i = first; i < first + count; i++) {
    const e = digest.entries[i];
    if (!e) continue;
    for (const [rating, emoji] of [
      ['up', '👍'],
      ['down', '👎'],
    ] as const) {
      const id = ratingButtonId(digest.subscription, e.arxivId, rating);
      if (id) buttons.push({ type: 2, style: 2, label: `${emoji} ${i + 1}`, custom_id: id });
    }
  }
  const rows: RatingButtonRow[] = [];
  for (let k = 0; k < buttons.length && rows.length < 5; k += 5)
    rows.push({ type: 1, components: buttons.slice(k, k + 5) });
  return rows;
}

/** The JSON body of `POST /channels/{id}/messages` or a webhook execute, as the publisher sends it. */
export interface DiscordMessagePayload {
  content?: string;
  embeds: DiscordEmbed[];
  /** 👍/👎 buttons for the papers of this message (bot posts only: webhooks we do not own cannot carry them). */
  components?: RatingButtonRow[];
  /** Paper titles and abstracts are untrusted text: never let them ping anyone. */
  allowed_mentions: { parse: [] };
}

/** arXiv's brand red, so digests are recognisable in a busy channel. */
const EMBED_COLOR = 0xb31b1b;
/** Lookup page size (Discord allows 1-100) and how many pages of recent messages it reads at most. */
const LOOKUP_LIMIT = 50;
const LOOKUP_PAGES = 4;
const DESCRIPTION_MAX = 1800;
const DESCRIPTION_FLOOR = 600;
/** Title, fields and their names of a typical paper embed (authors are cut at 12 names). */
const EMBED_OVERHEAD = 350;
const TLDR_MAX = 1000;
const KEY_POINT_MAX = 300;
const REQUEST_TIMEOUT_MS = 30_000;
const MAX_KEY_LENGTH = 1000;

/** The footer marker of part `part` of `parts`: what a retried publish looks for. */
export function digestMarker(key: string, part: number, parts: number): string {
  return `digest ${key} part ${part}/${parts}`;
}

/**
 * The digest as Discord messages, in order: one embed per paper (title linked to arXiv, TL;DR and
 * key points, authors, categories, score), packed into messages within every Discord limit; the
 * first message's content names the topic, date and interest. The last embed of each message
 * carries `digestMarker(key, i, n)` in its footer. Pure: the Discord bot can reuse it.
 */
export function digestToDiscordMessages(
  digest: Digest,
  opts: { ratingButtons?: boolean } = {},
): DiscordMessagePayload[] {
  const reserve = digestMarker(digest.key, 999, 999).length;
  if (digest.key.length === 0 || digest.key.length > MAX_KEY_LENGTH || /[\r\n]/.test(digest.key)) {
    throw new AppError(
      'INVALID_INPUT',
      `Digest key must be 1-${MAX_KEY_LENGTH} characters on one line, got ${JSON.stringify(digest.key.slice(0, 80))}`,
    );
  }
  const embeds =
    digest.entries.length === 0
      ? [
          {
            title: 'No new papers',
            description: 'Nothing new matched this subscription in this window.',
            color: EMBED_COLOR,
          },
        ]
      : digest.entries.map((entry, i) =>
          clampEmbed(paperEmbed(entry, i + 1, descriptionBudget(digest, reserve))),
        );
  const groups = splitEmbeds(embeds, { reservePerGroup: reserve });
  const topic = normalizeSpace(digest.subscription);
  const count = `${digest.entries.length} paper${digest.entries.length === 1 ? '' : 's'}`;
  const notCovered = notCoveredSentence(digest.notCovered);
  let firstEntry = 0;
  return groups.map((group, g) => {
    const last = group.length - 1;
    const rows =
      opts.ratingButtons && digest.entries.length > 0 ? ratingRows(digest, firstEntry, group.length) : [];
    firstEntry += group.length;
    const marked = group.map((e, k) =>
      k === last ? { ...e, footer: { text: digestMarker(digest.key, g + 1, groups.length) } } : e,
    );
    const content =
      g === 0
        ? `**${topic}** — arXiv digest for ${digest.date} · ${count}\n> ${normalizeSpace(digest.interest)}${notCovered ? `\n${notCovered}` : ''}`
        : `**${topic}** — ${digest.date} (continued, ${g + 1}/${groups.length})`;
    return {
      content: truncate(content, DISCORD_LIMITS.content),
      embeds: marked,
      ...(rows.length > 0 ? { components: rows } : {}),
      allowed_mentions: { parse: [] },
    };
  });
}

function paperEmbed(entry: DigestEntry, rank: number, descriptionMax: number): DiscordEmbed {
  return {
    title: `${rank}. ${normalizeSpace(entry.title)}`,
    url: entry.absUrl,
    description: paperDescription(entry, descriptionMax),
    color: EMBED_COLOR,
    fields: paperFields(entry),
  };
}

/**
 * Characters each paper's description may use: a digest of up to ~5 papers shares one message
 * (6000 characters across its embeds), larger ones are split with at least DESCRIPTION_FLOOR per
 * paper, and never more than DESCRIPTION_MAX so a digest stays a handful of messages, all within
 * reach of the lookup.
 */
function descriptionBudget(digest: Digest, reserve: number): number {
  const perMessage = Math.min(digest.entries.length, DISCORD_LIMITS.embedsPerMessage);
  const perEmbed =
    Math.floor((DISCORD_LIMITS.embedsTotal - reserve) / Math.max(perMessage, 1)) - EMBED_OVERHEAD;
  return Math.max(DESCRIPTION_FLOOR, Math.min(DESCRIPTION_MAX, perEmbed));
}

/** TL;DR then as many key points as fit in `max` characters. */
function paperDescription(entry: DigestEntry, max: number): string {
  let text = truncate(`**TL;DR** ${normalizeSpace(entry.summary.tldr)}`, Math.min(max, TLDR_MAX));
  const points = entry.summary.keyPoints.map(normalizeSpace).filter((p) => p.length > 0);
  for (const [i, point] of points.entries()) {
    const line = `${i === 0 ? '\n' : ''}\n• ${truncate(point, KEY_POINT_MAX)}`;
    if (text.length + line.length > max) break;
    text += line;
  }
  return text;
}

function paperFields(entry: DigestEntry): DiscordEmbed['fields'] {
  const id = entry.version ? `${entry.arxivId}v${entry.version}` : entry.arxivId;
  const categories = [entry.primaryCategory, ...entry.categories.filter((c) => c !== entry.primaryCategory)];
  return [
    { name: 'Authors', value: formatAuthors(entry.authors) },
    { name: 'Categories', value: categories.join(', '), inline: true },
    { name: 'Score', value: formatScore(entry.score), inline: true },
    ...(entry.why ? [{ name: 'Why', value: truncate(entry.why.text, 1024) }] : []),
    {
      name: 'arXiv',
      value: entry.pdfUrl ? `[${id}](${entry.absUrl}) · [pdf](${entry.pdfUrl})` : `[${id}](${entry.absUrl})`,
      inline: true,
    },
  ];
}

export interface DiscordPublisherOptions {
  /** Bot token: posts to `channelId`, and enables the lookup (also for webhook posts). */
  token?: string;
  channelId?: string;
  /** `https://discord.com/api/webhooks/{id}/{token}`: posts through the webhook instead of the bot. */
  webhookUrl?: string;
  /** Default https://discord.com/api/v10 (DISCORD_API_URL; a loopback fake in tests). */
  apiUrl?: string;
  logger?: Logger;
}

/**
 * Creates the Discord publisher. Needs a bot token with a channel id, or a webhook URL. With a
 * webhook and no token, no lookup is possible (webhooks cannot list messages): a retry after a
 * lost response may then post a part twice — see docs/publishing.md.
 */
export function createDiscordPublisher(opts: DiscordPublisherOptions): Publisher {
  const logger = opts.logger ?? silentLogger;
  if (!opts.webhookUrl && !(opts.token && opts.channelId)) {
    throw new AppError(
      'CONFIG_INVALID',
      'Discord publishing needs DISCORD_TOKEN with a channel id, or DISCORD_WEBHOOK_URL',
    );
  }
  const webhookUrl = opts.webhookUrl ? parseWebhookUrl(opts.webhookUrl) : undefined;
  const rest = createDiscordRest({
    apiUrl: opts.apiUrl,
    botToken: opts.token,
    timeoutMs: REQUEST_TIMEOUT_MS,
  });
  let lookupChannel: string | undefined = opts.channelId;

  /** Part number → message of the parts of this digest already in the channel. */
  async function findPostedParts(key: string, parts: number): Promise<Map<number, DiscordMessage>> {
    const found = new Map<number, DiscordMessage>();
    if (!opts.token) return found;
    if (!lookupChannel && webhookUrl) {
      // The webhook object names its channel; reading it needs no auth.
      lookupChannel = (await rest.getWebhook(webhookUrl.base)).channel_id;
    }
    if (!lookupChannel) return found;
    // Newest first, page by page, until every part is found or LOOKUP_PAGES pages were read.
    let before: string | undefined;
    for (let page = 0; page < LOOKUP_PAGES && found.size < parts; page++) {
      const messages = await rest.listMessages(lookupChannel, { limit: LOOKUP_LIMIT, before });
      for (const m of messages) {
        for (let part = 1; part <= parts; part++) {
          const marker = digestMarker(key, part, parts);
          if (!found.has(part) && m.embeds?.some((e) => e.footer?.text === marker)) found.set(part, m);
        }
      }
      if (messages.length < LOOKUP_LIMIT) break;
      before = messages.at(-1)?.id;
    }
    return found;
  }

  async function post(payload: DiscordMessagePayload): Promise<DiscordMessage> {
    if (webhookUrl) return rest.executeWebhook(webhookUrl.base, { json: payload });
    return rest.createMessage(opts.channelId ?? '', { json: payload });
  }

  return {
    kind: 'discord',
    async notice(text: string): Promise<void> {
      await post({
        content: truncate(text, DISCORD_LIMITS.content),
        embeds: [],
        allowed_mentions: { parse: [] },
      });
    },
    async publish(digest: Digest, progress?: PublishProgress): Promise<Receipt> {
      // Readers rate entries with buttons; their presses reach the bot (interactions endpoint or gateway).
      const payloads = digestToDiscordMessages(digest, { ratingButtons: !webhookUrl });
      // Parts the previous attempt recorded, then (with a bot token) the channel's own record,
      // which also finds a part posted just before a crash could record it.
      const posted = resumedParts(progress?.resume, digest.key, payloads.length);
      for (const [part, m] of await findPostedParts(digest.key, payloads.length))
        if (!posted.has(part)) posted.set(part, m);
      const messages: DiscordMessage[] = [];
      const record = () =>
        progress?.record({
          key: digest.key,
          parts: payloads.length,
          posted: messages.map((m) => ({
            id: m.id,
            channel_id: m.channel_id,
            ...(m.timestamp ? { timestamp: m.timestamp } : {}),
          })),
        } satisfies DiscordProgress);
      for (const [i, payload] of payloads.entries()) {
        const existing = posted.get(i + 1);
        if (existing) {
          messages.push(existing);
          continue;
        }
        const message = await post(payload);
        logger.info(
          { digest: digest.key, part: i + 1, parts: payloads.length, messageId: message.id },
          'posted digest part to Discord',
        );
        messages.push(message);
        record();
      }
      if (posted.size > 0)
        logger.info(
          { digest: digest.key, found: posted.size },
          'Discord already had digest parts; posted only the missing ones',
        );
      return {
        destination: 'discord',
        ref: messages.map((m) => m.id).join(','),
        // Guild ids are not in message objects, so no jump URL; the time is when part 1 was posted.
        url: null,
        publishedAt: messages[0]?.timestamp ?? new Date().toISOString(),
      };
    },
  };
}

/**
 * The `discord` destination: the subscription's own channel or webhook, else DISCORD_WEBHOOK_URL,
 * else DISCORD_CHANNEL_ID with the bot token (docs/publishing.md); one publisher per target.
 */
export const discordPublisher: PublisherPlugin = {
  kind: 'discord',
  env: ['DISCORD_TOKEN', 'DISCORD_WEBHOOK_URL', 'DISCORD_CHANNEL_ID', 'DISCORD_API_URL'],
  create({ config, logger }) {
    const forTarget = perTarget((target) => {
      const bar = target.indexOf('|');
      return createDiscordPublisher({
        token: config.DISCORD_TOKEN,
        channelId: target.slice(0, bar) || undefined,
        webhookUrl: target.slice(bar + 1) || undefined,
        apiUrl: config.DISCORD_API_URL,
        logger,
      });
    });
    return (destinations) => {
      const own = destinations.discordWebhookUrl || destinations.discordChannelId;
      const webhookUrl = own ? (destinations.discordWebhookUrl ?? undefined) : config.DISCORD_WEBHOOK_URL;
      const channelId = own
        ? (destinations.discordChannelId ?? undefined)
        : webhookUrl
          ? undefined
          : config.DISCORD_CHANNEL_ID;
      if (!(channelId && config.DISCORD_TOKEN) && !webhookUrl) return null;
      return forTarget(`${channelId ?? ''}|${webhookUrl ?? ''}`);
    };
  },
};

/** What a Discord publish records after each part it posted: the parts 1..n posted so far. */
interface DiscordProgress {
  key: string;
  parts: number;
  posted: DiscordMessage[];
}

/** Part number → message of the previous attempt's recorded parts of this digest. */
function resumedParts(state: unknown, key: string, parts: number): Map<number, DiscordMessage> {
  const p = state as Partial<DiscordProgress> | undefined;
  const found = new Map<number, DiscordMessage>();
  if (!p || typeof p !== 'object' || p.key !== key || p.parts !== parts || !Array.isArray(p.posted))
    return found;
  p.posted.slice(0, parts).forEach((m, i) => {
    if (typeof m?.id === 'string') found.set(i + 1, m);
  });
  return found;
}

/** Validates a webhook URL (`…/webhooks/{id}/{token}`) without ever logging its token. */
function parseWebhookUrl(raw: string): { base: string } {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new AppError(
      'CONFIG_INVALID',
      'DISCORD_WEBHOOK_URL is not a URL; copy it from Channel settings → Integrations → Webhooks',
    );
  }
  if (!/\/webhooks\/\d+\/[\w-]+\/?$/.test(url.pathname) || !/^https?:$/.test(url.protocol)) {
    throw new AppError(
      'CONFIG_INVALID',
      'DISCORD_WEBHOOK_URL must look like https://discord.com/api/webhooks/<id>/<token>',
    );
  }
  url.search = '';
  return { base: url.toString().replace(/\/+$/, '') };
}
