import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { maybeRecordHistory } from '../support/histories.ts';
import { startTestRuntime, type TestRuntime } from '../support/runtime.ts';

describe('runtime (real Temporal dev server, same path as start)', () => {
  let t: TestRuntime;
  before(async () => {
    t = await startTestRuntime();
  });
  after(async () => {
    await t?.stop();
  });

  it('runs a workflow and its activity on the worker', async () => {
    const workflowId = `health-${Date.now()}`;
    const result = await t.client.workflow.execute('healthCheck', {
      taskQueue: t.config.TEMPORAL_TASK_QUEUE,
      workflowId,
      args: ['tester'],
    });
    assert.match(result, /^workflow ok; pong tester from .+ at \d{4}-\d\d-\d\dT/);
    await maybeRecordHistory(t.runtime.temporalAddress, workflowId, 'healthCheck', 'runtime');
  });

  it('stops the dev server process on stop()', async () => {
    const pid = t.runtime.devServer?.pid;
    assert.ok(pid && pid > 0);
    await t.runtime.stop();
    assert.throws(() => process.kill(pid, 0), /ESRCH/);
  });
});
