/**
 * The Operations the CLI's operator commands use (app/operations.ts): starting the system and its
 * front ends, serving MCP and the web app, deploying the bot's commands, doctor's checks of
 * Temporal and storage, and library maintenance. The composition root for all of them.
 */
import { registeredDestinations } from '../adapters/publish/registry.ts';
import path from 'node:path';
import type { Operations, Running } from '../app/operations.ts';
import { createAdapters } from './adapters.ts';
import { checkStart, checkStorage, checkTemporal } from './checks.ts';
import { openServices, startFrontEnds } from './front-ends.ts';

export const operations: Operations = {
  openServices: (config, logger) => openServices(config, logger),

  async startSystem(config, logger, { bot, workerOnly, say }) {
    const { startRuntime } = await import('./runtime.ts');
    // One set of adapters (the LLM client, the reranker) for the workers and the front ends.
    const adapters = createAdapters(config, logger);
    const runtime = await startRuntime(config, { logger, say, workerOnly, adapters });
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
        : startFrontEnds(config, logger, runtime, say, { bot, adapters })
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
      destinations: registeredDestinations(config),
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

  checkStart,
  checkTemporal,
  checkStorage,

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
