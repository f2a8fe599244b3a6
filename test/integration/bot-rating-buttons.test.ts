/**
 * 👍/👎 on Discord: a digest published through the bot carries rating buttons (the fake Discord
 * checks Discord's component limits); pressing one arrives as a signed MESSAGE_COMPONENT
 * interaction at the HTTP interactions endpoint, and the rating is stored for the digest's
 * subscription (the last press wins), acknowledged only to the reader who pressed it. A webhook
 * post (not application-owned) carries no buttons.
 */
import assert from 'node:assert/strict';
import { generateKeyPairSync, sign } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { createBot } from '../../bot/bot.ts';
import { createInteractionsServer, type InteractionsServer } from '../../bot/http/interactions-server.ts';
import { createDiscordPublisher } from '../../adapters/publish/discord.ts';
import type { Digest } from '../../domain/digest.ts';
import { createDiscordRest } from '../../lib/discord/rest.ts';
import { silentLogger } from '../../lib/logger.ts';
import { startDiscordServer, type DiscordFake } from '../fakes/discord-server.ts';
import { APP_ID } from '../support/discord-interaction.ts';
import { createMemoryRadarService, papersFromCorpusFeed } from '../support/memory-radar-service.ts';

const { publicKey, privateKey } = generateKeyPairSync('ed25519');
const PUBLIC_KEY_HEX = publicKey.export({ format: 'der', type: 'spki' }).subarray(12).toString('hex');
const TOKEN = 'bot-token-for-tests';
const CHANNEL = '1300000000000000301';
const HOOK = { id: '1300000000000000901', token: 'hook-secret', channelId: '1300000000000000302' };

type Button = { type: number; style: number; label: string; custom_id: string };
type Row = { type: number; components: Button[] };

async function press(
  url: string,
  customId: string,
  token: string,
): Promise<{
  status: number;
  json: {
    type: number;
    data?: { content?: string; flags?: number; embeds?: Array<{ description?: string }> };
  };
}> {
  const body = JSON.stringify({
    id: '1300000000000000600',
    application_id: APP_ID,
    type: 3,
    token,
    guild_id: '1300000000000000200',
    channel_id: CHANNEL,
    member: { user: { id: '1300000000000000400' }, roles: [], permissions: '0' },
    data: { custom_id: customId, component_type: 2 },
  });
  const ts = String(Math.floor(Date.now() / 1000));
  const signature = sign(null, Buffer.from(ts + body), privateKey).toString('hex');
  const res = await fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-signature-ed25519': signature,
      'x-signature-timestamp': ts,
    },
    body,
  });
  return { status: res.status, json: (await res.json()) as never };
}

describe('Discord rating buttons on digest entries', () => {
  const service = createMemoryRadarService(papersFromCorpusFeed('search_testing_start0_max100.xml'));
  let discord: DiscordFake;
  let endpoint: InteractionsServer;
  let url: string;
  let digest: Digest;

  before(async () => {
    discord = await startDiscordServer({
      token: TOKEN,
      applicationId: APP_ID,
      channels: [CHANNEL, HOOK.channelId],
      webhooks: [HOOK],
    });
    endpoint = createInteractionsServer({
      bot: createBot({ service, logger: silentLogger }),
      rest: createDiscordRest({ apiUrl: discord.url }),
      publicKey: PUBLIC_KEY_HEX,
      logger: silentLogger,
    });
    url = await endpoint.listen('127.0.0.1', 0);
    await service.subscribe({
      name: 'dl-testing',
      query: 'all:testing',
      interest: 'testing deep learning models',
      categories: ['cs.SE'],
      topK: 3,
    });
    const r = await service.runDigest('dl-testing');
    assert.equal(r.status, 'published');
    digest = r.status === 'published' ? r.digest : (undefined as never);
  });
  after(async () => {
    await endpoint.close();
    await discord.close();
    await service.close();
  });

  it('a bot post carries 👍/👎 for each entry; a press stores the rating, the last one wins, and only the presser sees the answer', async () => {
    await createDiscordPublisher({ token: TOKEN, channelId: CHANNEL, apiUrl: discord.url }).publish(digest);
    const [message] = discord.messagesIn(CHANNEL);
    const buttons = ((message?.components ?? []) as Row[]).flatMap((row) => row.components);
    assert.deepEqual(
      buttons.map((b) => b.label),
      ['👍 1', '👎 1', '👍 2', '👎 2', '👍 3', '👎 3'],
    );
    const first = digest.entries[0]!.arxivId;
    assert.equal(buttons[0]!.custom_id, `rate:up:dl-testing:${first}`);

    const up = await press(url, buttons[0]!.custom_id, 'press-1');
    assert.equal(up.status, 200);
    assert.equal(up.json.type, 4);
    assert.equal(up.json.data?.flags, 64, 'ephemeral');
    assert.match(
      up.json.data?.content ?? '',
      new RegExp(`Rated 👍 arXiv:${first.replace('.', '\\.')} for \\*\\*dl-testing\\*\\*`),
    );
    assert.deepEqual(
      (await service.listRatings('dl-testing')).map((r) => [r.arxivId, r.rating, r.source]),
      [[first, 'up', 'discord']],
    );

    await press(url, buttons[1]!.custom_id, 'press-2');
    await press(url, buttons[3]!.custom_id, 'press-3');
    const rated = (await service.listRatings('dl-testing')).map((r) => [r.arxivId, r.rating]).sort();
    assert.deepEqual(
      rated,
      [
        [first, 'down'],
        [digest.entries[1]!.arxivId, 'down'],
      ].sort(),
    );
  });

  it('a button of a subscription that is gone answers an ephemeral error and stores nothing', async () => {
    const r = await press(url, `rate:up:deleted-sub:${digest.entries[0]!.arxivId}`, 'press-gone');
    assert.equal(r.json.type, 4);
    assert.equal(r.json.data?.flags, 64);
    assert.match(JSON.stringify(r.json.data), /No subscription named \\"deleted-sub\\"/);
    assert.deepEqual(await service.listRatings('dl-testing').then((x) => x.length), 2);
  });

  it('a webhook post carries no buttons (Discord refuses components on webhooks the app does not own)', async () => {
    await createDiscordPublisher({ webhookUrl: discord.webhookUrl(HOOK.id), apiUrl: discord.url }).publish(
      digest,
    );
    const [message] = discord.messagesIn(HOOK.channelId);
    assert.ok(message);
    assert.equal(message.components, undefined);
  });
});
