/**
 * The composition root of `arxiv-radar start`: Temporal (embedded dev server unless
 * TEMPORAL_ADDRESS is set), real adapters built from Config, and the workers. The integration
 * tests start it through this same function.
 */
import path from 'node:path';
import {
  DefaultLogger,
  NativeConnection,
  Runtime as TemporalRuntime,
  type LogLevel,
  type WorkerOptions,
} from '@temporalio/worker';
import type { Config } from '../config/env.ts';
import { AppError } from '../domain/errors.ts';
import { silentLogger, type Logger } from '../lib/logger.ts';
import { startDevServer, type DevServer } from './dev-server.ts';
import { resolveTemporalCli } from './temporal-cli.ts';
import { createWorkerSet, type WorkerSet } from './worker-set.ts';
import type { Adapters } from './adapters.ts';
import { buildActivities } from './build-activities.ts';
import { prepareSubscriptions, syncSchedules } from './schedules.ts';
import { openStore } from './store.ts';
import { Client, Connection } from '@temporalio/client';
import { sdkLogMeta } from './sdk-log.ts';

export interface Runtime {
  temporalAddress: string;
  uiUrl: string | undefined;
  devServer: DevServer | undefined;
  workers: WorkerSet;
  connection: NativeConnection;
  /** Resolves when the workers stop (after stop()). */
  running: Promise<void>;
  /** Drains the workers, then stops the dev server. Safe to call more than once. */
  stop(): Promise<void>;
}

export interface RuntimeOptions {
  logger?: Logger;
  say?: (message: string) => void;
  workflowBundle?: WorkerOptions['workflowBundle'];
  /** Overrides the dev server's ports (tests pass 0 for free ones). */
  devServerPorts?: { port: number; uiPort: number };
  /** A worker-only node (`start --worker`): workers only; the main node owns the subscriptions' schedules. */
  workerOnly?: boolean;
  /** The process's adapters (the LLM client, the reranker), when its front ends use them too. */
  adapters?: Adapters;
}

let sdkLoggerInstalled = false;

/** Routes the Temporal SDK's own logs into ours, at our level (quiet by default). Once per process. */
export function installSdkLogger(log: Logger): void {
  if (sdkLoggerInstalled) return;
  sdkLoggerInstalled = true;
  const levels: Record<string, LogLevel> = { trace: 'TRACE', debug: 'DEBUG', info: 'INFO', warn: 'WARN' };
  const level = levels[log.level] ?? 'ERROR';
  TemporalRuntime.install({
    // Our processes handle SIGINT/SIGTERM themselves (start drains; a CLI command cancels its
    // workflow first, which needs the workers still running): the SDK must not stop the workers.
    shutdownSignals: [],
    logger: new DefaultLogger(level, (entry) => {
      // The arXiv queue's worker has activities only, by design: not worth a warning at every start.
      const expected = entry.message.startsWith('No workflows registered');
      const fn = expected
        ? log.debug
        : entry.level === 'ERROR'
          ? log.error
          : entry.level === 'WARN'
            ? log.warn
            : entry.level === 'INFO'
              ? log.info
              : log.debug;
      fn.call(log, { sdk: sdkLogMeta(entry.meta) }, entry.message);
    }),
  });
}

export async function startRuntime(config: Config, opts: RuntimeOptions = {}): Promise<Runtime> {
  const log = opts.logger ?? silentLogger;
  installSdkLogger(log);
  const say = opts.say ?? (() => {});
  // Stored subscriptions are checked before anything starts: a broken schedule is an error, not a log line.
  const library = opts.workerOnly ? null : openStore(config, log);
  if (library)
    try {
      await prepareSubscriptions(
        library,
        { cron: config.DIGEST_CRON, timezone: config.DIGEST_TIMEZONE },
        (m) => {
          log.info(m);
          say(m);
        },
      );
    } finally {
      await library.close();
    }
  if (opts.workerOnly && !config.TEMPORAL_ADDRESS)
    throw new AppError(
      'INVALID_INPUT',
      'a worker-only node needs TEMPORAL_ADDRESS (the cluster the other nodes use)',
    );
  let devServer: DevServer | undefined;
  let address = config.TEMPORAL_ADDRESS;
  if (!address) {
    const cli = await resolveTemporalCli({ cliPath: config.TEMPORAL_CLI_PATH, install: true, say });
    log.info({ cli: cli.path, source: cli.source }, 'Temporal CLI');
    devServer = await startDevServer({
      cliPath: cli.path,
      dbFile: path.join(config.DATA_DIR, 'temporal.sqlite'),
      port: opts.devServerPorts?.port ?? config.TEMPORAL_DEV_PORT,
      uiPort: opts.devServerPorts?.uiPort ?? config.TEMPORAL_UI_PORT,
      namespace: config.TEMPORAL_NAMESPACE,
      logger: log,
      onNotice: say,
    });
    address = devServer.address;
  }
  let connection: NativeConnection;
  let workers: WorkerSet;
  let built: Awaited<ReturnType<typeof buildActivities>>;
  try {
    connection = await NativeConnection.connect({ address });
    built = await buildActivities(config, log, opts.adapters);
    workers = await createWorkerSet({
      connection,
      namespace: config.TEMPORAL_NAMESPACE,
      taskQueue: config.TEMPORAL_TASK_QUEUE,
      activities: built.activities,
      arxivActivities: built.arxivActivities,
      arxivMinIntervalMs: config.ARXIV_MIN_INTERVAL_MS,
      workflowBundle: opts.workflowBundle,
      logger: log,
    });
  } catch (e) {
    await devServer?.stop();
    throw e;
  }
  const running = workers.run();
  if (!opts.workerOnly)
    try {
      // Schedules follow the subscriptions stored in the library (created, updated, paused, deleted).
      const clientConnection = await Connection.connect({ address });
      try {
        const client = new Client({ connection: clientConnection, namespace: config.TEMPORAL_NAMESPACE });
        const synced = await syncSchedules(
          client,
          await built.store.listSubscriptions(),
          config.TEMPORAL_TASK_QUEUE,
        );
        log.info(synced, 'digest schedules in sync');
        if (synced.upserted > 0) say(`Digest schedules: ${synced.upserted} subscription(s) scheduled`);
      } finally {
        await clientConnection.close();
      }
    } catch (e) {
      log.error({ err: e }, 'could not sync digest schedules');
    }
  running.catch((e: unknown) => log.error({ err: e }, 'worker stopped with an error'));
  let stopping: Promise<void> | undefined;
  return {
    temporalAddress: address,
    uiUrl: devServer?.uiUrl,
    devServer,
    workers,
    connection,
    running,
    stop: () =>
      (stopping ??= (async () => {
        await workers.shutdown().catch((e: unknown) => log.warn({ err: e }, 'worker shutdown'));
        await built.close();
        await connection.close().catch(() => {});
        await devServer?.stop();
      })()),
  };
}
