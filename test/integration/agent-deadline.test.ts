/**
 * AGENT_MAX_SECONDS is a deadline (issue 28): a model that trickles a character a second, a model
 * that sleeps (never answers), and a tool still running (a search whose query builder sleeps) are
 * all cut when the turn's 5 s run out; the turn answers with what it has and says the time budget
 * ran out. Real Temporal dev server, the fake arXiv and the scripted fake LLM. The elapsed times
 * are printed (not asserted beyond "long before the model or tool would have finished").
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { AgentService } from '../../app/agent-service.ts';
import { silentLogger } from '../../lib/logger.ts';
import { openAgentService } from '../../workers/compose-agent.ts';
import { openRadarService, type RadarServiceHandle } from '../../workers/compose.ts';
import { startFakeArxiv, type FakeArxiv } from '../fakes/arxiv-server.ts';
import { startFakeLlm, type FakeLlm } from '../fakes/llm-server.ts';
import { fakeArxivEnv, fakeLlmEnv } from '../support/fake-env.ts';
import { startTestRuntime, type TestRuntime } from '../support/runtime.ts';

const BUDGET_S = 5;

describe(
  'AGENT_MAX_SECONDS is a deadline for the model and the tools in flight',
  { timeout: 300_000 },
  () => {
    let arxiv: FakeArxiv;
    let llm: FakeLlm;
    let t: TestRuntime;
    let service: RadarServiceHandle;
    let agent: AgentService;

    before(async () => {
      arxiv = await startFakeArxiv();
      llm = await startFakeLlm();
      // An idle timeout far above the budget: only the deadline can end these turns in time.
      t = await startTestRuntime({
        ...fakeArxivEnv(arxiv),
        ...fakeLlmEnv(llm),
        AGENT_MAX_SECONDS: String(BUDGET_S),
        LLM_TIMEOUT_MS: '60000',
      });
      service = openRadarService(t.config, silentLogger, { client: t.client });
      agent = openAgentService(t.config, silentLogger, service);
    });
    after(async () => {
      await service?.close();
      // The fake LLM first: its hung requests end, so the workers' shutdown does not wait for
      // them (the hanging query builder would otherwise hold it for LLM_TIMEOUT_MS, 60 s).
      await llm?.close();
      await t?.stop();
      await arxiv?.close();
    });

    const timed = async (question: string) => {
      const started = Date.now();
      let draft = '';
      const reply = await agent.ask({ question }, undefined, { onDraft: (d) => (draft = d.text) });
      return { reply, ms: Date.now() - started, draft };
    };

    it('a model that trickles one character a second (60 s of text) is cut at the deadline; the turn says the time budget ran out', async () => {
      llm.script([
        {
          content: 'Graph transformers attend over all node pairs and are slow to write.',
          chunkChars: 1,
          chunkDelayMs: 1000,
        },
      ]);
      const { reply, ms, draft } = await timed('What are graph transformers?');
      console.log(
        `trickle: turn answered after ${ms} ms with a ${BUDGET_S} s budget (the model would have taken ~68 s); ${draft.length} characters were streamed before the cut`,
      );
      assert.equal(reply.budget, 'time');
      assert.match(
        reply.answer,
        new RegExp(
          `^The time budget of this turn \\(${BUDGET_S} s\\) ran out before the model finished its answer\\.`,
        ),
      );
      assert.match(reply.answer, /ran out of its time budget \(AGENT_MAX_SECONDS\)/);
      assert.ok(ms < 30_000, `answered long before the model would have finished (${ms} ms)`);
    });

    it('a model that sleeps (never answers; idle timeout 60 s) is cut at the deadline', async () => {
      llm.script([{ hang: true }]);
      const { reply, ms } = await timed('Anything new on diffusion models?');
      console.log(`sleep: turn answered after ${ms} ms with a ${BUDGET_S} s budget (LLM_TIMEOUT_MS 60 s)`);
      assert.equal(reply.budget, 'time');
      assert.match(reply.answer, /^The time budget of this turn/);
      assert.ok(ms < 30_000, `answered long before the idle timeout (${ms} ms)`);
    });

    it('a tool still running at the deadline is cut: its call gets a result saying so, and the turn answers with what it has', async () => {
      // The agent searches; the search's query builder (JSON mode) sleeps, so the child workflow runs on.
      llm.respondWith((b) => (b.response_format ? { hang: true } : undefined));
      llm.script([
        {
          content: 'Let me search arXiv first.',
          toolCalls: [{ name: 'search_arxiv', arguments: '{"topic":"graph transformers"}' }],
        },
      ]);
      try {
        const { reply, ms } = await timed('Find papers on graph transformers');
        console.log(`tool in flight: turn answered after ${ms} ms with a ${BUDGET_S} s budget`);
        assert.equal(reply.budget, 'time');
        assert.deepEqual(
          reply.trace.map((x) => [x.label, x.isError]),
          [['searching arXiv: graph transformers', true]],
        );
        assert.match(reply.answer, /The model had said: Let me search arXiv first\./);
        assert.match(reply.answer, /Done so far: searching arXiv: graph transformers\./);
        assert.ok(ms < 30_000, `answered long before the search would have finished (${ms} ms)`);
      } finally {
        llm.respondWith(undefined);
      }
    });
  },
);
