/**
 * The one place main-queue activities turn our typed errors into Temporal failures: permanent
 * ones become non-retryable, rate limits carry nextRetryDelay from Retry-After. Temporal owns
 * the retries.
 */
import { ApplicationFailure } from '@temporalio/common';
import { isAppError } from '../../lib/errors.ts';

export function toTemporalFailure(e: unknown): unknown {
  if (!isAppError(e)) return e;
  return ApplicationFailure.create({
    message: e.message,
    type: e.code,
    nonRetryable: !e.retryable,
    nextRetryDelay: e.options.retryAfterMs,
    details: e.options.details === undefined ? [] : [e.options.details],
  });
}

/** Wraps every function of an activity object so thrown AppErrors are mapped. */
export function mapFailures<T extends Record<string, (...args: never[]) => Promise<unknown>>>(activities: T): T {
  const wrapped: Record<string, unknown> = {};
  for (const [name, fn] of Object.entries(activities)) {
    wrapped[name] = async (...args: never[]) => {
      try {
        return await fn(...args);
      } catch (e) {
        throw toTemporalFailure(e);
      }
    };
  }
  return wrapped as T;
}
