/**
 * The research agent as an application service: the CLI's `chat`, Discord's `/arxiv ask` and MCP's
 * `agent_ask` all use this one loop (the agentTurn workflow). Without an LLM configured it answers
 * from the library (RadarService.askPapers) and says so in one sentence.
 */
import { randomBytes } from 'node:crypto';
import type { ConversationStore, LibraryStore } from './ports/store.ts';
import type { ConversationMessage } from './ports/store.ts';
import type { ProposalStore } from './ports/proposals.ts';
import { createProposalBook, shownProposal } from './agent-proposal-store.ts';
import { canonicalSubscription } from '../domain/agent.ts';
import type { ProposalSummary, ProposedWrite } from '../domain/agent-proposals.ts';
import { arxivLinks } from '../domain/paper.ts';
import { AppError, errorMessage } from '../domain/errors.ts';
import type { Logger } from '../lib/logger.ts';
import type { AgentTurnInput } from '../workflows/agent-turn.ts';
import type { WorkflowRunner } from './ports/service.ts';
import type { CallOptions, ProgressFn, RadarService } from './radar-service.ts';
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
  /** A tool with a side effect (app/tools/). */
  tool: string;
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
  /** The library: papers, conversations and, beside them, pending proposals (they survive a restart). */
  store: Pick<LibraryStore, 'getPaper'> & ConversationStore & ProposalStore;
  /**
   * The cited library answer, when no LLM is configured; a proposal described by its tool, and the
   * shared tool a confirmed proposal runs.
   */
  radar: Pick<RadarService, 'askPapers' | 'runTool' | 'describeProposal'>;
  /** The agent's tools as the worker offers them (name and description). */
  tools: () => Array<{ name: string; description: string }>;
  /** ARXIV_SITE_URL: the origin of a cited paper's link when the library does not have it. */
  arxivOrigin?: string;
}

export interface AgentSettings {
  /** An LLM is configured: the agent runs. */
  enabled: boolean;
  limits: AgentTurnInput['limits'];
  llmTimeoutMs: number;
  /** The turn's execution timeout: its wall-time budget plus room for the last LLM calls. */
  turnTimeoutMs: number;
}

/** A proposal as its tool describes it (from the stored state); one it cannot describe is not applied. */
async function describe(ports: AgentPorts, write: ProposedWrite): Promise<ProposalSummary> {
  try {
    return await ports.radar.describeProposal(write.tool, write.args);
  } catch (e) {
    return { title: `Run ${write.tool}`, changes: [], problem: errorMessage(e) };
  }
}

/** The model's writes described by their tools, as proposals awaiting the user's decision. */
async function proposalsOf(
  ports: AgentPorts,
  writes: ProposedWrite[],
  confirmable: boolean,
): Promise<Array<{ proposal: AgentProposal; write: ProposedWrite }>> {
  const seen = new Set<string>();
  const out: Array<{ proposal: AgentProposal; write: ProposedWrite }> = [];
  for (const write of writes) {
    const key = `${write.tool}:${canonicalSubscription(write.args)}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const d = await describe(ports, write);
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

/** Notes the user's decision in the stored conversation, so the model knows on the next turn. */
async function noteInConversation(
  store: AgentPorts['store'],
  conversationId: string,
  text: string,
): Promise<void> {
  const c = await store.getConversation(conversationId).catch(() => null);
  if (!c) return;
  await store.saveConversation(conversationId, [
    ...c.messages,
    { role: 'assistant', content: `(arxiv-radar) ${text}` },
  ] as ConversationMessage[]);
}

/** The cited papers with their titles and links (the library's, else built on the configured origin). */
async function citedPapersOf(ports: AgentPorts, ids: string[]): Promise<AgentReply['cited']> {
  return Promise.all(
    ids.map(async (id) => {
      const p = await ports.store.getPaper(id).catch(() => null);
      return {
        id,
        title: p?.title ?? null,
        url: p?.links.abs ?? arxivLinks({ id, version: null }, { origin: ports.arxivOrigin }).abs,
      };
    }),
  );
}

/** The AgentService: each turn an agentTurn workflow, its conversation loaded from and saved to the library. */
export function createAgentService(ports: AgentPorts, settings: AgentSettings, logger: Logger): AgentService {
  const { store } = ports;
  // Pending proposals live in the library (app/agent-proposal-store.ts): a restart keeps them.
  const book = createProposalBook(store);

  const noteDecision = (conversationId: string, text: string) =>
    noteInConversation(store, conversationId, text);
  const citedPapers = (ids: string[]) => citedPapersOf(ports, ids);

  return {
    enabled: settings.enabled,
    tools: ports.tools,

    async reset(conversationId) {
      await book.forget(conversationId);
      await store.deleteConversation(conversationId);
    },

    async confirm(proposalId, who) {
      // Exactly the stored proposal is applied, once: the claim is a compare-and-set on its row.
      const p = await book.claim(proposalId, who);
      let done: string;
      try {
        // The same tool MCP runs (app/tools/), with the stored arguments checked against the model's schema.
        const out = await ports.radar.runTool(p.tool, p.args, { proposal: true });
        done = out.done ?? `${p.title}: done`;
      } catch (e) {
        await book.settle(p.id, false).catch(() => undefined);
        throw e;
      }
      await book.settle(p.id, true);
      const proposal = { ...shownProposal(p), confirmable: false };
      const message = `The user confirmed proposal ${p.id}: ${done}.`;
      logger.info({ proposal: p.id, tool: p.tool }, 'agent proposal confirmed by the user');
      await noteDecision(p.conversationId, message);
      return { proposal, message };
    },

    async decline(proposalId, who) {
      const p = await book.decline(proposalId, who);
      const message = `The user declined proposal ${p.id} (${p.title}); nothing changed.`;
      await noteDecision(p.conversationId, message);
      return { proposal: { ...shownProposal(p), confirmable: false }, message };
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
      const turnId = randomBytes(8).toString('hex');
      try {
        const outcome = await runAgentTurn(
          { runner: ports.runner, store, settings, logger },
          question,
          conversationId,
          progress,
          options,
        );
        const confirmable = Boolean(conversationId) && options.canConfirm !== false;
        const proposed = await proposalsOf(ports, outcome.proposals, confirmable);
        // Stored beside the conversation (the ids they are stored under are the ones shown).
        const proposals = conversationId
          ? await book.record(conversationId, turnId, options.owner, proposed)
          : proposed.map((p) => p.proposal);
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
          proposals,
          llm: outcome.llm,
        };
      } finally {
        // Consent lasts one more turn: at the end of this one, proposals of earlier turns expire.
        if (conversationId)
          await book
            .endTurn(conversationId, turnId)
            .catch((e: unknown) => logger.warn({ err: errorMessage(e) }, 'expiring agent proposals failed'));
      }
    },
  };
}
