/**
 * The Operations the CLI's operator commands use (app/operations.ts): starting the system and its
 * front ends, serving MCP and the web app, deploying the bot's commands, doctor's checks of
 * Temporal and storage, and library maintenance. The composition root for all of them.
 */
import path from 'node:path';
import type { AgentService } from '../app/agent-service.ts';
import type { Check, Operations, Running, Services } from '../app/operations.ts';
import type { Config } from '../config/env.ts';
import { errorMessage } from '../domain/errors.ts';
import type { Subscription } from '../domain/subscription.ts';
import type { Logger } from '../lib/logger.ts';
import { openRadarService, publishingSettings } from './compose.ts';
import { describeTargets } from '../domain/digest-targets.ts';
import type { PaperStore } from '../app/ports/store.ts';
import type { Runtime } from './runtime.ts';

/** The services of one command: the agent is composed beside the radar on first use. */
function openServices(config: Config, logger: Logger, radar = openRadarService(config, logger)): Services {
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
async function startFrontEnds(
  config: Config,
  logger: Logger,
  runtime: Runtime,
  say: (m: string) => void,
  opts: { bot: boolean },
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

/** `; web app at http://…` when the web app answers at WEB_ADDR (a wildcard address is asked on loopback), else why not. */
async function webAppAt(addr: string): Promise<string> {
  if (addr === 'off') return '; no web app (WEB_ADDR=off)';
  const url = `http://${addr.replace(/^0\.0\.0\.0:/, '127.0.0.1:').replace(/^\[::\]:/, '[::1]:')}`;
  try {
    const r = await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(1500) });
    return r.ok ? `; web app at ${url}` : `; the web app at ${url} answered ${r.status}`;
  } catch {
    return `; no web app answers at ${url} (another WEB_ADDR, or its port was busy)`;
  }
}

/** On a cluster: does this node space arXiv requests like the running gate's last request? */
async function checkGateInterval(config: Config): Promise<Check> {
  const { Client, Connection } = await import('@temporalio/client');
  const { ARXIV_GATE_WORKFLOW_ID, arxivGateStatus } = await import('../workflows/arxiv-gate-messages.ts');
  try {
    const connection = await Connection.connect({ address: config.TEMPORAL_ADDRESS!, connectTimeout: 3000 });
    try {
      const client = new Client({ connection, namespace: config.TEMPORAL_NAMESPACE });
      const status = await client.workflow.getHandle(ARXIV_GATE_WORKFLOW_ID).query(arxivGateStatus);
      if (status.lastIntervalMs === 0)
        return { name: 'arxiv gate', status: 'ok', detail: 'running; no request spaced yet' };
      if (status.lastIntervalMs !== config.ARXIV_MIN_INTERVAL_MS) {
        return {
          name: 'arxiv gate',
          status: 'warn',
          detail: `this node spaces arXiv requests by ARXIV_MIN_INTERVAL_MS=${config.ARXIV_MIN_INTERVAL_MS} ms, the cluster's last request by ${status.lastIntervalMs} ms: set the same value on every node`,
        };
      }
      return {
        name: 'arxiv gate',
        status: 'ok',
        detail: `running; ${status.lastIntervalMs} ms between requests, as configured here; ${status.waiting} waiting`,
      };
    } finally {
      await connection.close();
    }
  } catch (e) {
    const message = errorMessage(e);
    if (/not found/i.test(message))
      return {
        name: 'arxiv gate',
        status: 'off',
        detail: 'no arXiv gate running yet (it starts with the first arXiv request)',
      };
    return { name: 'arxiv gate', status: 'warn', detail: `could not read the arXiv gate: ${message}` };
  }
}

