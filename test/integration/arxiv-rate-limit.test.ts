/**
 * The global arXiv limit on the real Temporal dev server: three worker sets poll the arXiv queue,
 * each with its own connection and ArxivClient (as on three machines, so in-process spacing cannot
 * help). The fake arXiv must see one request at a time, each arriving at least the configured
 * interval after the previous one ended; a 429 storm and a 503 with Retry-After hold back every
 * worker, not just the one that was refused. The requests come from paperIngest (what `get` and
 * the searches run): a metadata lookup, then the HTML download, which the fake answers with 404.
 */
import { createFsBlobStore } from '../../adapters/blobs/fs.ts';
import assert from 'node:assert/strict';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { bundleWorkflowCode, NativeConnection } from '@temporalio/worker';
import { createArxivActivities } from '../../activities/arxiv/activities.ts';
import type { ArxivClient } from '../../adapters/arxiv/client.ts';
import { createOptionalTemporalGate } from '../../adapters/arxiv/optional-gate.ts';
import { createTemporalGate } from '../../adapters/arxiv/temporal-gate.ts';
import { createWorkerSet, WORKFLOWS_PATH, type WorkerSet } from '../../workers/worker-set.ts';
import { ARXIV_GATE_WORKFLOW_ID } from '../../workflows/arxiv-gate-messages.ts';
import { paperIngest } from '../../workflows/paper-ingest.ts';
import { startFakeArxiv, type FakeArxiv, type RecordedRequest } from '../fakes/arxiv-server.ts';
import { fakeArxivClient } from '../support/fake-env.ts';
import { maybeRecordHistory } from '../support/histories.ts';
import { startTestRuntime, type TestRuntime } from '../support/runtime.ts';

const INTERVAL_MS = 300;

/** Real ids whose entries are in the corpus Atom files. */
const IDS = [
  '1111.2011v2',
  '1605.08386',
  '1707.08567',
  '2104.12255v1',
  'astro-ph/0601001',
  'cond-mat/0412498',
  'cond-mat/0603029',
  '1201.4869',
  '1005.5383',
  '1303.6954',
  '1312.6177',
  '1412.6529',
];

/** No HTML for any of them (a 404, as arXiv answers for old papers): one download each, never converted. */
const NO_HTML = Object.fromEntries(
  [...IDS, '0801.0001'].map((id) => [`html/${id.replace(/v\d+$/, '')}`, null]),
);

/** The gap between each request's end and the next one's arrival, in arrival order. */
function gapsAfterEnd(requests: RecordedRequest[]): number[] {
  const sorted = [...requests].sort((a, b) => a.at - b.at);
  return sorted.slice(1).map((r, i) => r.at - (sorted[i]?.endedAt ?? Infinity));
}

