import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { isAppError } from '../../../../domain/errors.ts';
import {
  createDiscordPublisher,
  digestMarker,
  digestToDiscordMessages,
} from '../../../../adapters/publish/discord.ts';
import { embedLength, type DiscordEmbed } from '../../../../domain/discord-limits.ts';
import { startDiscordServer, type DiscordFake } from '../../../fakes/discord-server.ts';
import { corpusDigest, corpusEntries, longDigest } from './corpus-digest.ts';

const CHANNEL = '1300000000000000001';
const TOKEN = 'bot-token-for-tests';
const HOOK = { id: '1300000000000000900', token: 'hook-secret_TOKEN-1', channelId: '1300000000000000002' };

const digest = corpusDigest(corpusEntries('search_testing_start0_max10.xml'));

/** Titles of the paper embeds (in posting order) of every message in a channel. */
function postedTitles(fake: DiscordFake, channel: string): string[] {
  return fake.messagesIn(channel).flatMap((m) => (m.embeds as DiscordEmbed[]).map((e) => e.title ?? ''));
}

describe('digestToDiscordMessages', () => {
  it('renders one embed per paper, in rank order, with link, TL;DR, authors, categories and score', () => {
    const messages = digestToDiscordMessages(digest);
    const embeds = messages.flatMap((m) => m.embeds);
    assert.equal(embeds.length, 10);
    const first = embeds[0];
    assert.equal(
      first?.title,
      '1. Testing Deep Learning Models: A First Comparative Study of Multiple Testing Techniques',
    );
    assert.equal(first?.url, 'https://arxiv.org/abs/2202.12139v1');
    assert.match(first?.description ?? '', /^\*\*TL;DR\*\* Deep Learning \(DL\) has revolutionized/);
    assert.deepEqual(
      first?.fields?.map((f) => [f.name, f.value]),
      [
        ['Authors', 'Mohit Kumar Ahuja, Arnaud Gotlieb, Helge Spieker'],
        ['Categories', 'cs.SE, cs.LG'],
        ['Score', '1.000'],
        [
          'arXiv',
          '[2202.12139v1](https://arxiv.org/abs/2202.12139v1) · [pdf](https://arxiv.org/pdf/2202.12139v1)',
        ],
      ],
    );
    assert.match(
      messages[0]?.content ?? '',
      /^\*\*testing-research\*\* — arXiv digest for 2026-04-13 · 10 papers\n> Software testing/,
    );
    messages.forEach((m, i) => {
      assert.deepEqual(m.allowed_mentions, { parse: [] });
      assert.equal(m.embeds.at(-1)?.footer?.text, digestMarker(digest.key, i + 1, messages.length));
      assert.ok(m.embeds.reduce((n, e) => n + embedLength(e), 0) <= 6000);
    });
  });

  it('fits a default-size digest (top 5) into one message', () => {
    const five = digestToDiscordMessages(
      corpusDigest(corpusEntries('search_testing_start0_max10.xml').slice(0, 5)),
    );
    assert.equal(five.length, 1);
    assert.equal(five[0]?.embeds.length, 5);
  });
});

