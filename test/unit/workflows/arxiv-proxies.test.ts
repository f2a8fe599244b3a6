/** The retry policy of every arXiv activity (workflows/arxiv-proxies.ts). */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { PERMANENT_CODES } from '../../../domain/errors.ts';
import { ARXIV_RETRY_POLICY } from '../../../workflows/arxiv-proxies.ts';
import { throttleBackoffMs } from '../../../workflows/arxiv-gate.ts';

const ms = (d: unknown) => {
  const m = /^(\d+) (seconds|minutes)$/.exec(String(d));
  assert.ok(m, `duration "${String(d)}"`);
  return Number(m[1]) * (m[2] === 'minutes' ? 60_000 : 1000);
};

describe('ARXIV_RETRY_POLICY', () => {
  it('stops at once on every permanent code and on nothing else', () => {
    assert.deepEqual(ARXIV_RETRY_POLICY.nonRetryableErrorTypes, [...PERMANENT_CODES]);
  });

  it('backs off as the gate does after a refusal without Retry-After: 2 s doubling, capped at 2 minutes', () => {
    const { initialInterval, backoffCoefficient, maximumInterval, maximumAttempts } = ARXIV_RETRY_POLICY;
    assert.ok(maximumAttempts !== undefined && maximumAttempts > 1);
    // The delay before retry n (n >= 1) under Temporal's policy: initial * coefficient^(n-1), capped.
    const delays = Array.from({ length: maximumAttempts - 1 }, (_, i) =>
      Math.min(ms(initialInterval) * (backoffCoefficient ?? 2) ** i, ms(maximumInterval)),
    );
    assert.deepEqual(
      delays,
      delays.map((_, i) => throttleBackoffMs(i + 1)),
    );
  });
});
