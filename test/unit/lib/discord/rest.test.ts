import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { DISCORD_LIMITS } from '../../../../domain/discord-limits.ts';
import { isAppError } from '../../../../domain/errors.ts';
import { createDiscordRest, type DiscordRest } from '../../../../lib/discord/rest.ts';
import { startDiscordServer, type DiscordFake } from '../../../fakes/discord-server.ts';
import { startMultipartRecorder } from '../../../support/discord-multipart-recorder.ts';

const TOKEN = 'bot-token-for-rest-tests';
const APP_ID = '1300000000000000001';
const CHANNEL = '1300000000000000010';
const HOOK = { id: '1300000000000000900', token: 'hook-secret_TOKEN-1', channelId: '1300000000000000011' };

const text = (n: number) => 'x'.repeat(n);
const json = (body: unknown) => ({ json: body });

describe('Discord REST client against the fake Discord API', () => {
  let fake: DiscordFake;
  let rest: DiscordRest;
  before(async () => {
    fake = await startDiscordServer({
      token: TOKEN,
      applicationId: APP_ID,
      channels: [CHANNEL, HOOK.channelId],
      webhooks: [HOOK],
    });
    // A trailing slash on DISCORD_API_URL must not double the path separator.
    rest = createDiscordRest({ apiUrl: `${fake.url}/`, botToken: TOKEN });
  });
  after(async () => {
    await fake.close();
  });

  it('sends the bot token to channel and application routes, and never to a webhook', async () => {
    const first = await rest.createMessage(CHANNEL, json({ content: 'first' }));
    const second = await rest.createMessage(CHANNEL, json({ content: 'second' }));
    assert.deepEqual(
      (await rest.listMessages(CHANNEL, { limit: 1 })).map((m) => m.id),
      [second.id],
    );
    assert.deepEqual(
      (await rest.listMessages(CHANNEL, { limit: 50, before: second.id })).map((m) => m.id),
      [first.id],
    );
    const webhookUrl = fake.webhookUrl(HOOK.id);
    assert.equal((await rest.getWebhook(webhookUrl)).channel_id, HOOK.channelId);
    const viaHook = await rest.executeWebhook(webhookUrl, json({ content: 'through the webhook' }));
    assert.equal(fake.messagesIn(HOOK.channelId).at(-1)?.id, viaHook.id);
    await rest.followUp(APP_ID, 'interaction-token', json({ content: 'follow-up' }));
    await rest.editOriginal(APP_ID, 'interaction-token', json({ content: 'edited' }));
    assert.equal(
      await rest.putCommands(APP_ID, [{ name: 'arxiv', description: 'd' }], '1300000000000000200'),
      1,
    );

    assert.ok(
      fake.requests.every((r) => r.status === 200),
      JSON.stringify(fake.requests.map((r) => [r.method, r.path, r.status])),
    );
    for (const r of fake.requests) {
      const expected = r.path.startsWith('/webhooks/') ? undefined : `Bot ${TOKEN}`;
      assert.equal(r.headers.authorization, expected, `${r.method} ${r.path}`);
      assert.match(String(r.headers['user-agent']), /^DiscordBot \(/);
    }
    assert.equal(
      fake.requests.find((r) => r.path === `/webhooks/${HOOK.id}/${HOOK.token}` && r.method === 'POST')?.query
        .wait,
      'true',
    );
    assert.deepEqual(
      (fake.state.originals.get('interaction-token') as { content?: string }).content,
      'edited',
    );
  });

  it('refuses a bot-token route without a token before sending anything', async () => {
    const before = fake.requests.length;
    const anonymous = createDiscordRest({ apiUrl: fake.url });
    await assert.rejects(
      anonymous.putCommands(APP_ID, []),
      (e) =>
        isAppError(e, 'CONFIG_INVALID') && /DISCORD_TOKEN is required to register commands/.test(e.message),
    );
    await assert.rejects(anonymous.createMessage(CHANNEL, json({ content: 'x' })), (e) =>
      isAppError(e, 'CONFIG_INVALID'),
    );
    assert.equal(fake.requests.length, before);
  });

  it('maps refusals to permanent errors that say what to fix, and outages to retryable ones', async () => {
    await assert.rejects(
      createDiscordRest({ apiUrl: fake.url, botToken: 'wrong' }).createMessage(
        CHANNEL,
        json({ content: 'x' }),
      ),
      (e) =>
        isAppError(e, 'PUBLISH_FAILED') &&
        !e.retryable &&
        /HTTP 401/.test(e.message) &&
        /check DISCORD_TOKEN/.test(e.message),
    );
    await assert.rejects(
      rest.createMessage('999', json({ content: 'x' })),
      (e) =>
        isAppError(e, 'PUBLISH_FAILED') &&
        !e.retryable &&
        /HTTP 404 \(10003\): post to the channel: Unknown Channel/.test(e.message),
    );
    await assert.rejects(
      rest.createMessage(CHANNEL, json({ content: text(DISCORD_LIMITS.content + 1) })),
      (e) =>
        isAppError(e, 'PUBLISH_FAILED') &&
        !e.retryable &&
        /50035/.test(e.message) &&
        /BASE_TYPE_MAX_LENGTH/.test(e.message),
    );
    await assert.rejects(
      rest.followUp('1300000000000000999', 'expired-token', json({ content: 'x' })),
      (e) => isAppError(e, 'PUBLISH_FAILED') && !e.retryable && /15 minutes/.test(e.message),
    );
    fake.state.faults.push({ method: 'POST', path: /messages$/, status: 502 });
    await assert.rejects(
      rest.createMessage(CHANNEL, json({ content: 'x' })),
      (e) => isAppError(e, 'PUBLISH_FAILED') && e.retryable,
    );
  });

  it('maps an unreachable Discord to a retryable error', async () => {
    const gone = await startDiscordServer();
    await gone.close();
    await assert.rejects(
      createDiscordRest({ apiUrl: gone.url, botToken: TOKEN }).createMessage(CHANNEL, json({ content: 'x' })),
      (e) =>
        isAppError(e, 'PUBLISH_FAILED') &&
        e.retryable &&
        /Could not reach Discord to post to the channel/.test(e.message),
    );
  });

  it('agrees with Discord on every limit: a message at the limit is accepted, one over it is refused', async () => {
    const L = DISCORD_LIMITS;
    const field = (name: number, value: number) => ({ name: text(name), value: text(value) });
    const atLimits = [
      { content: text(L.content) },
      {
        embeds: [
          {
            title: text(L.title),
            description: text(L.description),
            footer: { text: text(L.embedsTotal - L.title - L.description) },
          },
        ],
      },
      {
        embeds: [
          {
            author: { name: text(L.authorName) },
            fields: [
              field(L.fieldName, L.fieldValue),
              ...Array.from({ length: L.fields - 1 }, () => field(1, 1)),
            ],
          },
        ],
      },
      { embeds: [{ footer: { text: text(L.footerText) } }] },
      { embeds: Array.from({ length: L.embedsPerMessage }, () => ({ title: 't' })) },
    ];
    for (const body of atLimits) await rest.createMessage(CHANNEL, json(body));

    const overLimits: Record<string, unknown> = {
      content: { content: text(L.content + 1) },
      title: { embeds: [{ title: text(L.title + 1) }] },
      description: { embeds: [{ description: text(L.description + 1) }] },
      footer: { embeds: [{ footer: { text: text(L.footerText + 1) } }] },
      author: { embeds: [{ author: { name: text(L.authorName + 1) } }] },
      fieldName: { embeds: [{ fields: [field(L.fieldName + 1, 1)] }] },
      fieldValue: { embeds: [{ fields: [field(1, L.fieldValue + 1)] }] },
      fields: { embeds: [{ fields: Array.from({ length: L.fields + 1 }, () => field(1, 1)) }] },
      embeds: { embeds: Array.from({ length: L.embedsPerMessage + 1 }, () => ({ title: 't' })) },
      total: {
        embeds: [
          { description: text(L.description) },
          { description: text(L.embedsTotal - L.description + 1) },
        ],
      },
    };
    for (const [limit, body] of Object.entries(overLimits)) {
      await assert.rejects(
        rest.createMessage(CHANNEL, json(body)),
        (e) => isAppError(e, 'PUBLISH_FAILED') && /HTTP 400/.test(e.message),
        limit,
      );
    }
  });
});

describe('Discord REST client and rate limits', () => {
  it('surfaces a 429 as RATE_LIMITED with retry_after, and holds that route (only) until then', async () => {
    const fake = await startDiscordServer({ token: TOKEN, channels: [CHANNEL, HOOK.channelId] });
    try {
      const rest = createDiscordRest({ apiUrl: fake.url, botToken: TOKEN });
      fake.state.faults.push({
        method: 'POST',
        path: new RegExp(`/channels/${CHANNEL}/messages$`),
        status: 429,
        retryAfterSec: 0.6,
      });
      await assert.rejects(
        rest.createMessage(CHANNEL, json({ content: 'x' })),
        (e) => isAppError(e, 'RATE_LIMITED') && e.retryable && e.options.retryAfterMs === 600,
      );
      const held = performance.now();
      await rest.createMessage(CHANNEL, json({ content: 'after the wait' }));
      assert.ok(performance.now() - held >= 550, 'the limited route waited retry_after');
      const other = performance.now();
      await rest.createMessage(HOOK.channelId, json({ content: 'another channel' }));
      assert.ok(performance.now() - other < 500, 'another route was not held');
      assert.equal(fake.requests.filter((r) => r.status === 429).length, 1, 'no second 429');
    } finally {
      await fake.close();
    }
  });

  it('waits out a bucket Discord announces as exhausted instead of earning a 429', async () => {
    const fake = await startDiscordServer({
      token: TOKEN,
      channels: [CHANNEL],
      messageBucket: { limit: 1, resetAfterSec: 0.3 },
    });
    try {
      const rest = createDiscordRest({ apiUrl: fake.url, botToken: TOKEN });
      const started = performance.now();
      for (let i = 0; i < 3; i++) await rest.createMessage(CHANNEL, json({ content: `post ${i}` }));
      assert.ok(performance.now() - started >= 550, 'two waits of ~300 ms');
      assert.ok(fake.requests.every((r) => r.status === 200));
      assert.equal(fake.messagesIn(CHANNEL).length, 3);
    } finally {
      await fake.close();
    }
  });
});

describe('Discord REST client and attachments', () => {
  it('sends files as multipart/form-data with payload_json', async () => {
    const recorder = await startMultipartRecorder();
    try {
      const rest = createDiscordRest({ apiUrl: recorder.url });
      const markdown = '# A paper\n\nIts full text.';
      await rest.editOriginal(APP_ID, 'token', {
        json: { content: 'with a file', attachments: [{ id: 0, filename: 'paper.md' }] },
        files: [{ name: 'paper.md', data: Buffer.from(markdown, 'utf8'), contentType: 'text/markdown' }],
      });
      const [edit] = recorder.edits;
      assert.equal(edit?.method, 'PATCH');
      assert.equal(edit?.path, `/webhooks/${APP_ID}/token/messages/@original`);
      assert.equal(edit?.payload.content, 'with a file');
      assert.deepEqual(edit?.files, [{ name: 'paper.md', text: markdown }]);
    } finally {
      await recorder.close();
    }
  });
});
