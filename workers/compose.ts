/**
 * The composition root of the services: builds the application's ports from Config (the library
 * driver, Temporal, the models, Notion, arXiv, the conversion sandbox) and hands them to app/.
 * Every port opens what it needs on first use, so a command pays only for what it runs.
 */
import { publishersOf } from '../adapters/publish/registry.ts';
import type { Client } from '@temporalio/client';
import type { Workflow } from '@temporalio/common';
import type { RadarPorts, RunOptions, WorkflowRunner } from '../app/ports/service.ts';
import type { RadarService } from '../app/radar-service.ts';
import { createRadarService } from '../app/service/create.ts';
import type { PaperStore } from '../app/ports/store.ts';
import type { Config } from '../config/env.ts';
import type { Logger } from '../lib/logger.ts';
import { createAdapters, once, type Adapters } from './adapters.ts';
import { serviceSettings } from './settings.ts';
import type { TemporalRunner } from './temporal-runner.ts';
import { textPorts } from './text-ports.ts';

export { publishingSettings, serviceSettings } from './settings.ts';

/** The RadarService with what its owner may need besides: the library (tests, `start`) and closing. */
export type RadarServiceHandle = RadarService & {
  store: PaperStore;
  /** The same Temporal connection, for the agent service built beside it. */
  runner: WorkflowRunner;
  /** The process's adapters (the LLM client, the reranker), for whatever else it builds. */
  adapters: Adapters;
  close(): Promise<void>;
};

/**
 * The library, opened on first use: `convert` never opens it, and the drivers (SQLite, Postgres)
 * load only then. Every PaperStore method is async, so each call can wait for the opening.
 */
function lazyStore(open: () => Promise<PaperStore>): {
  store: PaperStore;
  opened: () => Promise<PaperStore> | undefined;
} {
  let store: Promise<PaperStore> | undefined;
  const proxy = new Proxy({} as PaperStore, {
    get(_, name: string | symbol) {
      if (typeof name !== 'string' || name === 'then') return undefined;
      return async (...args: unknown[]) => {
        const s = await (store ??= open());
        return (s as unknown as Record<string, (...a: unknown[]) => Promise<unknown>>)[name]!(...args);
      };
    },
  });
  return { store: proxy, opened: () => store };
}

/** Temporal, connected (or an embedded server started) on first use. */
function lazyRunner(config: Config, logger: Logger, client: Client | undefined, adapters: Adapters) {
  let loading: Promise<TemporalRunner> | undefined;
  const runner = () =>
    (loading ??= import('./temporal-runner.ts').then(({ createTemporalRunner }) =>
      createTemporalRunner(config, logger, { adapters, ...(client ? { client } : {}) }),
    ));
  return { runner, started: () => loading };
}

/**
 * Builds the RadarService for this process. `client` reuses a connection the caller already has;
 * `adapters` the process's adapters (`start` shares one set between its workers and front ends).
 */
export function openRadarService(
  config: Config,
  logger: Logger,
  opts: { client?: Client; adapters?: Adapters } = {},
): RadarServiceHandle {
  const adapters = opts.adapters ?? createAdapters(config, logger);
  const library = lazyStore(async () => (await import('./store.ts')).openStore(config, logger));
  const temporal = lazyRunner(config, logger, opts.client, adapters);
  // The process's one arXiv client, on the connection given (`start`) or its own, opened on first use.
  const arxiv = once(async () =>
    (await import('./arxiv-clients.ts')).gatedArxivClient(config, logger, {
      ...(opts.client ? { client: opts.client } : {}),
    }),
  );
  let arxivUsed = false;
  const runner: WorkflowRunner = {
    run: <W extends Workflow>(
      workflow: W,
      args: Parameters<W>,
      options: RunOptions,
    ): Promise<Awaited<ReturnType<W>>> => temporal.runner().then((r) => r.run(workflow, args, options)),
    describe: (workflowId) => temporal.runner().then((r) => r.describe(workflowId)),
  };
  const ports: RadarPorts = {
    ...textPorts(adapters.llm, logger),
    store: library.store,
    runner,
    schedules: {
      async upsert(sub) {
        const [{ upsertSchedule }, client] = await Promise.all([
          import('./schedules.ts'),
          temporal.runner().then((r) => r.temporal()),
        ]);
        await upsertSchedule(client, sub, config.TEMPORAL_TASK_QUEUE);
      },
      async remove(name) {
        const [{ deleteSchedule }, client] = await Promise.all([
          import('./schedules.ts'),
          temporal.runner().then((r) => r.temporal()),
        ]);
        return deleteSchedule(client, name);
      },
    },
    reranker: adapters.reranker,
    llm: adapters.llm,
    // The worker's Notion publisher when both run in this process: built once (adapters/publish/registry.ts).
    notion: once(() =>
      Promise.resolve(
        publishersOf(config, logger).publisherFor('notion', {
          markdown: false,
          notion: true,
          discordChannelId: null,
          discordWebhookUrl: null,
        }),
      ),
    ),
    converter: {
      async convertFile(path, { kind }) {
        const { convertInSandbox } = await import('../adapters/convert/sandbox.ts');
        return convertInSandbox(
          { kind: kind ?? 'pdf', path },
          {
            timeoutMs: config.CONVERT_TIMEOUT_MS,
            maxBytes: config.CONVERT_MAX_BYTES,
            maxMemoryMb: config.CONVERT_MAX_MEMORY_MB,
          },
        );
      },
    },
    arxiv: async () => {
      arxivUsed = true;
      return (await arxiv()).client;
    },
  };
  return {
    ...createRadarService(ports, serviceSettings(config), logger),
    store: library.store,
    runner,
    adapters,
    async close() {
      if (arxivUsed) await (await arxiv()).close();
      await (await temporal.started())?.close();
      await (await library.opened())?.close();
    },
  };
}
