/**
 * Discord's rate limits as one client sees them, per route (method and path, which carries the
 * channel, webhook or interaction token Discord buckets by). A route whose bucket Discord announced
 * as exhausted (`X-RateLimit-Remaining: 0` with `X-RateLimit-Reset-After`), or that answered 429
 * with `retry_after`, waits that long before its next request instead of earning another 429; a
 * global 429 (`X-RateLimit-Global`) holds every route. Developer docs, "Rate Limits".
 */
export interface RouteLimits {
  /** Milliseconds `route` must still wait before its next request; 0 when it may go now. */
  delayFor(route: string): number;
  /** Reads the bucket headers of a response on `route`. */
  noteResponse(route: string, headers: Headers): void;
  /** Holds `route` (every route when `global`) for `retryAfterMs` after a 429. */
  noteRateLimited(route: string, retryAfterMs: number, global: boolean): void;
}

const GLOBAL = '*';

/** Creates an empty limits table; `now` is injectable for tests. */
export function createRouteLimits(now: () => number = Date.now): RouteLimits {
  /** Route → the time its next request may start; only routes still held are kept. */
  const notBefore = new Map<string, number>();

  function hold(route: string, ms: number): void {
    const t = now();
    for (const [key, until] of notBefore) if (until <= t) notBefore.delete(key);
    notBefore.set(route, Math.max(notBefore.get(route) ?? 0, t + ms));
  }

  return {
    delayFor(route) {
      const until = Math.max(notBefore.get(route) ?? 0, notBefore.get(GLOBAL) ?? 0);
      return Math.max(0, until - now());
    },
    noteResponse(route, headers) {
      if (headers.get('x-ratelimit-remaining') !== '0') return;
      const resetAfter = Number(headers.get('x-ratelimit-reset-after'));
      if (Number.isFinite(resetAfter) && resetAfter > 0) hold(route, Math.ceil(resetAfter * 1000));
    },
    noteRateLimited(route, retryAfterMs, global) {
      if (retryAfterMs > 0) hold(global ? GLOBAL : route, retryAfterMs);
    },
  };
}
