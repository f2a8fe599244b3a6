/**
 * The one subscribe-request builder (app/capabilities/subscribe.ts subscriptionRequestOf): the MCP
 * tool, the agent's confirmed proposal, the CLI's `subscribe`, the bot's /arxiv subscribe and the
 * web form all map a subscription's shape to the capability's request through it.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { subscriptionRequestOf } from '../../../app/capabilities/subscribe.ts';

describe('subscriptionRequestOf', () => {
  it('maps every field of the shape to the request, by the request’s names', () => {
    assert.deepEqual(
      subscriptionRequestOf({
        name: 'graph-learning',
        interest: 'message passing on graphs',
        query: 'graph neural networks',
        categories: ['cs.LG', 'stat.ML'],
        schedule: '30 20 * * 0-4',
        timezone: 'Europe/Berlin',
        top_k: 7,
        like: ['2401.12345'],
        discord_channel_id: '123456789012345678',
        discord_webhook_url: 'https://discord.com/api/webhooks/1/abc',
        targets: { slack: 'https://hooks.slack.com/services/T/B/x' },
      }),
      {
        name: 'graph-learning',
        interest: 'message passing on graphs',
        query: 'graph neural networks',
        categories: ['cs.LG', 'stat.ML'],
        cron: '30 20 * * 0-4',
        timezone: 'Europe/Berlin',
        topK: 7,
        like: ['2401.12345'],
        discordChannelId: '123456789012345678',
        discordWebhookUrl: 'https://discord.com/api/webhooks/1/abc',
        targets: { slack: 'https://hooks.slack.com/services/T/B/x' },
      },
    );
  });

  it('leaves out what is absent or empty, so an update keeps the stored value', () => {
    assert.deepEqual(
      subscriptionRequestOf({
        name: 'x-ray',
        interest: 'x-ray binaries',
        query: '',
        categories: [],
        schedule: '',
        discord_channel_id: '',
        discord_webhook_url: '',
        targets: {},
        like: [],
      }),
      { name: 'x-ray', interest: 'x-ray binaries' },
    );
  });

  it('the CLI’s settings: destinations, relevance floor, cross-lists and replacements; null clears a field', () => {
    assert.deepEqual(
      subscriptionRequestOf({
        name: 'x-ray',
        interest: 'x-ray binaries',
        query: null,
        categories: ['astro-ph.HE'],
        min_score: 1.5,
        notion: true,
        markdown: false,
        include_replacements: true,
        include_cross_lists: false,
        discord_channel_id: null,
        discord_webhook_url: null,
        targets: { slack: null },
      }),
      {
        name: 'x-ray',
        interest: 'x-ray binaries',
        query: null,
        categories: ['astro-ph.HE'],
        minScore: 1.5,
        notion: true,
        markdown: false,
        includeReplacements: true,
        includeCrossLists: false,
        discordChannelId: null,
        discordWebhookUrl: null,
        targets: { slack: null },
      },
    );
    // Not given: each left as stored.
    assert.deepEqual(
      subscriptionRequestOf({
        name: 'x-ray',
        interest: 'x-ray binaries',
        query: 'pulsar',
        min_score: undefined,
        notion: undefined,
        include_replacements: undefined,
        discord_webhook_url: undefined,
        targets: undefined,
      }),
      { name: 'x-ray', interest: 'x-ray binaries', query: 'pulsar' },
    );
  });

  it('a whole subscription (the web’s edit form): no query or categories clears them', () => {
    assert.deepEqual(
      subscriptionRequestOf(
        { name: 'x-ray', interest: 'x-ray binaries', categories: ['astro-ph.HE'] },
        { whole: true },
      ),
      { name: 'x-ray', interest: 'x-ray binaries', query: null, categories: ['astro-ph.HE'] },
    );
    assert.deepEqual(
      subscriptionRequestOf({ name: 'x-ray', interest: 'x-ray binaries', query: 'pulsar' }, { whole: true }),
      { name: 'x-ray', interest: 'x-ray binaries', query: 'pulsar', categories: [] },
    );
  });
});
