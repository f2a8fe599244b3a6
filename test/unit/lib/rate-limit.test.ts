/** The token bucket per key the bot and the web app share (lib/rate-limit.ts). */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createRateLimiter } from '../../../lib/rate-limit.ts';

describe('lib/rate-limit createRateLimiter', () => {
  it('allows a burst, then one per interval, per key (the time given per call)', () => {
    const l = createRateLimiter({ capacity: 2, refillMs: 1000 });
    assert.equal(l.take('a', 0), 0);
    assert.equal(l.take('a', 0), 0);
    assert.equal(l.take('a', 0), 1000);
    assert.equal(l.take('b', 0), 0, 'another key has its own bucket');
    assert.equal(l.take('a', 500), 500);
    assert.equal(l.take('a', 1000), 0);
  });

  it('forgets the least recently used bucket beyond maxKeys', () => {
    let t = 0;
    const l = createRateLimiter({ capacity: 1, refillMs: 60_000, now: () => t, maxKeys: 2 });
    assert.equal(l.take('a'), 0);
    assert.equal(l.take('b'), 0);
    t = 1;
    assert.ok(l.take('a') > 0, 'a is empty, and now the most recently used');
    assert.equal(l.take('c'), 0, 'a third key: b, the least recently used, is forgotten');
    assert.equal(l.take('b'), 0, 'b starts again with a full bucket');
  });
});
