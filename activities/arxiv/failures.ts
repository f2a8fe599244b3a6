/**
 * The one place where arXiv errors become Temporal failures. Permanent errors (bad id, the API's
 * error feed, a refused host, 404) are non-retryable; rate limits and 503s carry arXiv's
 * Retry-After as `nextRetryDelay`; everything else is retried with the proxy's exponential
 * backoff. Temporal owns retries: the client never loops.
 */
import { ApplicationFailure } from '@temporalio/common';
import { errorMessage, isAppError } from '../../lib/errors.ts';

/** Converts any thrown value into the ApplicationFailure Temporal should see. */
export function toActivityFailure(e: unknown): ApplicationFailure {
  if (e instanceof ApplicationFailure) return e;
  if (isAppError(e)) {
    const details = e.options.details === undefined ? [] : [e.options.details];
    if (!e.retryable) return ApplicationFailure.nonRetryable(e.message, e.code, ...details);
    return ApplicationFailure.create({
      message: e.message,
      type: e.code,
      nonRetryable: false,
      details,
      ...(e.options.retryAfterMs !== undefined ? { nextRetryDelay: e.options.retryAfterMs } : {}),
    });
  }
  return ApplicationFailure.create({ message: errorMessage(e), type: 'UNEXPECTED', nonRetryable: false });
}

/** Wraps an activity so every error leaves it through toActivityFailure. */
export function mapFailures<A extends unknown[], R>(fn: (...args: A) => Promise<R>): (...args: A) => Promise<R> {
  return async (...args: A) => {
    try {
      return await fn(...args);
    } catch (e) {
      throw toActivityFailure(e);
    }
  };
}
