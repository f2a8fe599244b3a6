/**
 * Runs a CLI action against the RadarService (the same command layer the bot and MCP use), closing
 * it after. `ctx.signal` aborts on Ctrl-C/SIGTERM: pass it to the service so the workflow is
 * cancelled, not left running.
 */
import type { Command } from 'commander';
import type { RadarServiceHandle } from '../workers/radar-service.ts';
import { loadContext, type CliContext } from './context.ts';
import { interruptSignal } from './interrupt.ts';

export async function withService<T>(cmd: Command, fn: (service: RadarServiceHandle, ctx: CliContext & { signal: AbortSignal }) => Promise<T>): Promise<T> {
  const ctx = {
    ...loadContext(cmd),
    // Installs the Ctrl-C handler only for commands that can cancel their work.
    get signal() {
      return interruptSignal();
    },
  };
  const { createRadarService } = await import('../workers/radar-service.ts');
  const service = createRadarService(ctx.config, ctx.logger);
  try {
    return await fn(service, ctx);
  } finally {
    await service.close();
  }
}
