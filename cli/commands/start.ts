/** `arxiv-radar start`: the main job. Temporal (embedded unless TEMPORAL_ADDRESS), workers, and later the bot and MCP server. */
import type { Command } from 'commander';
import { loadContext } from '../context.ts';

export function register(program: Command): void {
  program
    .command('start')
    .description('start Temporal (embedded dev server unless TEMPORAL_ADDRESS is set) and the workers; Ctrl-C stops everything')
    .action(async (_opts, cmd: Command) => {
      const { config, logger } = loadContext(cmd);
      const { startRuntime } = await import('../../workers/runtime.ts');
      const out = (m: string) => process.stdout.write(`${m}\n`);
      const startedAt = Date.now();
      const runtime = await startRuntime(config, { logger, say: out });
      if (runtime.devServer) {
        out(`Temporal dev server on ${runtime.temporalAddress} (data in ${config.DATA_DIR})`);
        if (runtime.uiUrl) out(`Temporal Web UI: ${runtime.uiUrl}`);
      } else {
        out(`Using Temporal at ${runtime.temporalAddress}`);
      }
      out(`Workers polling: ${runtime.workers.workers.map((w) => w.options.taskQueue).join(', ')}`);
      out(`Ready in ${((Date.now() - startedAt) / 1000).toFixed(1)} s. Press Ctrl-C to stop.`);

      await new Promise<void>((resolve) => {
        let firstSignalAt = 0;
        const onSignal = (sig: NodeJS.Signals) => {
          // A terminal's Ctrl-C can reach us twice (process group and wrapper); only a second
          // press after a moment forces the stop.
          if (firstSignalAt && Date.now() - firstSignalAt < 1000) return;
          if (firstSignalAt) {
            out('Forced stop.');
            void runtime.devServer?.stop();
            process.exit(130);
          }
          firstSignalAt = Date.now();
          out(`${sig}: draining workers and stopping… (press Ctrl-C again to force)`);
          runtime.stop().then(resolve, (e: unknown) => {
            logger.error({ err: e }, 'error while stopping');
            resolve();
          });
        };
        process.on('SIGINT', onSignal);
        process.on('SIGTERM', onSignal);
        runtime.running.then(resolve, () => {
          process.exitCode = 1;
          resolve();
        });
      });
      await runtime.stop();
      out('Stopped.');
    });
}
