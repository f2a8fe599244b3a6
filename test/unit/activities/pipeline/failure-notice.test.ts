/**
 * A destination that refuses a digest for good is reported once in the subscription's other
 * destinations that take a notice: here Discord (a webhook Discord no longer knows: 404 Unknown
 * Webhook, permanent) is reported in Slack, through the real publishers against the loopback
 * fakes, with a real SQLite store. The notice is posted once, not once per retry.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { createAnnouncementActivities } from '../../../../activities/pipeline/announcements.ts';
import type { PipelineDeps } from '../../../../activities/pipeline/deps.ts';
import { createDigestActivities } from '../../../../activities/pipeline/digest.ts';
import { createFsBlobStore } from '../../../../adapters/blobs/fs.ts';
import { createDiscordPublisher } from '../../../../adapters/publish/discord.ts';
import { createSlackPublisher } from '../../../../adapters/publish/slack.ts';
import { openSqliteStore } from '../../../../adapters/store/sqlite/index.ts';
import type { Publisher } from '../../../../app/ports/publisher.ts';
import { startDiscordServer, type DiscordFake } from '../../../fakes/discord-server.ts';
import { startSlackServer, type SlackFake } from '../../../fakes/slack.ts';
import { pipelineDeps, recordedCsLgNewItems } from '../../../support/pipeline-deps.ts';

const items = recordedCsLgNewItems();

describe('a destination refusing a digest is reported in the other destinations', () => {
  const root = mkdtempSync(path.join(os.tmpdir(), 'failure-notice-'));
  const store = openSqliteStore({ dataDir: path.join(root, 'db') });
  let discord: DiscordFake;
  let slack: SlackFake;
  let hook: string;
  let deps: PipelineDeps;

  before(async () => {
    discord = await startDiscordServer({ webhooks: [] });
    slack = await startSlackServer();
    hook = slack.addWebhook();
    const publishers: Record<string, Publisher> = {
      // A webhook id the fake (like Discord after the webhook was deleted) does not know.
      discord: createDiscordPublisher({
        webhookUrl: `${discord.url}/webhooks/123456789012345678/gone`,
        apiUrl: discord.url,
      }),
      slack: createSlackPublisher({ webhookUrl: hook, apiUrl: slack.url, minIntervalMs: 0 }),
    };
    deps = pipelineDeps({
      store,
      blobs: createFsBlobStore(path.join(root, 'blobs')),
      destinationsOf: () => ['discord', 'slack'],
      publisherFor: (kind: string) => publishers[kind] ?? null,
    });
    await store.upsertSubscription({
      name: 'ml',
      categories: ['cs.LG'],
      interest: 'machine learning',
      topK: 3,
      destinations: { markdown: false },
    });
  });
  after(async () => {
    await discord.close();
    await slack.close();
    await store.close();
    rmSync(root, { recursive: true, force: true });
  });

  it('Discord 404: one notice in Slack naming Discord and the announcement, not one per retry; Slack still gets the digest once', async () => {
    const { key: feed } = await deps.blobs.put(
      Buffer.from(JSON.stringify({ items: items.slice(0, 30) })),
      'json',
    );
    const selection = await createAnnouncementActivities(deps).selectAnnouncement({
      subscription: 'ml',
      announcement: '2024-11-27',
      announcementsFile: feed,
    });
    const digests = createDigestActivities(deps);
    const { key } = await digests.assembleDigest({
      subscription: 'ml',
      date: '2024-11-27',
      windowStart: '',
      windowEnd: '',
      selected: selection.selected,
      announcement: '2024-11-27',
    });
    const notices = () => slack.messagesOf(hook).filter((m) => /refused/.test(m.text ?? ''));

    await assert.rejects(digests.publishDigest({ key, destination: 'discord' }), /webhook|404/i);
    assert.equal(notices().length, 1, 'Slack is told');
    assert.match(notices()[0]!.text ?? '', /discord refused the 2024-11-27 digest of "ml".*stays pending/);
    const failure = (await store.getDelivery('ml', '2024-11-27'))?.failures?.find(
      (f) => f.destination === 'discord',
    );
    assert.ok(failure?.permanent, 'an unknown webhook is a permanent refusal');

    // The next run's retry fails the same way: no second notice.
    await assert.rejects(digests.publishDigest({ key, destination: 'discord' }));
    assert.equal(notices().length, 1, 'one notice, not one per retry');

    const receipt = await digests.publishDigest({ key, destination: 'slack' });
    assert.equal(receipt.destination, 'slack');
    assert.equal(slack.messagesOf(hook).length, 2, 'the notice and the one-part digest');
  });
});
