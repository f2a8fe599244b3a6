/**
 * Publishes a digest to Slack through an incoming webhook (`POST https://hooks.slack.com/services/
 * T…/B…/…` with a JSON body; Slack answers 200 `ok`). A digest is Block Kit messages: a header
 * and the interest, one mrkdwn section per paper, a context block `digest <key> part i/n` closing
 * each message, split within Slack's limits (docs.slack.dev Block Kit reference: a section's text
 * ≤ 3000 characters, a header ≤ 150, ≤ 50 blocks a message; one message a second per webhook).
 * Webhooks cannot read the channel back, so a retry resumes after the parts the previous attempt
 * recorded (heartbeat details); a part that landed in the instant before a crash could record it
 * is posted again (docs/publishing.md). Registers itself as the `slack` destination
 * (SLACK_WEBHOOK_URL, a subscription's own webhook in `destinations.targets.slack`).
 */
import { createHash } from 'node:crypto';
import type { PublishProgress, Publisher } from '../../app/ports/publisher.ts';
import type { Digest, DigestEntry, Receipt } from '../../domain/digest.ts';
import { AppError, errorMessage } from '../../domain/errors.ts';
import { httpFailure, parseRetryAfter, type StatusHints } from '../../lib/http-failure.ts';
import { silentLogger, type Logger } from '../../lib/logger.ts';
import { perTarget, targetOf, type PublisherPlugin } from './plugin.ts';
import { formatAuthors, formatScore, normalizeSpace, notCoveredSentence } from './text.ts';

/** Slack's documented Block Kit limits, and our per-message budget under the undocumented total. */
export const SLACK_LIMITS = {
  sectionText: 3000,
  headerText: 150,
  blocksPerMessage: 50,
  /** The top-level `text` (notification and fallback): Slack truncates at 40,000; ours stays short. */
  fallbackText: 3000,
  /** Block text per message we allow ourselves: Slack refuses ~13k as `msg_blocks_too_long`. */
  messageBudget: 10_000,
} as const;

export const DEFAULT_SLACK_API_URL = 'https://hooks.slack.com';

export interface SlackTextObject {
  type: 'mrkdwn' | 'plain_text';
  text: string;
}

export type SlackBlock =
  | { type: 'header'; text: SlackTextObject }
  | { type: 'section'; text: SlackTextObject }
  | { type: 'context'; elements: SlackTextObject[] };

/** The JSON body of an incoming-webhook post. */
export interface SlackMessage {
  text: string;
  blocks: SlackBlock[];
  /** Titles link to arXiv; previews of ten abstract pages would drown the digest. */
  unfurl_links: false;
  unfurl_media: false;
}

const TLDR_MAX = 1200;
const KEY_POINT_MAX = 300;
const MAX_KEY_LENGTH = 1000;
const REQUEST_TIMEOUT_MS = 30_000;

/** The marker closing part `part` of `parts`. */
export function slackMarker(key: string, part: number, parts: number): string {
  return `digest ${key} part ${part}/${parts}`;
}

