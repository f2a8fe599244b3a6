/**
 * A front end's arXiv gate before it knows whether workers run: concurrent requests share one
 * decision (one connection attempt), a request's own abort stops only its wait for that decision,
 * and a failed connection means the process's own spacing, tried again at the next recheck. The
 * gate's behaviour against a real server: test/integration/arxiv-front-end-gate.test.ts.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Connection } from '@temporalio/client';
import { createOptionalTemporalGate } from '../../../../adapters/arxiv/optional-gate.ts';
import { AppError, isAppError } from '../../../../domain/errors.ts';

describe('a front end’s arXiv gate deciding whether workers run', () => {
  it('shares one decision; an abort stops only its own wait; a failed connection means local spacing', async () => {
    const attempts: Array<(e: Error) => void> = [];
    const gate = createOptionalTemporalGate({
      address: '127.0.0.1:1',
      // The connection attempt is held until the test fails it, as a refused connection would.
      connect: () => new Promise<Connection>((_, reject) => attempts.push(reject)),
      namespace: 'default',
      workflowTaskQueue: 'q',
      leaseMs: 30_000,
      recheckMs: 0,
    });
    const first = new AbortController();
    const aborted = gate.acquire(0, { signal: first.signal });
    const waiting = gate.acquire(0, { signal: new AbortController().signal });
    await new Promise((r) => setImmediate(r));
    assert.equal(attempts.length, 1, 'one connection attempt for both requests');
    assert.equal(gate.mode(), 'undecided');
    first.abort();
    await assert.rejects(aborted, (e: unknown) => isAppError(e, 'CANCELLED'));
    attempts[0]!(new AppError('INTERNAL', 'connection refused'));
    const release = await waiting;
    await release({});
    assert.equal(gate.mode(), 'local');
    // The decision is stale at once here (recheckMs 0): the next request tries to connect again.
    const next = gate.acquire(0);
    await new Promise((r) => setImmediate(r));
    assert.equal(attempts.length, 2);
    attempts[1]!(new AppError('INTERNAL', 'connection refused'));
    await (
      await next
    )({});
    await gate.close();
  });
});
