/**
 * The ProposalStore port in memory, for the in-memory test store: the drivers' shared row checks
 * (adapters/store/proposal-rows.ts) with the same compare-and-set rules, written over a Map.
 */
import type { ProposalStore } from '../../app/ports/proposals.ts';
import { checkConversationId } from '../../adapters/store/alert-rows.ts';
import {
  checkIso,
  checkTransition,
  proposalColumns,
  rowToProposal,
  type ProposalRow,
} from '../../adapters/store/proposal-rows.ts';

export function memoryProposals(): ProposalStore {
  const rows = new Map<string, ProposalRow>();
  return {
    async saveProposal(p) {
      const row = proposalColumns(p);
      if (rows.has(row.id)) return false;
      rows.set(row.id, row);
      return true;
    },
    async getProposal(id) {
      const r = rows.get(id);
      return r ? rowToProposal(r) : null;
    },
    async transitionProposal(id, change) {
      const c = checkTransition(id, change);
      const r = rows.get(id);
      if (!r || r.status !== c.from) return null;
      if (c.from === 'pending' && !(r.expires_at > c.at)) return null;
      if (c.claimedBefore !== null && !(r.decided_at !== null && r.decided_at < c.claimedBefore)) return null;
      r.status = c.to;
      r.decided_at = c.at;
      return rowToProposal(r);
    },
    async expireProposals(conversationId, keepTurnId, at) {
      checkConversationId(conversationId);
      const stamp = checkIso(at, 'at');
      let n = 0;
      for (const r of rows.values())
        if (r.conversation_id === conversationId && r.status === 'pending' && r.turn_id !== keepTurnId) {
          r.status = 'expired';
          r.decided_at = stamp;
          n++;
        }
      return n;
    },
    async deleteProposals(conversationId) {
      checkConversationId(conversationId);
      let n = 0;
      for (const [id, r] of rows) if (r.conversation_id === conversationId && rows.delete(id)) n++;
      return n;
    },
    async purgeProposals(before) {
      const stamp = checkIso(before, 'before');
      let n = 0;
      for (const [id, r] of rows) if (r.expires_at < stamp && r.status !== 'applying' && rows.delete(id)) n++;
      return n;
    },
  };
}
