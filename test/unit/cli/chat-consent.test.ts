/** The chat's yes/no question: it shows exactly the proposal; only y or yes is a yes. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { consentQuestion, isYes } from '../../../cli/commands/chat-consent.ts';

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
