/** Runs a CLI action against the RadarService (the same command layer the bot and MCP use), closing it after. */
import type { Command } from 'commander';
import type { RadarServiceHandle } from '../workers/radar-service.ts';
import { loadContext, type CliContext } from './context.ts';

export async function withService<T>(cmd: Command, fn: (service: RadarServiceHandle, ctx: CliContext) => Promise<T>): Promise<T> {
  const ctx = loadContext(cmd);
  const { createRadarService } = await import('../workers/radar-service.ts');
  const service = createRadarService(ctx.config, ctx.logger);
  try {
    return await fn(service, ctx);
  } finally {
    await service.close();
  }
}
