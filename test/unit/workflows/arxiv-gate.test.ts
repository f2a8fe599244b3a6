/** The arXiv gate's backoff after a 429/503 that gave no Retry-After (workflows/arxiv-gate.ts). */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { throttleBackoffMs } from '../../../workflows/arxiv-gate.ts';

describe('throttleBackoffMs', () => {
  it('doubles from 2 s with each consecutive refusal, capped at 2 minutes', () => {
    assert.deepEqual(
      [1, 2, 3, 4, 5, 6, 7, 8, 50].map(throttleBackoffMs),
      [2000, 4000, 8000, 16_000, 32_000, 64_000, 120_000, 120_000, 120_000],
    );
  });

  it('treats "no refusal counted yet" as the first', () => {
    assert.equal(throttleBackoffMs(0), 2000);
    assert.equal(throttleBackoffMs(-1), 2000);
  });
});
