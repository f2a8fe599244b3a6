/**
 * On-demand work stops when nobody is waiting (issue 14): `arxiv-radar get` as a real subprocess
 * against a running cluster (the real Temporal dev server and workers, as `start` runs them) and
 * the fake arXiv answering 503 to everything. A Ctrl-C'd `get` cancels its workflow; a SIGKILLed
 * one leaves a workflow that ends at ONDEMAND_TIMEOUT_SECONDS; neither's queued arXiv request
 * delays the next caller, whose request is the first arXiv sees once it recovers. The waiting
 * caller sees the 503s and retries as they happen, and a caller that runs out of time gets a plain
 * error naming arXiv's answer.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Client } from '@temporalio/client';
import { freePort } from '../../workers/dev-server.ts';
import { RENEW_GRACE_MS } from '../../workflows/arxiv-gate.ts';
import { ARXIV_GATE_WORKFLOW_ID } from '../../workflows/arxiv-gate-messages.ts';
import { startFakeArxiv, type FakeArxiv } from '../fakes/arxiv-server.ts';
import { spawnCli } from '../support/cli.ts';
import { maybeRecordHistory } from '../support/histories.ts';
import { startTestRuntime, type TestRuntime } from '../support/runtime.ts';

const TIMEOUT_S = 15;
/** The gate's renewal period (adapters/arxiv/temporal-gate.ts default): an ended workflow's queued request is withdrawn within it. */
const RENEW_MS = 10_000;
const FOREVER = { kind: '503' as const, times: 100_000 };

async function openIngests(client: Client): Promise<string[]> {
  const ids: string[] = [];
  for await (const w of client.workflow.list({
    query: `WorkflowType = 'paperIngest' AND ExecutionStatus = 'Running'`,
  }))
    ids.push(w.workflowId);
  return ids;
}

/** Polls until `check` holds; the wait is bounded by the configured timeouts, not asserted on. */
async function until(
  what: string,
  check: () => Promise<boolean> | boolean,
  limitMs: number,
): Promise<number> {
  const started = Date.now();
  while (Date.now() - started < limitMs) {
    if (await check()) return Date.now() - started;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`timed out after ${limitMs} ms waiting for ${what}`);
}

