/** The one error-code table: which codes are the user's to fix and which a retry cannot fix. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  AppError,
  ERROR_CODES,
  errorMessage,
  isAppError,
  isUserErrorCode,
  PERMANENT_CODES,
  type ErrorCode,
} from '../../../domain/errors.ts';

const codes = Object.keys(ERROR_CODES) as ErrorCode[];

describe('ERROR_CODES', () => {
  it('names the user errors: bad input, missing things, config, a query arXiv refuses, a refused host, permissions', () => {
    assert.deepEqual(codes.filter(isUserErrorCode).sort(), [
      'ARXIV_API_ERROR',
      'CONFIG_INVALID',
      'HOST_NOT_ALLOWED',
      'INVALID_INPUT',
      'NOT_FOUND',
      'PERMISSION_DENIED',
    ]);
  });

  it('never retries a user error: every user code is permanent', () => {
    for (const c of codes.filter(isUserErrorCode)) assert.ok(PERMANENT_CODES.includes(c), c);
  });

  it('retries what can pass: rate limits, HTTP and store trouble, conversion timeouts, publishing, the LLM', () => {
    for (const c of [
      'ARXIV_RATE_LIMITED',
      'ARXIV_HTTP',
      'ARXIV_MALFORMED',
      'ARXIV_EMPTY_PAGE',
      'STORE_ERROR',
      'CONVERT_TIMEOUT',
      'CONVERT_FAILED',
      'PUBLISH_FAILED',
      'LLM_FAILED',
      'RATE_LIMITED',
      'TEMPORAL_UNAVAILABLE',
      'INTERNAL',
    ] as const) {
      assert.equal(PERMANENT_CODES.includes(c), false, c);
    }
    // A file that cannot be converted stays that way; so does a cancelled or timed-out request.
    for (const c of [
      'CONVERT_TOO_LARGE',
      'CONVERT_ENCRYPTED',
      'CONVERT_CORRUPT',
      'CONVERT_NO_TEXT',
      'CANCELLED',
      'TIMED_OUT',
    ] as const) {
      assert.ok(PERMANENT_CODES.includes(c), c);
    }
  });

  it("PERMANENT_CODES is exactly the table's permanent column", () => {
    assert.deepEqual([...PERMANENT_CODES].sort(), codes.filter((c) => ERROR_CODES[c].permanent).sort());
  });

  it("treats an unknown code, or an Object.prototype name, as not the user's", () => {
    for (const c of ['BOGUS', '', 'toString', 'constructor', '__proto__', 'hasOwnProperty'])
      assert.equal(isUserErrorCode(c), false, c);
  });
});

describe('isAppError', () => {
  it('matches by name and code, so it works across worker threads and the workflow sandbox', () => {
    const e = new AppError('NOT_FOUND', 'no paper');
    assert.ok(isAppError(e));
    assert.ok(isAppError(e, 'NOT_FOUND'));
    assert.equal(isAppError(e, 'INVALID_INPUT'), false);
    assert.ok(isAppError({ name: 'AppError', code: 'STORE_ERROR', message: 'copied' }, 'STORE_ERROR'));
    for (const x of [
      new Error('x'),
      { name: 'AppError' },
      { name: 'AppError', code: 3 },
      null,
      undefined,
      'AppError',
    ])
      assert.equal(isAppError(x), false, String(x));
  });

  it('is not retryable unless it says so', () => {
    assert.equal(new AppError('STORE_ERROR', 'x').retryable, false);
    assert.equal(new AppError('STORE_ERROR', 'x', { retryable: true }).retryable, true);
  });

  it('errorMessage reads any thrown value', () => {
    assert.equal(errorMessage(new AppError('INTERNAL', 'boom')), 'boom');
    assert.equal(errorMessage('plain'), 'plain');
    assert.equal(errorMessage(42), '42');
  });
});
