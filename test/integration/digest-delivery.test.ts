/**
 * A digest is never lost: on the real Temporal dev server, against the Notion and Discord fakes,
 * a destination that refuses a digest (a revoked Notion token, a deleted Discord webhook) leaves
 * its announcement pending and reported, and the next run publishes the same digest, exactly once,
 * once the destination works again. Also: a webhook set only in the environment receives digests
 * of subscriptions that name no Discord destination, and a 50-paper digest completes under a 429
 * on every third Notion request, each block appended once (the time is printed).
 */
import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { digestToNotionBlocks } from '../../adapters/publish/notion.ts';
import { isAppError } from '../../domain/errors.ts';
import type { DigestRunResult } from '../../app/radar-service.ts';
import type { RadarServiceHandle } from '../../workers/compose.ts';
import type { DiscordFake } from '../fakes/discord-server.ts';
import type { NotionFake } from '../fakes/notion-server.ts';
import type { TestRuntime } from '../support/runtime.ts';
import { runCli } from '../support/cli.ts';
import { startServiceHarness, type ServiceHarness } from '../support/service-harness.ts';

const ENV_CHANNEL = '700000000000000001';
const OWN_CHANNEL = '700000000000000002';
const NEW_CHANNEL = '700000000000000003';
const webhooks = [
  { id: '800000000000000001', token: 'env-hook-token', channelId: ENV_CHANNEL },
  { id: '800000000000000002', token: 'own-hook-token', channelId: OWN_CHANNEL },
];
const REPLACEMENT = { id: '800000000000000003', token: 'new-hook-token', channelId: NEW_CHANNEL };

/** The messages of a channel that carry parts of one digest. */
const partsOf = (discord: DiscordFake, channel: string, key: string) =>
  discord.messagesIn(channel).filter((m) => JSON.stringify(m.embeds).includes(`digest ${key} part`));

/** The Notion pages carrying one digest key. */
const pagesOf = (notion: NotionFake, key: string) =>
  notion.pages().filter((p) => JSON.stringify(p.properties['Digest key']).includes(`"${key}"`));

