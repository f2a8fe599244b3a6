/**
 * The one place where our typed errors become Temporal failures, for every activity. Permanent
 * errors (bad input, the API's error feed, a refused host, 404) are non-retryable; rate limits and
 * 503s carry the Retry-After as `nextRetryDelay`; other errors keep their stack and are retried
 * with the proxy's backoff. Temporal owns retries: no client loops on its own.
 */
import { ApplicationFailure } from '@temporalio/common';
import { isAppError } from '../domain/errors.ts';

export function toActivityFailure(e: unknown): unknown {
  if (e instanceof ApplicationFailure || !isAppError(e)) return e;
  return ApplicationFailure.create({
    message: e.message,
    type: e.code,
    nonRetryable: !e.retryable,
    details: e.options.details === undefined ? [] : [e.options.details],
    ...(e.options.retryAfterMs !== undefined ? { nextRetryDelay: e.options.retryAfterMs } : {}),
  });
}

/** Wraps one activity so every error leaves it through toActivityFailure. */
export function mapFailures<A extends unknown[], R>(
  fn: (...args: A) => Promise<R>,
): (...args: A) => Promise<R> {
  return async (...args: A) => {
    try {
      return await fn(...args);
    } catch (e) {
      throw toActivityFailure(e);
    }
  };
}

/** mapFailures over every function of an activity object. */
export function mapAllFailures<T extends Record<string, (...args: never[]) => Promise<unknown>>>(
  activities: T,
): T {
  return Object.fromEntries(Object.entries(activities).map(([name, fn]) => [name, mapFailures(fn)])) as T;
}
