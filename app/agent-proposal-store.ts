/**
 * The agent's pending proposals, kept in the library beside their conversation (ProposalStore), so
 * a restart loses none and applies none: a proposal made in one turn can be decided until the end
 * of the conversation's next turn, and never after PROPOSAL_TTL_MS. Deciding is a compare-and-set
 * on the stored row, so a proposal is applied once (a second confirmation changes nothing) and a
 * decision names one proposal id: consent for one never applies another.
 */
import { randomBytes } from 'node:crypto';
import { PROPOSAL_ID, type ProposedWrite } from '../domain/agent-proposals.ts';
import { AppError } from '../domain/errors.ts';
import type { ProposalStore, StoredProposal } from './ports/proposals.ts';

/** The longest a proposal waits for the user, even in a conversation that has no next turn. */
export const PROPOSAL_TTL_MS = 60 * 60_000;
/** A claim older than this (its process died while applying) may be taken over by a new confirmation. */
const STALE_CLAIM_MS = 2 * 60_000;
/** Proposals kept per turn (a model proposing more is cut here). */
const MAX_PER_TURN = 10;
/** Decided and expired proposals are dropped this long after they expired. */
const KEEP_AFTER_EXPIRY_MS = 24 * 60 * 60_000;

/** What a reply shows of a proposal (AgentProposal in agent-service.ts). */
export interface ShownProposal {
  id: string;
  tool: string;
  title: string;
  changes: string[];
  problem: string | null;
  confirmable: boolean;
}

/** Who decides: the conversation it must belong to, and the person when the front end knows them. */
export interface Decider {
  conversationId?: string;
  owner?: string;
}

/** Finds the proposal the caller may decide, with the reason in the error when there is none. */
async function findDecidable(
  store: ProposalStore,
  nowIso: string,
  proposalId: string,
  who: Decider,
): Promise<StoredProposal> {
  const id = String(proposalId).trim().toLowerCase();
  const shownId = String(proposalId).slice(0, 20);
  const gone = (why: string) =>
    new AppError('NOT_FOUND', `No pending proposal "${shownId}": ${why}. Ask again.`);
  const p = PROPOSAL_ID.test(id) ? await store.getProposal(id) : null;
  if (!p || (who.conversationId !== undefined && who.conversationId !== p.conversationId))
    throw gone('there is none with this id in this conversation');
  if (p.owner !== null && p.owner !== who.owner)
    throw new AppError(
      'PERMISSION_DENIED',
      'Only the person who asked can confirm or decline this proposal.',
    );
  if (p.status === 'applied') throw gone('it was applied already, nothing more changed');
  if (p.status === 'declined') throw gone('it was declined, nothing was applied');
  if (p.status === 'expired' || (p.status === 'pending' && p.expiresAt <= nowIso))
    throw gone(
      'it expired (a proposal lasts until the end of your next question, and at most an hour), nothing was applied',
    );
  return p;
}

export function createProposalBook(store: ProposalStore, now: () => number = Date.now) {
  const iso = (ms = now()) => new Date(ms).toISOString();

  const decidable = (proposalId: string, who: Decider) => findDecidable(store, iso(), proposalId, who);

  return {
    /**
     * Stores a turn's confirmable proposals (ids re-drawn on a clash) and returns them all as
     * shown: the stored ones with the ids they are stored under.
     */
    async record(
      conversationId: string,
      turnId: string,
      owner: string | undefined,
      items: Array<{ proposal: ShownProposal; write: ProposedWrite }>,
    ): Promise<ShownProposal[]> {
      const out: ShownProposal[] = [];
      let kept = 0;
      for (const { proposal, write } of items) {
        if (!proposal.confirmable || kept >= MAX_PER_TURN) {
          out.push({ ...proposal, confirmable: false });
          continue;
        }
        let id = proposal.id;
        const created = now();
        for (let tries = 0; ; tries++) {
          const saved = await store.saveProposal({
            id,
            conversationId,
            owner: owner ?? null,
            turnId,
            tool: write.tool,
            args: write.args,
            title: proposal.title,
            changes: proposal.changes,
            createdAt: iso(created),
            expiresAt: iso(created + PROPOSAL_TTL_MS),
          });
          if (saved) break;
          if (tries >= 4) throw new AppError('INTERNAL', 'could not draw a free proposal id');
          id = randomBytes(4).toString('hex');
        }
        kept++;
        out.push({ ...proposal, id });
      }
      return out;
    },

    /** At the end of a turn: the conversation's proposals of earlier turns expire; old rows go. */
    async endTurn(conversationId: string, turnId: string): Promise<void> {
      await store.expireProposals(conversationId, turnId, iso());
      await store.purgeProposals(iso(now() - KEEP_AFTER_EXPIRY_MS));
    },

    /**
     * Claims a proposal for applying (pending → applying; or a claim a crashed process left).
     * Exactly one caller gets it; `settle` records how applying went.
     */
    async claim(proposalId: string, who: Decider): Promise<StoredProposal> {
      const p = await decidable(proposalId, who);
      const at = iso();
      const claimed =
        p.status === 'applying'
          ? await store.transitionProposal(p.id, {
              from: 'applying',
              to: 'applying',
              at,
              claimedBefore: iso(now() - STALE_CLAIM_MS),
            })
          : await store.transitionProposal(p.id, { from: 'pending', to: 'applying', at });
      if (!claimed)
        throw new AppError(
          'NOT_FOUND',
          `No pending proposal "${p.id}": it is being applied or was decided just now. Nothing more changed.`,
        );
      return claimed;
    },

    /** Records how applying a claimed proposal went: applied, or pending again (the user may retry). */
    async settle(id: string, applied: boolean): Promise<void> {
      await store.transitionProposal(id, {
        from: 'applying',
        to: applied ? 'applied' : 'pending',
        at: iso(),
      });
    },

    /** Declines a pending proposal (nothing is applied). */
    async decline(proposalId: string, who: Decider): Promise<StoredProposal> {
      const p = await decidable(proposalId, who);
      const declined =
        p.status === 'pending'
          ? await store.transitionProposal(p.id, { from: 'pending', to: 'declined', at: iso() })
          : null;
      if (!declined)
        throw new AppError(
          'NOT_FOUND',
          `No pending proposal "${p.id}": it is being applied or was decided just now; nothing was declined.`,
        );
      return declined;
    },

    async forget(conversationId: string): Promise<void> {
      await store.deleteProposals(conversationId);
    },
  };
}

export type ProposalBook = ReturnType<typeof createProposalBook>;

/** A stored proposal as a reply shows it. */
export function shownProposal(p: StoredProposal): ShownProposal {
  return {
    id: p.id,
    tool: p.tool,
    title: p.title,
    changes: p.changes,
    problem: null,
    confirmable: p.status === 'pending',
  };
}
