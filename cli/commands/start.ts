/** `arxiv-radar start`: the main job. Temporal (embedded unless TEMPORAL_ADDRESS), workers, and later the bot and MCP server. */
import type { Command } from 'commander';
import { AppError } from '../../domain/errors.ts';
import { loadContext } from '../context.ts';
import { operations } from '../host.ts';

export function register(program: Command): void {
  program
    .command('start')
    .description(
      'start Temporal (embedded dev server unless TEMPORAL_ADDRESS is set) and the workers; Ctrl-C stops everything',
    )
    .option(
      '--no-bot',
      'do not run the Discord bot even when DISCORD_TOKEN is set (e.g. extra worker machines)',
    )
    .option(
      '--worker',
      'a worker-only node: connect to TEMPORAL_ADDRESS and run the workers; no embedded server, schedules, bot or MCP (docs/deployment.md)',
    )
    .action(async (opts: { bot: boolean; worker?: boolean }, cmd: Command) => {
      const { config, logger } = loadContext(cmd);
      if (opts.worker && !config.TEMPORAL_ADDRESS) {
        throw new AppError(
          'INVALID_INPUT',
          'start --worker joins an existing cluster: set TEMPORAL_ADDRESS to the Temporal frontend (host:7233) that the other nodes use.',
        );
      }
      const out = (m: string) => process.stdout.write(`${m}\n`);
      const startedAt = Date.now();
      const system = await (
        await operations()
      ).startSystem(config, logger, { bot: opts.bot, workerOnly: opts.worker === true, say: out });
      out(`Ready in ${((Date.now() - startedAt) / 1000).toFixed(1)} s. Press Ctrl-C to stop.`);

      await new Promise<void>((resolve) => {
        let firstSignalAt = 0;
        const onSignal = (sig: NodeJS.Signals) => {
          // A terminal's Ctrl-C can reach us twice (process group and wrapper); only a second
          // press after a moment forces the stop.
          if (firstSignalAt && Date.now() - firstSignalAt < 1000) return;
          if (firstSignalAt) {
            out('Forced stop.');
            system.kill();
            process.exit(130);
          }
          firstSignalAt = Date.now();
          out(`${sig}: draining workers and stopping… (press Ctrl-C again to force)`);
          system.stop().then(resolve, (e: unknown) => {
            logger.error({ err: e }, 'error while stopping');
            resolve();
          });
        };
        process.on('SIGINT', onSignal);
        process.on('SIGTERM', onSignal);
        system.running.then(resolve, () => {
          process.exitCode = 1;
          resolve();
        });
      });
      await system.stop();
      out('Stopped.');
    });
}
