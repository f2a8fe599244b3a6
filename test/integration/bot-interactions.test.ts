import assert from 'node:assert/strict';
import { generateKeyPairSync, sign } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { createBot } from '../../bot/bot.ts';
import { createDiscordRest } from '../../lib/discord/rest.ts';
import { createInteractionsServer, type InteractionsServer } from '../../bot/http/interactions-server.ts';
import { PERMISSION } from '../../bot/permissions.ts';
import { startDiscord } from '../../bot/start.ts';
import { silentLogger } from '../../lib/logger.ts';
import { startDiscordServer, type DiscordFake } from '../fakes/discord-server.ts';
import { startMultipartRecorder } from '../support/discord-multipart-recorder.ts';
import { createMemoryRadarService, papersFromCorpusFeed } from '../support/memory-radar-service.ts';
import { OVERSIZED_UPLOAD_BYTES, uploadOversized } from '../support/oversized-upload.ts';
import { APP_ID, slashCommand } from '../support/discord-interaction.ts';

const { publicKey, privateKey } = generateKeyPairSync('ed25519');
const PUBLIC_KEY_HEX = publicKey.export({ format: 'der', type: 'spki' }).subarray(12).toString('hex');
const nowS = () => Math.floor(Date.now() / 1000);

function signed(body: string, opts: { ts?: number; tamper?: boolean } = {}): Record<string, string> {
  const ts = String(opts.ts ?? nowS());
  const signature = sign(null, Buffer.from(ts + body), privateKey).toString('hex');
  return {
    'content-type': 'application/json',
    'x-signature-ed25519': signature,
    'x-signature-timestamp': ts,
    ...(opts.tamper ? { 'x-tamper': '1' } : {}),
  };
}

async function postInteraction(
  url: string,
  payload: unknown,
  opts: { ts?: number; tamperBody?: boolean; headers?: Record<string, string> } = {},
): Promise<{ status: number; json: Record<string, unknown> }> {
  const body = JSON.stringify(payload);
  const headers = opts.headers ?? signed(body, opts.ts === undefined ? {} : { ts: opts.ts });
  const sent = opts.tamperBody ? body.replace('"paper"', '"ask"') : body;
  const res = await fetch(url, { method: 'POST', headers, body: sent });
  return { status: res.status, json: (await res.json()) as Record<string, unknown> };
}

const command = slashCommand;