describe('Discord publisher against the fake Discord API', () => {
  let fake: DiscordFake;
  before(async () => {
    fake = await startDiscordServer({ token: TOKEN, channels: [CHANNEL, HOOK.channelId], webhooks: [HOOK] });
  });
  after(async () => {
    await fake.close();
  });

  it('posts the digest once; publishing the same digest again posts nothing new', async () => {
    const expected = digestToDiscordMessages(digest);
    const receipt = await createDiscordPublisher({
      token: TOKEN,
      channelId: CHANNEL,
      apiUrl: fake.url,
    }).publish(digest);
    const posted = fake.messagesIn(CHANNEL);
    assert.equal(posted.length, expected.length);
    assert.equal(receipt.destination, 'discord');
    assert.equal(receipt.ref, posted.map((m) => m.id).join(','));
    assert.ok(fake.requests.every((r) => r.headers.authorization === `Bot ${TOKEN}`));

    const postsBefore = fake.requests.filter((r) => r.method === 'POST').length;
    const again = await createDiscordPublisher({
      token: TOKEN,
      channelId: CHANNEL,
      apiUrl: fake.url,
    }).publish(digest);
    assert.deepEqual(again, receipt, 'the same receipt, found by lookup');
    assert.equal(fake.requests.filter((r) => r.method === 'POST').length, postsBefore, 'no new message');
    assert.equal(fake.messagesIn(CHANNEL).length, expected.length);
  });

  it('splits a 100-paper digest with long summaries into messages the API accepts, every paper once in order', async () => {
    const long = longDigest();
    const channel = '1300000000000000003';
    const local = await startDiscordServer({ token: TOKEN, channels: [channel] });
    try {
      await createDiscordPublisher({ token: TOKEN, channelId: channel, apiUrl: local.url }).publish(long);
      assert.ok(
        local.requests.every((r) => r.status === 200),
        'the fake rejected nothing',
      );
      const titles = postedTitles(local, channel);
      assert.equal(titles.length, 100);
      titles.forEach((t, i) => assert.ok(t.startsWith(`${i + 1}. `), `paper ${i + 1} in place: ${t}`));
      const messages = local.messagesIn(channel);
      assert.ok(messages.length >= 10, `${messages.length} messages`);
      assert.ok(messages.every((m) => m.embeds.length <= 10));
    } finally {
      await local.close();
    }
  });

  it('after a crash between parts, posts only the missing parts', async () => {
    const channel = '1300000000000000004';
    const local = await startDiscordServer({ token: TOKEN, channels: [channel] });
    try {
      const long = longDigest();
      const parts = digestToDiscordMessages(long).length;
      // The 2nd message is stored but its response is lost: the activity fails after 2 of n parts.
      local.state.faults.push({
        method: 'POST',
        path: /messages$/,
        status: 500,
        skip: 1,
        afterApplying: true,
      });
      const publisher = createDiscordPublisher({ token: TOKEN, channelId: channel, apiUrl: local.url });
      await assert.rejects(publisher.publish(long), (e) => isAppError(e, 'PUBLISH_FAILED') && e.retryable);
      assert.equal(local.messagesIn(channel).length, 2);
      assert.ok(parts > 2);

      await createDiscordPublisher({ token: TOKEN, channelId: channel, apiUrl: local.url }).publish(long);
      const markers = local
        .messagesIn(channel)
        .map((m) => (m.embeds as DiscordEmbed[]).at(-1)?.footer?.text)
        .sort();
      assert.equal(markers.length, parts);
      assert.deepEqual(new Set(markers).size, parts, 'no part twice');
      assert.equal(postedTitles(local, channel).length, 100);
    } finally {
      await local.close();
    }
  });

  it('finds its parts even when more than a page of newer messages follows them', async () => {
    const channel = '1300000000000000005';
    const local = await startDiscordServer({ token: TOKEN, channels: [channel] });
    try {
      const first = await createDiscordPublisher({
        token: TOKEN,
        channelId: channel,
        apiUrl: local.url,
      }).publish(digest);
      // 60 newer messages from other people push the digest off the first lookup page.
      const last = BigInt(first.ref.split(',').at(-1) ?? '0');
      const template = local.messagesIn(channel)[0];
      assert.ok(template);
      for (let i = 1; i <= 60; i++) {
        local.state.messages
          .get(channel)
          ?.push({ ...template, id: String(last + BigInt(i)), embeds: [], content: `chatter ${i}` });
      }
      const again = await createDiscordPublisher({
        token: TOKEN,
        channelId: channel,
        apiUrl: local.url,
      }).publish(digest);
      assert.equal(again.ref, first.ref);
      assert.ok(
        local.requests.some((r) => r.method === 'GET' && r.query.before !== undefined),
        'read a second page',
      );
    } finally {
      await local.close();
    }
  });

  it('posts through a webhook and finds its own parts through the channel when a bot token is set', async () => {
    const webhookUrl = fake.webhookUrl(HOOK.id);
    const first = await createDiscordPublisher({ webhookUrl, token: TOKEN, apiUrl: fake.url }).publish(
      digest,
    );
    const posted = fake.messagesIn(HOOK.channelId);
    assert.ok(posted.length > 0 && posted.every((m) => m.webhook_id === HOOK.id));
    const hookCalls = fake.requests.filter((r) => r.path.startsWith('/webhooks/'));
    assert.ok(
      hookCalls.every((r) => r.headers.authorization === undefined),
      'the bot token never goes to a webhook URL',
    );
    const again = await createDiscordPublisher({ webhookUrl, token: TOKEN, apiUrl: fake.url }).publish(
      digest,
    );
    assert.equal(again.ref, first.ref);
    assert.equal(fake.messagesIn(HOOK.channelId).length, posted.length);
  });

  it('waits out a bucket Discord announces as exhausted instead of earning a 429', async () => {
    const channel = '1300000000000000006';
    const local = await startDiscordServer({
      token: TOKEN,
      channels: [channel],
      messageBucket: { limit: 1, resetAfterSec: 0.3 },
    });
    try {
      const ten = corpusDigest(corpusEntries('search_testing_start0_max10.xml'));
      const parts = digestToDiscordMessages(ten).length;
      assert.ok(parts > 1, 'more parts than the bucket holds');
      await createDiscordPublisher({ token: TOKEN, channelId: channel, apiUrl: local.url }).publish(ten);
      assert.equal(local.messagesIn(channel).length, parts);
      assert.ok(local.requests.every((r) => r.status === 200));
    } finally {
      await local.close();
    }
  });

  it('through a webhook alone, a retry resumes after the parts the last attempt recorded (a 429 mid-digest)', async () => {
    const channel = '1300000000000000008';
    const hook = { id: '1300000000000000902', token: 'only-hook-2', channelId: channel };
    const local = await startDiscordServer({ channels: [channel], webhooks: [hook] });
    try {
      const long = longDigest();
      const parts = digestToDiscordMessages(long).length;
      local.state.faults.push({ method: 'POST', path: /webhooks/, status: 429, skip: 2, retryAfterSec: 0.2 });
      let recorded: unknown;
      const progress = (resume: unknown) => ({ resume, record: (state: unknown) => void (recorded = state) });
      const publisher = createDiscordPublisher({ webhookUrl: local.webhookUrl(hook.id), apiUrl: local.url });
      await assert.rejects(
        publisher.publish(long, progress(undefined)),
        (e) => isAppError(e, 'RATE_LIMITED') && e.retryable,
      );
      assert.equal(local.messagesIn(channel).length, 2);
      const receipt = await publisher.publish(long, progress(recorded));
      const markers = local.messagesIn(channel).map((m) => (m.embeds as DiscordEmbed[]).at(-1)?.footer?.text);
      assert.deepEqual(
        markers,
        Array.from({ length: parts }, (_, i) => digestMarker(long.key, i + 1, parts)),
        'every part once, in order',
      );
      assert.equal(receipt.ref.split(',').length, parts);
      // Progress of another digest is not this one's.
      const other = await publisher.publish(digest, progress(recorded));
      assert.equal(other.ref.split(',').length, digestToDiscordMessages(digest).length);
    } finally {
      await local.close();
    }
  });

  it('posts through a webhook alone (no lookup possible) without sending any token', async () => {
    const channel = '1300000000000000007';
    const hook = { id: '1300000000000000901', token: 'only-hook', channelId: channel };
    const local = await startDiscordServer({ channels: [channel], webhooks: [hook] });
    try {
      const receipt = await createDiscordPublisher({
        webhookUrl: local.webhookUrl(hook.id),
        apiUrl: local.url,
      }).publish(digest);
      assert.equal(local.messagesIn(channel).length, digestToDiscordMessages(digest).length);
      assert.equal(receipt.ref.split(',').length, local.messagesIn(channel).length);
      assert.ok(
        local.requests.every(
          (r) => r.method === 'POST' && r.query.wait === 'true' && r.headers.authorization === undefined,
        ),
      );
    } finally {
      await local.close();
    }
  });

  it('renders an empty digest as one message that still carries the marker', () => {
    const empty = digestToDiscordMessages({ ...digest, entries: [] });
    assert.equal(empty.length, 1);
    assert.equal(empty[0]?.embeds[0]?.title, 'No new papers');
    assert.equal(empty[0]?.embeds[0]?.footer?.text, digestMarker(digest.key, 1, 1));
  });

  it('surfaces 429 as a retryable RATE_LIMITED error carrying retry_after', async () => {
    fake.state.faults.push({ method: 'GET', path: /messages$/, status: 429, retryAfterSec: 2.5 });
    await assert.rejects(
      createDiscordPublisher({ token: TOKEN, channelId: CHANNEL, apiUrl: fake.url }).publish(digest),
      (e) => isAppError(e, 'RATE_LIMITED') && e.retryable && e.options.retryAfterMs === 2500,
    );
  });

  it('treats a rejected token, a missing permission and an unknown channel as permanent', async () => {
    await assert.rejects(
      createDiscordPublisher({ token: 'wrong', channelId: CHANNEL, apiUrl: fake.url }).publish(digest),
      (e) =>
        isAppError(e, 'PUBLISH_FAILED') &&
        !e.retryable &&
        /401/.test(e.message) &&
        /DISCORD_TOKEN/.test(e.message),
    );
    fake.state.faults.push({ status: 403, body: { message: 'Missing Access', code: 50001 } });
    await assert.rejects(
      createDiscordPublisher({ token: TOKEN, channelId: CHANNEL, apiUrl: fake.url }).publish(digest),
      (e) => isAppError(e, 'PUBLISH_FAILED') && !e.retryable && /Missing Access/.test(e.message),
    );
    await assert.rejects(
      createDiscordPublisher({ token: TOKEN, channelId: '999', apiUrl: fake.url }).publish(digest),
      (e) => isAppError(e, 'PUBLISH_FAILED') && !e.retryable && /Unknown Channel/.test(e.message),
    );
  });

  it('rejects configurations that cannot post', () => {
    assert.throws(
      () => createDiscordPublisher({ token: TOKEN }),
      (e) => isAppError(e, 'CONFIG_INVALID'),
    );
    assert.throws(
      () => createDiscordPublisher({ webhookUrl: 'https://example.org/hooks/x' }),
      (e) => isAppError(e, 'CONFIG_INVALID'),
    );
  });
});
