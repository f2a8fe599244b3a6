/**
 * The single place that maps Notion and Discord HTTP failures to AppErrors, so Temporal can tell
 * permanent failures (bad token, missing permission, invalid payload) from transient ones (rate
 * limits, outages, network). Temporal owns retries: nothing here retries.
 */
import { APIResponseError, RequestTimeoutError, UnknownHTTPResponseError } from '@notionhq/client';
import { AppError, errorMessage, isAppError } from '../../lib/errors.ts';

export type PublishService = 'Notion' | 'Discord';

/** Used when a 429 carries no usable Retry-After: Notion's documented average is ~3 requests/s. */
const DEFAULT_RETRY_AFTER_MS = 1000;

const HINTS: Record<PublishService, Partial<Record<number, string>>> = {
  Notion: {
    401: 'the token was rejected: check NOTION_TOKEN (an internal integration secret)',
    403: 'the integration lacks access: share the database with the integration (••• → Connections)',
    404: 'the database or page was not found or is not shared with the integration: check NOTION_DATABASE_ID',
    400: 'Notion rejected the request as invalid: check the database properties described in docs/publishing.md',
  },
  Discord: {
    401: 'the token was rejected: check DISCORD_TOKEN (a bot token) or DISCORD_WEBHOOK_URL',
    403: 'the bot lacks permission: give it View Channel, Send Messages, Embed Links and Read Message History in the channel',
    404: 'the channel or webhook does not exist: check DISCORD_CHANNEL_ID or DISCORD_WEBHOOK_URL',
    400: 'Discord rejected the message as invalid',
  },
};

/**
 * The AppError for an HTTP failure from `service`. 429 → retryable `RATE_LIMITED` with
 * `retryAfterMs`; 408, 409 (Notion conflict), 5xx → retryable `PUBLISH_FAILED`; any other 4xx
 * (401, 403, 404, validation 400) → non-retryable `PUBLISH_FAILED` whose message says what to fix.
 */
export function httpFailure(
  service: PublishService,
  status: number,
  detail: { message?: string; code?: string | number; retryAfterMs?: number | undefined; body?: unknown } = {},
): AppError {
  const what = `${service} answered HTTP ${status}${detail.code === undefined ? '' : ` (${detail.code})`}`;
  const said = detail.message ? `: ${detail.message}` : '';
  const details = { service, status, code: detail.code, body: detail.body };
  if (status === 429) {
    const retryAfterMs = detail.retryAfterMs ?? DEFAULT_RETRY_AFTER_MS;
    return new AppError('RATE_LIMITED', `${what}${said}; retry after ${retryAfterMs} ms`, {
      retryable: true,
      retryAfterMs,
      details,
    });
  }
  if (status === 408 || status === 409 || status >= 500) {
    return new AppError('PUBLISH_FAILED', `${what}${said}; temporary, will be retried`, { retryable: true, details });
  }
  const hint = HINTS[service][status] ?? `${service} refused the request`;
  return new AppError('PUBLISH_FAILED', `${what}${said} — ${hint}`, { retryable: false, details });
}

/**
 * Parses an HTTP Retry-After header (delta-seconds or HTTP-date) into milliseconds, or undefined
 * when absent or unparseable.
 */
export function parseRetryAfter(value: string | null | undefined, now: number = Date.now()): number | undefined {
  if (value === null || value === undefined || value.trim() === '') return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds) && seconds >= 0) return Math.ceil(seconds * 1000);
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/** Maps anything the Notion SDK throws (API errors, timeouts, network failures) to an AppError. */
export function notionFailure(e: unknown, action: string): AppError {
  if (isAppError(e)) return e;
  if (APIResponseError.isAPIResponseError(e) || UnknownHTTPResponseError.isUnknownHTTPResponseError(e)) {
    return httpFailure('Notion', e.status, {
      message: `${action}: ${e.message}`,
      code: e.code,
      retryAfterMs: parseRetryAfter(headerOf(e.headers, 'retry-after')),
    });
  }
  if (RequestTimeoutError.isRequestTimeoutError(e)) {
    return new AppError('PUBLISH_FAILED', `Notion timed out while trying to ${action}; will be retried`, {
      retryable: true,
      cause: e,
    });
  }
  return new AppError('PUBLISH_FAILED', `Could not reach Notion to ${action}: ${errorMessage(e)}`, {
    retryable: true,
    cause: e,
  });
}

/** Maps a failed Discord response (status, headers, JSON body) to an AppError. */
export async function discordFailure(res: Response, action: string): Promise<AppError> {
  const text = await res.text().catch(() => '');
  let body: { message?: unknown; code?: unknown; retry_after?: unknown; errors?: unknown } = {};
  try {
    body = JSON.parse(text) as typeof body;
  } catch {
    // Discord's edge (Cloudflare) answers some failures with HTML; keep the status only.
  }
  // Discord sends retry_after (seconds, float) in the body and Retry-After in the header.
  const retryAfterMs =
    typeof body.retry_after === 'number' ? Math.ceil(body.retry_after * 1000) : parseRetryAfter(res.headers.get('retry-after'));
  const errors = body.errors === undefined ? '' : ` ${JSON.stringify(body.errors).slice(0, 500)}`;
  return httpFailure('Discord', res.status, {
    message: `${action}: ${typeof body.message === 'string' ? body.message : res.statusText}${errors}`,
    ...(typeof body.code === 'number' ? { code: body.code } : {}),
    retryAfterMs,
    body: body.errors,
  });
}

/** Maps a network-level failure (DNS, refused connection, reset) talking to Discord. */
export function discordNetworkFailure(e: unknown, action: string): AppError {
  if (isAppError(e)) return e;
  return new AppError('PUBLISH_FAILED', `Could not reach Discord to ${action}: ${errorMessage(e)}`, {
    retryable: true,
    cause: e,
  });
}

function headerOf(headers: unknown, name: string): string | undefined {
  if (headers && typeof (headers as Headers).get === 'function') return (headers as Headers).get(name) ?? undefined;
  if (headers && typeof headers === 'object') {
    for (const [k, v] of Object.entries(headers as Record<string, unknown>)) {
      if (k.toLowerCase() === name && typeof v === 'string') return v;
    }
  }
  return undefined;
}
