/** The research agent's answer as a Discord message (bot/format.ts agentAnswerMessage): always within Discord's limits. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { AgentReply } from '../../../app/agent-service.ts';
import { agentAnswerMessage } from '../../../bot/format.ts';
import { DISCORD_LIMITS, embedLength } from '../../../domain/discord-limits.ts';

const reply = (answer: string, cited: number): AgentReply => ({
  answer,
  cited: Array.from({ length: cited }, (_, i) => ({
    id: `2401.${String(10000 + i)}`,
    title: `${'A very long paper title '.repeat(12)}${i}`,
    url: `https://arxiv.org/abs/2401.${String(10000 + i)}`,
  })),
  removed: [],
  usedAgent: true,
  notice: null,
  steps: 3,
  toolCalls: 4,
  toolChars: 1234,
  budget: null,
  trace: [],
  proposals: [],
  ms: 4321,
});

const total = (embeds: Parameters<typeof embedLength>[0][]) => embeds.reduce((n, e) => n + embedLength(e), 0);

describe('agentAnswerMessage', () => {
  it('a short answer: one answer embed, one embed per cited paper, the thread named in the content', () => {
    const m = agentAnswerMessage('What is new?', reply('See arXiv:2401.10000 and arXiv:2401.10001.', 2), {
      threadId: '123',
    });
    assert.equal(m.content, 'Follow-up questions: `/arxiv ask` in <#123> continues this conversation.');
    assert.equal(m.embeds?.length, 3);
    assert.equal(m.embeds?.[0]?.description, 'See arXiv:2401.10000 and arXiv:2401.10001.');
    assert.equal(m.embeds?.[0]?.footer?.text, 'Research agent · 3 steps · 4 tool calls · 4.3 s');
    assert.deepEqual(
      [m.embeds?.[1]?.url, m.embeds?.[1]?.description],
      ['https://arxiv.org/abs/2401.10000', 'arXiv:2401.10000'],
    );
    assert.equal(m.files, undefined);
  });

  it('a long answer with many citations: at most 10 embeds and 6000 characters, the full answer attached, the rest counted', () => {
    const long = Array.from(
      { length: 80 },
      (_, i) =>
        `Paragraph ${i} cites arXiv:2401.${String(10000 + (i % 12))} and says something long enough to matter.`,
    ).join('\n\n');
    const m = agentAnswerMessage('Q'.repeat(400), reply(long, 12));
    assert.ok((m.embeds?.length ?? 0) <= DISCORD_LIMITS.embedsPerMessage);
    assert.ok(total(m.embeds ?? []) <= DISCORD_LIMITS.embedsTotal, String(total(m.embeds ?? [])));
    for (const e of m.embeds ?? []) {
      assert.ok((e.title?.length ?? 0) <= DISCORD_LIMITS.title);
      assert.ok((e.description?.length ?? 0) <= DISCORD_LIMITS.description);
    }
    assert.equal(m.embeds?.length, 10, 'the answer and nine papers');
    assert.match(m.embeds?.[0]?.footer?.text ?? '', /· 3 more cited papers in the answer$/);
    assert.match(
      m.embeds?.[0]?.description ?? '',
      /\*…the full answer \(\d+ characters\) is attached as `answer\.md`\.\*$/,
    );
    const file = m.files?.[0];
    assert.equal(file?.name, 'answer.md');
    const text = file?.data.toString('utf8') ?? '';
    assert.ok(text.includes(long), 'the whole answer is in the file');
    assert.match(text, /## Sources\n\[1\] arXiv:2401\.10000 — A very long paper title/);
    assert.match(text, /\[12\] arXiv:2401\.10011/);
  });
});
