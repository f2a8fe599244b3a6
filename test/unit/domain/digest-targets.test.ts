/** Where digests go, in words, and the edge check of Discord webhook URLs. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  checkWebhookUrl,
  describeTargets,
  mergeTargets,
  type DestinationInfo,
  type PublishingSettings,
} from '../../../domain/digest-targets.ts';
import { AppError, isAppError } from '../../../domain/errors.ts';
import type { Destinations } from '../../../domain/subscription.ts';

const API = 'https://discord.com/api/v10';
const none: Destinations = { markdown: true, notion: false, discordChannelId: null, discordWebhookUrl: null };
const settings: PublishingSettings = {
  notion: true,
  discordApiUrl: API,
  discordBot: true,
  discordWebhook: false,
  discordChannelId: null,
};

describe('describeTargets', () => {
  it("names the subscription's own destinations, else the Discord defaults of the deployment", () => {
    assert.deepEqual(describeTargets(none, settings), ['Markdown folder']);
    assert.deepEqual(
      describeTargets(none, { ...settings, discordWebhook: true, discordChannelId: '123456789012345678' }),
      ['Markdown folder', 'Discord webhook (DISCORD_WEBHOOK_URL)'],
    );
    assert.deepEqual(describeTargets(none, { ...settings, discordChannelId: '123456789012345678' }), [
      'Markdown folder',
      'Discord channel 123456789012345678 (DISCORD_CHANNEL_ID)',
    ]);
    assert.deepEqual(
      describeTargets(none, { ...settings, discordBot: false, discordChannelId: '123456789012345678' }),
      ['Markdown folder'],
      'a default channel needs the bot token',
    );
    assert.deepEqual(
      describeTargets(
        { ...none, markdown: false, notion: true, discordChannelId: '223456789012345678' },
        { ...settings, discordWebhook: true },
      ),
      ['Notion', 'Discord channel 223456789012345678'],
    );
    assert.deepEqual(
      describeTargets({ ...none, markdown: false, notion: true }, { ...settings, notion: false }),
      ['Markdown folder', 'Notion (not configured: set NOTION_TOKEN and NOTION_DATABASE_ID)'],
    );
  });
});

describe('checkWebhookUrl', () => {
  it("accepts Discord's webhook URL shape on the API origin, with or without a version", () => {
    assert.equal(
      checkWebhookUrl(' https://discord.com/api/webhooks/123456789012345678/abc_DEF-123 ', API),
      'https://discord.com/api/webhooks/123456789012345678/abc_DEF-123',
    );
    assert.equal(
      checkWebhookUrl('https://discord.com/api/v10/webhooks/123456789012345678/tok/', API),
      'https://discord.com/api/v10/webhooks/123456789012345678/tok',
    );
  });

  it('refuses anything else, naming the expected shape', () => {
    for (const bad of [
      'not a url',
      'https://evil.example/api/webhooks/123456789012345678/tok',
      'http://discord.com/api/webhooks/123456789012345678/tok',
      'https://discord.com/api/webhooks/12/tok',
      'https://discord.com/api/webhooks/123456789012345678/tok?wait=false',
      'https://user:pw@discord.com/api/webhooks/123456789012345678/tok',
      'https://discord.com/api/webhooks/123456789012345678/tok/messages/1',
      'https://discord.com/api/channels/123456789012345678/messages',
    ]) {
      assert.throws(
        () => checkWebhookUrl(bad, API),
        (e) => isAppError(e, 'INVALID_INPUT') && /webhook/i.test(e.message),
        bad,
      );
    }
  });
});

describe('registered destinations (targets of their own)', () => {
  const slack: DestinationInfo = {
    kind: 'slack',
    label: 'Slack',
    target: 'a Slack incoming-webhook URL',
    fallback: null,
    checkTarget: (raw) => {
      if (!raw.trim().startsWith('https://hooks.slack.com/'))
        throw new AppError('INVALID_INPUT', 'not a Slack hook');
      return raw.trim();
    },
  };
  const hook = 'https://hooks.slack.com/services/T1/B1/x';

  it('are described: their own target, else the default, else nothing', () => {
    const registered = [slack];
    assert.deepEqual(describeTargets(none, { ...settings, registered }), ['Markdown folder']);
    assert.deepEqual(
      describeTargets({ ...none, markdown: false, targets: { slack: hook } }, { ...settings, registered }),
      ['Slack (its own)'],
    );
    assert.deepEqual(
      describeTargets(
        { ...none, markdown: false },
        { ...settings, registered: [{ ...slack, fallback: 'SLACK_WEBHOOK_URL' }] },
      ),
      ['Slack (SLACK_WEBHOOK_URL)'],
    );
  });

  it('merge a request over the stored targets, each checked by its destination', () => {
    assert.equal(mergeTargets(undefined, undefined, [slack]), undefined);
    assert.deepEqual(mergeTargets(undefined, { slack: hook }, [slack]), { slack: hook });
    assert.deepEqual(mergeTargets({ slack: ` ${hook}` }, undefined, [slack]), { slack: hook });
    assert.equal(mergeTargets({ slack: null }, { slack: hook }, [slack]), undefined, 'null removes it');
    assert.equal(mergeTargets({ slack: '' }, { slack: hook }, [slack]), undefined, "'' removes it");
    assert.throws(
      () => mergeTargets({ slack: 'https://evil.example/x' }, undefined, [slack]),
      (e) => isAppError(e) && e.code === 'INVALID_INPUT',
    );
    assert.throws(
      () => mergeTargets({ teams: 'https://x' }, undefined, [slack]),
      (e) => isAppError(e) && e.code === 'INVALID_INPUT' && /known: slack/.test(e.message),
    );
  });
});
