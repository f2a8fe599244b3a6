/** The research agent's pending proposals on SQLite (migration 9), beside its conversations. */
import type Database from 'better-sqlite3';
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

export function createProposalTable(db: Database.Database) {
  const s = {
    insert: db.prepare<ProposalRow>(
      `INSERT INTO agent_proposals (id, conversation_id, owner, turn_id, tool, args_json, title, changes_json, status, created_at, expires_at, decided_at)
       VALUES (@id, @conversation_id, @owner, @turn_id, @tool, @args_json, @title, @changes_json, @status, @created_at, @expires_at, @decided_at)
       ON CONFLICT(id) DO NOTHING`,
    ),
    get: db.prepare<[string], ProposalRow>('SELECT * FROM agent_proposals WHERE id = ?'),
    transition: db.prepare<
      { id: string; from: string; to: string; at: string; claimedBefore: string | null },
      ProposalRow
    >(
      `UPDATE agent_proposals SET status = @to, decided_at = @at WHERE ${transitionWhere((n) => `@${n}`)} RETURNING *`,
    ),
    expire: db.prepare<[string, string, string]>(
      "UPDATE agent_proposals SET status = 'expired', decided_at = ? WHERE conversation_id = ? AND status = 'pending' AND turn_id <> ?",
    ),
    del: db.prepare<[string]>('DELETE FROM agent_proposals WHERE conversation_id = ?'),
    purge: db.prepare<[string]>("DELETE FROM agent_proposals WHERE expires_at < ? AND status <> 'applying'"),
  };
  return {
    save(p: NewProposal): boolean {
      return s.insert.run(proposalColumns(p)).changes > 0;
    },
    get(id: string): StoredProposal | null {
      const r = typeof id === 'string' ? s.get.get(id) : undefined;
      return r ? rowToProposal(r) : null;
    },
    transition(
      id: string,
      change: { from: ProposalStatus; to: ProposalStatus; at: string; claimedBefore?: string },
    ): StoredProposal | null {
      const c = checkTransition(id, change);
      const r = s.transition.get({ id: String(id), ...c });
      return r ? rowToProposal(r) : null;
    },
    expire(conversationId: string, keepTurnId: string, at: string): number {
      return s.expire.run(checkIso(at, 'at'), checkConversationId(conversationId), String(keepTurnId))
        .changes;
    },
    delete(conversationId: string): number {
      return s.del.run(checkConversationId(conversationId)).changes;
    },
    purge(before: string): number {
      return s.purge.run(checkIso(before, 'before')).changes;
    },
  };
}
