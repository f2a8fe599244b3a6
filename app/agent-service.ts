/**
 * The research agent as an application service: the CLI's `chat`, Discord's `/arxiv ask` and MCP's
 * `agent_ask` all use this one loop (the agentTurn workflow). Without an LLM configured it answers
 * from the library (RadarService.askPapers) and says so in one sentence.
 */
import { randomBytes } from 'node:crypto';
import type { ConversationStore, LibraryStore } from './ports/store.ts';
import type { ConversationMessage } from './ports/store.ts';
import { canonicalSubscription } from '../domain/agent.ts';
import {
  describeSubscriptionProposal,
  PROPOSAL_ID,
  type ProposedWrite,
  type WriteTool,
} from '../domain/agent-proposals.ts';
import { arxivLinks } from '../domain/paper.ts';
import type { Subscription } from '../domain/subscription.ts';
import { AppError } from '../domain/errors.ts';
import type { Logger } from '../lib/logger.ts';
import type { AgentTurnInput } from '../workflows/agent-turn.ts';
import type { WorkflowRunner } from './ports/service.ts';
import type {
  CallOptions,
  ProgressFn,
  RadarService,
  SubscriptionRequest,
  SubscriptionView,
} from './radar-service.ts';
import { subscriptionRequestOf } from './capabilities/subscribe.ts';
import { runAgentTurn, type AgentDraft, type AgentTraceItem } from './agent-turn-run.ts';

export { compactHistory, type AgentDraft, type AgentTraceItem } from './agent-turn-run.ts';

export interface AgentReply {
  answer: string;
  /** Papers the answer cites (every one returned by a tool in this conversation), with titles when stored. */
  cited: Array<{ id: string; title: string | null; url: string }>;
  /** Citations removed because no tool returned them. */
  removed: string[];
  /** False when no LLM is configured and the library answered instead. */
  usedAgent: boolean;
  /** One sentence to show before the answer (no LLM configured), or null. */
  notice: string | null;
  steps: number;
  toolCalls: number;
  /** Characters of tool output kept in the model's context this turn. */
  toolChars: number;
  /** Which budget ended the turn early, if one did. */
  budget: 'steps' | 'tool-output' | 'time' | null;
  trace: AgentTraceItem[];
  ms: number;
  /**
   * The LLM that answered (`model at host`), as the worker that ran the turn is configured: the
   * workers of a running `start` use their own LLM_* settings, which may not be the caller's.
   */
  llm?: string | null;
  /** Writes the model proposed this turn: nothing was applied; the user confirms or declines each. */
  proposals: AgentProposal[];
}

/**
 * A write the model proposed (consent bound to a proposal): a server-issued id, what would change
 * (built from the stored state, not the model's words), and whether this front end can apply it.
 */
export interface AgentProposal {
  id: string;
  tool: WriteTool;
  title: string;
  changes: string[];
  /** Why it cannot be applied (then it is not kept); null when it can. */
  problem: string | null;
  /**
   * The user can apply it here (`confirm`) until the end of their next turn. False without a
   * conversation, or where the front end may only propose (MCP's agent_ask).
   */
  confirmable: boolean;
}

export interface AgentService {
  /** True when an LLM is configured (the agent runs); false means askPapers answers. */
  readonly enabled: boolean;
  /**
   * One turn. `conversationId` (`cli:<session>`, `discord:<thread>`) continues a stored
   * conversation and stores the turn; without it the turn stands alone. `onTool` hears each tool
   * call as it happens, `onDraft` the answer's text as the model writes it.
   */
  ask(
    input: { question: string; conversationId?: string | undefined },
    progress?: ProgressFn,
    options?: CallOptions & {
      onTool?: (item: AgentTraceItem) => void;
      onDraft?: (draft: AgentDraft) => void;
      /** Who asks (a Discord user id): only they may confirm this turn's proposals. */
      owner?: string;
      /** False: proposals are shown but can never be applied from here (MCP's agent_ask). */
      canConfirm?: boolean;
    },
  ): Promise<AgentReply>;
  /**
   * The user applies a proposal: only a user's own action calls this (a button, `/confirm <id>`),
   * never the model. `conversationId` and `owner`, when given, must match the proposal's.
   * Throws NOT_FOUND for an unknown or expired proposal.
   */
  confirm(
    proposalId: string,
    who: { conversationId?: string; owner?: string },
  ): Promise<{ proposal: AgentProposal; message: string }>;
  /** The user drops a proposal (same checks as confirm). */
  decline(
    proposalId: string,
    who: { conversationId?: string; owner?: string },
  ): Promise<{ proposal: AgentProposal; message: string }>;
  /** Forgets a conversation. */
  reset(conversationId: string): Promise<void>;
  /** The tools the agent may call (name and description). */
  tools(): Array<{ name: string; description: string }>;
}

