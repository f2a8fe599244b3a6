/**
 * How an HTTP failure from a publishing API (Notion, Discord) becomes an AppError, so Temporal can
 * tell permanent failures (bad token, missing permission, invalid payload) from transient ones
 * (rate limits, outages). Shared by adapters/publish/errors.ts (Notion) and lib/discord/errors.ts.
 * Temporal owns retries: nothing here retries.
 */
import { AppError } from '../domain/errors.ts';

/** What to fix, by HTTP status, appended to permanent failures. */
export type StatusHints = Partial<Record<number, string>>;

/** Used when a 429 carries no usable Retry-After: Notion's documented average is ~3 requests/s. */
const DEFAULT_RETRY_AFTER_MS = 1000;

/**
 * The AppError for an HTTP failure from `service`. 429 → retryable `RATE_LIMITED` with
 * `retryAfterMs`; 408, 409 (Notion conflict), 5xx → retryable `PUBLISH_FAILED`; any other 4xx
 * (401, 403, 404, validation 400) → non-retryable `PUBLISH_FAILED` whose message says what to fix.
 */
export function httpFailure(
  service: string,
  status: number,
  detail: {
    message?: string;
    code?: string | number;
    retryAfterMs?: number | undefined;
    body?: unknown;
  } = {},
  hints: StatusHints = {},
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
    return new AppError('PUBLISH_FAILED', `${what}${said}; temporary, will be retried`, {
      retryable: true,
      details,
    });
  }
  const hint = hints[status] ?? `${service} refused the request`;
  return new AppError('PUBLISH_FAILED', `${what}${said} — ${hint}`, { retryable: false, details });
}

/**
 * Parses an HTTP Retry-After header (delta-seconds or HTTP-date) into milliseconds, or undefined
 * when absent or unparseable.
 */
export function parseRetryAfter(
  value: string | null | undefined,
  now: number = Date.now(),
): number | undefined {
  if (value === null || value === undefined || value.trim() === '') return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds) && seconds >= 0) return Math.ceil(seconds * 1000);
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}
