import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { MockActivityEnvironment } from '@temporalio/testing';
import {
  createAgentActivities,
  DRAFT_EVERY_MS,
  type AgentChatHeartbeat,
  type AgentChatInput,
  type AgentChatOutput,
} from '../../../../activities/agent/activities.ts';
import type { ToolCallingLlm, ToolChatRequest } from '../../../../app/ports/llm.ts';
import { silentLogger } from '../../../../lib/logger.ts';

/** A model that writes `text` in `size`-character pieces every `everyMs`. */
function writingModel(text: string, size: number, everyMs: number): ToolCallingLlm {
  return {
    model: 'writer',
    chat: () => Promise.reject(new Error('not used')),
    async chatWithTools(req: ToolChatRequest) {
      for (let i = 0; i < text.length; i += size) {
        await new Promise((r) => setTimeout(r, everyMs));
        req.onText?.(text.slice(i, i + size));
      }
      return { content: text, toolCalls: [], finishReason: 'stop', usage: null };
    },
  };
}

describe('agentChat reports its draft in heartbeat details', () => {
  it('the text so far, throttled, keyed by attempt and model call; the result is the whole reply', async () => {
    const text =
      'Diffusion models learn to reverse a noising process; sampling runs the learned reverse chain.';
    const activities = createAgentActivities({
      store: {} as never,
      reranker: () => Promise.reject(new Error('not used')),
      logger: silentLogger,
      agent: { llm: writingModel(text, 2, 20) },
    });
    const env = new MockActivityEnvironment({ attempt: 3 });
    const beats: Array<{ at: number; details: AgentChatHeartbeat }> = [];
    const t0 = Date.now();
    env.on('heartbeat', (d: AgentChatHeartbeat) => beats.push({ at: Date.now() - t0, details: d }));
    const input: AgentChatInput = { messages: [{ role: 'user', content: 'q' }], today: '2025-01-01' };
    const out = (await env.run(activities.agentChat, input)) as AgentChatOutput;
    assert.equal(out.content, text);
    assert.ok(beats.length >= 3, `${beats.length} heartbeats`);
    assert.deepEqual(
      beats[0]!.details,
      { chars: 0, draft: { key: '3.1', attempt: 3, text: '' } },
      'a first heartbeat before the model writes',
    );
    for (const b of beats) {
      assert.equal(b.details.draft?.key, '3.1');
      assert.ok(text.startsWith(b.details.draft!.text), 'each draft is the start of the reply');
      assert.equal(b.details.chars, b.details.draft!.text.length);
    }
    const lengths = beats.map((b) => b.details.draft!.text.length);
    assert.deepEqual(
      lengths,
      [...lengths].sort((a, b) => a - b),
      'the draft only grows',
    );
    // 47 pieces at least 20 ms apart (at least 940 ms, so several throttle periods even when timers
    // run late on a loaded machine): far fewer heartbeats than pieces, spaced by the throttle.
    const pieces = Math.ceil(text.length / 2);
    assert.ok(beats.length < pieces / 2, `throttled: ${beats.length} heartbeats for ${pieces} pieces`);
    for (let i = 2; i < beats.length; i++)
      assert.ok(
        beats[i]!.at - beats[i - 1]!.at >= DRAFT_EVERY_MS - 5,
        `spaced: ${beats.map((b) => b.at).join(',')}`,
      );
  });
});
