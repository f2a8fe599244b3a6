/**
 * The agent's answer streams to the caller while the agentTurn workflow runs (real Temporal dev
 * server, the fake LLM writing in paced chunks): the model call's activity heartbeats its draft,
 * the runner reads it with describe(), AgentService.ask hands it to `onDraft`. The turn's result
 * is the model's answer as before; a server that ignores `stream` still answers; a stream that
 * breaks is retried by Temporal and the draft starts again.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { AgentDraft, AgentService } from '../../app/agent-service.ts';
import { silentLogger } from '../../lib/logger.ts';
import { openAgentService } from '../../workers/compose-agent.ts';
import { openRadarService, type RadarServiceHandle } from '../../workers/compose.ts';
import { startFakeArxiv, type FakeArxiv } from '../fakes/arxiv-server.ts';
import { startFakeLlm, type FakeLlm } from '../fakes/llm-server.ts';
import { fakeArxivEnv, fakeLlmEnv } from '../support/fake-env.ts';
import { startTestRuntime, type TestRuntime } from '../support/runtime.ts';

const ANSWER =
  'Graph transformers replace message passing with attention over all node pairs, with positional encodings from the graph structure; recent work makes them sparse so they scale to large graphs.';

describe('the agent streams its answer while the turn runs', { timeout: 300_000 }, () => {
  let arxiv: FakeArxiv;
  let llm: FakeLlm;
  let t: TestRuntime;
  let service: RadarServiceHandle;
  let agent: AgentService;

  before(async () => {
    arxiv = await startFakeArxiv();
    llm = await startFakeLlm();
    t = await startTestRuntime({ ...fakeArxivEnv(arxiv), ...fakeLlmEnv(llm) });
    service = openRadarService(t.config, silentLogger, { client: t.client });
    agent = openAgentService(t.config, silentLogger, service);
  });
  after(async () => {
    await service?.close();
    await t?.stop();
    await arxiv?.close();
    await llm?.close();
  });

  const ask = async (question: string) => {
    const drafts: Array<AgentDraft & { at: number }> = [];
    const started = Date.now();
    const reply = await agent.ask({ question }, undefined, {
      onDraft: (d) => drafts.push({ ...d, at: Date.now() - started }),
    });
    return { reply, drafts, doneAt: Date.now() - started };
  };

  it('drafts arrive while the model writes, each the start of its text, and the result is the whole answer', async () => {
    // 10 characters every 80 ms: the answer takes about 1.6 s to write.
    llm.script([{ content: ANSWER, chunkChars: 10, chunkDelayMs: 80 }]);
    const { reply, drafts, doneAt } = await ask('What are graph transformers?');
    assert.equal(reply.answer, ANSWER);
    assert.ok(
      drafts.length >= 3,
      `several drafts (${drafts.length}): ${JSON.stringify(drafts.map((d) => d.text.length))}`,
    );
    assert.equal(drafts[0]!.restart, true);
    for (const d of drafts)
      assert.ok(ANSWER.startsWith(d.text), `a draft is the start of the answer: ${d.text}`);
    assert.ok(
      drafts.slice(1).every((d) => !d.restart),
      'one text: it only grows',
    );
    assert.equal(drafts.map((d) => d.delta).join(''), drafts.at(-1)!.text, 'the deltas add up to the text');
    assert.ok(drafts[0]!.text.length < ANSWER.length, 'the first draft is partial');
    assert.ok(
      doneAt - drafts[0]!.at >= 700,
      `the first draft came well before the result (${drafts[0]!.at} ms vs ${doneAt} ms)`,
    );
    console.log(
      `agent streaming: first draft at ${drafts[0]!.at} ms (${drafts[0]!.text.length} chars), ${drafts.length} drafts, result at ${doneAt} ms`,
    );
  });

  it('a server that ignores `stream` and answers one JSON completion still works', async () => {
    const from = llm.requests.length;
    llm.script([{ content: 'One whole answer.', ignoreStream: true }]);
    const { reply } = await ask('Anything new?');
    assert.equal(reply.answer, 'One whole answer.');
    assert.equal(llm.requests[from]!.body.stream, true, 'the agent asked for a stream');
  });

  it('a stream that breaks mid-way is retried by Temporal: the draft starts again and the result is the retry’s answer', async () => {
    const first =
      'A first attempt that the connection cuts off before it is finished writing anything useful at all.';
    llm.script([
      { content: first, chunkChars: 10, chunkDelayMs: 80, dropAfterChunks: 8 },
      { content: ANSWER, chunkChars: 10, chunkDelayMs: 80 },
    ]);
    const { reply, drafts } = await ask('Tell me about graph transformers.');
    assert.equal(reply.answer, ANSWER);
    const restarts = drafts.filter((d) => d.restart);
    assert.ok(restarts.length >= 1);
    const retried = drafts.findIndex((d) => ANSWER.startsWith(d.text) && !first.startsWith(d.text));
    assert.ok(retried >= 0, 'the retry’s text was heard');
    assert.equal(drafts[retried]!.restart, true, 'the retry starts a new text');
    for (const d of drafts.slice(retried))
      assert.ok(ANSWER.startsWith(d.text), 'after the restart, only the retry’s text');
  });
});
