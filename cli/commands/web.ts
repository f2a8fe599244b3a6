/**
 * `arxiv-radar web`: the web app alone (search, papers, library, subscriptions and digests, the
 * research agent's chat with voice) on WEB_ADDR or --addr, against a running `start` (or an
 * embedded Temporal server for its own duration, as every command that needs one). `start` serves
 * the same app; this runs it on its own, e.g. beside a `start --worker` cluster.
 */
import type { Command } from 'commander';
import { AppError } from '../../domain/errors.ts';
import { assertNoProblems, webProblems } from '../../lib/listen-address.ts';
import { loadContext } from '../context.ts';
import { operations } from '../host.ts';
import { untilSignal } from '../interrupt.ts';
import { say } from '../output.ts';

export function register(program: Command): void {
  program
    .command('web')
    .description(
      'serve the web app (search, papers, library, digests, chat with voice) on WEB_ADDR, against a running start',
    )
    .option(
      '--addr <host:port>',
      'listen on this address instead of WEB_ADDR, e.g. 127.0.0.1:8081 (non-loopback needs WEB_TOKEN)',
    )
    .action(async (opts: { addr?: string }, cmd: Command) => {
      const { config, logger } = loadContext(cmd);
      const addr = opts.addr ?? config.WEB_ADDR;
      // Check the address and token before opening the services, so a bad setting fails fast.
      assertNoProblems(webProblems(addr, config.WEB_TOKEN, opts.addr !== undefined ? '--addr' : 'WEB_ADDR'));
      if (addr === 'off')
        throw new AppError(
          'INVALID_INPUT',
          'WEB_ADDR is off: pass --addr 127.0.0.1:8080 (or set WEB_ADDR) to serve the web app.',
        );
      const ops = await operations();
      const services = ops.openServices(config, logger);
      try {
        // The embedded dev server's UI, when this machine runs it; a remote cluster's UI is unknown here.
        const temporalUiUrl = config.TEMPORAL_ADDRESS ? null : `http://127.0.0.1:${config.TEMPORAL_UI_PORT}`;
        const running = await ops.serveWeb(config, logger, services, { addr, temporalUiUrl });
        say(
          `Web app on ${running.url ?? addr}${config.WEB_TOKEN ? ' (sign in with WEB_TOKEN)' : ''}. Ctrl-C stops it.`,
        );
        await untilSignal();
        await running.stop();
      } finally {
        await services.close();
      }
    });
}
