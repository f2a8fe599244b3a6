/**
 * A loopback fake of Slack incoming webhooks (`POST /services/<T…>/<B…>/<secret>`), written from
 * Slack's documentation, not from our publisher: docs.slack.dev "Sending messages using incoming
 * webhooks" (200 `ok`; errors as a plain-text code: 400 `invalid_payload` / `no_text`, 403
 * `action_prohibited`, 404 `no_service`, 410 `channel_is_archived`, 429 with Retry-After), and the
 * Block Kit reference (≤ 50 blocks a message; section text ≤ 3000 characters; header plain_text
 * ≤ 150; context ≤ 10 elements; block_id ≤ 255). It is stricter than Slack where Slack is vague:
 * only JSON bodies (Slack also takes a form-encoded `payload`), a top-level `text` over 40,000
 * characters is refused (Slack truncates it), and blocks whose texts add up to more than 13,000
 * characters are refused as `msg_blocks_too_long` (the limit Slack users observe:
 * github.com/slackapi/bolt-js/issues/2509). Every accepted message is recorded per webhook.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A one-shot (or `times`-shot) failure of posts to a webhook. */
export interface SlackFault {
  status: number;
  /** The plain-text error code Slack answers with. */
  body: string;
  /** For 429: the Retry-After header, in seconds. */
  retryAfterSec?: number;
  times?: number;
  /** Let this many posts through before failing. */
  skip?: number;
  /** Accept the message, then drop the connection (a response lost after success). */
  afterApplying?: boolean;
}

export interface SlackFake {
  /** The origin, e.g. http://127.0.0.1:4321: what SLACK_API_URL names in tests. */
  url: string;
  /** Registers a webhook and returns its URL. */
  addWebhook(opts?: { archived?: boolean }): string;
  /** Messages accepted by the webhook at `url`, oldest first. */
  messagesOf(url: string): SlackPostedMessage[];
  /** Every request, accepted or not, with its answer. */
  requests: Array<{ path: string; status: number; answer: string }>;
  fail(fault: SlackFault): void;
  close(): Promise<void>;
}

export interface SlackPostedMessage {
  text?: string;
  blocks?: Array<Record<string, unknown>>;
  [k: string]: unknown;
}

const TEXT_TYPES = new Set(['plain_text', 'mrkdwn']);
const BLOCK_TYPES = new Set([
  'section',
  'header',
  'context',
  'divider',
  'image',
  'actions',
  'rich_text',
  'markdown',
]);

/** Why a text object is invalid, or null. */
function textProblem(t: unknown, max: number, plainOnly = false): string | null {
  if (!t || typeof t !== 'object') return 'a text object is required';
  const { type, text } = t as { type?: unknown; text?: unknown };
  if (typeof type !== 'string' || !TEXT_TYPES.has(type))
    return `text type ${String(type)} is not plain_text or mrkdwn`;
  if (plainOnly && type !== 'plain_text') return 'must be plain_text';
  if (typeof text !== 'string' || text.length === 0) return 'text must be a non-empty string';
  if (text.length > max) return `text is ${text.length} characters, more than ${max}`;
  return null;
}

/** Why a block is invalid, or null; adds its text length to `chars`. */
function blockProblem(b: unknown, chars: { n: number }): string | null {
  if (!b || typeof b !== 'object') return 'a block must be an object';
  const block = b as Record<string, unknown>;
  if (typeof block.type !== 'string' || !BLOCK_TYPES.has(block.type))
    return `unknown block type ${String(block.type)}`;
  if (block.block_id !== undefined && (typeof block.block_id !== 'string' || block.block_id.length > 255))
    return 'block_id must be a string of at most 255 characters';
  const count = (t: unknown) => (chars.n += String((t as { text?: unknown })?.text ?? '').length);
  if (block.type === 'header') {
    count(block.text);
    return textProblem(block.text, 150, true);
  }
  if (block.type === 'section') {
    if (block.text === undefined && !Array.isArray(block.fields)) return 'a section needs text or fields';
    if (block.text !== undefined) {
      count(block.text);
      const p = textProblem(block.text, 3000);
      if (p) return `section: ${p}`;
    }
    return null;
  }
  if (block.type === 'context') {
    if (!Array.isArray(block.elements) || block.elements.length === 0 || block.elements.length > 10)
      return 'a context block needs 1-10 elements';
    for (const e of block.elements) {
      count(e);
      const p = textProblem(e, 3000);
      if (p) return `context: ${p}`;
    }
  }
  return null;
}

