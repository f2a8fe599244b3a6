/**
 * The fakes themselves must reject what the real APIs reject, or the publisher tests prove
 * nothing. These talk to them with plain fetch.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startDiscordServer, type DiscordFake } from '../../../fakes/discord-server.ts';
import { startNotionServer, type NotionFake } from '../../../fakes/notion-server.ts';

const json = async (res: Response) => ({
  status: res.status,
  body: (await res.json()) as Record<string, unknown>,
  headers: res.headers,
});

describe('Notion fake', () => {
  let notion: NotionFake;
  before(async () => {
    notion = await startNotionServer({ token: 'ntn_fake', maxRequestsPerSecond: 0 });
  });
  after(async () => {
    await notion.close();
  });
  const call = (method: string, path: string, body?: unknown, token = 'ntn_fake') =>
    fetch(`${notion.url}/v1${path}`, {
      method,
      headers: {
        Authorization: `Bearer ${token}`,
        'Notion-Version': '2025-09-03',
        'Content-Type': 'application/json',
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    }).then(json);
  const para = (content: string) => ({
    object: 'block',
    type: 'paragraph',
    paragraph: { rich_text: [{ type: 'text', text: { content } }] },
  });
  const page = (children: unknown[]) => ({
    parent: { type: 'data_source_id', data_source_id: notion.dataSourceId },
    properties: { Name: { title: [{ text: { content: 'p' } }] } },
    children,
  });

  it('rejects over 100 children, over-long rich text and over 100 rich-text items with validation_error', async () => {
    const tooMany = await call('POST', '/pages', page(Array.from({ length: 101 }, () => para('x'))));
    assert.equal(tooMany.status, 400);
    assert.deepEqual(Object.keys(tooMany.body).sort(), ['code', 'message', 'object', 'request_id', 'status']);
    assert.equal(tooMany.body.object, 'error');
    assert.equal(tooMany.body.code, 'validation_error');
    assert.match(String(tooMany.body.message), /body\.children\.length should be ≤ `100`, instead was `101`/);

    const tooLong = await call('POST', '/pages', page([para('y'.repeat(2001))]));
    assert.equal(tooLong.status, 400);
    assert.match(
      String(tooLong.body.message),
      /body\.children\[0\]\.paragraph\.rich_text\[0\]\.text\.content\.length should be ≤ `2000`, instead was `2001`/,
    );

    const manyItems = {
      object: 'block',
      type: 'paragraph',
      paragraph: { rich_text: Array.from({ length: 101 }, () => ({ type: 'text', text: { content: 'z' } })) },
    };
    const tooManyItems = await call('POST', '/pages', page([manyItems]));
    assert.equal(tooManyItems.status, 400);
    assert.match(String(tooManyItems.body.message), /rich_text\.length should be ≤ `100`/);
    assert.equal(notion.pages().length, 0);
  });

  it('appends, lists children in pages of 100, and finds pages by a rich_text property', async () => {
    const created = await call('POST', '/pages', {
      ...page([para('first')]),
      properties: {
        Name: { title: [{ text: { content: 'p' } }] },
        'Digest key': { rich_text: [{ text: { content: 'k1' } }] },
      },
    });
    assert.equal(created.status, 200);
    const id = String(created.body.id);
    const append = await call('PATCH', `/blocks/${id}/children`, {
      children: Array.from({ length: 100 }, (_, i) => para(`b${i}`)),
    });
    assert.equal(append.status, 200);
    const list1 = await call('GET', `/blocks/${id}/children?page_size=100`);
    assert.equal((list1.body.results as unknown[]).length, 100);
    assert.equal(list1.body.has_more, true);
    const list2 = await call(
      'GET',
      `/blocks/${id}/children?page_size=100&start_cursor=${String(list1.body.next_cursor)}`,
    );
    assert.equal((list2.body.results as unknown[]).length, 1);
    const found = await call('POST', `/data_sources/${notion.dataSourceId}/query`, {
      filter: { property: 'Digest key', rich_text: { equals: 'k1' } },
    });
    assert.deepEqual(
      (found.body.results as { id: string }[]).map((p) => p.id),
      [id],
    );
    const none = await call('POST', `/data_sources/${notion.dataSourceId}/query`, {
      filter: { property: 'Digest key', rich_text: { equals: 'k2' } },
    });
    assert.deepEqual(none.body.results, []);
  });

  it('answers a wrong token with 401 unauthorized', async () => {
    const res = await call('GET', `/databases/${notion.databaseId}`, undefined, 'ntn_other');
    assert.equal(res.status, 401);
    assert.equal(res.body.code, 'unauthorized');
  });

  it('serves only /v1 and only Notion-Version 2025-09-03', async () => {
    const unversioned = await fetch(`${notion.url}/databases/${notion.databaseId}`, {
      headers: { Authorization: 'Bearer ntn_fake', 'Notion-Version': '2025-09-03' },
    }).then(json);
    assert.equal(unversioned.status, 400);
    assert.equal(unversioned.body.code, 'invalid_request_url');
    const old = await fetch(`${notion.url}/v1/databases/${notion.databaseId}`, {
      headers: { Authorization: 'Bearer ntn_fake', 'Notion-Version': '2022-06-28' },
    }).then(json);
    assert.equal(old.status, 400);
    assert.equal(old.body.code, 'validation_error');
    const none = await fetch(`${notion.url}/v1/databases/${notion.databaseId}`, {
      headers: { Authorization: 'Bearer ntn_fake' },
    }).then(json);
    assert.equal(none.body.code, 'missing_version');
  });

  it('answers every third request with 429 when told to, and rotates its token', async () => {
    const limited = await startNotionServer({ maxRequestsPerSecond: 0, rateLimitEvery: 3 });
    try {
      const get = async (token: string) => {
        const res = await fetch(`${limited.url}/v1/databases/${limited.databaseId}`, {
          headers: { Authorization: `Bearer ${token}`, 'Notion-Version': '2025-09-03' },
        });
        await res.arrayBuffer();
        return `${res.status}${res.status === 429 ? `/${res.headers.get('retry-after')}` : ''}`;
      };
      const statuses: string[] = [];
      for (let i = 0; i < 6; i++) statuses.push(await get('a'));
      assert.deepEqual(statuses, ['200', '200', '429/1', '200', '200', '429/1']);
      limited.setRateLimitEvery(0);
      limited.setToken('rotated');
      assert.deepEqual([await get('a'), await get('rotated')], ['401', '200']);
    } finally {
      await limited.close();
    }
  });

  it('answers a burst with 429 rate_limited and Retry-After', async () => {
    // A frozen clock: all five requests arrive in the same instant.
    const limited = await startNotionServer({
      maxRequestsPerSecond: 3,
      retryAfterSec: 2,
      clock: () => 1_000_000,
    });
    try {
      const statuses: number[] = [];
      let retryAfter: string | null = null;
      for (let i = 0; i < 5; i++) {
        const res = await fetch(`${limited.url}/v1/databases/${limited.databaseId}`, {
          headers: { Authorization: 'Bearer a', 'Notion-Version': '2025-09-03' },
        });
        statuses.push(res.status);
        if (res.status === 429) retryAfter = res.headers.get('retry-after');
        await res.arrayBuffer();
      }
      assert.deepEqual(statuses.slice(0, 3), [200, 200, 200]);
      assert.deepEqual(statuses.slice(3), [429, 429]);
      assert.equal(retryAfter, '2');
    } finally {
      await limited.close();
    }
  });
});

describe('Discord fake', () => {
  let discord: DiscordFake;
  before(async () => {
    discord = await startDiscordServer({ token: 'bot', applicationId: '4000000000000000001' });
  });
  after(async () => {
    await discord.close();
  });
  const call = (method: string, path: string, body?: unknown, auth: string | null = 'Bot bot') =>
    fetch(`${discord.url}${path}`, {
      method,
      headers: { ...(auth ? { Authorization: auth } : {}), 'Content-Type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    }).then(async (res) =>
      res.status === 204
        ? { status: 204, body: {} as Record<string, unknown>, headers: res.headers }
        : json(res),
    );

  it('rejects embeds over the limits with Invalid Form Body', async () => {
    const res = await call('POST', '/channels/42/messages', {
      embeds: [{ title: 't'.repeat(257), fields: [{ name: 'a', value: 'v'.repeat(1025) }] }],
    });
    assert.equal(res.status, 400);
    assert.equal(res.body.code, 50035);
    assert.equal(res.body.message, 'Invalid Form Body');
    const errors = res.body.errors as {
      embeds: Record<string, { title: unknown; fields: Record<string, { value: unknown }> }>;
    };
    assert.ok(errors.embeds['0']?.title);
    assert.ok(errors.embeds['0']?.fields['0']?.value);

    const total = await call('POST', '/channels/42/messages', {
      embeds: [1, 2].map(() => ({ description: 'd'.repeat(3500) })),
    });
    assert.equal(total.status, 400);
    assert.match(JSON.stringify(total.body.errors), /MAX_EMBED_SIZE_EXCEEDED/);
    const tooMany = await call('POST', '/channels/42/messages', {
      embeds: Array.from({ length: 11 }, () => ({ title: 'x' })),
    });
    assert.equal(tooMany.status, 400);
    const empty = await call('POST', '/channels/42/messages', {});
    assert.equal(empty.body.code, 50006);
    assert.equal(discord.messagesIn('42').length, 0);
  });

  it('serves only /api/v10 (a doubled or missing version is a 404), and webhook URLs as Discord hands them out', async () => {
    const root = discord.url.replace(/\/v10$/, '');
    const doubled = await fetch(`${discord.url}/v10/gateway/bot`, {
      headers: { Authorization: 'Bot bot' },
    }).then(json);
    assert.equal(doubled.status, 404);
    const old = await fetch(`${root}/v9/gateway/bot`, { headers: { Authorization: 'Bot bot' } }).then(json);
    assert.equal(old.status, 404);
    const bare = await fetch(`${root}/channels/42/messages`, { headers: { Authorization: 'Bot bot' } }).then(
      json,
    );
    assert.equal(bare.status, 404);
    const gateway = await call('GET', '/gateway/bot');
    assert.equal(gateway.status, 200);
    assert.match(String(gateway.body.url), /^ws:\/\//);
    assert.equal((await call('GET', '/gateway/bot', undefined, null)).status, 401);
    const hooked = await startDiscordServer({
      webhooks: [{ id: '800000000000000009', token: 'tok', channelId: '42' }],
    });
    try {
      const unversioned = hooked.url.replace(/\/v10$/, '');
      const posted = await fetch(`${unversioned}/webhooks/800000000000000009/tok?wait=true`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ content: 'hi' }),
      });
      assert.equal(posted.status, 200);
      await posted.arrayBuffer();
    } finally {
      await hooked.close();
    }
  });

  it('lists channel messages newest first with limit', async () => {
    for (const content of ['one', 'two', 'three'])
      assert.equal((await call('POST', '/channels/43/messages', { content })).status, 200);
    const list = (await call('GET', '/channels/43/messages?limit=2')).body as unknown as {
      content: string;
    }[];
    assert.deepEqual(
      list.map((m) => m.content),
      ['three', 'two'],
    );
    assert.equal((await call('GET', '/channels/43/messages', undefined, 'Bot wrong')).status, 401);
  });

  it('serves interaction follow-ups, @original edits and command bulk overwrite', async () => {
    const app = '4000000000000000001';
    const edit = await call(
      'PATCH',
      `/webhooks/${app}/interaction-token/messages/@original`,
      { content: 'done' },
      null,
    );
    assert.equal(edit.status, 200);
    assert.deepEqual(discord.state.originals.get('interaction-token'), edit.body);
    const follow = await call('POST', `/webhooks/${app}/interaction-token`, { content: 'more' }, null);
    assert.equal(follow.status, 200);
    assert.equal(discord.state.followups.get('interaction-token')?.length, 1);

    const commands = [{ name: 'search', description: 'Search arXiv', type: 1 }];
    const global = await call('PUT', `/applications/${app}/commands`, commands);
    assert.equal(global.status, 200);
    const guild = await call('PUT', `/applications/${app}/guilds/5000/commands`, commands);
    assert.equal(guild.status, 200);
    assert.equal((discord.state.commands.get('global') as { name: string }[])[0]?.name, 'search');
    assert.equal((discord.state.commands.get('5000') as { guild_id: string }[])[0]?.guild_id, '5000');
  });

  it('answers an injected 429 with retry_after and Retry-After', async () => {
    discord.state.faults.push({ status: 429, retryAfterSec: 0.5 });
    const res = await call('GET', '/channels/43/messages');
    assert.equal(res.status, 429);
    assert.equal(res.body.retry_after, 0.5);
    assert.equal(res.headers.get('retry-after'), '1');
  });
});
