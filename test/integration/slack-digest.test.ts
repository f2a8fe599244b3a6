/**
 * Slack through an incoming webhook, on the real Temporal dev server against the loopback Slack
 * fake: SLACK_WEBHOOK_URL is every subscription's default, a subscription's own webhook (checked at
 * the edge) replaces it, the receipt lands in the digest ledger, and a 429 in the middle of a
 * multi-part digest is retried by Temporal without posting any part twice.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { digestToSlackMessages, slackMarker } from '../../adapters/publish/slack.ts';
import type { DigestRunResult } from '../../app/radar-service.ts';
import { isAppError } from '../../domain/errors.ts';
import { silentLogger } from '../../lib/logger.ts';
import { openStore } from '../../workers/store.ts';
import { startSlackServer, type SlackFake } from '../fakes/slack.ts';
import { startServiceHarness, type ServiceHarness } from '../support/service-harness.ts';

/** The context marker texts of the messages a webhook accepted. */
const markersOf = (slack: SlackFake, hook: string) =>
  slack.messagesOf(hook).map((m) => JSON.stringify(m.blocks?.at(-1)));

describe('digests to Slack through an incoming webhook', () => {
  let harness: ServiceHarness;
  let slack: SlackFake;
  let envHook: string;

  before(async () => {
    slack = await startSlackServer();
    envHook = slack.addWebhook();
    harness = await startServiceHarness(
      {},
      { env: () => ({ SLACK_API_URL: slack.url, SLACK_WEBHOOK_URL: envHook }) },
    );
  });

  after(async () => {
    await harness?.stop();
    await slack?.close();
  });

  const published = (r: DigestRunResult) =>
    r.status === 'published' ? r : assert.fail(`not published: ${JSON.stringify(r).slice(0, 300)}`);

  it('SLACK_WEBHOOK_URL receives the digest of a subscription naming no Slack webhook; the receipt is in the ledger', async () => {
    const { service } = harness;
    await service.subscribe({
      name: 'slack-default',
      categories: ['cs.AI'],
      interest: 'language model agents',
      topK: 3,
      markdown: false,
      cron: '0 3 1 1 *',
    });
    const report = (await service.deliveryReport()).find((r) => r.name === 'slack-default');
    assert.deepEqual(report?.sendsTo, ['Slack (SLACK_WEBHOOK_URL)']);
    const r = published(await service.runDigest('slack-default'));
    assert.deepEqual(
      r.receipts.map((x) => x.destination),
      ['slack'],
    );
    assert.match(r.receipts[0]?.ref ?? '', /^webhook [0-9a-f]{12}: 1 part$/);
    const store = openStore(harness.t.config, silentLogger);
    const stored = await store.getReceipts(r.digest.key).finally(() => store.close());
    assert.deepEqual(
      stored.map((x) => [x.destination, x.ref]),
      [['slack', r.receipts[0]?.ref]],
    );
    assert.deepEqual(markersOf(slack, envHook), [
      JSON.stringify({
        type: 'context',
        elements: [{ type: 'plain_text', text: slackMarker(r.digest.key, 1, 1) }],
      }),
    ]);
  });

  it("a subscription's own webhook is checked at the edge and replaces the default", async () => {
    const { service } = harness;
    await assert.rejects(
      service.subscribe({
        name: 'slack-evil',
        categories: ['cs.AI'],
        interest: 'agents',
        targets: { slack: 'https://hooks.slack.com.evil.example/services/T1/B1/abcdefgh' },
      }),
      (e) =>
        isAppError(e) && e.code === 'INVALID_INPUT' && /Slack webhook URL must look like/.test(e.message),
    );
    assert.equal(
      (await service.listSubscriptions()).some((s) => s.name === 'slack-evil'),
      false,
      'nothing stored',
    );
    const own = slack.addWebhook();
    const view = await service.subscribe({
      name: 'slack-own',
      categories: ['cs.AI'],
      interest: 'planning agents',
      topK: 2,
      markdown: false,
      cron: '0 3 1 1 *',
      targets: { slack: own },
    });
    assert.ok(
      !JSON.stringify(view).includes(new URL(own).pathname),
      'the webhook (a secret) is never shown back',
    );
    const before = slack.messagesOf(envHook).length;
    const r = published(await service.runDigest('slack-own'));
    assert.equal(slack.messagesOf(own).length, 1);
    assert.equal(slack.messagesOf(envHook).length, before, 'not the default');
    assert.match(JSON.stringify(slack.messagesOf(own)[0]), new RegExp(`digest ${r.digest.key} part 1/1`));
  });

  it('a 429 on part 2 of a long digest: Temporal retries and every part lands exactly once', async () => {
    const { service } = harness;
    const hook = slack.addWebhook();
    await service.subscribe({
      name: 'slack-long',
      categories: ['cs.CV', 'stat.ML'], // per-category feeds that hold 30+ papers (one feed per category since shared feeds)
      interest: 'learning',
      topK: 30,
      markdown: false,
      cron: '0 3 1 1 *',
      targets: { slack: hook },
    });
    slack.fail({ status: 429, body: 'rate_limited', retryAfterSec: 1, skip: 1 });
    const r = published(await service.runDigest('slack-long'));
    const parts = digestToSlackMessages(r.digest).length;
    assert.ok(parts >= 3, `a long digest is several parts (got ${parts})`);
    const refused = slack.requests.filter((q) => q.status === 429 && hook.endsWith(q.path));
    assert.equal(refused.length, 1, 'the fake did refuse part 2 once');
    const markers = markersOf(slack, hook);
    assert.equal(markers.length, parts, 'every part once');
    assert.equal(new Set(markers).size, parts, 'no part twice');
    assert.deepEqual(
      markers,
      Array.from({ length: parts }, (_, i) =>
        JSON.stringify({
          type: 'context',
          elements: [{ type: 'plain_text', text: slackMarker(r.digest.key, i + 1, parts) }],
        }),
      ),
    );
  });
});
