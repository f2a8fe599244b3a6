/**
 * `/arxiv ask` with the research agent, end to end: a signed interaction on loopback → the bot →
 * the real AgentService (agentTurn on the Temporal dev server, the fake arXiv, the scripted fake
 * LLM) → the fake Discord, which checks every payload against Discord's limits. The reply is
 * deferred at once, edited with progress, gets a thread, and ends as the answer with the cited
 * papers as embeds; `/arxiv ask` inside that thread continues the same conversation (stored under
 * the thread's id); the per-user limit holds for follow-ups too. Without an LLM the bot says so in
 * one sentence and answers from the library.
 */
import assert from 'node:assert/strict';
import { generateKeyPairSync, sign } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import type { AgentService } from '../../app/agent-service.ts';
import { NO_LLM_NOTICE } from '../../app/agent-service.ts';
import { createBot } from '../../bot/bot.ts';
import { createInteractionsServer, type InteractionsServer } from '../../bot/http/interactions-server.ts';
import { createDiscordRest } from '../../lib/discord/rest.ts';
import { silentLogger } from '../../lib/logger.ts';
import { openAgentService } from '../../workers/compose-agent.ts';
import { openRadarService, type RadarServiceHandle } from '../../workers/compose.ts';
import { startFakeArxiv, type FakeArxiv } from '../fakes/arxiv-server.ts';
import { startDiscordServer, type DiscordFake } from '../fakes/discord-server.ts';
import { startFakeLlm, type FakeLlm } from '../fakes/llm-server.ts';
import { compromisedModel, INJECTED_SUBSCRIPTION } from '../support/compromised-model.ts';
import { standInPdf } from '../support/corpus.ts';
import { APP_ID, slashCommand } from '../support/discord-interaction.ts';
import { startTestRuntime, testConfig, type TestRuntime } from '../support/runtime.ts';
import { fakeArxivEnv, fakeLlmEnv } from '../support/fake-env.ts';

const { publicKey, privateKey } = generateKeyPairSync('ed25519');
const PUBLIC_KEY_HEX = publicKey.export({ format: 'der', type: 'spki' }).subarray(12).toString('hex');
const CHANNEL = '1300000000000000300';
const USER = '1300000000000000400';

async function postSigned(
  url: string,
  payload: unknown,
): Promise<{ status: number; json: { type: number; data?: Record<string, unknown> }; ms: number }> {
  const body = JSON.stringify(payload);
  const ts = String(Math.floor(Date.now() / 1000));
  const headers = {
    'content-type': 'application/json',
    'x-signature-ed25519': sign(null, Buffer.from(ts + body), privateKey).toString('hex'),
    'x-signature-timestamp': ts,
  };
  const started = Date.now();
  const res = await fetch(url, { method: 'POST', headers, body });
  return {
    status: res.status,
    json: (await res.json()) as { type: number; data?: Record<string, unknown> },
    ms: Date.now() - started,
  };
}

/** `/arxiv ask question:` as Discord posts it; in a thread, `channel_id` is the thread and `channel.type` 11. */
function askCommand(token: string, question: string, where: { threadId?: string; userId?: string } = {}) {
  const base = slashCommand(token, 'ask', [{ name: 'question', value: question }]);
  return {
    ...base,
    channel_id: where.threadId ?? CHANNEL,
    channel: { type: where.threadId ? 11 : 0 },
    member: { ...base.member, user: { id: where.userId ?? USER } },
  };
}

/** A button press as Discord posts it (type 3, MESSAGE_COMPONENT), by a member with `permissions`. */
function buttonPress(token: string, customId: string, userId: string, permissions = '16') {
  const base = slashCommand(token, 'ask', []);
  return {
    id: base.id,
    application_id: APP_ID,
    type: 3,
    token,
    guild_id: base.guild_id,
    channel_id: CHANNEL,
    data: { custom_id: customId, component_type: 2 },
    member: { user: { id: userId }, roles: [], permissions },
  };
}

interface Embed {
  title?: string;
  url?: string;
  description?: string;
  footer?: { text: string };
}

