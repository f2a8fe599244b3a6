/**
 * `arxiv-radar subscribe`'s options as the subscribe capability's request: parsed by the command's
 * own definition, mapped through the one request builder (subscriptionRequestOf) that MCP, the
 * agent, the bot and the web form use too.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Command } from 'commander';
import type { SubscriptionRequest } from '../../../app/radar-service.ts';
import { registerSubscribe, subscribeRequestOf } from '../../../cli/commands/subscribe.ts';

/** The request `arxiv-radar subscribe <argv>` would send (the command's action replaced by the mapping). */
async function requestOf(argv: string[]): Promise<SubscriptionRequest> {
  let request: SubscriptionRequest | undefined;
  const program = new Command().exitOverride();
  registerSubscribe(program, async (name, opts) => {
    request = subscribeRequestOf(name, opts);
  });
  await program.parseAsync(['subscribe', ...argv], { from: 'user' });
  assert.ok(request, 'the command ran');
  return request;
}

describe('cli subscribe: options to request', () => {
  it('maps every option, including the destinations and the finer settings', async () => {
    assert.deepEqual(
      await requestOf([
        'graph-learning',
        '--query',
        'graph neural networks',
        '--categories',
        'cs.LG, stat.ML',
        '--interest',
        'message passing',
        '--cron',
        '30 20 * * 0-4',
        '--tz',
        'Europe/Berlin',
        '--top',
        '7',
        '--min-score',
        '1.5',
        '--notion',
        '--discord-channel',
        '123456789012345678',
        '--discord-webhook',
        'https://discord.com/api/webhooks/1/abc',
        '--target',
        'slack=https://hooks.slack.com/services/T/B/x',
        '--replacements',
        '--no-cross-lists',
        '--like',
        '2401.12345',
        '2402.00001',
      ]),
      {
        name: 'graph-learning',
        interest: 'message passing',
        query: 'graph neural networks',
        categories: ['cs.LG', 'stat.ML'],
        cron: '30 20 * * 0-4',
        timezone: 'Europe/Berlin',
        topK: 7,
        minScore: 1.5,
        notion: true,
        includeReplacements: true,
        includeCrossLists: false,
        discordChannelId: '123456789012345678',
        discordWebhookUrl: 'https://discord.com/api/webhooks/1/abc',
        targets: { slack: 'https://hooks.slack.com/services/T/B/x' },
        like: ['2401.12345', '2402.00001'],
      },
    );
  });

  it('what is not given: no query or Discord channel clears them, the rest keeps the stored values; empty removes a webhook or target', async () => {
    assert.deepEqual(
      await requestOf(['x-ray', '--categories', 'astro-ph.HE', '--interest', 'x-ray binaries']),
      {
        name: 'x-ray',
        interest: 'x-ray binaries',
        query: null,
        categories: ['astro-ph.HE'],
        includeCrossLists: true,
        discordChannelId: null,
      },
    );
    const removed = await requestOf([
      'x-ray',
      '--query',
      'pulsar',
      '--interest',
      'x-ray binaries',
      '--discord-webhook',
      '',
      '--target',
      'slack=',
    ]);
    assert.equal(removed.discordWebhookUrl, null);
    assert.deepEqual(removed.targets, { slack: null });
    assert.equal('categories' in removed, false, 'categories not given: kept');
    const cleared = await requestOf(['x-ray', '--query', 'pulsar', '--categories', '', '--interest', 'x']);
    assert.deepEqual(cleared.categories, [], "--categories '' clears them");
  });

  it('refuses a subscription without a query or categories, and a bad --target', async () => {
    await assert.rejects(
      requestOf(['x-ray', '--interest', 'x-ray binaries']),
      /Give --query or --categories/,
    );
    await assert.rejects(
      requestOf(['x-ray', '--query', 'pulsar', '--interest', 'x', '--target', 'slack']),
      /--target must be <destination>=<target>/,
    );
  });
});
