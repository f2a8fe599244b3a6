/**
 * Exactly-once publishing across worker crashes: the worker process (`arxiv-radar start` against
 * a shared dev server) stops itself at a failpoint (lib/failpoints.ts) right after a destination
 * accepted the digest and before its receipt is recorded — after the Notion page is created, after
 * the Discord message is posted, after the Markdown file is written — and is killed there with
 * SIGKILL; then a new worker without failpoints finishes the digest. Each digest still ends with
 * exactly one page, one message and one file, and its papers are marked seen. A publish built in
 * several requests (a long Notion page, a digest over several Discord messages) is killed after
 * each step landed and before its progress was recorded: still one complete page and one set of
 * messages.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { Client, Connection, type WorkflowHandle } from '@temporalio/client';
import { silentLogger } from '../../lib/logger.ts';
import type { DestinationKind } from '../../domain/digest.ts';
import { digestMarker, digestToDiscordMessages } from '../../adapters/publish/discord.ts';
import { digestToNotionBlocks } from '../../adapters/publish/notion.ts';
import type { TopicDigestResult } from '../../workflows/topic-digest.ts';
import { startDevServer, type DevServer } from '../../workers/dev-server.ts';
import { resolveTemporalCli } from '../../workers/temporal-cli.ts';
import { openRadarService, type RadarServiceHandle } from '../../workers/compose.ts';
import { startFakeArxiv, type FakeArxiv } from '../fakes/arxiv-server.ts';
import { startDiscordServer, type DiscordFake } from '../fakes/discord-server.ts';
import { startNotionServer, type NotionFake } from '../fakes/notion-server.ts';
import { spawnCli } from '../support/cli.ts';
import { testConfig } from '../support/runtime.ts';
import { fakeServicesEnv } from '../support/fake-env.ts';

const QUEUE = `crash-${process.pid}`;

type Worker = ReturnType<typeof spawnCli>;

/** The last events of a workflow's history (activity names and failures), for a failure message. */
async function historySummary(handle: WorkflowHandle): Promise<string> {
  try {
    const history = await handle.fetchHistory();
    return (history.events ?? [])
      .slice(-15)
      .map((e) => {
        const activity = e.activityTaskScheduledEventAttributes?.activityType?.name;
        const failure =
          e.activityTaskFailedEventAttributes?.failure?.message ??
          e.workflowExecutionFailedEventAttributes?.failure?.message;
        const kind =
          Object.keys(e)
            .find((k) => k.endsWith('EventAttributes'))
            ?.replace(/EventAttributes$/, '') ?? String(e.eventType);
        return [kind, activity, failure].filter(Boolean).join(' ');
      })
      .join('; ');
  } catch (e) {
    return `(history unavailable: ${String(e)})`;
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
  const workers: Worker[] = [];

  /** A worker process; every one is killed by the end of its test, whatever happens. */
  const startWorker = async (extraEnv: Record<string, string> = {}): Promise<Worker> => {
    const worker = spawnCli(['start', '--no-bot'], { ...env, ...extraEnv });
    workers.push(worker);
    await worker.waitFor(/Ready in/);
    return worker;
  };
  const killAll = async () => {
    for (const w of workers.splice(0)) {
      if (w.child.exitCode === null && w.child.signalCode === null) w.child.kill('SIGKILL');
      await w.exited;
    }
  };

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
      // A publish lost with the killed worker is retried 8 s after its last heartbeat, not 20 s.
      DIGEST_PUBLISH_HEARTBEAT_SECONDS: '8',
      LOG_LEVEL: 'error',
    };
    connection = await Connection.connect({ address: dev.address });
    client = new Client({ connection });
    service = openRadarService(testConfig(env).config, silentLogger, { client });
  });

  after(async () => {
    await killAll();
    await service?.close();
    await connection?.close();
    await dev?.stop();
    await Promise.all([arxiv?.close(), notion?.close(), discord?.close()]);
    rmSync(dataDir, { recursive: true, force: true });
  });

  const killPoints: Array<{ destination: DestinationKind; name: string }> = [
    { destination: 'notion', name: 'after the Notion page is created' },
    { destination: 'discord', name: 'after the Discord message is posted' },
    { destination: 'markdown', name: 'after the Markdown file is written' },
  ];

  for (const [i, point] of killPoints.entries()) {
    it(`killed ${point.name}, then restarted: one page, one message, one file`, async () => {
      const sub = `crash-${i}`;
      const channel = `90000000000000000${i}`;
      await service.subscribe({
        name: sub,
        categories: ['cs.AI'],
        interest: 'language model agents',
        topK: 2,
        notion: true,
        discordChannelId: channel,
        cron: '0 3 1 1 *',
      });
      const pagesBefore = notion.pages().length;
      const failpoint = `after-publish:${point.destination}`;
      try {
        const first = await startWorker({ FAILPOINTS: failpoint });
        const handle = await client.workflow.start('topicDigest', {
          taskQueue: QUEUE,
          workflowId: `crash-digest-${i}`,
          args: [sub],
        });
        const outcome = handle.result() as Promise<TopicDigestResult>;
        // Stop waiting as soon as the digest ends without reaching the failpoint (neither branch rejects).
        const early = outcome.then(
          (r) => `the digest ended before ${failpoint}: ${JSON.stringify(r)}`,
          (e: unknown) => `the digest failed before ${failpoint}: ${String(e)}`,
        );
        const reached = first
          .waitFor(new RegExp(`failpoint ${failpoint} reached \\(pid \\d+\\)`), 120_000, 'stderr')
          .then(
            () => null,
            (e: unknown) => String(e),
          );
        const problem = await Promise.race([reached, early]);
        if (problem !== null) assert.fail(`${problem}\nworkflow so far: ${await historySummary(handle)}`);
        first.child.kill('SIGKILL');
        assert.equal((await first.exited).signal, 'SIGKILL');

        await startWorker();
        const result = await outcome;

        assert.equal(result.status, 'published');
        if (result.status !== 'published') return;
        assert.match(
          result.key,
          new RegExp(`^${sub}:\\d{4}-\\d{2}-\\d{2}$`),
          'one digest per announcement, keyed by its feed date',
        );
        assert.equal(result.entries, 2);
        assert.equal(
          result.digests?.length,
          1,
          "a subscription's first digest covers the current announcement only",
        );
        assert.deepEqual(result.announcements, [result.key.slice(sub.length + 1)]);
        assert.deepEqual(result.receipts.map((r) => r.destination).sort(), ['discord', 'markdown', 'notion']);

        assert.equal(notion.pages().length, pagesBefore + 1, 'exactly one new Notion page');
        assert.equal(discord.messagesIn(channel).length, 1, 'exactly one Discord message');
        const topicFolder = path.join(dataDir, 'digests', sub);
        const names = readdirSync(topicFolder);
        assert.equal(
          names.filter((n) => n.endsWith('.md')).length,
          1,
          `exactly one Markdown file (${names.join(', ')})`,
        );
        assert.deepEqual(
          names.filter((n) => !n.endsWith('.md')),
          [],
          'no temp file in the topic folder',
        );
        assert.equal(
          result.receipts.find((r) => r.destination === 'markdown')?.ref,
          path.join(topicFolder, names[0]!),
        );

        const digest = await service.lastDigest(sub);
        assert.equal(digest?.key, result.key);
        assert.equal(digest.entries.length, 2, 'no paper lost');
        const unseen = await service.store.filterUnseen(
          sub,
          digest.entries.map((e) => e.arxivId),
        );
        assert.deepEqual(unseen, [], 'the digest papers are marked seen');
      } finally {
        await killAll();
      }
    });
  }

  // A digest of 20 papers: a Notion page built in 2 requests (create + append) and 3 Discord
  // messages. The worker is killed after each step landed and before its progress was recorded.
  const steps = ['notion:1', 'notion:2', 'discord:1', 'discord:2', 'discord:3'];
  for (const [i, step] of steps.entries()) {
    it(`killed after step ${step} of a multi-step publish: one complete page and one set of messages`, async () => {
      const sub = `crash-steps-${i}`;
      const channel = `91000000000000000${i}`;
      await service.subscribe({
        name: sub,
        categories: ['cs.CV', 'stat.ML'],
        interest: 'learning',
        topK: 20,
        notion: true,
        discordChannelId: channel,
        cron: '0 3 1 1 *',
      });
      const failpoint = `publish-step:${step}`;
      try {
        const first = await startWorker({ FAILPOINTS: failpoint });
        const handle = await client.workflow.start('topicDigest', {
          taskQueue: QUEUE,
          workflowId: `crash-steps-${i}`,
          args: [sub],
        });
        const outcome = handle.result() as Promise<TopicDigestResult>;
        const early = outcome.then(
          (r) => `the digest ended before ${failpoint}: ${JSON.stringify(r).slice(0, 300)}`,
          (e: unknown) => `the digest failed before ${failpoint}: ${String(e)}`,
        );
        const reached = first
          .waitFor(new RegExp(`failpoint ${failpoint} reached \\(pid \\d+\\)`), 180_000, 'stderr')
          .then(
            () => null,
            (e: unknown) => String(e),
          );
        const problem = await Promise.race([reached, early]);
        if (problem !== null) assert.fail(`${problem}\nworkflow so far: ${await historySummary(handle)}`);
        first.child.kill('SIGKILL');
        await first.exited;

        await startWorker();
        const result = await outcome;
        assert.equal(result.status, 'published');
        const digest = await service.lastDigest(sub);
        assert.ok(digest);
        assert.equal(digest.entries.length, 20);

        const pages = notion
          .pages()
          .filter((p) => JSON.stringify(p.properties['Digest key']).includes(`"${digest.key}"`));
        assert.equal(pages.length, 1, 'exactly one Notion page');
        const expected = digestToNotionBlocks(digest);
        assert.ok(expected.length > 100, `the page needs more than one request (${expected.length} blocks)`);
        assert.deepEqual(
          notion.childrenOf(pages[0]!.id).map((b) => b.type),
          expected.map((b) => (b as { type: string }).type),
          'every block exactly once, in order',
        );

        const payloads = digestToDiscordMessages(digest);
        assert.ok(payloads.length >= 3, `several Discord messages (${payloads.length})`);
        const markers = discord
          .messagesIn(channel)
          .map((m) => (m.embeds.at(-1) as { footer?: { text?: string } } | undefined)?.footer?.text);
        assert.deepEqual(
          markers,
          payloads.map((_, k) => digestMarker(digest.key, k + 1, payloads.length)),
          'every part exactly once, in order',
        );
      } finally {
        await killAll();
      }
    });
  }
});