export const operations: Operations = {
  openServices: (config, logger) => openServices(config, logger),

  async startSystem(config, logger, { bot, workerOnly, say }) {
    const { startRuntime } = await import('./runtime.ts');
    const runtime = await startRuntime(config, { logger, say, workerOnly });
    if (runtime.devServer) {
      say(`Temporal dev server on ${runtime.temporalAddress} (data in ${config.DATA_DIR})`);
      if (runtime.uiUrl) say(`Temporal Web UI: ${runtime.uiUrl}`);
    } else {
      say(`Using Temporal at ${runtime.temporalAddress}`);
    }
    say(`Workers polling: ${runtime.workers.workers.map((w) => w.options.taskQueue).join(', ')}`);
    if (workerOnly) say('Worker-only node: schedules, the Discord bot and MCP run on the main node.');
    const frontEnds = await (
      workerOnly
        ? Promise.resolve<Running>({ stop: async () => {} })
        : startFrontEnds(config, logger, runtime, say, { bot })
    ).catch(async (e: unknown) => {
      await runtime.stop();
      throw e;
    });
    let stopping: Promise<void> | undefined;
    return {
      running: runtime.running,
      stop: () => (stopping ??= frontEnds.stop().then(() => runtime.stop())),
      kill: () => void runtime.devServer?.stop(),
    };
  },

  async serveMcp(config, logger, services, { httpAddr }) {
    const agent = await services.agent();
    if (httpAddr !== undefined) {
      const { startMcpHttp } = await import('../mcp/http.ts');
      const running = await startMcpHttp(
        { MCP_HTTP_ADDR: httpAddr, MCP_TOKEN: config.MCP_TOKEN },
        services.radar,
        logger,
        '--http',
        agent,
      );
      return { url: running?.url ?? null, stop: async () => running?.stop() };
    }
    const { runMcpStdio } = await import('../mcp/stdio.ts');
    const done = runMcpStdio(services.radar, logger, agent);
    return { url: null, stop: () => done };
  },

  async serveWeb(config, logger, services, { addr, temporalUiUrl }) {
    const { startWebServer } = await import('../web/server.ts');
    const web = await startWebServer({
      service: services.radar,
      agent: await services.agent(),
      config,
      logger,
      temporalUiUrl,
      addr,
    });
    return { url: web.url, stop: () => web.stop() };
  },

  async deployDiscordCommands(config, { guildId }) {
    const { deployCommands } = await import('../bot/deploy-commands.ts');
    return deployCommands({
      apiUrl: config.DISCORD_API_URL,
      botToken: config.DISCORD_TOKEN!,
      applicationId: config.DISCORD_APPLICATION_ID!,
      ...(guildId ? { guildId } : {}),
    });
  },

  async checkStart(config) {
    const address = config.TEMPORAL_ADDRESS ?? `127.0.0.1:${config.TEMPORAL_DEV_PORT}`;
    const { Connection } = await import('@temporalio/client');
    let connection: Awaited<ReturnType<typeof Connection.connect>> | undefined;
    try {
      connection = await Connection.connect({ address, connectTimeout: 1500 });
      const { pollers } = await connection.workflowService.describeTaskQueue({
        namespace: config.TEMPORAL_NAMESPACE,
        taskQueue: { name: config.TEMPORAL_TASK_QUEUE },
        taskQueueType: 1, // TASK_QUEUE_TYPE_WORKFLOW
      });
      const n = pollers?.length ?? 0;
      if (n === 0)
        return {
          name: 'start',
          status: 'warn',
          detail: `Temporal answers at ${address} but no worker polls ${config.TEMPORAL_TASK_QUEUE}: start \`arxiv-radar start\` (or check TEMPORAL_TASK_QUEUE)`,
        };
      return {
        name: 'start',
        status: 'ok',
        detail: `running: Temporal at ${address}, ${n} worker${n === 1 ? '' : 's'} polling ${config.TEMPORAL_TASK_QUEUE}${await webAppAt(config.WEB_ADDR)}`,
      };
    } catch {
      return {
        name: 'start',
        status: 'off',
        detail: `not running (nothing answers at ${address}): commands start an embedded Temporal server for their own duration; run \`arxiv-radar start\` for schedules and the web app`,
      };
    } finally {
      await connection?.close().catch(() => {});
    }
  },

  async checkTemporal(config) {
    if (config.TEMPORAL_ADDRESS) {
      const { Connection } = await import('@temporalio/client');
      try {
        const conn = await Connection.connect({ address: config.TEMPORAL_ADDRESS, connectTimeout: 3000 });
        try {
          const info = await conn.workflowService.getSystemInfo({});
          return {
            name: 'temporal',
            status: 'ok',
            detail: `reachable at ${config.TEMPORAL_ADDRESS} (server ${info.serverVersion ?? '?'})`,
          };
        } finally {
          await conn.close();
        }
      } catch (e) {
        return {
          name: 'temporal',
          status: 'fail',
          detail: `TEMPORAL_ADDRESS=${config.TEMPORAL_ADDRESS} is not reachable: ${errorMessage(e)}`,
        };
      }
    }
    const { findOnPath, resolveTemporalCli, TEMPORAL_CLI_VERSION } = await import('./temporal-cli.ts');
    try {
      const cli = await resolveTemporalCli({ cliPath: config.TEMPORAL_CLI_PATH, install: false });
      return {
        name: 'temporal',
        status: 'ok',
        detail: `embedded dev server via ${cli.path} (${cli.source})`,
      };
    } catch (e) {
      if (config.TEMPORAL_CLI_PATH) return { name: 'temporal', status: 'fail', detail: errorMessage(e) };
      const go = findOnPath('go');
      return go
        ? {
            name: 'temporal',
            status: 'warn',
            detail: `CLI not installed yet; installable (CDN download or go install v${TEMPORAL_CLI_VERSION} with ${go}); run npm run setup`,
          }
        : {
            name: 'temporal',
            status: 'warn',
            detail:
              'CLI not installed yet; start will try the CDN download. Without network, set TEMPORAL_CLI_PATH or install Go.',
          };
    }
  },

  /**
   * The library opens (and migrates), the blob store is writable and readable (a tiny
   * content-addressed probe, the same bytes every time), and, on a cluster, this node spaces arXiv
   * requests like the gate the other nodes use.
   */
  async checkStorage(config) {
    const [{ openStore, storeLocation }, { openBlobStore }] = await Promise.all([
      import('./store.ts'),
      import('./blobs.ts'),
    ]);
    const checks: Check[] = [];
    let subscriptions: Subscription[] = [];
    const location = storeLocation(config);
    try {
      const store = openStore(config);
      try {
        subscriptions = await store.listSubscriptions();
        const n = subscriptions.length;
        checks.push({
          name: 'library',
          status: 'ok',
          detail: `${location} (migrated; ${n} subscription${n === 1 ? '' : 's'})`,
        });
        checks.push(...(await deliveryChecks(config, store, subscriptions)));
      } finally {
        await store.close();
      }
    } catch (e) {
      checks.push({ name: 'library', status: 'fail', detail: `${location}: ${errorMessage(e)}` });
    }
    const blobs = openBlobStore(config);
    try {
      const probe = Buffer.from('{"arxiv-radar":"doctor probe"}');
      const { key } = await blobs.put(probe, 'json');
      const back = await blobs.get(key);
      checks.push(
        back.equals(probe)
          ? { name: 'blobs', status: 'ok', detail: `${blobs.describe()} is writable and readable` }
          : {
              name: 'blobs',
              status: 'fail',
              detail: `${blobs.describe()} gave back other bytes than were stored`,
            },
      );
    } catch (e) {
      checks.push({ name: 'blobs', status: 'fail', detail: `${blobs.describe()}: ${errorMessage(e)}` });
    } finally {
      await blobs.close();
    }
    if (config.TEMPORAL_ADDRESS) checks.push(await checkGateInterval(config));
    return { checks, subscriptions };
  },

  async migrateLibrary(config) {
    if (config.DATABASE_URL) {
      const { migratePostgres } = await import('../adapters/store/postgres/index.ts');
      return { driver: 'postgres', ...(await migratePostgres(config.DATABASE_URL)) };
    }
    const [{ openSqliteStore }, { SCHEMA_VERSION }] = await Promise.all([
      import('../adapters/store/sqlite/index.ts'),
      import('../adapters/store/sqlite/migrations.ts'),
    ]);
    await openSqliteStore({ dataDir: config.DATA_DIR }).close();
    return { driver: 'sqlite', from: null, to: SCHEMA_VERSION };
  },

  async copyLibrary(config, logger, url, { progress, before }) {
    const [{ openPostgresStore }, copy] = await Promise.all([
      import('../adapters/store/postgres/index.ts'),
      import('../adapters/store/postgres/copy-from-sqlite.ts'),
    ]);
    const source = copy.openSource(config.DATA_DIR);
    const store = openPostgresStore({ url, logger });
    try {
      const counts = async () => ({
        sqlite: copy.sqliteCounts(source),
        postgres: await copy.postgresCounts(store),
      });
      const first = await counts();
      before(first);
      await copy.copySqliteToPostgres(source, path.join(config.DATA_DIR, 'content'), store, (t, n) =>
        progress(`copying ${t}: ${n}`),
      );
      return { tables: copy.COPIED_TABLES, before: first, after: await counts() };
    } finally {
      source.close();
      await store.close();
    }
  },
};

/**
 * Where each subscription's digest goes, and every announcement still pending with the failure
 * of each destination that refused it (fail when it needs a fix, warn while it is being retried).
 */
async function deliveryChecks(
  config: Config,
  store: Pick<PaperStore, 'pendingDeliveries'>,
  subscriptions: Subscription[],
): Promise<Check[]> {
  const settings = publishingSettings(config);
  const checks: Check[] = [];
  for (const sub of subscriptions) {
    checks.push({
      name: 'delivery',
      status: 'ok',
      detail: `"${sub.name}" → ${describeTargets(sub.destinations, settings).join(', ')}`,
    });
    for (const d of await store.pendingDeliveries(sub.name)) {
      for (const f of d.failures ?? []) {
        checks.push({
          name: 'delivery',
          status: f.permanent ? 'fail' : 'warn',
          detail: `"${sub.name}": the ${d.announcement} digest is pending: ${f.destination} failing since ${f.since.slice(0, 16).replace('T', ' ')} UTC: ${f.message}`,
        });
      }
    }
  }
  return checks;
}