describe('on-demand work stops when nobody is waiting', () => {
  let fake: FakeArxiv;
  let t: TestRuntime;
  const measured: Record<string, number> = {};

  before(async () => {
    // No arXiv HTML or PDF for these papers: a recovered `get` ends after the lookup and one 404.
    fake = await startFakeArxiv({
      documents: {
        'html/1605.08386': null,
        'html/1707.08567': null,
        'html/2104.12255': null,
        'html/1111.2011': null,
      },
    });
    t = await startTestRuntime({
      ARXIV_API_URL: fake.apiUrl,
      ARXIV_RSS_URL: fake.rssUrl,
      ARXIV_WEB_URL: fake.webUrl,
      // Never used here; set so the interval may go below arXiv's 3 s floor against the fake.
      ARXIV_OAI_URL: `${fake.url}/oai`,
      ARXIV_MIN_INTERVAL_MS: '50',
    });
  });

  after(async () => {
    // A gate history with renewals, withdrawals and stale requests, for the replay test.
    if (t)
      await maybeRecordHistory(
        t.runtime.temporalAddress,
        ARXIV_GATE_WORKFLOW_ID,
        'arxivGate',
        'renew-withdraw',
      );
    await t?.stop();
    await fake?.close();
    if (Object.keys(measured).length) process.stdout.write(`# measured (ms): ${JSON.stringify(measured)}\n`);
  });

  const get = (ref: string, timeoutSeconds = TIMEOUT_S) =>
    spawnCli(['get', ref, '--source', 'html'], {
      DATA_DIR: t.dataDir,
      TEMPORAL_ADDRESS: t.runtime.temporalAddress,
      TEMPORAL_TASK_QUEUE: t.config.TEMPORAL_TASK_QUEUE,
      ARXIV_API_URL: fake.apiUrl,
      ARXIV_RSS_URL: fake.rssUrl,
      ARXIV_WEB_URL: fake.webUrl,
      // Never used here; set so the interval may go below arXiv's 3 s floor against the fake.
      ARXIV_OAI_URL: `${fake.url}/oai`,
      ARXIV_MIN_INTERVAL_MS: '50',
      ONDEMAND_TIMEOUT_SECONDS: String(timeoutSeconds),
    });
  const lookups = (id: string, since = 0) =>
    fake.requests.filter((r) => r.at >= since && r.query.id_list === id);

  it('Ctrl-C shows the 503s while waiting, then cancels the workflow; SIGKILL leaves one that times out; the next caller is served first', async () => {
    fake.inject(FOREVER);

    // A waiting caller sees arXiv's answers (stderr is not a TTY here: one line per state).
    const a = get('1605.08386');
    await until(
      'a retry to be reported',
      () => /arXiv answered 503; retry \d+ in \d+ s/.test(a.output().stderr),
      60_000,
    );
    assert.ok(lookups('1605.08386').length >= 1);
    assert.deepEqual((await openIngests(t.client)).length, 1);
    const interrupted = Date.now();
    a.child.kill('SIGINT');
    const { code } = await a.exited;
    assert.equal(code, 130, a.output().stderr);
    assert.match(
      a.output().stderr,
      /Cancelled: the get 1605\.08386 was stopped because its caller went away\./,
    );
    measured.sigintToExit = Date.now() - interrupted;
    measured.sigintToClosed =
      (await until(
        'the Ctrl-C’d workflow to close',
        async () => (await openIngests(t.client)).length === 0,
        30_000,
      )) + measured.sigintToExit;
    const aClosedAt = Date.now();

    // SIGKILL: nothing can cancel; the execution timeout ends the workflow.
    const b = get('1707.08567');
    await until('the second get to reach arXiv', () => lookups('1707.08567').length > 0, 60_000);
    const killed = Date.now();
    b.child.kill('SIGKILL');
    await b.exited;
    // The next caller, while the abandoned workflow still waits: with time to outlast it.
    const c = get('2104.12255v1', 120);
    await until(
      'the SIGKILLed workflow to time out',
      async () => {
        const open = await openIngests(t.client);
        return open.length === 1 && lookups('2104.12255v1').length > 0;
      },
      (TIMEOUT_S + 30) * 1000,
    );
    measured.sigkillToClosed = Date.now() - killed;
    assert.ok(measured.sigkillToClosed <= (TIMEOUT_S + 30) * 1000);
    const bClosedAt = Date.now();

    // The ended workflow's request leaves the gate within a renewal; then arXiv recovers.
    await new Promise((r) => setTimeout(r, RENEW_MS + RENEW_GRACE_MS));
    const recovered = Date.now();
    fake.clearFaults();
    const cDone = await c.exited;
    measured.recoveredToServed = (lookups('2104.12255v1', recovered)[0]?.at ?? NaN) - recovered;
    assert.equal(cDone.code, 0, c.output().stderr);
    assert.match(c.output().stdout, /^# /);

    // After recovery arXiv saw only the live caller's requests: no abandoned turn went first.
    const afterRecovery = fake.requests.filter((r) => r.at >= recovered);
    assert.ok(afterRecovery.length >= 1);
    assert.equal(
      afterRecovery[0]?.query.id_list,
      '2104.12255v1',
      JSON.stringify(afterRecovery.map((r) => r.path + (r.query.id_list ?? ''))),
    );
    assert.deepEqual(
      lookups('1605.08386', aClosedAt),
      [],
      'no request for the Ctrl-C’d get after its workflow closed',
    );
    assert.deepEqual(
      lookups('1707.08567', bClosedAt),
      [],
      'no request for the SIGKILLed get after its workflow timed out',
    );
    assert.deepEqual(await openIngests(t.client), []);
  });

  it('Ctrl-C also cancels a get that runs its own embedded server, and it exits 130', async () => {
    fake.inject(FOREVER);
    try {
      const dataDir = mkdtempSync(path.join(os.tmpdir(), 'arxiv-radar-ondemand-'));
      const own = spawnCli(['get', '1605.08386', '--source', 'html'], {
        DATA_DIR: dataDir,
        TEMPORAL_DEV_PORT: String(await freePort()),
        TEMPORAL_UI_PORT: String(await freePort()),
        TEMPORAL_TASK_QUEUE: `ondemand-embedded-${process.pid}`,
        ARXIV_API_URL: fake.apiUrl,
        ARXIV_RSS_URL: fake.rssUrl,
        ARXIV_WEB_URL: fake.webUrl,
        ARXIV_OAI_URL: `${fake.url}/oai`,
        ARXIV_MIN_INTERVAL_MS: '50',
      });
      // A CLI that exits early (its embedded server did not start) fails here at once, with its stderr.
      let gone = false;
      void own.exited.then(() => (gone = true));
      await until(
        'a retry to be reported',
        () => {
          const reported = /arXiv answered 503; retry \d+ in \d+ s/.test(own.output().stderr);
          if (!reported && gone) assert.fail(`get exited before reporting a retry:\n${own.output().stderr}`);
          return reported;
        },
        90_000,
      ).catch((e: Error) => {
        throw new Error(`${e.message}\nget's stderr so far:\n${own.output().stderr.slice(-3000)}`);
      });
      const interrupted = Date.now();
      own.child.kill('SIGINT');
      const { code } = await own.exited;
      measured.embeddedSigintToExit = Date.now() - interrupted;
      assert.equal(code, 130, own.output().stderr);
      assert.match(
        own.output().stderr,
        /Cancelled: the get 1605\.08386 was stopped because its caller went away\./,
      );
      rmSync(dataDir, { recursive: true, force: true });
    } finally {
      fake.clearFaults();
    }
  });

  it('a caller that runs out of time is told what arXiv answered, not "Failed to get Workflow execution history"', async () => {
    fake.inject(FOREVER);
    try {
      const d = get('1111.2011v2');
      const { code } = await d.exited;
      const { stderr } = d.output();
      assert.equal(code, 1, stderr);
      assert.match(
        stderr,
        /error: arXiv did not answer within 15 s \(503 Service Unavailable, \d+ attempts?\); try again later or raise ONDEMAND_TIMEOUT_SECONDS\./,
      );
      assert.doesNotMatch(stderr, /Failed to get Workflow execution history/);
      assert.deepEqual(await openIngests(t.client), []);
    } finally {
      fake.clearFaults();
    }
  });
});
