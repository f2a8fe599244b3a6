/**
 * A tool both the MCP server and the research agent offer, defined once: its name, description and
 * argument schema (zod: MCP registers it, the agent turns it into a JSON Schema and checks the
 * model's arguments against it), and what it does, over the capabilities' ports, as text.
 */
import type { z } from 'zod';
import type { Logger } from '../../lib/logger.ts';
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
  logger: Logger;
}

export interface SharedTool {
  /** The same name for MCP clients and for the model. */
  name: string;
  /** MCP's human-readable title. */
  title: string;
  description: string;
  /** Argument schema (validated before `run`). */
  shape: z.ZodRawShape;
  /** The result as text (what the model reads and MCP returns); AppErrors for bad input. */
  run(ctx: ToolContext, args: Record<string, unknown>): Promise<string>;
}
