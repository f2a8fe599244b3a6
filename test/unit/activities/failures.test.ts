/** The one mapping from our typed errors to Temporal failures (activities/failures.ts). */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ApplicationFailure } from '@temporalio/common';
import { mapAllFailures, mapFailures, toActivityFailure } from '../../../activities/failures.ts';
import { AppError } from '../../../domain/errors.ts';

const asFailure = (e: unknown): ApplicationFailure => {
  assert.ok(e instanceof ApplicationFailure, `expected an ApplicationFailure, got ${String(e)}`);
  return e;
};

describe('toActivityFailure', () => {
  it('makes a permanent AppError a non-retryable failure typed by its code', () => {
    const f = asFailure(toActivityFailure(new AppError('INVALID_INPUT', 'bad id "x"')));
    assert.equal(f.type, 'INVALID_INPUT');
    assert.equal(f.message, 'bad id "x"');
    assert.equal(f.nonRetryable, true);
    assert.equal(f.nextRetryDelay, undefined);
    assert.deepEqual(f.details, []);
  });

  it('keeps a retryable AppError retryable, with Retry-After as nextRetryDelay and its details', () => {
    const f = asFailure(
      toActivityFailure(
        new AppError('ARXIV_RATE_LIMITED', 'slow down', {
          retryable: true,
          retryAfterMs: 7000,
          details: { status: 429 },
        }),
      ),
    );
    assert.equal(f.type, 'ARXIV_RATE_LIMITED');
    assert.equal(f.nonRetryable, false);
    assert.equal(f.nextRetryDelay, 7000);
    assert.deepEqual(f.details, [{ status: 429 }]);
    // Without Retry-After the workflow's retry policy decides the delay.
    assert.equal(
      asFailure(toActivityFailure(new AppError('ARXIV_HTTP', '503', { retryable: true }))).nextRetryDelay,
      undefined,
    );
  });

  it('recognises an AppError that lost its class (crossed a worker thread) by name and code', () => {
    const plain = Object.assign(new Error('busy'), {
      name: 'AppError',
      code: 'STORE_ERROR',
      options: { retryable: true },
      retryable: true,
    });
    const f = asFailure(toActivityFailure(plain));
    assert.equal(f.type, 'STORE_ERROR');
    assert.equal(f.nonRetryable, false);
  });

  it('passes failures and foreign errors through untouched (they keep their stack and are retried)', () => {
    const failure = ApplicationFailure.nonRetryable('already mapped', 'NOT_FOUND');
    assert.equal(toActivityFailure(failure), failure);
    const crash = new TypeError('x is undefined');
    assert.equal(toActivityFailure(crash), crash);
    assert.equal(toActivityFailure('a string'), 'a string');
  });
});

describe('mapFailures / mapAllFailures', () => {
  it('maps what an activity throws and leaves its result alone', async () => {
    const wrapped = mapFailures(async (id: string) => {
      if (id === 'bad') throw new AppError('NOT_FOUND', `no paper ${id}`);
      return `paper ${id}`;
    });
    assert.equal(await wrapped('1'), 'paper 1');
    await assert.rejects(
      wrapped('bad'),
      (e: unknown) => asFailure(e).type === 'NOT_FOUND' && asFailure(e).nonRetryable,
    );
  });

  it('wraps every function of an activity object', async () => {
    const acts = mapAllFailures({
      ok: async () => 1,
      fails: async () => {
        throw new AppError('PUBLISH_FAILED', 'Notion said 502', { retryable: true });
      },
    });
    assert.equal(await acts.ok(), 1);
    await assert.rejects(
      acts.fails(),
      (e: unknown) => asFailure(e).type === 'PUBLISH_FAILED' && !asFailure(e).nonRetryable,
    );
  });
});
