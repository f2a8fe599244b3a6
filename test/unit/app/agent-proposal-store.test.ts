/**
 * The proposal book over a ProposalStore (the in-memory one: the drivers' row checks and
 * compare-and-set rules; SQLite and Postgres run the same through the store contract and
 * test/integration/agent-proposals-restart.test.ts), with a clock the test moves: the hour-long
 * expiry, the end of the next turn, a failed apply leaving the proposal pending, a crashed claim
 * taken over, owners, and ids redrawn on a clash.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createProposalBook, PROPOSAL_TTL_MS } from '../../../app/agent-proposal-store.ts';
import { memoryProposals } from '../../support/memory-proposals.ts';

const write = (name: string) => ({
  tool: 'subscribe_topic' as const,
  args: { name, interest: 'x', query: 'all:x' },
});
const shown = (id: string, name: string) => ({
  proposal: {
    id,
    tool: 'subscribe_topic' as const,
    title: `Create the subscription "${name}"`,
    changes: ['query: "all:x"'],
    problem: null,
    confirmable: true,
  },
  write: write(name),
});

function setup() {
  let clock = Date.parse('2026-11-26T10:00:00.000Z');
  const store = memoryProposals();
  const book = createProposalBook(store, () => clock);
  return { store, book, advance: (ms: number) => (clock += ms) };
}

describe('agent proposal book', () => {
  it('a proposal lasts until the end of the next turn, and at most PROPOSAL_TTL_MS', async () => {
    const { book, advance } = setup();
    await book.record('cli:a', 't1', undefined, [shown('aaaaaaa1', 'one')]);
    await book.endTurn('cli:a', 't1');
    await book.record('cli:a', 't2', undefined, [shown('aaaaaaa2', 'two')]);
    await book.endTurn('cli:a', 't2');
    await assert.rejects(book.claim('aaaaaaa1', { conversationId: 'cli:a' }), /expired/);
    advance(PROPOSAL_TTL_MS);
    await assert.rejects(book.claim('aaaaaaa2', { conversationId: 'cli:a' }), /expired/);
    await assert.rejects(book.decline('aaaaaaa2', { conversationId: 'cli:a' }), /expired/);
  });

  it('a failed apply leaves the proposal pending; a claim a crashed process left is taken over after two minutes', async () => {
    const { store, book, advance } = setup();
    await book.record('cli:a', 't1', undefined, [shown('bbbbbbb1', 'one'), shown('bbbbbbb2', 'two')]);
    const claimed = await book.claim('bbbbbbb1', {});
    assert.deepEqual(claimed.args, write('one').args);
    await book.settle('bbbbbbb1', false);
    assert.equal((await store.getProposal('bbbbbbb1'))?.status, 'pending');
    await book.claim('bbbbbbb2', {});
    await assert.rejects(book.claim('bbbbbbb2', {}), /being applied/);
    await assert.rejects(book.decline('bbbbbbb2', {}), /being applied/);
    advance(2 * 60_000 + 1);
    assert.equal((await book.claim('bbbbbbb2', {})).status, 'applying');
    await book.settle('bbbbbbb2', true);
    await assert.rejects(book.claim('bbbbbbb2', {}), /applied already/);
  });

  it('only the owner decides; another conversation cannot; a clashing id is redrawn and shown as stored', async () => {
    const { store, book } = setup();
    const [first] = await book.record('discord:t', 't1', 'u1', [shown('ccccccc1', 'one')]);
    await assert.rejects(book.claim(first!.id, { owner: 'u2' }), /Only the person who asked/);
    await assert.rejects(
      book.claim(first!.id, { conversationId: 'discord:other', owner: 'u1' }),
      /No pending/,
    );
    const [again, other] = await book.record('discord:t', 't1', 'u1', [
      shown('ccccccc1', 'two'),
      {
        ...shown('ccccccc3', 'three'),
        proposal: { ...shown('ccccccc3', 'three').proposal, confirmable: false },
      },
    ]);
    assert.notEqual(again!.id, 'ccccccc1');
    assert.deepEqual((await store.getProposal(again!.id))?.args, write('two').args);
    assert.equal(other!.confirmable, false);
    assert.equal(await store.getProposal('ccccccc3'), null, 'a proposal that cannot be applied is not kept');
    assert.equal((await book.decline(first!.id, { owner: 'u1' })).status, 'declined');
    await assert.rejects(book.claim('not-an-id', {}), /No pending proposal "not-an-id"/);
  });
});
