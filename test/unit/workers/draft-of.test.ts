import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { defaultPayloadConverter } from '@temporalio/common';
import { draftOf } from '../../../workers/run-workflow.ts';

const details = (v: unknown) => ({ payloads: [defaultPayloadConverter.toPayload(v)] });
const STARTED = 2;
const SCHEDULED = 1;

describe('draftOf (the text a running activity reports in its heartbeat details)', () => {
  it('reads the draft of a started activity, keyed by activity id and the draft’s own key', () => {
    const p = {
      activityId: '4',
      state: STARTED,
      attempt: 2,
      heartbeatDetails: details({ chars: 5, draft: { key: '2.1', attempt: 2, text: 'Hello' } }),
    };
    assert.deepEqual(draftOf(p), { key: '4/2.1', text: 'Hello' });
  });

  it('ignores details an earlier attempt left (the server keeps them across retries), an activity waiting for its retry, and other details', () => {
    const stale = details({ chars: 5, draft: { key: '1.1', attempt: 1, text: 'Hello' } });
    assert.equal(
      draftOf({ activityId: '4', state: STARTED, attempt: 2, heartbeatDetails: stale }),
      undefined,
    );
    assert.equal(
      draftOf({ activityId: '4', state: SCHEDULED, attempt: 2, heartbeatDetails: stale }),
      undefined,
    );
    assert.equal(
      draftOf({
        activityId: '4',
        state: STARTED,
        attempt: 1,
        heartbeatDetails: details({ phase: 'queued' }),
      }),
      undefined,
    );
    assert.equal(draftOf({ activityId: '4', state: STARTED, attempt: 1, heartbeatDetails: null }), undefined);
    assert.equal(
      draftOf({
        activityId: '4',
        state: STARTED,
        attempt: 1,
        heartbeatDetails: { payloads: [{ metadata: {}, data: new Uint8Array([1]) }] },
      }),
      undefined,
    );
  });
});
