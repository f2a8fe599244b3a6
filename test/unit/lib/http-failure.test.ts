import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { httpFailure, parseRetryAfter } from '../../../lib/http-failure.ts';

describe('HTTP failure mapping', () => {
  it('parses Retry-After as delta-seconds or an HTTP date', () => {
    assert.equal(parseRetryAfter('2'), 2000);
    assert.equal(parseRetryAfter('0.25'), 250);
    assert.equal(
      parseRetryAfter('Sun, 22 Nov 2026 03:00:10 GMT', Date.parse('Sun, 22 Nov 2026 03:00:00 GMT')),
      10_000,
    );
    assert.equal(parseRetryAfter(null), undefined);
    assert.equal(parseRetryAfter('soon'), undefined);
  });

  it('makes 429 retryable with a delay, server trouble retryable, and client errors permanent', () => {
    const table: [number, string, boolean][] = [
      [429, 'RATE_LIMITED', true],
      [500, 'PUBLISH_FAILED', true],
      [502, 'PUBLISH_FAILED', true],
      [408, 'PUBLISH_FAILED', true],
      [409, 'PUBLISH_FAILED', true],
      [400, 'PUBLISH_FAILED', false],
      [401, 'PUBLISH_FAILED', false],
      [403, 'PUBLISH_FAILED', false],
      [404, 'PUBLISH_FAILED', false],
    ];
    for (const [status, code, retryable] of table) {
      const e = httpFailure('Notion', status, { message: 'x' });
      assert.equal(e.code, code, String(status));
      assert.equal(e.retryable, retryable, String(status));
    }
    assert.equal(
      httpFailure('Notion', 429).options.retryAfterMs,
      1000,
      'default delay when Retry-After is missing',
    );
    assert.equal(httpFailure('Discord', 429, { retryAfterMs: 3200 }).options.retryAfterMs, 3200);
  });

  it('says what to fix on a permanent failure, and only there', () => {
    const hints = { 403: 'share the database with the integration', 500: 'never shown' };
    assert.match(
      httpFailure('Notion', 403, { code: 'restricted_resource' }, hints).message,
      /^Notion answered HTTP 403 \(restricted_resource\) — share the database/,
    );
    assert.match(httpFailure('Notion', 418, {}, hints).message, /Notion refused the request$/);
    assert.doesNotMatch(httpFailure('Notion', 500, {}, hints).message, /never shown/);
  });
});
