/**
 * A per-user token bucket for the expensive commands (search, paper, ask, digest): each user may
 * burst `capacity` calls, then one more every `refillMs`. In memory: limits one process, which is
 * what a single bot instance needs.
 */
export interface RateLimitOptions {
  capacity: number;
  refillMs: number;
  /** Injectable clock (ms), so tests control time without sleeping. */
  now?: () => number;
  /** Buckets kept before the oldest are forgotten (bounds memory in large servers). */
  maxUsers?: number;
}

export interface RateLimiter {
  /** Takes a token; returns 0 when allowed, else the milliseconds until the next token. */
  take(userId: string): number;
}

export const DEFAULT_RATE_LIMIT: RateLimitOptions = { capacity: 3, refillMs: 20_000 };

/** Creates a token-bucket limiter keyed by user id. */
export function createRateLimiter(opts: RateLimitOptions): RateLimiter {
  const now = opts.now ?? Date.now;
  const maxUsers = opts.maxUsers ?? 10_000;
  const buckets = new Map<string, { tokens: number; at: number }>();
  return {
    take(userId) {
      const t = now();
      const b = buckets.get(userId) ?? { tokens: opts.capacity, at: t };
      const refilled = Math.min(opts.capacity, b.tokens + (t - b.at) / opts.refillMs);
      buckets.delete(userId);
      if (refilled >= 1) {
        buckets.set(userId, { tokens: refilled - 1, at: t });
        if (buckets.size > maxUsers) buckets.delete(buckets.keys().next().value as string);
        return 0;
      }
      buckets.set(userId, { tokens: refilled, at: t });
      return Math.ceil((1 - refilled) * opts.refillMs);
    },
  };
}
