/**
 * Pending proposals survive a restart (issue 28): the agent proposes two subscriptions in one turn
 * (real agentTurn workflow on the Temporal dev server, the scripted fake LLM); the front end's
 * RadarService and AgentService are closed and opened again (nothing of them in memory); then a
 * confirmation applies exactly the stored proposal it names, once: a second confirmation changes
 * nothing (not even the user's own edit made since), the other proposal is not applied by it and
 * can still be declined. On real SQLite and on real Postgres (test/support/postgres.ts).
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Config } from '../../config/env.ts';
import { silentLogger } from '../../lib/logger.ts';
import { openAgentService } from '../../workers/compose-agent.ts';
import { openRadarService } from '../../workers/compose.ts';
import { startFakeArxiv, type FakeArxiv } from '../fakes/arxiv-server.ts';
import { startFakeLlm, type FakeLlm, type FakeLlmRequest } from '../fakes/llm-server.ts';
import { fakeArxivEnv, fakeLlmEnv } from '../support/fake-env.ts';
import { startPostgres, type PostgresServer } from '../support/postgres.ts';
import { startTestRuntime, type TestRuntime } from '../support/runtime.ts';

const subscription = (name: string, query: string) => ({
  name,
  interest: `papers about ${query}`,
  query: `all:${query}`,
  schedule: '0 4 * * *',
});

/** A model that proposes two subscriptions in one step, then says it did. */
function twoProposals(a: Record<string, unknown>, b: Record<string, unknown>) {
  return (body: FakeLlmRequest['body']) => {
    if (body.response_format) return { content: '{"search_query":"all:testing"}' };
    if (body.stream !== true) return undefined;
    if (body.messages?.at(-1)?.role === 'tool') return { content: 'I proposed two subscriptions.' };
    return {
      toolCalls: [
        { name: 'subscribe_topic', arguments: JSON.stringify(a) },
        { name: 'subscribe_topic', arguments: JSON.stringify(b) },
      ],
    };
  };
}

describe('agent proposals survive a restart and are applied exactly once', () => {
  let arxiv: FakeArxiv;
  let llm: FakeLlm;
  let t: TestRuntime;
  let pg: PostgresServer;

  before(async () => {
    arxiv = await startFakeArxiv();
    llm = await startFakeLlm();
    pg = await startPostgres();
    t = await startTestRuntime({ ...fakeArxivEnv(arxiv), ...fakeLlmEnv(llm) });
  });
  after(async () => {
    await t?.stop();
    await pg?.stop();
    await Promise.all([arxiv?.close(), llm?.close()]);
  });

  for (const driver of ['sqlite', 'postgres'] as const) {
    it(`${driver}: confirm after a restart applies that stored proposal once, never the other`, async () => {
      const config: Config =
        driver === 'postgres' ? { ...t.config, DATABASE_URL: await pg.createDatabase() } : t.config;
      const a = subscription(`restart-a-${driver}`, 'graphs');
      const b = subscription(`restart-b-${driver}`, 'lattices');
      const conversationId = `web:restart-${driver}`;
      llm.respondWith(twoProposals(a, b));

      const before = openRadarService(config, silentLogger, { client: t.client });
      const r = await openAgentService(config, silentLogger, before).ask({
        question: 'Subscribe me to graphs and lattices',
        conversationId,
      });
      await before.close();
      assert.deepEqual(
        r.proposals.map((p) => [p.title, p.confirmable]),
        [
          [`Create the subscription "${a.name}"`, true],
          [`Create the subscription "${b.name}"`, true],
        ],
      );
      const [pa, pb] = r.proposals;

      // The restart: a new service and agent over the same library; nothing of the first in memory.
      const service = openRadarService(config, silentLogger, { client: t.client });
      const agent = openAgentService(config, silentLogger, service);
      try {
        const done = await agent.confirm(pa!.id, { conversationId });
        assert.equal(done.proposal.title, `Create the subscription "${a.name}"`);
        assert.equal((await service.store.getSubscription(a.name))?.query, 'all:graphs');
        assert.equal(
          await service.store.getSubscription(b.name),
          null,
          'consent for one never applies another',
        );

        // The user edits the subscription; a second confirmation changes nothing.
        await service.subscribe({ name: a.name, interest: 'my own words', query: 'all:graphs' });
        await assert.rejects(
          agent.confirm(pa!.id, { conversationId }),
          /No pending proposal .* applied already/,
        );
        await assert.rejects(agent.decline(pa!.id, { conversationId }), /applied already/);
        assert.equal((await service.store.getSubscription(a.name))?.interest, 'my own words');
        assert.equal((await service.store.getProposal(pa!.id))?.status, 'applied');

        // The other proposal is still pending: declined, it never applies.
        await assert.rejects(
          agent.confirm(pb!.id, { conversationId: 'web:someone-else' }),
          /No pending proposal/,
          'another conversation cannot decide it',
        );
        await agent.decline(pb!.id, { conversationId });
        await assert.rejects(agent.confirm(pb!.id, { conversationId }), /declined, nothing was applied/);
        assert.equal(await service.store.getSubscription(b.name), null);
      } finally {
        await service.unsubscribe(a.name).catch(() => false);
        await service.close();
      }
    });
  }
});