/** Escapes the three characters Slack's mrkdwn gives meaning to. */
export function escapeMrkdwn(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function cut(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}

/** One paper as mrkdwn: linked title, TL;DR, as many key points as fit, authors, categories, score. */
function paperSection(entry: DigestEntry, rank: number): SlackBlock {
  const id = entry.version ? `${entry.arxivId}v${entry.version}` : entry.arxivId;
  // A link's label ends at `|` or `>`: `>` is escaped, `|` replaced.
  const title = escapeMrkdwn(cut(normalizeSpace(entry.title), 500).replace(/\|/g, '¦'));
  const categories = [entry.primaryCategory, ...entry.categories.filter((c) => c !== entry.primaryCategory)];
  const head = `*${rank}. <${entry.absUrl}|${title}>*`;
  const meta = [
    `_${escapeMrkdwn(cut(formatAuthors(entry.authors), 400))}_`,
    `${escapeMrkdwn(categories.join(', '))} · score ${formatScore(entry.score)} · <${entry.absUrl}|${id}>${entry.pdfUrl ? ` · <${entry.pdfUrl}|pdf>` : ''}`,
    ...(entry.why ? [`Why: ${escapeMrkdwn(cut(normalizeSpace(entry.why.text), 300))}`] : []),
  ].join('\n');
  const budget = SLACK_LIMITS.sectionText - head.length - meta.length - 2;
  let body = `*TL;DR* ${escapeMrkdwn(cut(normalizeSpace(entry.summary.tldr), TLDR_MAX))}`;
  if (body.length > budget) body = `${body.slice(0, budget - 1).replace(/&[a-z]{0,3}$/, '')}…`;
  for (const point of entry.summary.keyPoints.map(normalizeSpace).filter((p) => p.length > 0)) {
    const line = `\n• ${escapeMrkdwn(cut(point, KEY_POINT_MAX))}`;
    if (body.length + line.length > budget) break;
    body += line;
  }
  return { type: 'section', text: { type: 'mrkdwn', text: `${head}\n${body}\n${meta}` } };
}

/** Part 1's opening: header, interest, count, the announcements not covered. */
function openingBlocks(digest: Digest): SlackBlock[] {
  const n = digest.entries.length;
  const notCovered = notCoveredSentence(digest.notCovered);
  const intro = [
    `> ${escapeMrkdwn(cut(normalizeSpace(digest.interest), 2000))}`,
    n === 0
      ? '_No new papers matched this subscription in this window._'
      : `${n} paper${n === 1 ? '' : 's'}, best first.`,
    ...(notCovered ? [escapeMrkdwn(notCovered)] : []),
  ].join('\n');
  const header = `${normalizeSpace(digest.subscription)} — arXiv digest for ${digest.date}`;
  return [
    { type: 'header', text: { type: 'plain_text', text: cut(header, SLACK_LIMITS.headerText) } },
    { type: 'section', text: { type: 'mrkdwn', text: intro } },
  ];
}

const textLength = (b: SlackBlock) =>
  b.type === 'context' ? b.elements.reduce((n, e) => n + e.text.length, 0) : b.text.text.length;

/** Blocks packed into messages within the block count and the character budget, with room for `reserve` more blocks. */
function pack(blocks: SlackBlock[], reserve: { blocks: number; chars: number }): SlackBlock[][] {
  const groups: SlackBlock[][] = [];
  let group: SlackBlock[] = [];
  let chars = 0;
  for (const b of blocks) {
    const len = textLength(b);
    const full =
      group.length + 1 + reserve.blocks > SLACK_LIMITS.blocksPerMessage ||
      chars + len + reserve.chars > SLACK_LIMITS.messageBudget;
    if (group.length > 0 && full) {
      groups.push(group);
      group = [];
      chars = 0;
    }
    group.push(b);
    chars += len;
  }
  if (group.length > 0) groups.push(group);
  return groups;
}

const contextBlock = (type: SlackTextObject['type'], text: string): SlackBlock => ({
  type: 'context',
  elements: [{ type, text }],
});

/** The digest as webhook messages, in order; later parts open with a `(continued i/n)` line. */
export function digestToSlackMessages(digest: Digest): SlackMessage[] {
  if (digest.key.length === 0 || digest.key.length > MAX_KEY_LENGTH || /[\r\n]/.test(digest.key)) {
    throw new AppError(
      'INVALID_INPUT',
      `Digest key must be 1-${MAX_KEY_LENGTH} characters on one line, got ${JSON.stringify(digest.key.slice(0, 80))}`,
    );
  }
  const blocks = [...openingBlocks(digest), ...digest.entries.map((e, i) => paperSection(e, i + 1))];
  const groups = pack(blocks, { blocks: 2, chars: slackMarker(digest.key, 999, 999).length + 300 });
  const topic = normalizeSpace(digest.subscription);
  const n = digest.entries.length;
  return groups.map((group, g) => {
    const continued = `${topic} — ${digest.date} (continued, ${g + 1}/${groups.length})`;
    const text =
      g === 0 ? `${topic} — arXiv digest for ${digest.date} · ${n} paper${n === 1 ? '' : 's'}` : continued;
    const marker = slackMarker(digest.key, g + 1, groups.length);
    return {
      text: escapeMrkdwn(cut(text, SLACK_LIMITS.fallbackText)),
      blocks: [
        ...(g === 0 ? [] : [contextBlock('mrkdwn', escapeMrkdwn(continued))]),
        ...group,
        contextBlock('plain_text', marker),
      ],
      unfurl_links: false,
      unfurl_media: false,
    };
  });
}

const WEBHOOK_PATH = /^\/services\/T[A-Z0-9]{2,20}\/B[A-Z0-9]{2,20}\/[A-Za-z0-9]{8,64}\/?$/;

/**
 * A Slack incoming-webhook URL as Slack shows it (`https://hooks.slack.com/services/T…/B…/…`), on
 * the origin of SLACK_API_URL (Slack's by default; a loopback fake in tests), or INVALID_INPUT
 * naming what to fix. The worker posts to it, so it may not point anywhere else.
 */
export function checkSlackWebhookUrl(raw: string, apiUrl: string = DEFAULT_SLACK_API_URL): string {
  const hint = 'copy it from the Slack app\'s "Incoming Webhooks" page (Add New Webhook to Workspace)';
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    throw new AppError('INVALID_INPUT', `The Slack webhook URL is not a URL; ${hint}.`);
  }
  const origin = new URL(apiUrl).origin;
  if (
    url.origin !== origin ||
    url.username ||
    url.password ||
    url.search ||
    url.hash ||
    !WEBHOOK_PATH.test(url.pathname)
  )
    throw new AppError(
      'INVALID_INPUT',
      `The Slack webhook URL must look like ${origin}/services/T…/B…/<secret>; ${hint}.`,
    );
  return url.toString().replace(/\/+$/, '');
}

