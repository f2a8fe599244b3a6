/** `arxiv-radar start`: the main job. Temporal (embedded unless TEMPORAL_ADDRESS), workers, and later the bot and MCP server. */
import type { Command } from 'commander';
import type { Config } from '../../config/env.ts';
import type { Logger } from '../../lib/logger.ts';
import type { Runtime } from '../../workers/runtime.ts';
import { AppError } from '../../domain/errors.ts';
import { loadContext } from '../context.ts';

/** The Discord bot and the MCP HTTP endpoint, when configured, on the same RadarService as the CLI. */
async function startFrontEnds(config: Config, logger: Logger, runtime: Runtime, out: (m: string) => void, opts: { bot: boolean }): Promise<{ stop(): Promise<void> }> {
  const wantsDiscord = opts.bot && Boolean(config.DISCORD_TOKEN || (config.DISCORD_PUBLIC_KEY && config.DISCORD_INTERACTIONS_ADDR));
  if (!wantsDiscord && !config.MCP_HTTP_ADDR) return { stop: async () => {} };
  const { Client, Connection } = await import('@temporalio/client');
  const { createRadarService } = await import('../../workers/radar-service.ts');
  const connection = await Connection.connect({ address: runtime.temporalAddress });
  const service = createRadarService(config, logger, { client: new Client({ connection, namespace: config.TEMPORAL_NAMESPACE }) });
  const stops: Array<() => Promise<void>> = [];
  try {
    if (wantsDiscord) {
      const { startDiscord } = await import('../../bot/start.ts');
      const discord = await startDiscord(config, service, logger);
      if (discord) {
        stops.push(() => discord.stop());
        if (discord.gateway) out('Discord bot connected (gateway)');
        if (discord.interactionsUrl) out(`Discord interactions endpoint: ${discord.interactionsUrl}`);
      }
    }
    if (config.MCP_HTTP_ADDR) {
      const { startMcpHttp } = await import('../../mcp/http.ts');
      const mcp = await startMcpHttp(config, service, logger);
      if (mcp) {
        stops.push(() => mcp.stop());
        out(`MCP over HTTP: ${mcp.url} (bearer token required)`);
      }
    }
  } catch (e) {
    for (const stop of stops.reverse()) await stop().catch(() => {});
    await service.close();
    await connection.close();
    throw e;
  }
  return {
    async stop() {
      for (const stop of stops.reverse()) await stop().catch((e: unknown) => logger.warn({ err: e }, 'front-end stop'));
      await service.close();
      await connection.close().catch(() => {});
    },
  };
}

export function register(program: Command): void {
  program
    .command('start')
    .description('start Temporal (embedded dev server unless TEMPORAL_ADDRESS is set) and the workers; Ctrl-C stops everything')
    .option('--no-bot', 'do not run the Discord bot even when DISCORD_TOKEN is set (e.g. extra worker machines)')
    .option('--worker', 'a worker-only node: connect to TEMPORAL_ADDRESS and run the workers; no embedded server, schedules, bot or MCP (docs/deployment.md)')
    .action(async (opts: { bot: boolean; worker?: boolean }, cmd: Command) => {
      const { config, logger } = loadContext(cmd);
      if (opts.worker && !config.TEMPORAL_ADDRESS) {
        throw new AppError('INVALID_INPUT', 'start --worker joins an existing cluster: set TEMPORAL_ADDRESS to the Temporal frontend (host:7233) that the other nodes use.');
      }
      const { startRuntime } = await import('../../workers/runtime.ts');
      const out = (m: string) => process.stdout.write(`${m}\n`);
      const startedAt = Date.now();
      const runtime = await startRuntime(config, { logger, say: out, workerOnly: opts.worker === true });
      if (runtime.devServer) {
        out(`Temporal dev server on ${runtime.temporalAddress} (data in ${config.DATA_DIR})`);
        if (runtime.uiUrl) out(`Temporal Web UI: ${runtime.uiUrl}`);
      } else {
        out(`Using Temporal at ${runtime.temporalAddress}`);
      }
      out(`Workers polling: ${runtime.workers.workers.map((w) => w.options.taskQueue).join(', ')}`);
      if (opts.worker) out('Worker-only node: schedules, the Discord bot and MCP run on the main node.');
      const frontEnds = await (opts.worker ? Promise.resolve({ stop: async () => {} }) : startFrontEnds(config, logger, runtime, out, { bot: opts.bot })).catch(async (e: unknown) => {
        await runtime.stop();
        throw e;
      });
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
          frontEnds
            .stop()
            .then(() => runtime.stop())
            .then(resolve, (e: unknown) => {
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
      await frontEnds.stop();
      await runtime.stop();
      out('Stopped.');
    });
}
