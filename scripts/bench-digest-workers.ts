/**
 * Digest wall time with one and with two worker processes (`start --worker`, separate DATA_DIRs)
 * on one dev server and one Postgres, against the loopback fake arXiv with its calendar. arXiv's
 * rate limit (here ARXIV_MIN_INTERVAL_MS=1000, one request at a time cluster-wide) dominates, so
 * the goal is "no slower" with two. Run: npm run bench:digest-workers
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client, Connection } from '@temporalio/client';
import { zonedInstant } from '../domain/arxiv-calendar.ts';
import { silentLogger } from '../lib/logger.ts';
import { loadConfig } from '../config/env.ts';
import { openRadarService } from '../workers/compose.ts';
import { startDevServer } from '../workers/dev-server.ts';
import { resolveTemporalCli } from '../workers/temporal-cli.ts';
import { createArxivCalendar } from '../test/fakes/arxiv-calendar.ts';
import { startFakeArxiv } from '../test/fakes/arxiv-server.ts';
import { startDiscordServer } from '../test/fakes/discord-server.ts';
import { startNotionServer } from '../test/fakes/notion-server.ts';
import { fakeServicesEnv } from '../test/support/fake-env.ts';
import { startPostgres } from '../test/support/postgres.ts';

const DIGESTS = 4;
const BIN = path.resolve(import.meta.dirname, '../bin/arxiv-radar');

const dev = await startDevServer({ cliPath: (await resolveTemporalCli({ install: false })).path, port: 0, uiPort: -1 });
const pg = await startPostgres();
const url = await pg.createDatabase();
const calendar = createArxivCalendar({ firstFeedDay: '2027-03-01', feedDays: 5 });
calendar.now = zonedInstant('2027-03-03', 1, 15, 'America/New_York');
const arxiv = await startFakeArxiv({ calendar, documents: {} });
const notion = await startNotionServer();
const discord = await startDiscordServer({ token: 'bot-token' });
const dirs: string[] = [];
const env = (extra: Record<string, string> = {}) => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'bench-node-'));
  dirs.push(dir);
  return { ...fakeServicesEnv(arxiv, notion, discord), TEMPORAL_ADDRESS: dev.address, TEMPORAL_TASK_QUEUE: 'bench', DATABASE_URL: url, DATA_DIR: dir, ARXIV_MIN_INTERVAL_MS: '1000', LOG_LEVEL: 'error', ...extra };
};
const connection = await Connection.connect({ address: dev.address });
const service = openRadarService(loadConfig(env(), {}), silentLogger, { client: new Client({ connection }) });

async function startWorker(): Promise<ChildProcess> {
  const child = spawn(BIN, ['start', '--worker'], { env: { ...process.env, ...env() } });
  await new Promise<void>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      if (/Ready in/.test(out)) resolve();
    });
    child.on('exit', (code) => reject(new Error(`worker exited ${code}: ${out}`)));
  });
  return child;
}

try {
  for (const workers of [1, 2]) {
    const children = [];
    for (let i = 0; i < workers; i++) children.push(await startWorker());
    const names = Array.from({ length: DIGESTS }, (_, i) => `bench-${workers}-${i}`);
    for (const name of names) await service.subscribe({ name, categories: ['cs.AI'], interest: 'language model agents and reasoning', topK: 2 });
    const before = arxiv.requests.length;
    const t = performance.now();
    await Promise.all(names.map((n) => service.runDigest(n)));
    const seconds = (performance.now() - t) / 1000;
    const requests = arxiv.requests.length - before;
    console.log(`${workers} worker process${workers === 1 ? ' ' : 'es'}: ${DIGESTS} digests in ${seconds.toFixed(1)} s, ${requests} arXiv requests (${(seconds / requests).toFixed(2)} s per request at a 1.0 s interval)`);
    for (const c of children) c.kill('SIGTERM');
    await Promise.all(children.map((c) => new Promise((r) => c.on('exit', r))));
  }
} finally {
  await service.close();
  await connection.close();
  await dev.stop();
  await pg.stop();
  await Promise.all([arxiv.close(), notion.close(), discord.close()]);
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
}