describe('a digest is never lost: failed publishes stay pending until they land', () => {
  let harness: ServiceHarness;
  let notion: NotionFake;
  let discord: DiscordFake;
  let t: TestRuntime;
  let service: RadarServiceHandle;

  before(async () => {
    harness = await startServiceHarness(
      {},
      {
        discord: { webhooks },
        // No bot token: Discord digests go out only through webhooks.
        env: ({ discord: d }) => ({ DISCORD_TOKEN: '', DISCORD_WEBHOOK_URL: d.webhookUrl(webhooks[0]!.id) }),
      },
    );
    ({ notion, discord, t, service } = harness);
  });

  after(async () => harness?.stop());

  const published = (r: DigestRunResult) => {
    assert.equal(r.status, 'published', JSON.stringify(r).slice(0, 300));
    return r.status === 'published' ? r : assert.fail('not published');
  };

  it('a webhook set only in the environment receives the digest of a subscription naming no Discord destination', async () => {
    await service.subscribe({
      name: 'env-webhook',
      categories: ['cs.AI'],
      interest: 'language model agents',
      topK: 2,
      cron: '0 3 1 1 *',
    });
    const report = (await service.deliveryReport()).find((r) => r.name === 'env-webhook');
    assert.deepEqual(report?.sendsTo, ['Markdown folder', 'Discord webhook (DISCORD_WEBHOOK_URL)']);
    const r = published(await service.runDigest('env-webhook'));
    assert.deepEqual(r.receipts.map((x) => x.destination).sort(), ['discord', 'markdown']);
    assert.equal(partsOf(discord, ENV_CHANNEL, r.digest.key).length, 1);
  });

  it('Notion 401: the announcement stays pending and is reported; with the token fixed the next run publishes the same digest once', async () => {
    await service.subscribe({
      name: 'notion-revoked',
      categories: ['cs.AI'],
      interest: 'language model agents',
      topK: 2,
      notion: true,
      cron: '0 3 1 1 *',
    });
    notion.setToken('a-token-we-do-not-have');
    try {
      await assert.rejects(service.runDigest('notion-revoked'), (e: Error) => {
        assert.match(e.message, /notion/i);
        assert.match(e.message, /pending/);
        return true;
      });
      const [pending] =
        (await service.deliveryReport()).find((r) => r.name === 'notion-revoked')?.pending ?? [];
      assert.ok(pending, 'the announcement is pending');
      const failure = pending.failures.find((f) => f.destination === 'notion');
      assert.ok(failure?.permanent, 'a rejected token is permanent');
      assert.match(failure.message, /token|401|unauthorized/i);
      assert.equal(pending.failures.length, 1, 'only Notion failed');
      const key = `notion-revoked:${pending.announcement}`;
      assert.equal(pagesOf(notion, key).length, 0);
      // The destinations that worked have it, once.
      assert.equal(partsOf(discord, ENV_CHANNEL, key).length, 1);
      assert.equal(readdirSync(path.join(t.dataDir, 'digests', 'notion-revoked')).length, 1);
      // Still pending at the next run while the token is wrong: nothing is marked delivered.
      await assert.rejects(service.runDigest('notion-revoked'), /pending/);
      // The CLI reports it: `subscriptions` (where it goes, what is pending and why) and `doctor`.
      const cliEnv = {
        DATA_DIR: t.dataDir,
        TEMPORAL_ADDRESS: t.runtime.temporalAddress,
        NOTION_TOKEN: 'secret_test',
        NOTION_DATABASE_ID: notion.databaseId,
        NOTION_API_URL: notion.url,
        DISCORD_API_URL: discord.url,
        DISCORD_WEBHOOK_URL: discord.webhookUrl(webhooks[0]!.id),
        LOG_LEVEL: 'error',
      };
      const listed = runCli(['subscriptions'], cliEnv);
      assert.equal(listed.status, 0, listed.stderr);
      const block = listed.stdout.split('\n\n').find((b) => b.startsWith('notion-revoked')) ?? '';
      assert.match(block, /sends to: +Markdown folder, Notion, Discord webhook \(DISCORD_WEBHOOK_URL\)/);
      assert.match(
        block,
        /pending: +the \d{4}-\d{2}-\d{2} digest: Notion failing since \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC: Notion answered HTTP 401/,
      );
      const doctor = runCli(['doctor', '--json'], cliEnv);
      const checks = (
        JSON.parse(doctor.stdout) as { checks: Array<{ name: string; status: string; detail: string }> }
      ).checks.filter((c) => c.name === 'delivery');
      assert.ok(
        checks.some(
          (c) =>
            c.status === 'fail' &&
            /"notion-revoked": the .* digest is pending: notion failing since/.test(c.detail),
        ),
        JSON.stringify(checks),
      );
      assert.equal(doctor.status, 1, 'doctor fails while a digest waits for a fix');
      assert.ok(
        !doctor.stdout.includes('env-hook-token') && !listed.stdout.includes('env-hook-token'),
        'the webhook token is never printed',
      );
      // Discord works, so it was told, once.
      const notices = discord.messagesIn(ENV_CHANNEL).filter((m) => m.content.includes('"notion-revoked"'));
      assert.equal(notices.length, 1, 'one notice on Discord, not one per run');
      assert.match(notices[0]!.content, /notion refused the .* digest .*stays pending/);

      notion.setToken(undefined);
      const r = published(await service.runDigest('notion-revoked'));
      assert.equal(r.digest.key, key, 'the same digest');
      assert.equal(pagesOf(notion, key).length, 1);
      assert.equal(partsOf(discord, ENV_CHANNEL, key).length, 1, 'Discord not posted again');
      assert.equal(readdirSync(path.join(t.dataDir, 'digests', 'notion-revoked')).length, 1);
      assert.deepEqual(
        (await service.deliveryReport()).find((x) => x.name === 'notion-revoked')?.pending,
        [],
      );
      const again = await service.runDigest('notion-revoked');
      assert.equal(again.status, 'empty');
      assert.equal(pagesOf(notion, key).length, 1);
    } finally {
      notion.setToken(undefined);
    }
  });

  it('a deleted Discord webhook (404): pending and reported, then posted once the webhook is replaced', async () => {
    await assert.rejects(
      service.subscribe({
        name: 'own-hook',
        categories: ['cs.AI'],
        interest: 'agents',
        discordWebhookUrl: 'https://attacker.example/api/webhooks/800000000000000002/x',
      }),
      (e) => isAppError(e, 'INVALID_INPUT') && /webhooks\/<id>\/<token>/.test(e.message),
    );
    await service.subscribe({
      name: 'own-hook',
      categories: ['cs.AI'],
      interest: 'language model agents',
      topK: 2,
      cron: '0 3 1 1 *',
      discordWebhookUrl: discord.webhookUrl(webhooks[1]!.id),
    });
    assert.deepEqual((await service.deliveryReport()).find((r) => r.name === 'own-hook')?.sendsTo, [
      'Markdown folder',
      'Discord webhook (its own)',
    ]);
    const own = webhooks.splice(1, 1)[0]!; // deleted in Discord
    await assert.rejects(service.runDigest('own-hook'), /discord/i);
    const [pending] = (await service.deliveryReport()).find((r) => r.name === 'own-hook')?.pending ?? [];
    assert.ok(pending);
    const failure = pending.failures.find((f) => f.destination === 'discord');
    assert.ok(failure?.permanent);
    assert.match(failure.message, /404|Unknown Webhook/i);
    webhooks.push(REPLACEMENT);
    await service.subscribe({
      name: 'own-hook',
      interest: 'language model agents',
      discordWebhookUrl: discord.webhookUrl(REPLACEMENT.id),
    });
    const r = published(await service.runDigest('own-hook'));
    assert.equal(partsOf(discord, NEW_CHANNEL, r.digest.key).length, 1);
    assert.equal(partsOf(discord, own.channelId, r.digest.key).length, 0);
    assert.equal(
      readdirSync(path.join(t.dataDir, 'digests', 'own-hook')).length,
      1,
      'the Markdown file was written once',
    );
  });

  it('a 429 on every third Notion request: a 50-paper digest completes, every block appended once', async () => {
    await service.subscribe({
      name: 'fifty',
      categories: ['cs.CV', 'stat.ML'],
      interest: 'learning',
      topK: 50,
      notion: true,
      cron: '0 3 1 1 *',
    });
    const before = notion.requests.length;
    notion.setRateLimitEvery(3);
    let r: DigestRunResult;
    let publishMs = 0;
    try {
      const stages: Array<{ at: number; stage: string }> = [];
      const started = Date.now();
      r = await service.runDigest('fifty', (stage) => stages.push({ at: Date.now(), stage }));
      const publishStart = stages.find((s) => /publishing .* to notion/.test(s.stage))?.at ?? started;
      const publishEnd =
        stages.find(
          (s, i) => i > 0 && stages[i - 1]!.stage.includes('to notion') && !s.stage.includes('to notion'),
        )?.at ?? Date.now();
      publishMs = publishEnd - publishStart;
    } finally {
      notion.setRateLimitEvery(0);
    }
    const { digest } = published(r);
    assert.equal(digest.entries.length, 50);
    const pages = pagesOf(notion, digest.key);
    assert.equal(pages.length, 1, 'one page');
    const expected = digestToNotionBlocks(digest);
    const blocks = notion.childrenOf(pages[0]!.id);
    assert.equal(blocks.length, expected.length, 'every block exactly once');
    assert.deepEqual(
      blocks.map((b) => b.type),
      expected.map((b) => (b as { type: string }).type),
    );
    const mine = notion.requests.slice(before);
    const refused = mine.filter((q) => q.status === 429).length;
    const appends = mine.filter((q) => q.method === 'PATCH' && q.status === 200).length;
    assert.ok(refused > 0, 'the fake did refuse requests');
    console.log(
      `50-paper digest under a 429 on every third Notion request: ${expected.length} blocks, ${mine.length} Notion requests (${refused} refused, ${appends} appends), published to Notion in ${(publishMs / 1000).toFixed(1)} s`,
    );
  });
});