/** The sentence shown when no LLM is configured. */
export const NO_LLM_NOTICE =
  'No LLM is configured (set LLM_BASE_URL and LLM_MODEL for the research agent), so this answer comes from the papers in your library.';

/** What the agent service is built from. */
export interface AgentPorts {
  runner: WorkflowRunner;
  store: Pick<LibraryStore, 'getPaper'> & ConversationStore;
  /** The cited library answer, when no LLM is configured. */
  radar: Pick<RadarService, 'askPapers'>;
  /** The agent's tools as the worker offers them (name and description). */
  tools: () => Array<{ name: string; description: string }>;
  /** What a confirmed subscribe_topic proposal reads and does (the app's one subscribe). */
  subscriptions: {
    get(name: string): Promise<Subscription | null>;
    subscribe(req: SubscriptionRequest): Promise<SubscriptionView>;
  };
}

/** Conversations with pending proposals kept (oldest dropped), and proposals kept per conversation. */
const MAX_PENDING_CONVERSATIONS = 500;
const MAX_PENDING_PER_CONVERSATION = 10;

export interface AgentSettings {
  /** An LLM is configured: the agent runs. */
  enabled: boolean;
  limits: AgentTurnInput['limits'];
  llmTimeoutMs: number;
  /** The turn's execution timeout: its wall-time budget plus room for the last LLM calls. */
  turnTimeoutMs: number;
}

/**
 * The proposals awaiting the user's decision, with what makes them: the model's writes described
 * from the stored state, kept per conversation, taken back by id when the user acts.
 */
function pendingProposals(ports: AgentPorts) {
  /**
   * Pending proposals by conversation, in memory: a restart drops them (they expire, nothing is
   * applied). `turn` counts the conversation's turns; a proposal made in turn n lives until turn
   * n + 1 ends.
   */
  interface Pending {
    proposal: AgentProposal;
    write: ProposedWrite;
    turn: number;
    owner: string | undefined;
  }
  const pending = new Map<string, { turn: number; proposals: Map<string, Pending> }>();
  const conversationState = (id: string) => {
    let state = pending.get(id);
    if (!state) {
      state = { turn: 0, proposals: new Map() };
      pending.set(id, state);
      while (pending.size > MAX_PENDING_CONVERSATIONS) pending.delete(pending.keys().next().value!);
    }
    return state;
  };
  /** At the end of turn `turn`: proposals of earlier turns expire. */
  const expireBefore = (conversationId: string, turn: number) => {
    const state = pending.get(conversationId);
    if (!state) return;
    for (const [id, p] of state.proposals) if (p.turn < turn) state.proposals.delete(id);
  };

  async function proposalsOf(
    writes: ProposedWrite[],
    confirmable: boolean,
  ): Promise<Array<{ proposal: AgentProposal; write: ProposedWrite }>> {
    const seen = new Set<string>();
    const out: Array<{ proposal: AgentProposal; write: ProposedWrite }> = [];
    for (const write of writes) {
      const key = `${write.tool}:${canonicalSubscription(write.args)}`;
      if (seen.has(key)) continue;
      seen.add(key);
      const prior = await ports.subscriptions.get(String(write.args.name)).catch(() => null);
      const d = describeSubscriptionProposal(write.args, prior);
      out.push({
        proposal: {
          id: randomBytes(4).toString('hex'),
          tool: write.tool,
          ...d,
          confirmable: confirmable && d.problem === null,
        },
        write,
      });
    }
    return out;
  }

  /** Finds (and removes) a pending proposal the caller may act on. */
  function takeProposal(
    proposalId: string,
    who: { conversationId?: string; owner?: string },
  ): Pending & { conversationId: string } {
    const id = proposalId.trim().toLowerCase();
    const gone = () =>
      new AppError(
        'NOT_FOUND',
        `No pending proposal "${proposalId.slice(0, 20)}": it was applied or declined already, or it expired (a proposal lasts until the end of your next question). Ask again.`,
      );
    if (!PROPOSAL_ID.test(id)) throw gone();
    for (const [conversationId, state] of pending) {
      const p = state.proposals.get(id);
      if (!p) continue;
      if (who.conversationId !== undefined && who.conversationId !== conversationId) throw gone();
      if (p.owner !== undefined && p.owner !== who.owner)
        throw new AppError(
          'PERMISSION_DENIED',
          'Only the person who asked can confirm or decline this proposal.',
        );
      state.proposals.delete(id);
      return { ...p, conversationId };
    }
    throw gone();
  }

  /** Keeps this turn's confirmable proposals (the newest MAX_PENDING_PER_CONVERSATION). */
  function keepProposals(
    conversationId: string,
    proposed: Array<{ proposal: AgentProposal; write: ProposedWrite }>,
    turn: number,
    owner: string | undefined,
  ): void {
    const state = conversationState(conversationId);
    for (const { proposal, write } of proposed) {
      if (!proposal.confirmable) continue;
      state.proposals.set(proposal.id, { proposal, write, turn, owner });
      while (state.proposals.size > MAX_PENDING_PER_CONVERSATION)
        state.proposals.delete(state.proposals.keys().next().value!);
    }
  }

  const forget = (conversationId: string) => pending.delete(conversationId);

  return { conversationState, expireBefore, proposalsOf, takeProposal, keepProposals, forget };
}

