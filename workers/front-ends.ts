/**
 * The services of one command and the front ends `start` serves (the Discord bot, MCP over HTTP,
 * the web app), on one set of services over the process's adapters.
 */
import { registeredDestinations } from '../adapters/publish/registry.ts';
import type { AgentService } from '../app/agent-service.ts';
import type { Running, Services } from '../app/operations.ts';
import type { Config } from '../config/env.ts';
import type { Logger } from '../lib/logger.ts';
import type { Adapters } from './adapters.ts';
import { openRadarService } from './compose.ts';
import type { Runtime } from './runtime.ts';

/** The services of one command: the agent is composed beside the radar on first use. */
export function openServices(
  config: Config,
  logger: Logger,
  radar = openRadarService(config, logger),
): Services {
  let agent: Promise<AgentService> | undefined;
  return {
    radar,
    agent: () =>
      (agent ??= import('./compose-agent.ts').then(({ openAgentService }) =>
        openAgentService(config, logger, radar),
      )),
    async connect() {
      // A workflow round trip: Temporal reachable (or an embedded server started) and a worker polling.
      const { healthCheck } = await import('../workflows/health-check.ts');
      await radar.runner.run(healthCheck, ['connect'], {
        idPrefix: 'connect',
        label: 'connecting to Temporal…',
        what: 'connection check',
        onDemand: true,
      });
    },
    close: () => radar.close(),
  };
}

/** The Discord bot, the MCP HTTP endpoint and the web app, when configured, on one set of services. */
export async function startFrontEnds(
  config: Config,
  logger: Logger,
  runtime: Runtime,
  say: (m: string) => void,
  opts: { bot: boolean; adapters: Adapters },
): Promise<Running> {
  const wantsDiscord =
    opts.bot &&
    Boolean(config.DISCORD_TOKEN || (config.DISCORD_PUBLIC_KEY && config.DISCORD_INTERACTIONS_ADDR));
  const wantsWeb = config.WEB_ADDR !== 'off';
  if (!wantsDiscord && !config.MCP_HTTP_ADDR && !wantsWeb) return { stop: async () => {} };
  const { Client, Connection } = await import('@temporalio/client');
  const connection = await Connection.connect({ address: runtime.temporalAddress });
  const services = openServices(
    config,
    logger,
    openRadarService(config, logger, {
      client: new Client({ connection, namespace: config.TEMPORAL_NAMESPACE }),
      adapters: opts.adapters,
    }),
  );
  const service = services.radar;
  const agent = await services.agent();
  const stops: Array<() => Promise<void>> = [];
  try {
    if (wantsDiscord) {
      const { startDiscord } = await import('../bot/start.ts');
      const discord = await startDiscord(config, service, logger, { agent });
      if (discord) {
        stops.push(() => discord.stop());
        if (discord.gateway) say('Discord bot connected (gateway)');
        if (discord.interactionsUrl) say(`Discord interactions endpoint: ${discord.interactionsUrl}`);
      }
    }
    if (config.MCP_HTTP_ADDR) {
      const { startMcpHttp } = await import('../mcp/http.ts');
      const mcp = await startMcpHttp(config, service, logger, 'MCP_HTTP_ADDR', agent);
      if (mcp) {
        stops.push(() => mcp.stop());
        say(`MCP over HTTP: ${mcp.url} (bearer token required)`);
      }
    }
    if (wantsWeb) {
      const { startWebServer } = await import('../web/server.ts');
      try {
        const web = await startWebServer({
          service,
          agent,
          config,
          logger,
          temporalUiUrl: runtime.uiUrl ?? null,
          destinations: registeredDestinations(config),
        });
        stops.push(() => web.stop());
        say(`Web app: ${web.url}${config.WEB_TOKEN ? ' (sign in with WEB_TOKEN)' : ''}`);
      } catch (e) {
        // A busy port must not stop the workers and schedules: say so and go on without the app.
        if ((e as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw e;
        say(`Web app not started: ${config.WEB_ADDR} is in use (set WEB_ADDR to another host:port, or off).`);
      }
    }
  } catch (e) {
    for (const stop of stops.reverse()) await stop().catch(() => {});
    await services.close();
    await connection.close();
    throw e;
  }
  return {
    async stop() {
      for (const stop of stops.reverse())
        await stop().catch((e: unknown) => logger.warn({ err: e }, 'front-end stop'));
      await services.close();
      await connection.close().catch(() => {});
    },
  };
}
