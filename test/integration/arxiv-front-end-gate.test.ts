/**
 * A front-end process's one arXiv client (adapters/arxiv/optional-gate.ts) on the real Temporal
 * dev server: it serves every request over one connection, spaced by the process while no worker
 * runs; a worker started later is picked up at the next recheck and requests then take turns at the
 * cluster's gate; a request's own abort stops only its wait; and when the worker stops, requests
 * fall back to the process's spacing. The gate runs on a queue and workflow id of this test's own,
 * with a worker the test starts and stops. Every wait is on a condition, none on a duration.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { Client, Connection } from '@temporalio/client';
import { bundleWorkflowCode, NativeConnection, Worker, type WorkflowBundle } from '@temporalio/worker';
import type { ArxivClient } from '../../adapters/arxiv/client.ts';
import { createOptionalTemporalGate, type OptionalGate } from '../../adapters/arxiv/optional-gate.ts';
import { createTemporalGate } from '../../adapters/arxiv/temporal-gate.ts';
import { isAppError } from '../../domain/errors.ts';
import { startDevServer, type DevServer } from '../../workers/dev-server.ts';
import { resolveTemporalCli } from '../../workers/temporal-cli.ts';
import { WORKFLOWS_PATH } from '../../workers/worker-set.ts';
import { arxivGateStatus } from '../../workflows/arxiv-gate-messages.ts';
import { startFakeArxiv, type FakeArxiv, type RecordedRequest } from '../fakes/arxiv-server.ts';
import { fakeArxivClient } from '../support/fake-env.ts';

const INTERVAL_MS = 200;
const QUEUE = `front-end-gate-${process.pid}`;
const GATE_ID = `arxiv-gate-front-end-${process.pid}`;
/** Real ids whose entries are in the corpus Atom files. */
const IDS = ['1605.08386', '1707.08567', '1201.4869', '1005.5383', '1303.6954', '1312.6177'];

