/**
 * What an operator's commands (start, doctor, library, mcp, web, discord) ask of the running
 * system, as one interface: workers/operations.ts implements it, and the CLI receives it from its
 * entry point (workers/main.ts), so cli/ never imports workers/ or the other front ends.
 */
import type { Config } from '../config/env.ts';
import type { Subscription } from '../domain/subscription.ts';
import type { Logger } from '../lib/logger.ts';
import type { AgentService } from './agent-service.ts';
import type { RadarService } from './radar-service.ts';

/** One line of `doctor`. */
export interface Check {
  name: string;
  status: 'ok' | 'warn' | 'fail' | 'off';
  detail: string;
}

/** The services of one command; close them when done. */
export interface Services {
  radar: RadarService;
  /** The research agent beside it (loaded on first use: its tool schemas take a while to load). */
  agent(): Promise<AgentService>;
  /** Connects to Temporal now (or starts an embedded server), so a missing `start` shows at once. */
  connect(): Promise<void>;
  close(): Promise<void>;
}

/** A running piece (the system, a server); stop() drains it. */
export interface Running {
  /** Where it listens, when it does. */
  url?: string | null;
  stop(): Promise<void>;
}

export interface Operations {
  /** The RadarService and AgentService for one command. */
  openServices(config: Config, logger: Logger): Services;
  /**
   * Temporal (embedded unless TEMPORAL_ADDRESS), the workers, and, unless `workerOnly`, the front
   * ends that are configured (Discord bot, MCP over HTTP, web app). `say` prints progress lines.
   */
  startSystem(
    config: Config,
    logger: Logger,
    opts: { bot: boolean; workerOnly: boolean; say: (line: string) => void },
  ): Promise<RunningSystem>;
  /** The MCP server on stdio until the input ends, or on Streamable HTTP at `httpAddr`. */
  serveMcp(config: Config, logger: Logger, services: Services, opts: { httpAddr?: string }): Promise<Running>;
  /** The web app at `addr`. */
  serveWeb(
    config: Config,
    logger: Logger,
    services: Services,
    opts: { addr: string; temporalUiUrl: string | null },
  ): Promise<Running>;
  /** Registers the bot's slash commands; returns how many. */
  deployDiscordCommands(config: Config, opts: { guildId?: string }): Promise<number>;

  /** doctor: the Temporal server or CLI this config uses. */
  checkTemporal(config: Config): Promise<Check>;
  /** doctor: is an `arxiv-radar start` running for this config (Temporal reachable, workers polling), and where (its web app). */
  checkStart(config: Config): Promise<Check>;
  /** doctor: the library (with its subscriptions), the blob store, and on a cluster the arXiv gate's interval. */
  checkStorage(config: Config): Promise<{ checks: Check[]; subscriptions: Subscription[] }>;

  /** `library migrate`: runs the library's schema migrations. */
  migrateLibrary(config: Config): Promise<{ driver: 'sqlite' | 'postgres'; from: number | null; to: number }>;
  /** `library copy`: the SQLite library under DATA_DIR into the Postgres at `url`, counts checked. */
  copyLibrary(
    config: Config,
    logger: Logger,
    url: string,
    hooks: { progress(message: string): void; before(counts: TableCounts): void },
  ): Promise<CopyReport>;
}

export interface RunningSystem extends Running {
  /** Settles when the workers stop; rejects when they fail. */
  running: Promise<void>;
  /** A second Ctrl-C: stop the embedded Temporal server at once. */
  kill(): void;
}

/** Rows per table in the SQLite source and the Postgres target. */
export interface TableCounts {
  sqlite: Record<string, number>;
  postgres: Record<string, number>;
}

/** Rows per table before and after a library copy. */
export interface CopyReport {
  tables: readonly string[];
  before: TableCounts;
  after: TableCounts;
}