describe('HTTP interactions endpoint on loopback', () => {
  const service = createMemoryRadarService(papersFromCorpusFeed('search_testing_start0_max100.xml'));
  let discord: DiscordFake;
  let recorder: Awaited<ReturnType<typeof startMultipartRecorder>>;
  let viaFake: InteractionsServer;
  let viaRecorder: InteractionsServer;
  let fakeUrl: string;
  let recorderUrl: string;

  before(async () => {
    discord = await startDiscordServer({ applicationId: APP_ID });
    recorder = await startMultipartRecorder();
    const bot = createBot({ service, logger: silentLogger });
    viaFake = createInteractionsServer({
      bot,
      rest: createDiscordRest({ apiUrl: discord.url }),
      publicKey: PUBLIC_KEY_HEX,
      logger: silentLogger,
    });
    viaRecorder = createInteractionsServer({
      bot,
      rest: createDiscordRest({ apiUrl: recorder.url }),
      publicKey: PUBLIC_KEY_HEX,
      logger: silentLogger,
    });
    fakeUrl = await viaFake.listen('127.0.0.1', 0);
    recorderUrl = await viaRecorder.listen('127.0.0.1', 0);
  });
  after(async () => {
    await viaFake.close();
    await viaRecorder.close();
    await discord.close();
    await recorder.close();
  });

  it('answers a signed PING with PONG', async () => {
    const r = await postInteraction(fakeUrl, {
      id: '1',
      application_id: APP_ID,
      type: 1,
      token: 'ping-token',
    });
    assert.equal(r.status, 200);
    assert.deepEqual(r.json, { type: 1 });
  });

  it('rejects tampered, stale, missing and wrong-key signatures with 401', async () => {
    const ping = { id: '1', application_id: APP_ID, type: 1, token: 'ping-token' };
    assert.equal(
      (
        await postInteraction(fakeUrl, command('t1', 'paper', [{ name: 'ref', value: '2202.12139' }]), {
          tamperBody: true,
        })
      ).status,
      401,
    );
    assert.equal((await postInteraction(fakeUrl, ping, { ts: nowS() - 400 })).status, 401);
    assert.equal(
      (await postInteraction(fakeUrl, ping, { headers: { 'content-type': 'application/json' } })).status,
      401,
    );
    const other = generateKeyPairSync('ed25519').privateKey;
    const body = JSON.stringify(ping);
    const ts = String(nowS());
    const forged = {
      'content-type': 'application/json',
      'x-signature-ed25519': sign(null, Buffer.from(ts + body), other).toString('hex'),
      'x-signature-timestamp': ts,
    };
    assert.equal((await postInteraction(fakeUrl, ping, { headers: forged })).status, 401);
    assert.equal(discord.requests.length, 0, 'nothing reached Discord');
  });

  it('/arxiv paper: defers (type 5), then PATCHes @original with the paper embed and the Markdown file', async () => {
    const r = await postInteraction(
      recorderUrl,
      command('paper-token', 'paper', [{ name: 'ref', value: 'https://arxiv.org/abs/2202.12139v1' }]),
    );
    assert.equal(r.status, 200);
    assert.deepEqual(r.json, { type: 5, data: {} });
    await viaRecorder.idle();
    const edit = recorder.edits.at(-1);
    assert.equal(edit?.method, 'PATCH');
    assert.equal(edit?.path, `/webhooks/${APP_ID}/paper-token/messages/@original`);
    const embed = (edit?.payload.embeds as Array<{ title: string; url: string }>)[0];
    assert.equal(
      embed?.title,
      'Testing Deep Learning Models: A First Comparative Study of Multiple Testing Techniques',
    );
    assert.equal(embed?.url, 'https://arxiv.org/abs/2202.12139v1');
    assert.deepEqual(edit?.payload.attachments, [
      { id: 0, filename: '2202.12139v1.md', description: 'Full text of arXiv:2202.12139v1' },
    ]);
    assert.equal(edit?.files[0]?.name, '2202.12139v1.md');
    assert.match(
      edit?.files[0]?.text ?? '',
      /^# Testing Deep Learning Models[\s\S]*## Abstract\n\nDeep Learning \(DL\) has revolutionized/,
    );
  });

  it('/arxiv list: deferred, then the page with buttons lands at the fake Discord; a button pages on', async () => {
    await service.searchPapers({ question: 'testing software models', maxResults: 15 });
    const r = await postInteraction(
      fakeUrl,
      command('list-token', 'list', [{ name: 'query', value: 'testing' }]),
    );
    assert.deepEqual(r.json, { type: 5, data: {} });
    await viaFake.idle();
    const original = discord.state.originals.get('list-token') as {
      embeds: Array<{ title: string; fields: unknown[] }>;
      components: Array<{ components: Array<{ custom_id: string; disabled: boolean }> }>;
    };
    assert.match(original.embeds[0]?.title ?? '', /^Library: 15 papers$/);
    assert.equal(original.embeds[0]?.fields.length, 10);
    const next = original.components[0]?.components[1];
    assert.equal(next?.disabled, false);

    const press = {
      id: '2',
      application_id: APP_ID,
      type: 3,
      token: 'button-token',
      channel_id: '1300000000000000300',
      member: { user: { id: '1300000000000000400' }, roles: [], permissions: '0' },
      data: { custom_id: next?.custom_id, component_type: 2 },
    };
    const pr = await postInteraction(fakeUrl, press);
    assert.deepEqual(pr.json, { type: 6 });
    await viaFake.idle();
    const page2 = discord.state.originals.get('button-token') as {
      embeds: Array<{ fields: Array<{ name: string }> }>;
    };
    assert.equal(page2.embeds[0]?.fields.length, 5);
    assert.match(page2.embeds[0]?.fields[0]?.name ?? '', /^11\. /);
  });

  it('refuses /arxiv subscribe without Manage Channels with an immediate ephemeral reply', async () => {
    const r = await postInteraction(
      fakeUrl,
      command('sub-token', 'subscribe', [
        { name: 'name', value: 'x' },
        { name: 'query', value: 'q' },
        { name: 'interest', value: 'i' },
      ]),
    );
    assert.equal(r.json.type, 4);
    assert.equal((r.json.data as { flags: number }).flags, 64);
    const allowed = await postInteraction(
      fakeUrl,
      command(
        'sub-token-2',
        'subscribe',
        [
          { name: 'name', value: 'x' },
          { name: 'query', value: 'q' },
          { name: 'interest', value: 'interest' },
        ],
        String(PERMISSION.MANAGE_CHANNELS),
      ),
    );
    assert.equal(allowed.json.type, 5);
    await viaFake.idle();
    assert.match(JSON.stringify(discord.state.originals.get('sub-token-2')), /Subscribed: x/);
  });

  it('answers autocomplete with type 8 choices and rejects malformed payloads with 400', async () => {
    const ac = { ...command('ac', 'unsubscribe', []), type: 4 };
    ac.data.options[0] = {
      name: 'unsubscribe',
      type: 1,
      options: [{ name: 'name', value: '', type: 3, focused: true }],
    } as never;
    const r = await postInteraction(fakeUrl, ac);
    assert.deepEqual(r.json, { type: 8, data: { choices: [{ name: 'x — interest', value: 'x' }] } });
    const bad = await postInteraction(fakeUrl, { type: 2, token: '../../x', application_id: 'abc' });
    assert.equal(bad.status, 400);
    const huge = await postInteraction(fakeUrl, {
      id: '1',
      application_id: APP_ID,
      type: 1,
      token: 't',
      padding: 'x'.repeat(70 * 1024),
    });
    assert.equal(huge.status, 413);
  });

  it('answers 413 to an oversized streamed body (chunked, no content-length), and the client receives it', async () => {
    const r = await uploadOversized(fakeUrl, { headers: signed('{}'), totalBytes: OVERSIZED_UPLOAD_BYTES });
    assert.equal(r.status, 413);
    assert.equal(r.headers.connection, 'close');
    assert.match(r.body, /body over 65536 bytes/);
    assert.ok(r.sent < OVERSIZED_UPLOAD_BYTES, 'the server answered before the client finished sending');
    const ping = await postInteraction(fakeUrl, {
      id: '1',
      application_id: APP_ID,
      type: 1,
      token: 'ping-token',
    });
    assert.deepEqual(ping.json, { type: 1 }, 'the endpoint still answers afterwards');
  });
});