describe('arXiv queue: one global rate limit across three workers', () => {
  let fake: FakeArxiv;
  let t: TestRuntime;
  const extra: WorkerSet[] = [];
  const clients: ArxivClient[] = [];
  const connections: NativeConnection[] = [];
  const handled = [0, 0];

  before(async () => {
    fake = await startFakeArxiv({ documents: NO_HTML });
    t = await startTestRuntime({
      ARXIV_API_URL: fake.apiUrl,
      ARXIV_RSS_URL: fake.rssUrl,
      ARXIV_WEB_URL: fake.webUrl,
      ARXIV_OAI_URL: fake.oaiUrl,
      ARXIV_MIN_INTERVAL_MS: String(INTERVAL_MS),
    });
    const quiet = { log() {}, trace() {}, debug() {}, info() {}, warn() {}, error() {} };
    const bundle = await bundleWorkflowCode({ workflowsPath: WORKFLOWS_PATH, logger: quiet });
    for (const k of [0, 1]) {
      const client = fakeArxivClient(
        fake,
        INTERVAL_MS,
        createTemporalGate({ workflowTaskQueue: t.config.TEMPORAL_TASK_QUEUE, leaseMs: 35_000 }),
      );
      clients.push(client);
      const acts = createArxivActivities({
        client,
        blobs: createFsBlobStore(path.join(t.dataDir, `blobs-${k}`)),
      });
      // A connection of its own, as a second machine would have (the SDK also refuses two workers
      // for one task queue on one connection).
      const connection = await NativeConnection.connect({ address: t.runtime.temporalAddress });
      connections.push(connection);
      const set = await createWorkerSet({
        connection,
        namespace: t.config.TEMPORAL_NAMESPACE,
        taskQueue: t.config.TEMPORAL_TASK_QUEUE,
        activities: {},
        arxivActivities: {
          ...acts,
          arxivLookupIds: async (ids: string[]) => {
            handled[k] = (handled[k] ?? 0) + 1;
            return acts.arxivLookupIds(ids);
          },
        },
        arxivMinIntervalMs: INTERVAL_MS,
        workflowBundle: bundle,
      });
      void set.run();
      extra.push(set);
    }
  });

  after(async () => {
    if (t)
      await maybeRecordHistory(t.runtime.temporalAddress, ARXIV_GATE_WORKFLOW_ID, 'arxivGate', 'rate-limit');
    const lookup = started.get('many-0');
    if (t && lookup)
      await maybeRecordHistory(t.runtime.temporalAddress, lookup, 'paperIngest', 'rate-limit-lookup');
    for (const s of extra) await s.shutdown();
    for (const c of clients) c.close();
    for (const c of connections) await c.close();
    await t?.stop();
    await fake?.close();
  });

  /** Workflow ids by tag, so one run's history can be recorded (RECORD_HISTORIES=1). */
  const started = new Map<string, string>();
  const run = (id: string, tag: string) => {
    const workflowId = `get-${tag}-${Date.now()}`;
    started.set(tag, workflowId);
    return t.client.workflow.execute(paperIngest, {
      taskQueue: t.config.TEMPORAL_TASK_QUEUE,
      workflowId,
      args: [{ ref: id, source: 'html', summarize: false }],
    });
  };

  it('twelve concurrent ingests all succeed, spread over the workers', async () => {
    const results = await Promise.all(IDS.map((id, i) => run(id, `many-${i}`)));
    for (const [i, r] of results.entries()) {
      assert.equal(r.id, IDS[i]?.replace(/v\d+$/, ''));
      assert.equal(r.contentKey, null);
      assert.match(r.note ?? '', /no HTML version on arXiv/);
    }
    assert.equal(fake.requests.length, 24, 'a lookup and an HTML download each');
    assert.ok(
      (handled[0] ?? 0) > 0 && (handled[1] ?? 0) > 0,
      `both extra worker sets took part (${handled.join(', ')})`,
    );
  });

  it('a 429 storm holds back every worker, with and without Retry-After', async () => {
    const before = fake.requests.length;
    fake.inject({ kind: '429', times: 2 });
    fake.inject({ kind: '429', retryAfterSeconds: 1, times: 2 });
    const results = await Promise.all(
      ['1605.08386', '1707.08567', '1201.4869'].map((id, i) => run(id, `storm-${i}`)),
    );
    assert.equal(results[0]?.title, 'Heat-bath random walks with Markov bases');
    assert.deepEqual(
      results.map((r) => r.id),
      ['1605.08386', '1707.08567', '1201.4869'],
    );
    const storm = fake.requests.slice(before);
    assert.equal(storm.length, 3 * 2 + 4, 'three lookups and downloads plus four refused attempts');
    // After each refusal, whoever asks next waits out the backoff: 2 s, 4 s (exponential, no
    // Retry-After), then 1 s and 1 s (Retry-After: 1).
    const gaps = gapsAfterEnd(storm).slice(0, 4);
    for (const [i, min] of [2000, 4000, 1000, 1000].entries()) {
      assert.ok(
        (gaps[i] ?? 0) >= min,
        `gap after refusal ${i + 1}: ${gaps[i]} ms, expected ≥ ${min} (${gaps.join(', ')})`,
      );
    }
  });

  it('a 503 with Retry-After holds back every worker; an unknown id is NOT_FOUND, not retried', async () => {
    const before = fake.requests.length;
    fake.inject({ kind: '503', retryAfterSeconds: 2 });
    const [r, , unknown] = await Promise.allSettled([
      run('astro-ph/0601001', 'unavailable'),
      run('cond-mat/0412498', 'bystander'),
      run('0801.0001', 'unknown'),
    ]);
    assert.equal(r.status === 'fulfilled' && r.value.id, 'astro-ph/0601001');
    assert.equal(unknown.status, 'rejected');
    assert.match(
      String((unknown as PromiseRejectedResult).reason?.cause?.message),
      /arXiv has no paper 0801\.0001/,
    );
    const after503 = fake.requests.slice(before);
    assert.equal(
      after503.length,
      1 + 1 + 1 + 2 + 1,
      "the refused request, its retry, its download, the bystander's two and the unknown lookup once",
    );
    const [gap] = gapsAfterEnd(after503);
    assert.ok((gap ?? 0) >= 2000, `next request ${gap} ms after the 503, expected ≥ 2000`);
  });

  it('the fake never had two requests in flight, nor one closer than the interval to the last', () => {
    assert.ok(fake.requests.length >= 20, `${fake.requests.length} requests`);
    const gaps = gapsAfterEnd(fake.requests);
    const closest = Math.min(...gaps);
    assert.ok(
      closest >= INTERVAL_MS,
      `closest: ${closest} ms after the previous request ended (${gaps.join(', ')})`,
    );
  });

  it('a turn whose holder never hands it back is reclaimed when its lease runs out', async () => {
    const gate = createTemporalGate({
      workflowTaskQueue: t.config.TEMPORAL_TASK_QUEUE,
      leaseMs: 1500,
      client: () => t.client,
    });
    const started = Date.now();
    await gate.acquire(0); // a holder that dies: never released
    const release = await gate.acquire(0);
    const waited = Date.now() - started;
    await release({});
    assert.ok(waited >= 1500, `second turn granted after ${waited} ms, expected ≥ the 1500 ms lease`);
  });

  it('a direct client (the CLI) takes turns through the running cluster’s gate, and spaces only itself without one', async () => {
    const direct = (address: string) =>
      fakeArxivClient(
        fake,
        INTERVAL_MS,
        createOptionalTemporalGate({
          address,
          namespace: t.config.TEMPORAL_NAMESPACE,
          workflowTaskQueue: t.config.TEMPORAL_TASK_QUEUE,
          leaseMs: 35_000,
        }),
      );
    const holder = createTemporalGate({
      workflowTaskQueue: t.config.TEMPORAL_TASK_QUEUE,
      leaseMs: 1500,
      client: () => t.client,
    });
    const withCluster = direct(t.runtime.temporalAddress);
    const alone = direct('127.0.0.1:9'); // nothing listens there
    try {
      await holder.acquire(0); // held, never released: the direct client must wait out its lease
      const started = Date.now();
      const { papers } = await withCluster.lookupBatch(['1605.08386']);
      assert.equal(papers[0]?.id, '1605.08386');
      assert.ok(Date.now() - started >= 1500, `waited ${Date.now() - started} ms for the held turn`);

      await holder.acquire(0); // held again, but a client with no cluster does not know
      const before = Date.now();
      const lonely = await alone.lookupBatch(['1707.08567']);
      assert.equal(lonely.papers[0]?.id, '1707.08567');
      assert.ok(Date.now() - before < 1500, 'no gate, no wait');
    } finally {
      withCluster.close();
      alone.close();
    }
  });

  it('continues as new without granting two turns at once or losing a queued request', async () => {
    const workflowId = 'arxiv-gate-continue-as-new';
    const first = await t.client.workflow.start('arxivGate', {
      taskQueue: t.config.TEMPORAL_TASK_QUEUE,
      workflowId,
      args: [{ lastEndedAt: null, lastIntervalMs: 0, backoffUntil: 0, consecutiveThrottles: 0, maxTurns: 2 }],
    });
    const gate = createTemporalGate({
      workflowTaskQueue: t.config.TEMPORAL_TASK_QUEUE,
      leaseMs: 30_000,
      client: () => t.client,
      workflowId,
    });
    let holding = 0;
    let most = 0;
    await Promise.all(
      Array.from({ length: 5 }, async () => {
        const release = await gate.acquire(50);
        most = Math.max(most, ++holding);
        await new Promise((r) => setTimeout(r, 30));
        holding--;
        await release({});
      }),
    );
    assert.equal(most, 1, 'one turn at a time');
    const firstRun = await t.client.workflow.getHandle(workflowId, first.firstExecutionRunId).describe();
    assert.equal(firstRun.status.name, 'CONTINUED_AS_NEW');
    const latest = await t.client.workflow.getHandle(workflowId).describe();
    assert.notEqual(latest.runId, first.firstExecutionRunId);
    assert.equal(latest.status.name, 'RUNNING');
  });
});
