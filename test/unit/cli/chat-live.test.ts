import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { AgentReply } from '../../../app/agent-service.ts';
import { formatReply, liveAnswer } from '../../../cli/commands/chat.ts';

const reply = (answer: string): AgentReply => ({
  answer,
  cited: [{ id: '2401.00001', title: 'A paper', url: 'https://arxiv.org/abs/2401.00001' }],
  removed: [],
  usedAgent: true,
  notice: null,
  steps: 2,
  toolCalls: 1,
  toolChars: 10,
  budget: null,
  trace: [],
  proposals: [],
  ms: 1500,
});

describe('chat prints the answer as the model writes it', () => {
  it('drafts then the rest of the answer: each character once; a tool call and a new text start new lines', () => {
    let printed = '';
    const out = (s: string) => void (printed += s);
    const live = liveAnswer(out);
    live.onDraft({ text: 'Let me search.', delta: 'Let me search.', restart: true });
    out(`${live.lineBreak()}  → searching arXiv: testing\n`);
    live.onDraft({ text: ' The best', delta: ' The best', restart: true });
    live.onDraft({ text: ' The best paper is', delta: ' paper is', restart: false });
    out(formatReply(reply('The best paper is arXiv:2401.00001.'), live.text()));
    assert.equal(
      printed,
      'Let me search.\n  → searching arXiv: testing\nThe best paper is arXiv:2401.00001.\n\nSources:\n  [1] arXiv:2401.00001 — A paper https://arxiv.org/abs/2401.00001\n\n(2 steps, 1 tool call, 1.5 s)\n',
    );
  });

  it('an answer that differs from what was printed (a citation removed) follows whole on a new line; without drafts nothing changes', () => {
    assert.equal(
      formatReply(reply('Checked answer.'), 'Draft answer'),
      '\nChecked answer.\n\nSources:\n  [1] arXiv:2401.00001 — A paper https://arxiv.org/abs/2401.00001\n\n(2 steps, 1 tool call, 1.5 s)\n',
    );
    assert.equal(formatReply(reply('Answer.'), ''), formatReply(reply('Answer.')));
    assert.match(formatReply(reply('Answer.')), /^Answer\.\n\nSources:/);
  });
});
