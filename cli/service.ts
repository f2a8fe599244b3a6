/**
 * Runs a CLI action against the services (the same RadarService the bot, MCP and the web app use),
 * closing them after. `ctx.signal` aborts on Ctrl-C/SIGTERM: pass it to the service so the workflow
 * is cancelled, not left running.
 */
import type { Command } from 'commander';
import type { Services } from '../app/operations.ts';
import type { RadarService } from '../app/radar-service.ts';
import { loadContext, type CliContext } from './context.ts';
import { operations } from './host.ts';
import { interruptSignal } from './interrupt.ts';

export type CommandContext = CliContext & { signal: AbortSignal; services: Services };

export async function withService<T>(
  cmd: Command,
  fn: (service: RadarService, ctx: CommandContext) => Promise<T>,
): Promise<T> {
  const base = loadContext(cmd);
  const services = (await operations()).openServices(base.config, base.logger);
  const ctx = {
    ...base,
    services,
    // Installs the Ctrl-C handler only for commands that can cancel their work.
    get signal() {
      return interruptSignal();
    },
  };
  try {
    return await fn(services.radar, ctx);
  } finally {
    await services.close();
  }
}
