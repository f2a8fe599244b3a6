/**
 * Maps Notion failures to AppErrors, so Temporal can tell permanent failures (bad token, missing
 * access, invalid schema) from transient ones (rate limits, outages, network). The status
 * classification is lib/http-failure.ts; Discord's mapping is lib/discord/errors.ts. Temporal owns
 * retries: nothing here retries.
 */
import { APIResponseError, RequestTimeoutError, UnknownHTTPResponseError } from '@notionhq/client';
import { AppError, errorMessage, isAppError } from '../../domain/errors.ts';
import { httpFailure, parseRetryAfter, type StatusHints } from '../../lib/http-failure.ts';

/** What to fix when Notion refuses a request. */
export const NOTION_HINTS: StatusHints = {
  401: 'the token was rejected: check NOTION_TOKEN (an internal integration secret)',
  403: 'the integration lacks access: share the database with the integration (••• → Connections)',
  404: 'the database or page was not found or is not shared with the integration: check NOTION_DATABASE_ID',
  400: 'Notion rejected the request as invalid: check the database properties described in docs/publishing.md',
};

/** Maps anything the Notion SDK throws (API errors, timeouts, network failures) to an AppError. */
export function notionFailure(e: unknown, action: string): AppError {
  if (isAppError(e)) return e;
  if (APIResponseError.isAPIResponseError(e) || UnknownHTTPResponseError.isUnknownHTTPResponseError(e)) {
    return httpFailure(
      'Notion',
      e.status,
      {
        message: `${action}: ${e.message}`,
        code: e.code,
        retryAfterMs: parseRetryAfter(headerOf(e.headers, 'retry-after')),
      },
      NOTION_HINTS,
    );
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

function headerOf(headers: unknown, name: string): string | undefined {
  if (headers && typeof (headers as Headers).get === 'function')
    return (headers as Headers).get(name) ?? undefined;
  if (headers && typeof headers === 'object') {
    for (const [k, v] of Object.entries(headers as Record<string, unknown>)) {
      if (k.toLowerCase() === name && typeof v === 'string') return v;
    }
  }
  return undefined;
}
