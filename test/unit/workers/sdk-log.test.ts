/**
 * The Temporal SDK's log entries as they reach our log (workers/sdk-log.ts): a workflow failure
 * copied across the sink (a bare Error: an ApplicationFailure's type is lost) gets its code back
 * from the interceptor's note (workflows/failure-log-interceptor.ts); neither is `{}` in JSON.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ActivityFailure, ApplicationFailure, RetryState } from '@temporalio/common';
import { describeSdkError, sdkLogMeta } from '../../../workers/sdk-log.ts';
import { failureOf } from '../../../workflows/failure-log-interceptor.ts';

describe('SDK log entries', () => {
  it('a failure thrown by a workflow, as the interceptor notes it: innermost code, messages down the chain', () => {
    const thrown = ApplicationFailure.create({
      type: 'NOT_FOUND',
      message: 'arXiv has no paper 2401.99999',
      nonRetryable: true,
    });
    assert.deepEqual(failureOf(thrown), { code: 'NOT_FOUND', message: 'arXiv has no paper 2401.99999' });
    const wrapped = new ActivityFailure(
      'Activity task failed',
      'arxivLookupIds',
      '1',
      RetryState.NON_RETRYABLE_FAILURE,
      'worker',
      ApplicationFailure.create({ type: 'ARXIV_HTTP', message: 'arXiv answered 503' }),
    );
    assert.deepEqual(failureOf(wrapped), {
      code: 'ARXIV_HTTP',
      message: 'Activity task failed: arXiv answered 503',
    });
  });

  it('the copied error plus the note make one error field with code and message', () => {
    const copied = structuredClone(
      ApplicationFailure.create({ type: 'NOT_FOUND', message: 'arXiv has no paper 2401.99999' }),
    );
    assert.equal(JSON.stringify({ error: copied }), '{"error":{}}', 'what the log showed before');
    const meta = sdkLogMeta({
      workflowType: 'paperIngest',
      error: copied,
      failure: { code: 'NOT_FOUND', message: 'arXiv has no paper 2401.99999' },
    });
    assert.deepEqual(meta, {
      workflowType: 'paperIngest',
      error: { name: 'Error', code: 'NOT_FOUND', message: 'arXiv has no paper 2401.99999' },
    });
    // Without a note (an activity's log, another SDK entry): the error's own fields.
    assert.deepEqual(
      describeSdkError(
        new Error('boom', { cause: Object.assign(new Error('inner'), { code: 'ECONNRESET' }) }),
      ),
      { name: 'Error', code: 'ECONNRESET', message: 'boom: inner' },
    );
    assert.equal(sdkLogMeta(undefined), undefined);
    assert.deepEqual(sdkLogMeta({ sdkComponent: 'worker' }), { sdkComponent: 'worker' });
  });
});