/** The AgentService: each turn an agentTurn workflow, its conversation loaded from and saved to the library. */
export function createAgentService(ports: AgentPorts, settings: AgentSettings, logger: Logger): AgentService {
  const { store } = ports;
  const { conversationState, expireBefore, proposalsOf, takeProposal, keepProposals, forget } =
    pendingProposals(ports);

  /** Notes the user's decision in the stored conversation, so the model knows on the next turn. */
  async function noteDecision(conversationId: string, text: string): Promise<void> {
    const c = await store.getConversation(conversationId).catch(() => null);
    if (!c) return;
    await store.saveConversation(conversationId, [
      ...c.messages,
      { role: 'assistant', content: `(arxiv-radar) ${text}` },
    ] as ConversationMessage[]);
  }

  async function citedPapers(ids: string[]): Promise<AgentReply['cited']> {
    return Promise.all(
      ids.map(async (id) => {
        const p = await store.getPaper(id).catch(() => null);
        return { id, title: p?.title ?? null, url: p?.links.abs ?? arxivLinks({ id, version: null }).abs };
      }),
    );
  }

  return {
    enabled: settings.enabled,
    tools: ports.tools,

    async reset(conversationId) {
      forget(conversationId);
      await store.deleteConversation(conversationId);
    },

    async confirm(proposalId, who) {
      const p = takeProposal(proposalId, who);
      const view = await ports.subscriptions.subscribe(subscriptionRequestOf(p.write.args));
      const message = `The user confirmed proposal ${p.proposal.id}: subscription "${view.name}" ${p.proposal.title.startsWith('Create') ? 'created' : 'updated'} (schedule ${view.cron}, ${view.timezone}).`;
      logger.info(
        { proposal: p.proposal.id, tool: p.proposal.tool, subscription: view.name },
        'agent proposal confirmed by the user',
      );
      await noteDecision(p.conversationId, message);
      return { proposal: p.proposal, message };
    },

    async decline(proposalId, who) {
      const p = takeProposal(proposalId, who);
      const message = `The user declined proposal ${p.proposal.id} (${p.proposal.title}); nothing changed.`;
      await noteDecision(p.conversationId, message);
      return { proposal: p.proposal, message };
    },

    async ask(input, progress, options = {}) {
      const started = Date.now();
      const question = input.question.trim();
      if (!question) throw new AppError('INVALID_INPUT', 'The question is empty: ask something.');
      if (!settings.enabled) {
        const a = await ports.radar.askPapers(question, progress, options);
        const ids = [...new Set(a.citations.map((c) => c.arxivId))];
        return {
          answer: a.answer,
          cited: await citedPapers(ids),
          removed: [],
          usedAgent: false,
          notice: NO_LLM_NOTICE,
          steps: 0,
          toolCalls: 0,
          toolChars: 0,
          budget: null,
          trace: [],
          ms: Date.now() - started,
          proposals: [],
        };
      }
      const conversationId = input.conversationId;
      const turn = conversationId ? ++conversationState(conversationId).turn : 0;
      try {
        const outcome = await runAgentTurn(
          { runner: ports.runner, store, settings, logger },
          question,
          conversationId,
          progress,
          options,
        );
        const confirmable = Boolean(conversationId) && options.canConfirm !== false;
        const proposed = await proposalsOf(outcome.proposals, confirmable);
        if (conversationId) keepProposals(conversationId, proposed, turn, options.owner);
        return {
          answer: outcome.answer,
          cited: await citedPapers(outcome.cited),
          removed: outcome.removed,
          usedAgent: true,
          notice: null,
          steps: outcome.steps,
          toolCalls: outcome.toolCalls,
          toolChars: outcome.toolChars,
          budget: outcome.budget,
          trace: outcome.trace,
          ms: Date.now() - started,
          proposals: proposed.map((p) => p.proposal),
          llm: outcome.llm,
        };
      } finally {
        // Consent lasts one more turn: at the end of this one, proposals of earlier turns expire.
        if (conversationId) expireBefore(conversationId, turn);
      }
    },
  };
}
