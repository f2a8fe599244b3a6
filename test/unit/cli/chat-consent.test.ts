/**
 * The chat's yes/no question: it shows exactly the proposal; only y or yes is a yes; only a line
 * typed after the question answers it.
 */
import assert from 'node:assert/strict';
import readline from 'node:readline';
import { PassThrough } from 'node:stream';
import { describe, it } from 'node:test';
import { consentQuestion, isYes } from '../../../cli/commands/chat-consent.ts';
import { chatLines } from '../../../cli/commands/chat-lines.ts';

describe('chat consent question', () => {
  it('shows the title and every change, and asks [y/N]', () => {
    assert.equal(
      consentQuestion({
        id: 'a1b2c3d4',
        tool: 'subscribe_topic',
        title: 'Change the subscription "ml"',
        changes: ['schedule: "0 8 * * 1-5" → "* * * * *"', 'interest: "a\n b" → "c"'],
        problem: null,
        confirmable: true,
      }),
      'Change the subscription "ml" (schedule: "0 8 * * 1-5" → "* * * * *"; interest: "a b" → "c")? [y/N] ',
    );
  });

  it('only y or yes (any case, surrounding spaces) is a yes; Enter, other words and the end of input decline', () => {
    for (const yes of ['y', 'Y', ' yes ', 'YES']) assert.equal(isYes(yes), true, yes);
    for (const no of ['', 'n', 'no', 'sure', 'yes please', 'y y', 'ok', null])
      assert.equal(isYes(no), false, String(no));
  });
});

describe('chat lines', () => {
  it('a line typed ahead of the question never answers it: it stays the next input', async () => {
    const input = new PassThrough();
    const rl = readline.createInterface({ input, terminal: false });
    const lines = chatLines(rl);
    input.write('first question\n');
    assert.equal(await lines.next(), 'first question');
    input.write('y\n'); // typed while the agent was thinking, before any question
    await new Promise((r) => setImmediate(r));
    const answer = lines.fresh();
    input.write('no\n');
    assert.equal(await answer, 'no', 'the answer is the line typed after the question');
    assert.equal(await lines.next(), 'y', 'the typed-ahead line is still the next input');
    const pending = lines.fresh();
    input.end();
    assert.equal(await pending, null, 'the end of input answers nothing');
    assert.equal(await lines.next(), null);
    rl.close();
  });
});