/** The error code Slack answers a message body with, or null when it is accepted. */
function messageProblem(raw: string): string | null {
  let body: unknown;
  try {
    body = JSON.parse(raw);
  } catch {
    return 'invalid_payload';
  }
  if (!body || typeof body !== 'object' || Array.isArray(body)) return 'invalid_payload';
  const m = body as SlackPostedMessage;
  if (m.text !== undefined && typeof m.text !== 'string') return 'invalid_payload';
  if (typeof m.text === 'string' && m.text.length > 40_000) return 'msg_too_long';
  if (m.blocks === undefined) return m.text ? null : 'no_text';
  if (!Array.isArray(m.blocks) || m.blocks.length > 50) return 'invalid_blocks';
  if (m.blocks.length === 0 && !m.text) return 'no_text';
  const chars = { n: 0 };
  for (const b of m.blocks) if (blockProblem(b, chars)) return 'invalid_blocks';
  if (chars.n > 13_000) return 'msg_blocks_too_long';
  return null;
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export async function startSlackServer(): Promise<SlackFake> {
  const hooks = new Map<string, { archived: boolean; messages: SlackPostedMessage[] }>();
  const faults: Array<SlackFault & { left: number; skipLeft: number }> = [];
  const requests: SlackFake['requests'] = [];
  let seq = 0;

  function answer(
    res: ServerResponse,
    path: string,
    status: number,
    text: string,
    headers: Record<string, string> = {},
  ) {
    requests.push({ path, status, answer: text });
    res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8', ...headers });
    res.end(text);
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    const raw = await readBody(req);
    const hook = hooks.get(path);
    if (req.method !== 'POST' || !hook) return answer(res, path, 404, 'no_service');
    if (!String(req.headers['content-type'] ?? '').startsWith('application/json'))
      return answer(res, path, 400, 'invalid_payload');
    if (hook.archived) return answer(res, path, 410, 'channel_is_archived');
    let fault = faults.find((f) => f.left > 0);
    if (fault && fault.skipLeft > 0) {
      fault.skipLeft--;
      fault = undefined;
    }
    if (fault && !fault.afterApplying) {
      fault.left--;
      const headers: Record<string, string> =
        fault.status === 429 ? { 'retry-after': String(fault.retryAfterSec ?? 1) } : {};
      return answer(res, path, fault.status, fault.body, headers);
    }
    const problem = messageProblem(raw);
    if (problem) return answer(res, path, 400, problem);
    hook.messages.push(JSON.parse(raw) as SlackPostedMessage);
    if (fault?.afterApplying) {
      fault.left--;
      requests.push({ path, status: 0, answer: '(connection dropped after accepting)' });
      res.socket?.destroy();
      return;
    }
    answer(res, path, 200, 'ok');
  }

  const server = createServer((req, res) => {
    handle(req, res).catch(() => answer(res, req.url ?? '', 500, 'rollup_error'));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: origin,
    requests,
    addWebhook(opts = {}) {
      seq += 1;
      const path = `/services/T0FAKE${seq}/B0HOOK${seq}/${'s3cret'.repeat(3)}${seq}`;
      hooks.set(path, { archived: opts.archived ?? false, messages: [] });
      return `${origin}${path}`;
    },
    messagesOf(url) {
      return hooks.get(new URL(url).pathname)?.messages ?? [];
    },
    fail(fault) {
      faults.push({ ...fault, left: fault.times ?? 1, skipLeft: fault.skip ?? 0 });
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
