/** The contract of one `/arxiv` subcommand handler. */
import type { ProgressFn, RadarService } from '../app/radar-service.ts';
import type { ListState } from './list-state.ts';
import type { BotMessage, CommandInvocation } from './types.ts';

export interface CommandContext {
  service: RadarService;
  invoker: CommandInvocation;
  progress: ProgressFn;
  listState: ListState;
  listPageSize: number;
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