describe('startDiscord', () => {
  const service = createMemoryRadarService(papersFromCorpusFeed('search_testing_start0_max10.xml'));
  const base = {
    DISCORD_API_URL: 'http://127.0.0.1:9/api/v10',
    DISCORD_TOKEN: undefined,
    DISCORD_MANAGER_ROLE: undefined,
    DISCORD_USER_BURST: 3,
    DISCORD_USER_REFILL_SECONDS: 20,
  };

  it('runs the HTTP endpoint when DISCORD_PUBLIC_KEY and DISCORD_INTERACTIONS_ADDR are set, and nothing when unconfigured', async () => {
    assert.equal(
      await startDiscord(
        { ...base, DISCORD_PUBLIC_KEY: undefined, DISCORD_INTERACTIONS_ADDR: undefined },
        service,
        silentLogger,
      ),
      null,
    );
    const running = await startDiscord(
      { ...base, DISCORD_PUBLIC_KEY: PUBLIC_KEY_HEX, DISCORD_INTERACTIONS_ADDR: '127.0.0.1:0' },
      service,
      silentLogger,
    );
    try {
      assert.equal(running?.gateway, false);
      assert.match(running?.interactionsUrl ?? '', /^http:\/\/127\.0\.0\.1:\d+\/interactions$/);
      const r = await postInteraction(running?.interactionsUrl ?? '', {
        id: '1',
        application_id: APP_ID,
        type: 1,
        token: 'ping-token',
      });
      assert.deepEqual(r.json, { type: 1 });
    } finally {
      await running?.stop();
    }
  });

  it('refuses a malformed DISCORD_INTERACTIONS_ADDR, or one without DISCORD_PUBLIC_KEY, naming the variables', async () => {
    await assert.rejects(
      startDiscord(
        { ...base, DISCORD_PUBLIC_KEY: PUBLIC_KEY_HEX, DISCORD_INTERACTIONS_ADDR: 'nonsense' },
        service,
        silentLogger,
      ),
      /DISCORD_INTERACTIONS_ADDR: must be host:port/,
    );
    await assert.rejects(
      startDiscord(
        { ...base, DISCORD_PUBLIC_KEY: undefined, DISCORD_INTERACTIONS_ADDR: '127.0.0.1:0' },
        service,
        silentLogger,
      ),
      /DISCORD_PUBLIC_KEY: is required/,
    );
  });
});