/** Checks `done` until it holds; fails naming `what` if it never does within a generous bound. */
async function waitUntil(done: () => boolean | Promise<boolean>, what: string): Promise<void> {
  for (let i = 0; i < 1200; i++) {
    if (await done()) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  assert.fail(`never happened: ${what}`);
}

/** The gap between each request's end and the next one's arrival, in arrival order. */
function gapsAfterEnd(requests: RecordedRequest[]): number[] {
  const sorted = [...requests].sort((a, b) => a.at - b.at);
  return sorted.slice(1).map((r, i) => r.at - (sorted[i]?.endedAt ?? Infinity));
}

function settledFlag(p: Promise<unknown>): { settled: boolean } {
  const flag = { settled: false };
  p.then(
    () => (flag.settled = true),
    () => (flag.settled = true),
  );
  return flag;
}

const quiet = { log() {}, trace() {}, debug() {}, info() {}, warn() {}, error() {} };

describe('a front end’s one arXiv client: its gate follows workers starting and stopping', () => {
  let dev: DevServer;
  let fake: FakeArxiv;
  let temporal: Client;
  let bundle: WorkflowBundle;
  let gate: OptionalGate;
  let client: ArxivClient;
  let connects = 0;
  let worker: { stop(): Promise<void> } | undefined;

  async function startGateWorker(): Promise<{ stop(): Promise<void> }> {
    const connection = await NativeConnection.connect({ address: dev.address });
    const w = await Worker.create({ connection, taskQueue: QUEUE, workflowBundle: bundle });
    const running = w.run();
    return {
      async stop() {
        w.shutdown();
        await running;
        await connection.close();
      },
    };
  }

  const gateStatus = () => temporal.workflow.getHandle(GATE_ID).query(arxivGateStatus);

  before(async () => {
    const cli = await resolveTemporalCli({ install: false });
    dev = await startDevServer({ cliPath: cli.path, port: 0, uiPort: -1 });
    fake = await startFakeArxiv();
    temporal = new Client({ connection: await Connection.connect({ address: dev.address }) });
    bundle = await bundleWorkflowCode({ workflowsPath: WORKFLOWS_PATH, logger: quiet });
    gate = createOptionalTemporalGate({
      address: dev.address,
      connect: () => {
        connects++;
        return Connection.connect({ address: dev.address, connectTimeout: 1000 });
      },
      namespace: 'default',
      workflowTaskQueue: QUEUE,
      workflowId: GATE_ID,
      leaseMs: 30_000,
      recheckMs: 300,
      renewMs: 500,
      answerWithinMs: 10_000,
    });
    client = fakeArxivClient(fake, INTERVAL_MS, gate);
  });

  after(async () => {
    client?.close();
    await gate?.close();
    await worker?.stop();
    await temporal?.connection.close();
    await fake?.close();
    await dev?.stop();
  });

  it('with no worker polling, concurrent requests are spaced by the process, all over one connection', async () => {
    const results = await Promise.all(IDS.slice(0, 4).map((id) => client.lookupBatch([id])));
    assert.deepEqual(
      results.map((r) => r.papers[0]?.id),
      IDS.slice(0, 4),
    );
    // More requests, one after the other, past several rechecks.
    for (const id of IDS) assert.equal((await client.lookupBatch([id])).papers[0]?.id, id);
    assert.equal(gate.mode(), 'local');
    assert.equal(fake.requests.length, 4 + IDS.length);
    const closest = Math.min(...gapsAfterEnd(fake.requests));
    assert.ok(closest >= INTERVAL_MS, `closest gap ${closest} ms, expected ≥ ${INTERVAL_MS}`);
    assert.equal(connects, 1, 'one connection for every decision');
    await assert.rejects(
      temporal.workflow.getHandle(GATE_ID).describe(),
      /not found/i,
      'nobody asked the gate',
    );
  });

  it('a worker started later is picked up at the next recheck: requests then start and use the gate', async () => {
    worker = await startGateWorker();
    let n = 0;
    await waitUntil(async () => {
      await client.lookupBatch([IDS[n++ % IDS.length]!]);
      return gate.mode() === 'cluster';
    }, 'the client taking turns at the cluster’s gate');
    // The request that found the worker asked the gate for its turn, which started the gate.
    const d = await temporal.workflow.getHandle(GATE_ID).describe();
    assert.equal(d.status.name, 'RUNNING');
  });

  it('a request waits while another process holds the turn; aborting it stops only its own wait', async () => {
    const holder = createTemporalGate({
      workflowTaskQueue: QUEUE,
      workflowId: GATE_ID,
      leaseMs: 120_000,
      client: () => temporal,
    });
    const release = await holder.acquire(0);
    const sent = fake.requests.length;
    const first = new AbortController();
    const firstRequest = client.lookupBatch([IDS[0]!], { signal: first.signal });
    const secondRequest = client.lookupBatch([IDS[1]!], { signal: new AbortController().signal });
    const second = settledFlag(secondRequest);
    await waitUntil(async () => (await gateStatus()).waiting === 1, 'the first request queued at the gate');
    first.abort();
    await assert.rejects(firstRequest, (e) => isAppError(e, 'CANCELLED'));
    assert.equal(second.settled, false, 'the second request still waits for its turn');
    await release({});
    assert.equal((await secondRequest).papers[0]?.id, IDS[1]);
    assert.equal(fake.requests.length - sent, 1, 'only the second request reached arXiv');
    assert.equal(gate.mode(), 'cluster');
  });

  it('when the worker stops, requests fall back to the process’s spacing, over the same connection', async () => {
    await worker?.stop();
    worker = undefined;
    const sent = fake.requests.length;
    // The gate no longer answers: this request goes on spaced by the process alone.
    assert.equal((await client.lookupBatch([IDS[2]!])).papers[0]?.id, IDS[2]);
    // The stopped worker is still listed among the queue's pollers, but has not polled since.
    assert.equal((await client.lookupBatch([IDS[3]!])).papers[0]?.id, IDS[3]);
    assert.equal(gate.mode(), 'local');
    assert.equal(fake.requests.length - sent, 2);
    assert.equal(connects, 1);
  });
});

describe('a front end’s arXiv client with no Temporal reachable', () => {
  it('spaces requests by the process and tries to connect again at the next recheck', async () => {
    const fake = await startFakeArxiv();
    let connects = 0;
    const gate = createOptionalTemporalGate({
      address: '127.0.0.1:9',
      connect: () => {
        connects++;
        return Connection.connect({ address: '127.0.0.1:9', connectTimeout: 1000 }); // nothing listens there
      },
      namespace: 'default',
      workflowTaskQueue: QUEUE,
      leaseMs: 30_000,
      recheckMs: 100,
    });
    const client = fakeArxivClient(fake, INTERVAL_MS, gate);
    try {
      assert.equal((await client.lookupBatch([IDS[0]!])).papers[0]?.id, IDS[0]);
      assert.equal(gate.mode(), 'local');
      let n = 1;
      await waitUntil(async () => {
        await client.lookupBatch([IDS[n++ % IDS.length]!]);
        return connects >= 2;
      }, 'a second connection attempt');
      assert.equal(gate.mode(), 'local');
    } finally {
      client.close();
      await gate.close();
      await fake.close();
    }
  });
});
