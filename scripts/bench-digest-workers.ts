/**
 * Digest wall time with one and with two worker processes (`start --worker`, separate DATA_DIRs)
 * on one dev server and one Postgres, against the loopback fake arXiv with its calendar. arXiv's
 * rate limit (here ARXIV_MIN_INTERVAL_MS=1000, one request at a time cluster-wide) dominates, so
 * the goal is "no slower" with two. Run: npm run bench:digest-workers [-- --rounds N]
 * Rounds alternate the order (1, 2, then 2, 1, ...) so neither count always runs on a warm server;
 * each prints where the wall time went: before the first arXiv request, the gaps between requests
 * (the interval plus the gate's hand-over), and after the last one.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { Client, Connection } from '@temporalio/client';
import { zonedInstant } from '../domain/arxiv-calendar.ts';
import { ARXIV_GATE_WORKFLOW_ID } from '../workflows/arxiv-gate-messages.ts';
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
const ROUNDS = Number(parseArgs({ options: { rounds: { type: 'string', default: '1' } } }).values.rounds);
const BIN = path.resolve(import.meta.dirname, '../bin/arxiv-radar');

const dev = await startDevServer({
  cliPath: (await resolveTemporalCli({ install: false })).path,
  port: 0,
  uiPort: -1,
});
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
  return {
    ...fakeServicesEnv(arxiv, notion, discord),
    TEMPORAL_ADDRESS: dev.address,
    TEMPORAL_TASK_QUEUE: 'bench',
    DATABASE_URL: url,
    DATA_DIR: dir,
    ARXIV_MIN_INTERVAL_MS: '1000',
    LOG_LEVEL: 'error',
    ...extra,
  };
};
const connection = await Connection.connect({ address: dev.address });
const client = new Client({ connection });
const service = openRadarService(loadConfig(env(), {}), silentLogger, { client });

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

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;
const walls: Record<number, number[]> = { 1: [], 2: [] };
try {
  for (let round = 0; round < ROUNDS; round++) {
    for (const workers of round % 2 === 0 ? [1, 2] : [2, 1]) {
      const children = [];
      for (let i = 0; i < workers; i++) children.push(await startWorker());
      const names = Array.from({ length: DIGESTS }, (_, i) => `bench-${round}-${workers}-${i}`);
      for (const name of names)
        await service.subscribe({
          name,
          categories: ['cs.AI'],
          interest: 'language model agents and reasoning',
          topK: 2,
        });
      const before = arxiv.requests.length;
      const t0 = Date.now();
      const t = performance.now();
      await Promise.all(names.map((n) => service.runDigest(n)));
      const seconds = (performance.now() - t) / 1000;
      const end = Date.now();
      const reqs = arxiv.requests.slice(before);
      const gaps = reqs.slice(1).map((r, i) => r.at - (reqs[i]!.endedAt ?? reqs[i]!.at));
      walls[workers]!.push(seconds);
      console.log(
        `${workers} worker process${workers === 1 ? ' ' : 'es'}: ${DIGESTS} digests in ${seconds.toFixed(1)} s, ${reqs.length} arXiv requests ` +
          `(first after ${((reqs[0]!.at - t0) / 1000).toFixed(2)} s; gaps median ${median(gaps)} ms, max ${Math.max(...gaps)} ms, sum ${(gaps.reduce((a, b) => a + b, 0) / 1000).toFixed(1)} s; ` +
          `done ${((end - (reqs[reqs.length - 1]!.endedAt ?? end)) / 1000).toFixed(2)} s after the last)`,
      );
      // Workflow tasks of the gate that waited out a sticky queue (a worker that had gone away).
      const events = (await client.workflow.getHandle(ARXIV_GATE_WORKFLOW_ID).fetchHistory()).events ?? [];
      const stuck = events.filter(
        (e) => e.workflowTaskTimedOutEventAttributes?.timeoutType === 2 /* SCHEDULE_TO_START */,
      ).length;
      console.log(`  gate: ${stuck} workflow task(s) timed out on a sticky queue so far`);
      for (const c of children) c.kill('SIGTERM');
      await Promise.all(children.map((c) => new Promise((r) => c.on('exit', r))));
    }
  }
  if (ROUNDS > 1) {
    for (const w of [1, 2]) {
      const xs = walls[w]!;
      console.log(
        `${w} worker${w === 1 ? ' ' : 's'}: median ${median(xs).toFixed(1)} s, min ${Math.min(...xs).toFixed(1)}, max ${Math.max(...xs).toFixed(1)} over ${xs.length} runs`,
      );
    }
  }
} finally {
  await service.close();
  await connection.close();
  await dev.stop();
  await pg.stop();
  await Promise.all([arxiv.close(), notion.close(), discord.close()]);
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
}
