/**
 * The messages a waiting caller sees, from describe()'s pending-activity records as the server
 * sends them (a 503 failure awaiting its retry; an attempt queued at the arXiv gate during a shared
 * backoff), and the final timeout error.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { defaultPayloadConverter } from '@temporalio/common';
import { arxivWaitOf, describeArxivWait, timeoutMessage } from '../../../workers/arxiv-wait.ts';

const NOW = 1_800_000_000_000;
const payloads = (v: unknown) => ({ payloads: [defaultPayloadConverter.toPayload(v)] });
const ts = (ms: number) => ({ seconds: Math.floor(ms / 1000), nanos: (ms % 1000) * 1e6 });
const failure503 = {
  message: 'arXiv is unavailable (503) for https://export.arxiv.org/api/query?id_list=1605.08386.',
  applicationFailureInfo: {
    details: payloads({ status: 503, url: 'https://export.arxiv.org/api/query?id_list=1605.08386' }),
  },
};

describe('arXiv waits as a caller sees them', () => {
  it('a failed attempt awaiting its retry: status, attempt number, seconds left', () => {
    const w = arxivWaitOf({
      activityType: { name: 'arxivLookupIds' },
      state: 1,
      attempt: 5,
      lastFailure: failure503,
      nextAttemptScheduleTime: ts(NOW + 31_200),
    });
    assert.ok(w);
    assert.equal(w.failedAttempts, 4);
    assert.deepEqual(describeArxivWait(w, NOW), {
      message: 'arXiv answered 503; retry 5 in 32 s',
      key: 'arxivLookupIds:5:retry',
    });
    assert.equal(
      timeoutMessage(w, 300, 'get 1605.08386', 'looking up metadata on arXiv'),
      'arXiv did not answer within 300 s (503 Service Unavailable, 4 attempts); try again later or raise ONDEMAND_TIMEOUT_SECONDS.',
    );
  });

  it('an attempt queued at the gate during the shared backoff, behind another request', () => {
    const gate = {
      phase: 'queued',
      ahead: 1,
      backoffUntil: NOW + 16_000,
      consecutiveThrottles: 4,
      lastThrottleStatus: 429,
    };
    const w = arxivWaitOf({
      activityType: { name: 'arxivDownload' },
      state: 2,
      attempt: 2,
      lastFailure: failure503,
      heartbeatDetails: payloads(gate),
    });
    assert.ok(w);
    assert.deepEqual(describeArxivWait(w, NOW), {
      message: 'arXiv answered 429; retry 2 in 16 s (1 request ahead)',
      key: 'arxivDownload:2:backoff:4',
    });
    // The countdown changes the message, not the key (a log prints the state once).
    assert.equal(describeArxivWait(w, NOW + 5000)?.key, 'arxivDownload:2:backoff:4');
  });

  it('queued at the gate without a backoff: the place in line, also when first and waiting out the spacing', () => {
    const behind = arxivWaitOf({
      activityType: { name: 'arxivSearchPage' },
      state: 2,
      attempt: 1,
      heartbeatDetails: payloads({ phase: 'queued', ahead: 1, backoffUntil: 0, consecutiveThrottles: 0 }),
    });
    assert.ok(behind);
    assert.deepEqual(describeArxivWait(behind, NOW), {
      message: 'waiting for arXiv (position 2)',
      key: 'arxivSearchPage:1:queued:1',
    });
    const first = arxivWaitOf({
      activityType: { name: 'arxivSearchPage' },
      state: 2,
      attempt: 1,
      heartbeatDetails: payloads({ phase: 'queued', ahead: 0, backoffUntil: 0, consecutiveThrottles: 0 }),
    });
    assert.ok(first);
    assert.deepEqual(describeArxivWait(first, NOW), {
      message: 'waiting for arXiv (position 1)',
      key: 'arxivSearchPage:1:queued:0',
    });
  });

  it('nothing to say about a first attempt on its way, or about a non-arXiv activity', () => {
    const first = arxivWaitOf({
      activityType: { name: 'arxivLookupIds' },
      state: 2,
      attempt: 1,
      heartbeatDetails: payloads({ phase: 'request' }),
    });
    assert.ok(first);
    assert.equal(describeArxivWait(first, NOW), undefined);
    assert.equal(arxivWaitOf({ activityType: { name: 'convertAndStore' }, state: 2, attempt: 1 }), undefined);
    assert.equal(
      timeoutMessage(undefined, 60, 'get 1605.08386', 'converting the PDF to Markdown'),
      'The get 1605.08386 did not finish within 60 s (last: converting the PDF to Markdown); try again later or raise ONDEMAND_TIMEOUT_SECONDS.',
    );
  });
});
