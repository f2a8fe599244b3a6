import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { RequestTimeoutError } from '@notionhq/client';
import { notionFailure, NOTION_HINTS } from '../../../../adapters/publish/errors.ts';
import { AppError, isAppError } from '../../../../domain/errors.ts';
import { httpFailure } from '../../../../lib/http-failure.ts';

describe('Notion error mapping', () => {
  it('tells the user what to fix for a refused Notion request', () => {
    assert.match(
      httpFailure('Notion', 403, {}, NOTION_HINTS).message,
      /share the database with the integration/,
    );
    assert.match(httpFailure('Notion', 401, {}, NOTION_HINTS).message, /NOTION_TOKEN/);
  });

  it('retries timeouts and network failures, and passes AppErrors through', () => {
    const timeout = notionFailure(new RequestTimeoutError(), 'create the page');
    assert.ok(
      isAppError(timeout, 'PUBLISH_FAILED') &&
        timeout.retryable &&
        /timed out while trying to create the page/.test(timeout.message),
    );
    const network = notionFailure(new TypeError('fetch failed'), 'create the page');
    assert.ok(
      isAppError(network, 'PUBLISH_FAILED') &&
        network.retryable &&
        /Could not reach Notion/.test(network.message),
    );
    const own = new AppError('INVALID_INPUT', 'x');
    assert.equal(notionFailure(own, 'create the page'), own);
  });
});