/** What to fix when Slack refuses a post (Slack's incoming-webhook error answers). */
const SLACK_HINTS: StatusHints = {
  400: 'Slack refused the message as invalid (invalid_payload, invalid_blocks, no_text); please report it: digests are rendered within the documented limits',
  403: 'posting through this webhook is not allowed (action_prohibited): a workspace admin restricted it',
  404: "the webhook no longer exists (no_service, channel_not_found): create a new incoming webhook and set SLACK_WEBHOOK_URL or the subscription's slack target",
  410: "the webhook's channel is archived (channel_is_archived): unarchive it or use a webhook of another channel",
};

export interface SlackPublisherOptions {
  /** The incoming webhook (a secret: never logged). */
  webhookUrl: string;
  /** SLACK_API_URL: the origin webhooks must be on (default https://hooks.slack.com). */
  apiUrl?: string;
  logger?: Logger;
  /** Pause between two parts (Slack: one message a second per webhook). Default 1100. */
  minIntervalMs?: number;
}

/** What a Slack publish records after each part that landed. */
interface SlackProgress {
  key: string;
  /** A hash of the webhook, so another webhook's record is never taken for this one's. */
  hook: string;
  parts: number;
  posted: number;
  firstAt: string;
}

function resumed(state: unknown, key: string, hook: string, parts: number): SlackProgress | undefined {
  const p = state as Partial<SlackProgress> | undefined;
  if (!p || typeof p !== 'object' || p.key !== key || p.hook !== hook || p.parts !== parts) return undefined;
  if (typeof p.posted !== 'number' || p.posted < 0 || p.posted > parts || typeof p.firstAt !== 'string')
    return undefined;
  return p as SlackProgress;
}

