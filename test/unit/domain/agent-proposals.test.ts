import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  describeArguments,
  describeSubscriptionProposal,
  proposalToolText,
  proposesOnly,
} from '../../../domain/agent-proposals.ts';
import type { Subscription } from '../../../domain/subscription.ts';

const stored: Subscription = {
  name: 'gnn',
  query: 'graph neural networks',
  categories: ['cs.LG'],
  interest: 'message passing',
  cron: '0 8 * * 1-5',
  timezone: 'Europe/Berlin',
  destinations: { markdown: true, notion: false, discordChannelId: null, discordWebhookUrl: null },
  includeCrossLists: true,
  includeReplacements: false,
  topK: 5,
  minScore: 0,
  paused: false,
  createdAt: '2026-01-01T00:00:00Z',
  updatedAt: '2026-01-01T00:00:00Z',
};

describe('write proposals (consent bound to a proposal)', () => {
  it('a new subscription lists what it sets; without query or categories it cannot be applied', () => {
    const d = describeSubscriptionProposal({ name: 'x', interest: 'things', query: 'all:x' }, null);
    assert.equal(d.title, 'Create the subscription "x"');
    assert.deepEqual(d.changes, [
      'query: "all:x"',
      'interest: "things"',
      'anything not listed: the deployment’s defaults',
    ]);
    assert.equal(d.problem, null);
    assert.match(
      describeSubscriptionProposal({ name: 'x', interest: 'things', categories: [] }, null).problem ?? '',
      /neither a query nor categories/,
    );
  });

  it('an update is a diff of the stored subscription: only what changes', () => {
    const d = describeSubscriptionProposal(
      { name: 'gnn', interest: 'message passing', schedule: '* * * * *', top_k: 50, categories: ['cs.LG'] },
      stored,
    );
    assert.equal(d.title, 'Change the subscription "gnn"');
    assert.deepEqual(d.changes, ['schedule: "0 8 * * 1-5" → "* * * * *"', 'top: 5 → 50']);
    assert.deepEqual(
      describeSubscriptionProposal({ name: 'gnn', interest: 'message passing' }, stored).changes,
      ['nothing: it already reads like this'],
    );
  });

  it('the model is told nothing was applied and that it cannot apply it', () => {
    const text = proposalToolText('subscribe_topic', { name: 'x', interest: 'y', confirmed: true });
    assert.match(text, /^Proposed to the user, NOT applied: subscribe_topic \{"name":"x","interest":"y"\}/);
    assert.match(text, /you cannot/);
  });

  it('a call proposes when it says its tool has a side effect, whatever the tool', () => {
    assert.equal(proposesOnly({ name: 'made_up_write', proposes: true }), true);
    assert.equal(proposesOnly({ name: 'list_topics' }), false);
    assert.equal(proposesOnly({ name: 'list_topics', proposes: false }), false);
    // Calls recorded before they carried the flag: subscribe_topic proposes by name (replay).
    assert.equal(proposesOnly({ name: 'subscribe_topic' }), true);
  });

  it('a tool that does not describe its proposals is shown with the arguments it was given', () => {
    assert.deepEqual(
      describeArguments('Star a paper', {
        id: '2401.12345',
        tags: ['a', 'b'],
        extra: { k: 1 },
        confirmed: true,
        gone: undefined,
      }),
      {
        title: 'Star a paper',
        changes: ['id: "2401.12345"', 'tags: a, b', 'extra: {"k":1}'],
        problem: null,
      },
    );
    assert.deepEqual(describeArguments('Tidy up', {}).changes, ['(no arguments)']);
  });
});
