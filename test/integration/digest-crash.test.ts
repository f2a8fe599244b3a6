/**
 * Exactly-once publishing across worker crashes: the worker process (`arxiv-radar start` against
 * a shared dev server) is killed with SIGKILL at three points of a digest — right after the Notion
 * page is created, right after the Discord message is posted, and right after the Markdown file
 * is written — then a new worker is started. Each digest still ends with exactly one page, one
 * message and one file, and no paper is lost.
 */
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { Client, Connection } from '@temporalio/client';
import { silentLogger } from '../../lib/logger.ts';
import { startDevServer, type DevServer } from '../../workers/dev-server.ts';
import { resolveTemporalCli } from '../../workers/temporal-cli.ts';
import { createRadarService, type RadarServiceHandle } from '../../workers/radar-service.ts';
import { startFakeArxiv, type FakeArxiv } from '../fakes/arxiv-server.ts';
import { startDiscordServer, type DiscordFake } from '../fakes/discord-server.ts';
import { startNotionServer, type NotionFake } from '../fakes/notion-server.ts';
import { spawnCli } from '../support/cli.ts';
import { testConfig } from '../support/runtime.ts';
import { fakeServicesEnv } from '../support/fake-env.ts';

const QUEUE = `crash-${process.pid}`;

async function until(check: () => boolean, what: string, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

describe('digest publishing survives worker crashes', () => {
  let dev: DevServer;
  let arxiv: FakeArxiv;
  let notion: NotionFake;
  let discord: DiscordFake;
  let client: Client;
  let connection: Connection;
  let service: RadarServiceHandle;
  let env: Record<string, string>;
  let dataDir: string;

  before(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'arxiv-radar-crash-'));
    const cli = await resolveTemporalCli({ install: false });
    dev = await startDevServer({ cliPath: cli.path, port: 0, uiPort: -1 });
    arxiv = await startFakeArxiv();
    notion = await startNotionServer();
    discord = await startDiscordServer({ token: 'bot-token' });
    env = {
      DATA_DIR: dataDir,
      TEMPORAL_ADDRESS: dev.address,
      TEMPORAL_TASK_QUEUE: QUEUE,
      ...fakeServicesEnv(arxiv, notion, discord),
      LOG_LEVEL: 'error',
    };
    connection = await Connection.connect({ address: dev.address });
    client = new Client({ connection });
    service = createRadarService(testConfig(env).config, silentLogger, { client });
  });

  after(async () => {
    await service?.close();
    await connection?.close();
    await dev?.stop();
    await Promise.all([arxiv?.close(), notion?.close(), discord?.close()]);
    rmSync(dataDir, { recursive: true, force: true });
  });

  const killPoints: Array<{ name: string; reached: (sub: string, channel: string) => boolean }> = [
    { name: 'after the Notion page is created', reached: () => notion.pages().length > countsBefore.pages },
    { name: 'after the Discord message is posted', reached: (_s, channel) => discord.messagesIn(channel).length > 0 },
    { name: 'after the Markdown file is written', reached: (sub) => existsSync(path.join(dataDir, 'digests', sub)) },
  ];
  const countsBefore = { pages: 0 };

  for (const [i, point] of killPoints.entries()) {
    it(`killed ${point.name}, then restarted: one page, one message, one file`, async () => {
      const sub = `crash-${i}`;
      const channel = `90000000000000000${i}`;
      await service.subscribe({ name: sub, categories: ['cs.AI'], interest: 'language model agents', topK: 2, notion: true, discordChannelId: channel, cron: '0 3 1 1 *' });
      countsBefore.pages = notion.pages().length;

      const worker = spawnCli(['start', '--no-bot'], env);
      await worker.waitFor(/Ready in/);
      const handle = await client.workflow.start('topicDigest', { taskQueue: QUEUE, workflowId: `crash-digest-${i}`, args: [sub] });
      await until(() => point.reached(sub, channel), point.name);
      worker.child.kill('SIGKILL');
      await worker.exited;

      const again = spawnCli(['start', '--no-bot'], env);
      await again.waitFor(/Ready in/);
      const result = (await handle.result()) as { status: string; entries: number };
      again.child.kill('SIGTERM');
      await again.exited;

      assert.equal(result.status, 'published');
      assert.equal(result.entries, 2);
      assert.equal(notion.pages().length, countsBefore.pages + 1, 'exactly one new Notion page');
      assert.equal(discord.messagesIn(channel).length, 1, 'exactly one Discord message');
      assert.equal(readdirSync(path.join(dataDir, 'digests', sub)).length, 1, 'exactly one Markdown file');
      const digest = await service.lastDigest(sub);
      assert.equal(digest?.entries.length, 2, 'no paper lost');
      const seen = await service.store.filterUnseen(sub, digest.entries.map((e) => e.arxivId));
      assert.deepEqual(seen, [], 'the digest papers are marked seen');
    });
  }
});
