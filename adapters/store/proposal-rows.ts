/**
 * The `agent_proposals` row both drivers share: the checks of a proposal to store and the mapping
 * back (SQLite migration 9, Postgres migration 11).
 */
import { AppError } from '../../domain/errors.ts';
import { PROPOSAL_ID } from '../../domain/agent-proposals.ts';
import {
  PROPOSAL_STATUSES,
  type NewProposal,
  type ProposalStatus,
  type StoredProposal,
} from '../../app/ports/proposals.ts';
import { checkConversationId } from './alert-rows.ts';

export interface ProposalRow {
  id: string;
  conversation_id: string;
  owner: string | null;
  turn_id: string;
  tool: string;
  args_json: string;
  title: string;
  changes_json: string;
  status: string;
  created_at: string;
  expires_at: string;
  decided_at: string | null;
}

const isIso = (s: unknown): s is string => typeof s === 'string' && !Number.isNaN(Date.parse(s));

/** The stored columns of a new proposal (pending), after checking every field. */
export function proposalColumns(p: NewProposal): ProposalRow {
  const bad = (what: string) => new AppError('INVALID_INPUT', `proposal ${String(p?.id)}: ${what}`);
  if (typeof p?.id !== 'string' || !PROPOSAL_ID.test(p.id)) throw bad('the id must be eight hex digits');
  checkConversationId(p.conversationId);
  if (p.owner !== null && (typeof p.owner !== 'string' || p.owner.length > 200))
    throw bad('owner must be null or a short string');
  if (typeof p.turnId !== 'string' || !p.turnId || p.turnId.length > 100) throw bad('turnId is required');
  if (typeof p.tool !== 'string' || !p.tool) throw bad('tool is required');
  if (typeof p.args !== 'object' || p.args === null || Array.isArray(p.args))
    throw bad('args must be an object');
  if (
    typeof p.title !== 'string' ||
    !Array.isArray(p.changes) ||
    p.changes.some((c) => typeof c !== 'string')
  )
    throw bad('title and changes (a list of strings) are required');
  if (!isIso(p.createdAt) || !isIso(p.expiresAt))
    throw bad('createdAt and expiresAt must be ISO 8601 timestamps');
  return {
    id: p.id,
    conversation_id: p.conversationId,
    owner: p.owner,
    turn_id: p.turnId,
    tool: p.tool,
    args_json: JSON.stringify(p.args),
    title: p.title,
    changes_json: JSON.stringify(p.changes),
    status: 'pending',
    created_at: new Date(p.createdAt).toISOString(),
    expires_at: new Date(p.expiresAt).toISOString(),
    decided_at: null,
  };
}

export function rowToProposal(r: ProposalRow): StoredProposal {
  return {
    id: r.id,
    conversationId: r.conversation_id,
    owner: r.owner,
    turnId: r.turn_id,
    tool: r.tool,
    args: JSON.parse(r.args_json) as Record<string, unknown>,
    title: r.title,
    changes: JSON.parse(r.changes_json) as string[],
    status: r.status as ProposalStatus,
    createdAt: r.created_at,
    expiresAt: r.expires_at,
    decidedAt: r.decided_at,
  };
}

/** Checks a transition's arguments (statuses known, timestamps ISO) and normalises its timestamps. */
export function checkTransition(
  id: string,
  change: { from: ProposalStatus; to: ProposalStatus; at: string; claimedBefore?: string },
): { from: ProposalStatus; to: ProposalStatus; at: string; claimedBefore: string | null } {
  if (!PROPOSAL_STATUSES.includes(change?.from) || !PROPOSAL_STATUSES.includes(change.to))
    throw new AppError('INVALID_INPUT', `proposal ${id}: unknown status`);
  if (!isIso(change.at) || (change.claimedBefore !== undefined && !isIso(change.claimedBefore)))
    throw new AppError('INVALID_INPUT', `proposal ${id}: timestamps must be ISO 8601`);
  return {
    from: change.from,
    to: change.to,
    at: new Date(change.at).toISOString(),
    claimedBefore: change.claimedBefore === undefined ? null : new Date(change.claimedBefore).toISOString(),
  };
}

/** An ISO timestamp argument, normalised. */
export function checkIso(value: string, what: string): string {
  if (!isIso(value)) throw new AppError('INVALID_INPUT', `${what} must be an ISO 8601 timestamp`);
  return new Date(value).toISOString();
}

/** The SQL condition of a transition, with the driver's placeholders (`p(n)` → `?` or `$n`). */
export function transitionWhere(p: (name: 'id' | 'from' | 'at' | 'claimedBefore') => string): string {
  return (
    `id = ${p('id')} AND status = ${p('from')}` +
    ` AND (status <> 'pending' OR expires_at > ${p('at')})` +
    ` AND (${p('claimedBefore')} IS NULL OR (decided_at IS NOT NULL AND decided_at < ${p('claimedBefore')}))`
  );
}
