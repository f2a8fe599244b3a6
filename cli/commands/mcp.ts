/**
 * `arxiv-radar mcp`: the MCP server on stdio (for MCP clients that spawn it), or with
 * `--http 127.0.0.1:PORT` on Streamable HTTP (bearer MCP_TOKEN required). stdout carries the
 * protocol in stdio mode, so everything else goes to stderr.
 */
import type { Command } from 'commander';
import type { RadarService } from '../../app/radar-service.ts';
import type { Config } from '../../config/env.ts';
import { AppError, errorMessage } from '../../domain/errors.ts';
import { assertNoProblems, mcpHttpProblems } from '../../lib/listen-address.ts';
import type { Logger } from '../../lib/logger.ts';
import { loadContext } from '../context.ts';
import { say } from '../output.ts';

/** The command layer from workers/ (imported lazily: it pulls in Temporal and the store). */
async function openService(config: Config, logger: Logger): Promise<RadarService & { close?: () => Promise<void> }> {
  let mod: { createRadarService?: (config: Config, logger: Logger) => RadarService & { close?: () => Promise<void> } };
  try {
    mod = (await import('../../workers/radar-service.ts')) as typeof mod;
  } catch (e) {
    throw new AppError('CONFIG_INVALID', `The MCP server needs the radar service (workers/radar-service.ts), which failed to load: ${errorMessage(e)}`, { cause: e });
  }
  if (typeof mod.createRadarService !== 'function') throw new AppError('CONFIG_INVALID', 'workers/radar-service.ts does not export createRadarService(config, logger).');
  return mod.createRadarService(config, logger);
}

const untilSignal = () =>
  new Promise<void>((resolve) => {
    process.once('SIGINT', () => resolve());
    process.once('SIGTERM', () => resolve());
  });

export function register(program: Command): void {
  program
    .command('mcp')
    .description('run the MCP server on stdio, or on Streamable HTTP with --http 127.0.0.1:PORT (MCP_TOKEN required)')
    .option('--http <addr>', 'listen on this loopback address instead of stdio, e.g. 127.0.0.1:8788 (overrides MCP_HTTP_ADDR)')
    .action(async (opts: { http?: string }, cmd: Command) => {
      const { config, logger } = loadContext(cmd);
      if (opts.http !== undefined) {
        const { startMcpHttp } = await import('../../mcp/http.ts');
        // Check the address and token before opening the service, so a bad setting fails fast.
        assertNoProblems(mcpHttpProblems(opts.http, config.MCP_TOKEN, '--http'));
        const service = await openService(config, logger);
        try {
          const running = await startMcpHttp({ MCP_HTTP_ADDR: opts.http, MCP_TOKEN: config.MCP_TOKEN }, service, logger, '--http');
          say(`MCP server on ${running?.url ?? '?'} (Authorization: Bearer $MCP_TOKEN). Ctrl-C stops it.`);
          await untilSignal();
          await running?.stop();
        } finally {
          await service.close?.();
        }
        return;
      }
      const { runMcpStdio } = await import('../../mcp/stdio.ts');
      const service = await openService(config, logger);
      try {
        await Promise.race([runMcpStdio(service, logger), untilSignal()]);
      } finally {
        await service.close?.();
      }
    });
}
