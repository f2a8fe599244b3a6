/**
 * A token bucket per key (a user, a session, a client address): each key may burst `capacity`
 * calls, then one more every `refillMs`. In memory: it limits one process, which is what one bot
 * or one web app needs. The bot and the web app both use it.
 */
export interface RateLimitOptions {
  capacity: number;
  refillMs: number;
  /** Injectable clock (ms), so tests control time without sleeping. */
  now?: () => number;
  /** Buckets kept before the least recently used are forgotten (bounds memory). */
  maxKeys?: number;
}

export interface RateLimiter {
  /** Takes a token; returns 0 when allowed, else the milliseconds until the next token. */
  take(key: string, now?: number): number;
}

export function createRateLimiter(opts: RateLimitOptions): RateLimiter {
  const clock = opts.now ?? Date.now;
  const maxKeys = opts.maxKeys ?? 10_000;
  const buckets = new Map<string, { tokens: number; at: number }>();
  return {
    take(key, t = clock()) {
      const b = buckets.get(key) ?? { tokens: opts.capacity, at: t };
      const refilled = Math.min(opts.capacity, b.tokens + (t - b.at) / opts.refillMs);
      buckets.delete(key);
      if (refilled >= 1) {
        buckets.set(key, { tokens: refilled - 1, at: t });
        if (buckets.size > maxKeys) buckets.delete(buckets.keys().next().value as string);
        return 0;
      }
      buckets.set(key, { tokens: refilled, at: t });
      return Math.ceil((1 - refilled) * opts.refillMs);
    },
  };
}
