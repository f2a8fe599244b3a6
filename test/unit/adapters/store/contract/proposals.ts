/**
 * The `ProposalStore` contract: the agent's pending writes, decided only by compare-and-set, so a
 * confirmation applies one stored proposal once and never another. Every driver runs it (./index.ts).
 */
import assert from 'node:assert/strict';
import { afterEach, beforeEach, describe, it } from 'node:test';
import type { NewProposal, ProposalStore } from '../../../../../app/ports/proposals.ts';
import { rejectsWith, type MakeStore, type Opened } from './helpers.ts';

const T0 = '2026-11-26T10:00:00.000Z';
const at = (minutes: number) => new Date(Date.parse(T0) + minutes * 60_000).toISOString();

function proposal(id: string, over: Partial<NewProposal> = {}): NewProposal {
  return {
    id,
    conversationId: 'web:abc',
    owner: null,
    turnId: 'turn-1',
    tool: 'subscribe_topic',
    args: { name: `sub-${id}`, interest: 'graphs', query: 'all:graph' },
    title: `Create the subscription "sub-${id}"`,
    changes: ['query: "all:graph"'],
    createdAt: T0,
    expiresAt: at(60),
    ...over,
  };
}

/** Registers the ProposalStore contract tests for one driver. */
export function runProposalContract(name: string, makeStore: MakeStore<ProposalStore>): void {
  describe(`ProposalStore contract: ${name}`, () => {
    let store: Opened<ProposalStore>;
    beforeEach(async () => {
      store = await makeStore();
    });
    afterEach(async () => {
      await store.close();
    });

    it('stores a proposal as pending and reads back exactly what was proposed; a taken id stores nothing', async () => {
      assert.equal(await store.saveProposal(proposal('a1b2c3d4', { owner: 'u1' })), true);
      const read = await store.getProposal('a1b2c3d4');
      assert.deepEqual(read, {
        ...proposal('a1b2c3d4', { owner: 'u1' }),
        status: 'pending',
        decidedAt: null,
      });
      assert.equal(await store.saveProposal(proposal('a1b2c3d4', { args: { name: 'other' } })), false);
      assert.deepEqual((await store.getProposal('a1b2c3d4'))?.args, proposal('a1b2c3d4').args);
      assert.equal(await store.getProposal('00000000'), null);
      assert.equal(await store.getProposal("a1b2c3d4' OR '1'='1"), null);
      await rejectsWith(store.saveProposal(proposal('XYZ')), 'INVALID_INPUT', /eight hex digits/);
      await rejectsWith(
        store.saveProposal(proposal('0000000a', { conversationId: '' })),
        'INVALID_INPUT',
        /conversation id/,
      );
      await rejectsWith(
        store.saveProposal(proposal('0000000b', { args: [] as unknown as Record<string, unknown> })),
        'INVALID_INPUT',
        /args must be an object/,
      );
    });

    it('a proposal leaves pending once: the first claim wins, a second claim or a decline after it gets nothing', async () => {
      await store.saveProposal(proposal('aaaaaaaa'));
      await store.saveProposal(proposal('bbbbbbbb'));
      const claimed = await store.transitionProposal('aaaaaaaa', {
        from: 'pending',
        to: 'applying',
        at: at(1),
      });
      assert.equal(claimed?.status, 'applying');
      assert.equal(claimed?.decidedAt, at(1));
      assert.equal(
        await store.transitionProposal('aaaaaaaa', { from: 'pending', to: 'applying', at: at(1) }),
        null,
      );
      assert.equal(
        await store.transitionProposal('aaaaaaaa', { from: 'pending', to: 'declined', at: at(1) }),
        null,
      );
      assert.equal(
        (await store.transitionProposal('aaaaaaaa', { from: 'applying', to: 'applied', at: at(2) }))?.status,
        'applied',
      );
      assert.equal(
        await store.transitionProposal('aaaaaaaa', { from: 'pending', to: 'applying', at: at(3) }),
        null,
      );
      // The other proposal was not touched by any of it.
      assert.equal((await store.getProposal('bbbbbbbb'))?.status, 'pending');
      await rejectsWith(
        store.transitionProposal('bbbbbbbb', { from: 'pending', to: 'done' as 'applied', at: at(1) }),
        'INVALID_INPUT',
        /unknown status/,
      );
    });

    it('from pending only before expiresAt; a stale claim is taken over only when claimedBefore is after it', async () => {
      await store.saveProposal(proposal('cccccccc', { expiresAt: at(10) }));
      assert.equal(
        await store.transitionProposal('cccccccc', { from: 'pending', to: 'applying', at: at(10) }),
        null,
      );
      assert.equal((await store.getProposal('cccccccc'))?.status, 'pending');
      await store.saveProposal(proposal('dddddddd'));
      await store.transitionProposal('dddddddd', { from: 'pending', to: 'applying', at: at(1) });
      assert.equal(
        await store.transitionProposal('dddddddd', {
          from: 'applying',
          to: 'applying',
          at: at(2),
          claimedBefore: at(0),
        }),
        null,
        'a fresh claim is not taken over',
      );
      const taken = await store.transitionProposal('dddddddd', {
        from: 'applying',
        to: 'applying',
        at: at(5),
        claimedBefore: at(3),
      });
      assert.equal(taken?.decidedAt, at(5));
    });

    it('expires the pending proposals of a conversation except the current turn’s; deletes and purges', async () => {
      await store.saveProposal(proposal('11111111', { turnId: 'turn-1' }));
      await store.saveProposal(proposal('22222222', { turnId: 'turn-2' }));
      await store.saveProposal(proposal('33333333', { turnId: 'turn-1', conversationId: 'web:other' }));
      await store.saveProposal(proposal('44444444', { turnId: 'turn-1' }));
      await store.transitionProposal('44444444', { from: 'pending', to: 'declined', at: at(1) });
      assert.equal(await store.expireProposals('web:abc', 'turn-2', at(2)), 1);
      assert.equal((await store.getProposal('11111111'))?.status, 'expired');
      assert.equal((await store.getProposal('22222222'))?.status, 'pending');
      assert.equal((await store.getProposal('33333333'))?.status, 'pending', 'another conversation');
      assert.equal((await store.getProposal('44444444'))?.status, 'declined');
      assert.equal(await store.deleteProposals('web:other'), 1);
      assert.equal(await store.getProposal('33333333'), null);
      await store.saveProposal(proposal('55555555', { expiresAt: at(200) }));
      assert.equal(await store.purgeProposals(at(100)), 3);
      assert.deepEqual(
        [await store.getProposal('11111111'), (await store.getProposal('55555555'))?.id],
        [null, '55555555'],
      );
    });
  });
}