describe('/arxiv ask with the research agent (fake Discord, Temporal, fake arXiv, fake LLM)', () => {
  let arxiv: FakeArxiv;
  let llm: FakeLlm;
  let discord: DiscordFake;
  let t: TestRuntime;
  let service: RadarServiceHandle;
  let agent: AgentService;
  let endpoint: InteractionsServer;
  let url: string;
  let env: Record<string, string>;

  const requestsFor = (token: string) =>
    discord.requests.filter((r) => r.path.includes(`/webhooks/${APP_ID}/${token}`));
  const finalOf = (token: string) =>
    discord.state.originals.get(token) as { content?: string; embeds?: Embed[] } | undefined;

  before(async () => {
    arxiv = await startFakeArxiv({ documents: standInPdf() });
    llm = await startFakeLlm();
    discord = await startDiscordServer({ applicationId: APP_ID, token: 'bot-token' });
    env = {
      ...fakeArxivEnv(arxiv),
      ...fakeLlmEnv(llm),
    };
    t = await startTestRuntime(env);
    // Model calls outside the agent's loop (paper summaries, query building) are not streamed:
    // they get a fixed JSON reply (an unusable summary falls back to the extractive one).
    llm.respondWith((b) => (b.stream === true ? undefined : { content: '{"search_query":"all:testing"}' }));
    service = openRadarService(t.config, silentLogger, { client: t.client });
    agent = openAgentService(t.config, silentLogger, service);
    // Two agent turns per user, then one per minute: the third question in a row is refused.
    const bot = createBot({
      service,
      agent,
      logger: silentLogger,
      rateLimit: { capacity: 2, refillMs: 60_000 },
    });
    endpoint = createInteractionsServer({
      bot,
      rest: createDiscordRest({ apiUrl: discord.url, botToken: 'bot-token' }),
      threads: true,
      publicKey: PUBLIC_KEY_HEX,
      logger: silentLogger,
    });
    url = await endpoint.listen('127.0.0.1', 0);
  });
  after(async () => {
    await endpoint?.close();
    await service?.close();
    await t?.stop();
    await Promise.all([arxiv?.close(), llm?.close(), discord?.close()]);
  });

  let threadId = '';

  it('defers at once, shows progress, starts a thread, and answers with the cited papers as embeds', async () => {
    llm.script([
      { toolCalls: [{ name: 'get_paper', arguments: '{"ref":"1111.2011"}' }] },
      {
        content:
          'arXiv:1111.2011 studies quantum criticality of extended nodes on a Bethe lattice. Compare arXiv:2401.99999.',
      },
    ]);
    const r = await postSigned(url, askCommand('agent-ask-1', 'What is 1111.2011 about?'));
    assert.deepEqual([r.status, r.json], [200, { type: 5, data: {} }]);
    assert.ok(r.ms < 3000, `deferred within Discord's 3 s (${r.ms} ms)`);
    await endpoint.idle();

    const calls = requestsFor('agent-ask-1').map((q) =>
      `${q.method} ${q.status} ${(q.body as { content?: string } | undefined)?.content?.slice(0, 12) ?? ''}`.trim(),
    );
    assert.equal(calls[0], 'PATCH 200 ⏳ thinking…', 'the first progress edit');
    assert.equal(calls[1], 'GET 200', 'the reply is read to start a thread on it');
    assert.ok(
      calls.includes('PATCH 200 ⏳ reading 11'),
      `the tool call shows as progress: ${JSON.stringify(calls)}`,
    );
    assert.ok(
      requestsFor('agent-ask-1').every((q) => q.status === 200),
      `every edit was valid for Discord: ${JSON.stringify(calls)}`,
    );

    const threads = [...discord.state.threads.values()];
    assert.equal(threads.length, 1);
    assert.equal(threads[0]!.parent_id, CHANNEL);
    assert.equal(threads[0]!.name, 'What is 1111.2011 about?');
    assert.equal(
      threads[0]!.message_id,
      (finalOf('agent-ask-1') as { id?: string }).id,
      'the thread hangs off the reply',
    );
    threadId = threads[0]!.id;
    const started = discord.requests.find((q) => q.path.endsWith('/threads'));
    assert.equal(started?.headers.authorization, 'Bot bot-token');

    const final = finalOf('agent-ask-1')!;
    assert.equal(
      final.content,
      `Follow-up questions: \`/arxiv ask\` in <#${threadId}> continues this conversation.`,
    );
    const [answer, paper, ...rest] = final.embeds ?? [];
    assert.equal(answer?.title, 'What is 1111.2011 about?');
    assert.match(
      answer?.description ?? '',
      /^arXiv:1111\.2011 studies quantum criticality .* Compare \[citation removed: not found by a tool\]\./,
    );
    assert.match(answer?.footer?.text ?? '', /^Research agent · 2 steps · 1 tool call · \d+\.\d s$/);
    assert.match(paper?.title ?? '', /^Quantum Criticality for Extended Nodes on a Bethe Lattice/);
    assert.equal(paper?.url, 'https://arxiv.org/abs/1111.2011v2');
    assert.deepEqual(rest, [], 'only verified papers get an embed');
    const stored = await service.store.getConversation(`discord:${threadId}`);
    assert.equal(
      stored?.messages.filter((m) => m.role === 'user').length,
      1,
      'the conversation is stored under the thread',
    );
  });

  it('a follow-up in the thread continues the same conversation, answered in the thread without a new thread', async () => {
    llm.script([{ content: 'Its introduction (§1) of arXiv:1111.2011 motivates the Bethe lattice.' }]);
    const before = llm.requests.length;
    const r = await postSigned(
      url,
      askCommand('agent-ask-2', 'Which part motivates the lattice?', { threadId }),
    );
    assert.deepEqual([r.status, r.json.type], [200, 5]);
    await endpoint.idle();
    const history = llm.requests.slice(before).find((q) => q.body.stream === true)?.body.messages ?? [];
    assert.deepEqual(
      history.filter((m) => m.role === 'user').map((m) => m.content),
      ['What is 1111.2011 about?', 'Which part motivates the lattice?'],
      'the model sees the first question of the thread',
    );
    assert.ok(
      history.some((m) => m.role === 'tool'),
      'and what the tools returned then',
    );
    const final = finalOf('agent-ask-2')!;
    assert.equal(final.content ?? '', '', 'no thread hint inside the thread');
    assert.match(final.embeds?.[0]?.description ?? '', /^Its introduction \(§1\) of arXiv:1111\.2011/);
    assert.match(
      final.embeds?.[1]?.title ?? '',
      /^Quantum Criticality/,
      'a paper found in the earlier turn may be cited',
    );
    assert.equal(discord.state.threads.size, 1, 'no new thread');
    const stored = await service.store.getConversation(`discord:${threadId}`);
    assert.equal(stored?.messages.filter((m) => m.role === 'user').length, 2);
  });

  it('the per-user limit applies to follow-ups: the next question in a row is refused at once, another user is not', async () => {
    const r = await postSigned(url, askCommand('agent-ask-3', 'And the results?', { threadId }));
    assert.equal(r.json.type, 4);
    assert.equal(r.json.data?.flags, 64, 'ephemeral');
    assert.match(JSON.stringify(r.json.data), /You are going fast: try `\/arxiv ask` again in \d+ s/);
    llm.script([{ content: 'Another user, answered.' }]);
    const other = await postSigned(
      url,
      askCommand('agent-ask-4', 'And the results?', { threadId, userId: '1300000000000000999' }),
    );
    assert.equal(other.json.type, 5);
    await endpoint.idle();
    assert.match(finalOf('agent-ask-4')?.embeds?.[0]?.description ?? '', /^Another user, answered\./);
  });

  it('without an LLM: one sentence saying so, then the cited answer from the library', async () => {
    const { config } = testConfig({
      ...env,
      DATA_DIR: t.dataDir,
      TEMPORAL_TASK_QUEUE: t.config.TEMPORAL_TASK_QUEUE,
      LLM_BASE_URL: '',
      LLM_MODEL: '',
    });
    const plainService = openRadarService(config, silentLogger, { client: t.client });
    const plainAgent = openAgentService(config, silentLogger, plainService);
    const bot = createBot({ service: plainService, agent: plainAgent, logger: silentLogger });
    const plain = createInteractionsServer({
      bot,
      rest: createDiscordRest({ apiUrl: discord.url, botToken: 'bot-token' }),
      threads: true,
      publicKey: PUBLIC_KEY_HEX,
      logger: silentLogger,
    });
    const plainUrl = await plain.listen('127.0.0.1', 0);
    try {
      const before = llm.requests.length;
      const threadsBefore = discord.state.threads.size;
      const r = await postSigned(
        plainUrl,
        askCommand('plain-ask-1', 'What is quantum criticality on a Bethe lattice?'),
      );
      assert.equal(r.json.type, 5);
      await plain.idle();
      const final = finalOf('plain-ask-1')!;
      assert.equal(final.content, NO_LLM_NOTICE);
      assert.match(final.embeds?.[0]?.description ?? '', /\*\*Sources\*\*\n\[1\] arXiv:1111\.2011/);
      assert.equal(llm.requests.length, before, 'no model was called');
      assert.equal(
        discord.state.threads.size,
        threadsBefore,
        'no thread: there is no conversation to continue',
      );
    } finally {
      await plain.close();
      await plainService.close();
    }
  });

  it('consent is bound to a proposal: the compromised model’s "confirmed": true applies nothing; only the asker’s Confirm button does, an expired proposal is refused', async () => {
    const asker = '1300000000000000501';
    llm.respondWith((b) =>
      b.stream === true ? compromisedModel()(b) : { content: '{"search_query":"all:testing"}' },
    );
    try {
      const threadsBefore = new Set(discord.state.threads.keys());
      await postSigned(url, {
        ...askCommand('consent-1', 'What is new on Bethe lattices?', { userId: asker }),
        member: { user: { id: asker }, roles: [], permissions: '16' },
      });
      await endpoint.idle();
      const first = finalOf('consent-1') as {
        embeds?: Embed[];
        components?: Array<{ components: Array<{ custom_id: string; label: string }> }>;
      };
      const proposalEmbed = first.embeds?.find((e) => e.title?.startsWith('Proposed:'));
      assert.equal(proposalEmbed?.title, 'Proposed: Create the subscription "injected"');
      assert.match(proposalEmbed?.description ?? '', /query: "all:attacker"/);
      const [confirm1] = first.components?.[0]?.components ?? [];
      assert.equal(confirm1?.label, 'Confirm');
      const thread = [...discord.state.threads.keys()].find((k) => !threadsBefore.has(k))!;
      // Turn 2, in the thread: an unrelated question; the model "confirms".
      await postSigned(url, {
        ...askCommand('consent-2', 'Which categories does the library have?', {
          threadId: thread,
          userId: asker,
        }),
        member: { user: { id: asker }, roles: [], permissions: '16' },
      });
      await endpoint.idle();
      assert.equal(
        await service.store.getSubscription(INJECTED_SUBSCRIPTION.name),
        null,
        'the model’s confirmation applied nothing',
      );
      const second = finalOf('consent-2') as {
        components?: Array<{ components: Array<{ custom_id: string }> }>;
      };
      const confirm2 = second.components?.[0]?.components[0]?.custom_id ?? '';
      assert.match(confirm2, /^agent-proposal:confirm:[0-9a-f]{8}$/);
      // The first proposal expired at the end of turn 2.
      const expired = await postSigned(url, buttonPress('consent-b1', confirm1!.custom_id, asker));
      assert.match(JSON.stringify(expired.json.data), /No pending proposal/);
      // Another member (even one who may manage subscriptions) cannot confirm the asker's proposal.
      const other = await postSigned(url, buttonPress('consent-b2', confirm2, '1300000000000000502'));
      assert.match(JSON.stringify(other.json.data), /Only the person who asked/);
      assert.equal(await service.store.getSubscription(INJECTED_SUBSCRIPTION.name), null);
      // The asker's own press applies it.
      const mine = await postSigned(url, buttonPress('consent-b3', confirm2, asker));
      assert.equal(mine.json.type, 4);
      assert.match(JSON.stringify(mine.json.data), /Applied: Create the subscription \\"injected\\"/);
      assert.equal((await service.store.getSubscription(INJECTED_SUBSCRIPTION.name))?.query, 'all:attacker');
    } finally {
      llm.respondWith((b) => (b.stream === true ? undefined : { content: '{"search_query":"all:testing"}' }));
      await service.unsubscribe(INJECTED_SUBSCRIPTION.name).catch(() => false);
    }
  });
});
