/** The publishers as a list: where a subscription's digests go, and what is built once, derived from it. */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import type { Publisher } from '../../../../app/ports/publisher.ts';
import type { PublisherPlugin } from '../../../../adapters/publish/plugin.ts';
import {
  createPublishers,
  PUBLISHERS,
  publishersOf,
  registeredDestinations,
} from '../../../../adapters/publish/registry.ts';
import { loadConfig } from '../../../../config/env.ts';
import { isAppError } from '../../../../domain/errors.ts';
import type { Destinations } from '../../../../domain/subscription.ts';
import { silentLogger } from '../../../../lib/logger.ts';

const dir = mkdtempSync(path.join(os.tmpdir(), 'arxiv-radar-registry-'));
after(() => rmSync(dir, { recursive: true, force: true }));

const SLACK = 'https://hooks.slack.com/services/T0123ABCD/B0456EFGH/abcdefghijklmnop';
const OWN_SLACK = 'https://hooks.slack.com/services/T0123ABCD/B0999EFGH/qrstuvwxyzabcdef';
const DISCORD = 'https://discord.com/api/webhooks/800000000000000001/hook-token';
const config = (env: Record<string, string> = {}) => loadConfig({ DATA_DIR: dir, ...env }, {});
const ctx = (env: Record<string, string> = {}) => ({ config: config(env), logger: silentLogger });
const dest = (d: Partial<Destinations> = {}): Destinations => ({
  markdown: false,
  notion: false,
  discordChannelId: null,
  discordWebhookUrl: null,
  ...d,
});

describe('the publisher registry', () => {
  it('lists every destination once, the Markdown folder last as the fallback', () => {
    const kinds = PUBLISHERS.map((p) => p.kind);
    assert.deepEqual(kinds, ['notion', 'discord', 'slack', 'markdown']);
    assert.deepEqual(
      PUBLISHERS.filter((p) => p.fallback).map((p) => p.kind),
      ['markdown'],
    );
  });

  it('sends a subscription to the configured destinations it asked for, else the Markdown folder', () => {
    assert.deepEqual(createPublishers(ctx()).destinationsOf(dest()), ['markdown']);
    const notion = ctx({ NOTION_TOKEN: 'ntn_x', NOTION_DATABASE_ID: 'db' });
    assert.deepEqual(createPublishers(notion).destinationsOf(dest()), ['markdown'], 'Notion is asked for');
    assert.deepEqual(createPublishers(notion).destinationsOf(dest({ notion: true })), ['notion']);
    assert.deepEqual(createPublishers(notion).destinationsOf(dest({ notion: true, markdown: true })), [
      'notion',
      'markdown',
    ]);
    assert.deepEqual(createPublishers(ctx()).destinationsOf(dest({ notion: true })), ['markdown']);
    const defaults = ctx({ DISCORD_WEBHOOK_URL: DISCORD, SLACK_WEBHOOK_URL: SLACK });
    assert.deepEqual(createPublishers(defaults).destinationsOf(dest()), ['discord', 'slack']);
    assert.deepEqual(createPublishers(ctx()).destinationsOf(dest({ targets: { slack: OWN_SLACK } })), [
      'slack',
    ]);
  });

  it("builds one publisher per target: the subscription's own, else the default", () => {
    const publishers = createPublishers(ctx({ SLACK_WEBHOOK_URL: SLACK }));
    const byDefault = publishers.publisherFor('slack', dest());
    assert.equal(byDefault?.kind, 'slack');
    assert.equal(publishers.publisherFor('slack', dest()), byDefault);
    const own = publishers.publisherFor('slack', dest({ targets: { slack: OWN_SLACK } }));
    assert.ok(own && own !== byDefault);
    assert.equal(publishers.publisherFor('unknown', dest()), null);
  });

  it('builds the Notion publisher once per process, whoever asks (the worker or the service)', () => {
    const c = config({ NOTION_TOKEN: 'ntn_x', NOTION_DATABASE_ID: 'db' });
    const a = publishersOf(c, silentLogger).publisherFor('notion', dest());
    const b = publishersOf(c, silentLogger).publisherFor('notion', dest({ notion: true }));
    assert.ok(a);
    assert.equal(a, b);
  });

  it('tells the service what it shows and checks for the destinations with targets of their own', () => {
    const [slack, ...rest] = registeredDestinations(config({ SLACK_WEBHOOK_URL: SLACK }));
    assert.equal(rest.length, 0);
    assert.equal(slack?.kind, 'slack');
    assert.equal(slack?.fallback, 'SLACK_WEBHOOK_URL');
    assert.equal(slack?.checkTarget(OWN_SLACK), OWN_SLACK);
    assert.throws(
      () => slack?.checkTarget('https://example.com/services/T1/B1/abcdefgh'),
      (e) => isAppError(e) && e.code === 'INVALID_INPUT',
    );
    assert.equal(registeredDestinations(config())[0]?.fallback, null);
  });

  it('takes a new destination from one more entry in the list', async () => {
    const posted: string[] = [];
    const pigeon: PublisherPlugin = {
      kind: 'pigeon',
      env: [],
      create: () => () =>
        ({
          kind: 'pigeon',
          publish: async (digest) => {
            posted.push(digest.key);
            return { destination: 'pigeon', ref: '1', url: null, publishedAt: 'now' };
          },
        }) satisfies Publisher,
    };
    const publishers = createPublishers(ctx(), [...PUBLISHERS, pigeon]);
    assert.deepEqual(publishers.destinationsOf(dest()), ['pigeon']);
    assert.deepEqual(publishers.destinationsOf(dest({ markdown: true })), ['pigeon', 'markdown']);
    const receipt = await publishers.publisherFor('pigeon', dest())?.publish({
      key: 'k',
      subscription: 's',
      interest: '',
      date: '2026-01-01',
      windowStart: '',
      windowEnd: '',
      entries: [],
    });
    assert.equal(receipt?.destination, 'pigeon');
    assert.deepEqual(posted, ['k']);
  });
});
