/** The contract of one `/arxiv` subcommand handler. */
import type { AgentService } from '../app/agent-service.ts';
import type { ProgressFn, RadarService } from '../app/radar-service.ts';
import type { ListState } from './list-state.ts';
import type { BotMessage, CommandInvocation } from './types.ts';

export interface CommandContext {
  service: RadarService;
  invoker: CommandInvocation;
  progress: ProgressFn;
  /** Aborts when the interaction expires (its token lasts 15 minutes): nobody can see the answer any more. */
  signal: AbortSignal;
  listState: ListState;
  listPageSize: number;
  /** ARXIV_SITE_URL: the origin of the paper links the bot builds from ids. */
  arxivOrigin?: string | undefined;
  /** The research agent (`/arxiv ask` uses it when an LLM is configured). */
  agent?: AgentService | undefined;
  /**
   * Starts a thread on this command's reply, once the reply exists (progress edits are flushed
   * first); resolves to the thread id, or null where that is not possible (a DM, no bot token,
   * missing permission: logged).
   */
  startThread(name: string): Promise<string | null>;
  /**
   * Shows a message as the reply now, before the work is done (later calls and the final message
   * edit it): search results go up at once and are edited as full texts arrive. Resolves when shown.
   */
  post(message: BotMessage): Promise<void>;
}

export interface SlashCommand {
  name: string;
  /** Counted against the per-user rate limit. */
  expensive: boolean;
  /** Needs Manage Channels or the manager role. */
  manages: boolean;
  /**
   * Validates the options synchronously, before the interaction is deferred (so bad input gets an
   * immediate ephemeral answer), and returns the work to run after deferring.
   */
  prepare(inv: CommandInvocation): (ctx: CommandContext) => Promise<BotMessage>;
}
