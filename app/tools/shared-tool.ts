/**
 * A tool both the MCP server and the research agent offer, defined once: its name, description and
 * argument schema (zod: MCP registers it, the agent turns it into a JSON Schema and checks the
 * model's arguments against it), and what it does, over the capabilities' ports, as text.
 */
import type { z } from 'zod';
import type { ProposalSummary } from '../../domain/agent-proposals.ts';
import type { Logger } from '../../lib/logger.ts';
import type { SubscriptionRequest, SubscriptionView } from '../capabilities/subscribe.ts';
import type { LlmClient } from '../ports/llm.ts';
import type { Reranker } from '../ports/ranker.ts';
import type { DigestLedger, LibraryStore, RatingStore, SubscriptionStore } from '../ports/store.ts';

/** What a shared tool runs over: the service's ports in the caller's process, the worker's in the agent. */
export interface ToolContext {
  /** The library and its ledgers (no conversations: a tool never reads those). */
  store: LibraryStore & SubscriptionStore & DigestLedger & RatingStore;
  reranker: () => Promise<Reranker>;
  /** Loaded on first use (most tools never ask the model). */
  llm: () => Promise<LlmClient | undefined>;
  /** The one subscribe capability (app/capabilities/subscribe.ts) over this side's store and schedules. */
  subscribe: (req: SubscriptionRequest) => Promise<SubscriptionView>;
  logger: Logger;
}

/** A tool's result: the text the model reads and MCP returns, and (JSON results) the value for MCP's structuredContent. */
export interface ToolOutput {
  text: string;
  structured?: Record<string, unknown>;
  /** What it did, in words for the user (a tool with a side effect: said when they applied its proposal). */
  done?: string;
}

/** A JSON result: compact text (what the model reads) and the value itself (MCP's structuredContent). */
export const jsonOutput = (value: Record<string, unknown>): ToolOutput => ({
  text: JSON.stringify(value),
  structured: value,
});

export interface SharedTool {
  /** The same name for MCP clients and for the model. */
  name: string;
  /** MCP's human-readable title. */
  title: string;
  description: string;
  /** Argument schema (validated before `run`). */
  shape: z.ZodRawShape;
  /**
   * Arguments only a direct caller (an MCP client) may give, never offered to the model: e.g. where
   * a digest is sent (a webhook URL the model must not choose).
   */
  callerShape?: z.ZodRawShape;
  /**
   * The tool changes stored state. MCP runs it directly (its client asks its user; the tool carries
   * MCP's destructive/idempotent hints). The agent never runs it on the model's call: the agent's
   * worker marks the call (AgentToolCall.proposes), the agentTurn workflow records it as a proposal
   * (domain/agent-proposals.ts), AgentService shows the user `describeProposal` of it and stores it
   * (app/agent-proposal-store.ts), and the same `run` runs only when the user confirms that exact
   * proposal (AgentService.confirm). Nothing else to wire: the worker refuses to run it.
   */
  sideEffect?: {
    idempotent: boolean;
    destructive: boolean;
    /**
     * What applying these arguments would change, read from the stored state (what the user is
     * shown before they decide); `problem` when it cannot be applied. Default: the arguments as given.
     */
    describeProposal?(ctx: ToolContext, args: Record<string, unknown>): Promise<ProposalSummary>;
  };
  /** The result (what the model reads and MCP returns); AppErrors for bad input. */
  run(ctx: ToolContext, args: Record<string, unknown>): Promise<ToolOutput>;
}
