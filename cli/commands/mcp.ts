/**
 * `arxiv-radar mcp`: the MCP server on stdio (for MCP clients that spawn it), or with
 * `--http 127.0.0.1:PORT` on Streamable HTTP (bearer MCP_TOKEN required). stdout carries the
 * protocol in stdio mode, so everything else goes to stderr.
 */
import type { Command } from 'commander';
import { assertNoProblems, mcpHttpProblems } from '../../lib/listen-address.ts';
import { loadContext } from '../context.ts';
import { operations } from '../host.ts';
import { untilSignal } from '../interrupt.ts';
import { say } from '../output.ts';

export function register(program: Command): void {
  program
    .command('mcp')
    .description(
      'run the MCP server on stdio, or on Streamable HTTP with --http 127.0.0.1:PORT (MCP_TOKEN required)',
    )
    .option(
      '--http <addr>',
      'listen on this loopback address instead of stdio, e.g. 127.0.0.1:8788 (overrides MCP_HTTP_ADDR)',
    )
    .action(async (opts: { http?: string }, cmd: Command) => {
      const { config, logger } = loadContext(cmd);
      if (opts.http !== undefined) {
        // Check the address and token before opening the service, so a bad setting fails fast.
        assertNoProblems(mcpHttpProblems(opts.http, config.MCP_TOKEN, '--http'));
      }
      const ops = await operations();
      const services = ops.openServices(config, logger);
      try {
        const running = await ops.serveMcp(
          config,
          logger,
          services,
          opts.http !== undefined ? { httpAddr: opts.http } : {},
        );
        if (opts.http !== undefined) {
          say(`MCP server on ${running.url ?? '?'} (Authorization: Bearer $MCP_TOKEN). Ctrl-C stops it.`);
          await untilSignal();
          await running.stop();
        } else {
          // stdio: runs until the client closes the input, or a signal.
          await Promise.race([running.stop(), untilSignal()]);
        }
      } finally {
        await services.close();
      }
    });
}
