/**
 * What every command needs: the validated config and a logger honouring --verbose. Loaded lazily
 * so `--help` works even with a broken environment.
 */
import type { Command } from 'commander';
import { loadConfig, type Config } from '../config/env.ts';
import { createLogger, type Logger } from '../lib/logger.ts';

export interface CliContext {
  config: Config;
  logger: Logger;
}

export function globalOptions(cmd: Command): { verbose: boolean } {
  return cmd.optsWithGlobals() as { verbose: boolean };
}

export function loadContext(cmd: Command): CliContext {
  const config = loadConfig();
  const verbose = globalOptions(cmd).verbose;
  const logger = createLogger(verbose ? 'debug' : config.LOG_LEVEL, { format: config.LOG_FORMAT });
  return { config, logger };
}
