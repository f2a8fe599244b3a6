/**
 * The `ProposalStore` port: the research agent's pending writes (consent bound to a proposal,
 * domain/agent-proposals.ts), kept beside the conversation that made them so a confirmation after
 * a restart applies exactly the stored proposal, once. Status moves only by compare-and-set
 * (`transitionProposal`), so two confirmations (or a confirm and a decline) never both win.
 * No Node imports: workflows may `import type` from this module.
 */

/**
 * pending → applying (a confirmation claimed it) → applied, or back to pending when applying
 * failed; pending → declined; pending → expired (the end of the next turn, or `expiresAt`).
 */
export type ProposalStatus = 'pending' | 'applying' | 'applied' | 'declined' | 'expired';
export const PROPOSAL_STATUSES: readonly ProposalStatus[] = [
  'pending',
  'applying',
  'applied',
  'declined',
  'expired',
];

export interface StoredProposal {
  /** Eight hex digits, server-issued (what `/confirm <id>` and the buttons carry). */
  id: string;
  conversationId: string;
  /** Who asked (a Discord user id): only they may decide; null where anyone in the conversation may. */
  owner: string | null;
  /** The turn that made it: it lives until the end of the conversation's next turn. */
  turnId: string;
  tool: string;
  /** The write exactly as proposed: what a confirmation applies. */
  args: Record<string, unknown>;
  /** What the user was shown (domain/agent-proposals.ts). */
  title: string;
  changes: string[];
  status: ProposalStatus;
  /** ISO 8601 timestamps (toISOString). */
  createdAt: string;
  expiresAt: string;
  /** When its status last left pending (claimed, applied, declined, expired); null while pending. */
  decidedAt: string | null;
}

export type NewProposal = Omit<StoredProposal, 'status' | 'decidedAt'>;

export interface ProposalStore {
  /** Stores a pending proposal; false (nothing stored) when its id is taken. */
  saveProposal(p: NewProposal): Promise<boolean>;
  getProposal(id: string): Promise<StoredProposal | null>;
  /**
   * Moves a proposal from `from` to `to` (decidedAt = `at`) only if it is in `from` now: from
   * pending only before its expiresAt; with `claimedBefore`, only if it left pending before then (a
   * claim a crashed process left behind). Returns the updated proposal, or null when it was not moved.
   */
  transitionProposal(
    id: string,
    change: { from: ProposalStatus; to: ProposalStatus; at: string; claimedBefore?: string },
  ): Promise<StoredProposal | null>;
  /** Expires the conversation's pending proposals except those of turn `keepTurnId`; returns how many. */
  expireProposals(conversationId: string, keepTurnId: string, at: string): Promise<number>;
  /** Drops a conversation's proposals (a reset); returns how many. */
  deleteProposals(conversationId: string): Promise<number>;
  /** Drops every proposal whose expiresAt is before `before` (housekeeping); returns how many. */
  purgeProposals(before: string): Promise<number>;
}
