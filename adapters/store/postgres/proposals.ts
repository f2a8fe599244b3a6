/** The research agent's pending proposals on Postgres (migration 11), beside its conversations. */
import type pg from 'pg';
import type { NewProposal, ProposalStatus, StoredProposal } from '../../../app/ports/proposals.ts';
import { checkConversationId } from '../alert-rows.ts';
import {
  checkIso,
  checkTransition,
  proposalColumns,
  rowToProposal,
  transitionWhere,
  type ProposalRow,
} from '../proposal-rows.ts';

const COLUMNS = [
  'id',
  'conversation_id',
  'owner',
  'turn_id',
  'tool',
  'args_json',
  'title',
  'changes_json',
  'status',
  'created_at',
  'expires_at',
  'decided_at',
] as const satisfies ReadonlyArray<keyof ProposalRow>;

/** Placeholders of a transition: $1 id, $2 from, $3 to, $4 at, $5 claimedBefore. */
const TRANSITION_PARAMS = { id: '$1', from: '$2', at: '$4', claimedBefore: '$5::text' } as const;

export function createProposalTable(pool: pg.Pool) {
  return {
    async save(p: NewProposal): Promise<boolean> {
      const row = proposalColumns(p);
      const r = await pool.query(
        `INSERT INTO agent_proposals (${COLUMNS.join(', ')}) VALUES (${COLUMNS.map((_, i) => `$${i + 1}`).join(', ')}) ON CONFLICT (id) DO NOTHING`,
        COLUMNS.map((c) => row[c]),
      );
      return (r.rowCount ?? 0) > 0;
    },
    async get(id: string): Promise<StoredProposal | null> {
      if (typeof id !== 'string') return null;
      const { rows } = await pool.query<ProposalRow>('SELECT * FROM agent_proposals WHERE id = $1', [id]);
      return rows[0] ? rowToProposal(rows[0]) : null;
    },
    async transition(
      id: string,
      change: { from: ProposalStatus; to: ProposalStatus; at: string; claimedBefore?: string },
    ): Promise<StoredProposal | null> {
      const c = checkTransition(id, change);
      const { rows } = await pool.query<ProposalRow>(
        `UPDATE agent_proposals SET status = $3, decided_at = $4 WHERE ${transitionWhere((n) => TRANSITION_PARAMS[n])} RETURNING *`,
        [String(id), c.from, c.to, c.at, c.claimedBefore],
      );
      return rows[0] ? rowToProposal(rows[0]) : null;
    },
    async expire(conversationId: string, keepTurnId: string, at: string): Promise<number> {
      const r = await pool.query(
        "UPDATE agent_proposals SET status = 'expired', decided_at = $1 WHERE conversation_id = $2 AND status = 'pending' AND turn_id <> $3",
        [checkIso(at, 'at'), checkConversationId(conversationId), String(keepTurnId)],
      );
      return r.rowCount ?? 0;
    },
    async delete(conversationId: string): Promise<number> {
      const r = await pool.query('DELETE FROM agent_proposals WHERE conversation_id = $1', [
        checkConversationId(conversationId),
      ]);
      return r.rowCount ?? 0;
    },
    async purge(before: string): Promise<number> {
      const r = await pool.query(
        "DELETE FROM agent_proposals WHERE expires_at < $1 AND status <> 'applying'",
        [checkIso(before, 'before')],
      );
      return r.rowCount ?? 0;
    },
  };
}
