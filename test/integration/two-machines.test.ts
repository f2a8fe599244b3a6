/**
 * Two "machines" on one host: two `start --worker` processes, each with its own DATA_DIR (no
 * shared disk), one Temporal dev server, one Postgres (library and blobs). Digests and on-demand
 * ingests run until both processes have executed activities of both task queues; every digest is
 * published exactly once, and arXiv requests stay spaced across both. Then one worker is killed
 * in the middle of a digest (at a failpoint, after a publisher returned) and the other finishes it.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, rmSync, existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { Client, Connection } from '@temporalio/client';
import { zonedInstant } from '../../domain/arxiv-calendar.ts';
import { silentLogger } from '../../lib/logger.ts';
import { openRadarService, type RadarServiceHandle } from '../../workers/compose.ts';
import { startDevServer, type DevServer } from '../../workers/dev-server.ts';
import { resolveTemporalCli } from '../../workers/temporal-cli.ts';
import { createArxivCalendar, type ArxivCalendar } from '../fakes/arxiv-calendar.ts';
import { startFakeArxiv, type FakeArxiv } from '../fakes/arxiv-server.ts';
import { startDiscordServer, type DiscordFake } from '../fakes/discord-server.ts';
import { startNotionServer, type NotionFake } from '../fakes/notion-server.ts';
import { spawnCli } from '../support/cli.ts';
import { fakeServicesEnv } from '../support/fake-env.ts';
import { startPostgres, type PostgresServer } from '../support/postgres.ts';
import { testConfig } from '../support/runtime.ts';

const QUEUE = `two-machines-${process.pid}`;
const INTERVAL_MS = 200;
type Worker = ReturnType<typeof spawnCli>;

describe('two worker machines: one cluster, one Postgres, no shared disk', () => {
  let dev: DevServer;
  let pg: PostgresServer;
  let calendar: ArxivCalendar;
  let arxiv: FakeArxiv;
  let notion: NotionFake;
  let discord: DiscordFake;
  let connection: Connection;
  let client: Client;
  let service: RadarServiceHandle;
  const dirs = [0, 1, 2].map(() => mkdtempSync(path.join(os.tmpdir(), 'arxiv-radar-node-')));
  let env: (node: number, extra?: Record<string, string>) => Record<string, string>;
  const workers: Worker[] = [];

  before(async () => {
    const cli = await resolveTemporalCli({ install: false });
    dev = await startDevServer({ cliPath: cli.path, port: 0, uiPort: -1 });
    pg = await startPostgres();
    const url = await pg.createDatabase();
    calendar = createArxivCalendar({ firstFeedDay: '2027-02-01', feedDays: 10 });
    calendar.now = zonedInstant('2027-02-03', 1, 15, 'America/New_York');
    arxiv = await startFakeArxiv({ calendar, documents: {} });
    notion = await startNotionServer();
    discord = await startDiscordServer({ token: 'bot-token' });
    env = (node, extra = {}) => ({
      ...fakeServicesEnv(arxiv, notion, discord),
      TEMPORAL_ADDRESS: dev.address,
      TEMPORAL_TASK_QUEUE: QUEUE,
      DATABASE_URL: url,
      DATA_DIR: dirs[node]!,
      ARXIV_MIN_INTERVAL_MS: String(INTERVAL_MS),
      LOG_LEVEL: 'error',
      ...extra,
    });
    connection = await Connection.connect({ address: dev.address });
    client = new Client({ connection });
    // The "main node": subscriptions and on-demand calls, with its own DATA_DIR (node 2).
    service = openRadarService(testConfig(env(2)).config, silentLogger, { client });
  });

  after(async () => {
    for (const w of workers)
      if (w.child.exitCode === null && w.child.signalCode === null) w.child.kill('SIGKILL');
    await Promise.all(workers.map((w) => w.exited));
    await service?.close();
    await connection?.close();
    await dev?.stop();
    await pg?.stop();
    await Promise.all([arxiv?.close(), notion?.close(), discord?.close()]);
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  });

  /** Which worker process (by pid) ran activities on which task queue, from every workflow's history. */
  async function activityHosts(): Promise<Map<string, Set<string>>> {
    const byQueue = new Map<string, Set<string>>();
    for await (const wf of client.workflow.list({ query: `TaskQueue="${QUEUE}"` })) {
      const history = await client.workflow.getHandle(wf.workflowId, wf.runId).fetchHistory();
      const scheduled = new Map<string, string>();
      for (const e of history.events ?? []) {
        if (e.activityTaskScheduledEventAttributes)
          scheduled.set(String(e.eventId), e.activityTaskScheduledEventAttributes.taskQueue?.name ?? '');
        const started = e.activityTaskStartedEventAttributes;
        if (started) {
          const queue = scheduled.get(String(started.scheduledEventId)) ?? '?';
          const set = byQueue.get(queue) ?? new Set<string>();
          set.add(String(started.identity).split('@')[0]!);
          byQueue.set(queue, set);
        }
      }
    }
    return byQueue;
  }

  it('both processes run arXiv-queue and main-queue activities; every digest is published once; arXiv spacing holds', async () => {
    for (const node of [0, 1]) {
      const w = spawnCli(['start', '--worker'], env(node));
      workers.push(w);
      await w.waitFor(/Ready in/);
    }
    const pids = workers.map((w) => String(w.child.pid));
    const published: string[] = [];
    const channels: string[] = [];
    let round = 0;
    let hosts = new Map<string, Set<string>>();
    const covered = () => [QUEUE, `${QUEUE}-arxiv`].every((q) => pids.every((p) => hosts.get(q)?.has(p)));
    while (round < 6 && !covered()) {
      const names = [`lab-${round}-a`, `lab-${round}-b`];
      for (const [i, name] of names.entries()) {
        const channel = `8000000000000000${round}${i}`;
        channels.push(channel);
        await service.subscribe({
          name,
          categories: ['cs.AI'],
          interest: 'language model agents and reasoning',
          topK: 1,
          notion: true,
          discordChannelId: channel,
        });
      }
      const runs = await Promise.all([
        ...names.map((n) => service.runDigest(n)),
        service.getPaper({ ref: '1707.08567' }),
      ]);
      for (const r of runs.slice(0, names.length)) {
        assert.ok('status' in r && r.status === 'published');
        if ('status' in r && r.status === 'published') published.push(r.digest.key);
      }
      hosts = await activityHosts();
      round++;
    }
    assert.ok(
      covered(),
      `both workers ran both queues' activities: ${JSON.stringify([...hosts].map(([q, s]) => [q, [...s]]))}`,
    );
    // Exactly one publication per digest, wherever it ran.
    assert.equal(notion.pages().length, published.length, 'one Notion page per digest');
    for (const c of channels) assert.equal(discord.messagesIn(c).length, 1, `one Discord message in ${c}`);
    const markdown = [0, 1].flatMap((n) => {
      const root = path.join(dirs[n]!, 'digests');
      return existsSync(root)
        ? readdirSync(root).flatMap((t) => readdirSync(path.join(root, t)).filter((f) => f.endsWith('.md')))
        : [];
    });
    assert.equal(
      markdown.length,
      published.length,
      'one Markdown file per digest, on the host that published it',
    );
    // The digests are readable from the third node (the store, not a local folder, is the source of truth).
    for (const key of published) assert.ok(await service.store.getDigest(key), key);
    // arXiv spacing across both processes: never two in flight, each after the interval.
    const reqs = arxiv.requests.filter((r) => r.endedAt !== undefined).sort((a, b) => a.at - b.at);
    for (let i = 1; i < reqs.length; i++) {
      assert.ok(reqs[i]!.at >= reqs[i - 1]!.endedAt!, `request ${i} started after the previous one ended`);
      assert.ok(
        reqs[i]!.at - reqs[i - 1]!.endedAt! >= INTERVAL_MS - 5,
        `request ${i} spaced ${reqs[i]!.at - reqs[i - 1]!.endedAt!} ms`,
      );
    }
    console.log(
      `two machines: ${round} round(s), ${published.length} digests, ${arxiv.requests.length} arXiv requests; hosts per queue ${JSON.stringify([...hosts].map(([q, s]) => [q, s.size]))}`,
    );
  });

  it('a worker killed in the middle of a digest: the other one finishes it, once', async () => {
    // Restart node 1 with a failpoint after the Notion publisher returned (page created, receipt not yet recorded).
    const stopped = workers[1]!;
    stopped.child.kill('SIGTERM');
    await stopped.exited;
    const victim = spawnCli(['start', '--worker'], env(1, { FAILPOINTS: 'after-publish:notion' }));
    workers.push(victim);
    await victim.waitFor(/Ready in/);
    let hit = false;
    for (let attempt = 0; attempt < 8 && !hit; attempt++) {
      const name = `crash-${attempt}`;
      await service.subscribe({
        name,
        categories: ['cs.AI'],
        interest: 'language model agents',
        topK: 1,
        notion: true,
      });
      const pagesBefore = notion.pages().length;
      const run = service.runDigest(name);
      const reached = victim.waitFor(/failpoint after-publish:notion reached/, 120_000, 'stderr').then(
        () => true,
        () => false,
      );
      const first = await Promise.race([
        run.then(() => 'done' as const),
        reached.then((r) => (r ? ('failpoint' as const) : ('done' as const))),
      ]);
      if (first === 'failpoint') {
        hit = true;
        victim.child.kill('SIGKILL');
        await victim.exited;
        const r = await run;
        assert.equal(r.status, 'published');
        if (r.status !== 'published') return;
        assert.equal(
          notion.pages().length,
          pagesBefore + 1,
          "one Notion page: the survivor found the dead worker's page",
        );
        assert.equal(
          (await service.store.getReceipts(r.digest.key)).filter((x) => x.destination === 'notion').length,
          1,
        );
        assert.equal((await service.store.getDelivery(name, r.digest.date))?.status, 'delivered');
      } else {
        await run;
      }
    }
    assert.ok(hit, 'the killed worker took one of the publishes');
  });
});