/** Posts one message; a refusal becomes an AppError (404/410/400 permanent, 429 RATE_LIMITED, 5xx retried). */
async function postMessage(url: string, message: SlackMessage): Promise<void> {
  let res: Response;
  try {
    res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json; charset=utf-8' },
      body: JSON.stringify(message),
      redirect: 'error',
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
  } catch (e) {
    // The URL is a secret: the message names the webhook, not its address.
    throw new AppError(
      'PUBLISH_FAILED',
      `Could not reach the Slack webhook: ${errorMessage(e)}; will be retried`,
      {
        retryable: true,
      },
    );
  }
  const body = (await res.text().catch(() => '')).trim().slice(0, 200);
  if (res.ok) return;
  throw httpFailure(
    'Slack',
    res.status,
    {
      code: /^[a-z_]+$/.test(body) ? body : undefined,
      retryAfterMs: parseRetryAfter(res.headers.get('retry-after')),
    },
    SLACK_HINTS,
  );
}

/** Creates the publisher of one incoming webhook. The URL is checked on publish, so a bad one fails that destination only. */
export function createSlackPublisher(opts: SlackPublisherOptions): Publisher {
  const logger = opts.logger ?? silentLogger;
  const hook = createHash('sha256').update(opts.webhookUrl).digest('hex').slice(0, 12);
  const interval = opts.minIntervalMs ?? 1100;
  const url = () => {
    try {
      return checkSlackWebhookUrl(opts.webhookUrl, opts.apiUrl);
    } catch (e) {
      throw new AppError('PUBLISH_FAILED', errorMessage(e), { retryable: false });
    }
  };
  return {
    kind: 'slack',
    async notice(text: string): Promise<void> {
      await postMessage(url(), {
        text: escapeMrkdwn(cut(text, SLACK_LIMITS.fallbackText)),
        blocks: [],
        unfurl_links: false,
        unfurl_media: false,
      });
    },
    async publish(digest: Digest, progress?: PublishProgress): Promise<Receipt> {
      const target = url();
      const messages = digestToSlackMessages(digest);
      const prior = resumed(progress?.resume, digest.key, hook, messages.length);
      let posted = prior?.posted ?? 0;
      let firstAt = prior?.firstAt ?? '';
      if (prior)
        logger.info(
          { digest: digest.key, posted, parts: messages.length },
          'resuming a Slack digest after the parts that landed',
        );
      let sent = 0;
      for (const message of messages.slice(posted)) {
        if (sent++ > 0) await new Promise((r) => setTimeout(r, interval));
        await postMessage(target, message);
        posted += 1;
        firstAt ||= new Date().toISOString();
        progress?.record({
          key: digest.key,
          hook,
          parts: messages.length,
          posted,
          firstAt,
        } satisfies SlackProgress);
        logger.info(
          { digest: digest.key, part: posted, parts: messages.length },
          'posted digest part to Slack',
        );
      }
      return {
        destination: 'slack',
        ref: `webhook ${hook}: ${messages.length} part${messages.length === 1 ? '' : 's'}`,
        url: null,
        publishedAt: firstAt,
      };
    },
  };
}

/** The `slack` destination: the subscription's own webhook, else SLACK_WEBHOOK_URL. */
export const slackPublisher: PublisherPlugin = {
  kind: 'slack',
  env: ['SLACK_WEBHOOK_URL', 'SLACK_API_URL'],
  info: (config) => ({
    kind: 'slack',
    label: 'Slack',
    target: 'a Slack incoming-webhook URL (https://hooks.slack.com/services/T…/B…/…)',
    fallback: config.SLACK_WEBHOOK_URL ? 'SLACK_WEBHOOK_URL' : null,
    checkTarget: (raw) => checkSlackWebhookUrl(raw, config.SLACK_API_URL),
  }),
  create({ config, logger }) {
    const forUrl = perTarget((webhookUrl) =>
      createSlackPublisher({ webhookUrl, apiUrl: config.SLACK_API_URL, logger }),
    );
    return (destinations) => {
      const target = targetOf(destinations, 'slack', config.SLACK_WEBHOOK_URL);
      return target ? forUrl(target) : null;
    };
  },
};
