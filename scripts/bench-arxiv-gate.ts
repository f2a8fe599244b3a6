/**
 * A front end's arXiv gate benchmark (`npm run bench:arxiv-gate`): what a metadata lookup costs a
 * front-end process with its one shared client (adapters/arxiv/optional-gate.ts) against a client
 * built for each call (what the front ends did before: a Temporal connection and a describe of the
 * queue per call), with a worker running the gate (turns through the cluster's gate) and without
 * (the process's own spacing). Real Temporal dev server, loopback fake arXiv, spacing 0 (loopback),
 * so the numbers are the gate's overhead. Prints ms per lookup and the connections opened.
 * Options: --n N lookups per case (default 20).
 */
import { parseArgs } from 'node:util';
import { Client, Connection } from '@temporalio/client';
import { bundleWorkflowCode, NativeConnection, Worker } from '@temporalio/worker';
import { ArxivClient } from '../adapters/arxiv/client.ts';
import { createOptionalTemporalGate } from '../adapters/arxiv/optional-gate.ts';
import { startDevServer } from '../workers/dev-server.ts';
import { resolveTemporalCli } from '../workers/temporal-cli.ts';
import { WORKFLOWS_PATH } from '../workers/worker-set.ts';
import { startFakeArxiv, type FakeArxiv } from '../test/fakes/arxiv-server.ts';

const { values } = parseArgs({ options: { n: { type: 'string', default: '20' } } });
const N = Number(values.n);
const QUEUE = `bench-arxiv-gate-${process.pid}`;
const IDS = ['1605.08386', '1707.08567', '1201.4869', '1005.5383', '1303.6954', '1312.6177'];
const quiet = { log() {}, trace() {}, debug() {}, info() {}, warn() {}, error() {} };

function clientFor(address: string, fake: FakeArxiv, counter: { connects: number }) {
  const gate = createOptionalTemporalGate({
    address,
    connect: () => {
      counter.connects++;
      return Connection.connect({ address, connectTimeout: 1000 });
    },
    namespace: 'default',
    workflowTaskQueue: QUEUE,
    leaseMs: 30_000,
  });
  const client = new ArxivClient({
    apiUrl: fake.apiUrl,
    rssUrl: fake.rssUrl,
    webUrl: fake.webUrl,
    minIntervalMs: 0,
    timeoutMs: 5000,
    maxResponseBytes: 10 * 1024 * 1024,
    gate,
  });
  return {
    client,
    close: async () => {
      client.close();
      await gate.close();
    },
  };
}

async function run(label: string, address: string, fake: FakeArxiv, shared: boolean): Promise<void> {
  const counter = { connects: 0 };
  const one = shared ? clientFor(address, fake, counter) : undefined;
  const started = performance.now();
  for (let i = 0; i < N; i++) {
    const c = one ?? clientFor(address, fake, counter);
    await c.client.lookupBatch([IDS[i % IDS.length]!]);
    if (!one) await c.close();
  }
  const perLookup = (performance.now() - started) / N;
  await one?.close();
  console.log(
    `${label.padEnd(44)} ${perLookup.toFixed(1).padStart(7)} ms/lookup  ${counter.connects} connections`,
  );
}

const cli = await resolveTemporalCli({ install: false });
const dev = await startDevServer({ cliPath: cli.path, port: 0, uiPort: -1 });
const fake = await startFakeArxiv();
try {
  console.log(`${N} lookups per case, loopback fake arXiv, spacing 0`);
  await run('no worker: one shared client', dev.address, fake, true);
  await run('no worker: a client per call', dev.address, fake, false);
  const bundle = await bundleWorkflowCode({ workflowsPath: WORKFLOWS_PATH, logger: quiet });
  const connection = await NativeConnection.connect({ address: dev.address });
  const worker = await Worker.create({ connection, taskQueue: QUEUE, workflowBundle: bundle });
  const running = worker.run();
  // Wait until the queue lists the worker, so both cases below take turns at the gate.
  const temporal = new Client({ connection: await Connection.connect({ address: dev.address }) });
  for (;;) {
    const { pollers } = await temporal.workflowService.describeTaskQueue({
      namespace: 'default',
      taskQueue: { name: QUEUE },
      taskQueueType: 1,
    });
    if (pollers?.length) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  await run('worker running: one shared client (gate)', dev.address, fake, true);
  await run('worker running: a client per call (gate)', dev.address, fake, false);
  worker.shutdown();
  await running;
  await connection.close();
  await temporal.connection.close();
} finally {
  await fake.close();
  await dev.stop();
}
