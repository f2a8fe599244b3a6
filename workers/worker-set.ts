/**
 * Builds and runs the workers of one process: the main queue (workflows and non-arXiv
 * activities) and the arXiv queue (every arXiv HTTP request, rate limited server-side).
 */
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import type { NativeConnection } from '@temporalio/worker';
import { Worker, type WorkerOptions } from '@temporalio/worker';
import { taskQueues } from '../config/task-queues.ts';
import { silentLogger, type Logger } from '../lib/logger.ts';

const require = createRequire(import.meta.url);

/** The workflow bundle's entry: the .ts sources, or their compiled .js when running from dist/. */
export const WORKFLOWS_PATH = require.resolve(
  `../workflows/index.${import.meta.url.endsWith('.js') ? 'js' : 'ts'}`,
);

/** Notes a workflow's failure for the SDK's "Workflow failed" log entry (workflows/failure-log-interceptor.ts). */
export const FAILURE_LOG_INTERCEPTOR_PATH = require.resolve(
  `../workflows/failure-log-interceptor.${import.meta.url.endsWith('.js') ? 'js' : 'ts'}`,
);

/**
 * Where the workflows come from. Running from dist/, the bundle `npm run build` wrote beside the
 * compiled code (dist/workflows.bundle.js, scripts/build.mjs): every command that starts a worker
 * would otherwise spend ~2 s in webpack first. From the sources (or an old build without the
 * file), the workflows are bundled at start. bin/arxiv-radar runs dist/ only while it matches the
 * sources, so the bundle is never older than the code around it.
 */
export function workflowSourceFor(
  moduleUrl: string,
): Pick<WorkerOptions, 'workflowBundle' | 'workflowsPath' | 'interceptors'> {
  const prebuilt = fileURLToPath(new URL('../workflows.bundle.js', moduleUrl));
  if (moduleUrl.endsWith('.js') && existsSync(prebuilt)) return { workflowBundle: { codePath: prebuilt } };
  return { workflowsPath: WORKFLOWS_PATH, interceptors: { workflowModules: [FAILURE_LOG_INTERCEPTOR_PATH] } };
}

export interface WorkerSetOptions {
  connection: NativeConnection;
  namespace: string;
  taskQueue: string;
  /** Activities for the main queue. */
  activities: object;
  /** Activities that call arXiv; run on the rate-limited queue. Omit to poll only the main queue. */
  arxivActivities?: object | undefined;
  /** Minimum spacing of arXiv requests across every worker of the cluster. */
  arxivMinIntervalMs?: number;
  /** A pre-built bundle (tests share one); otherwise the workflows are bundled at start. */
  workflowBundle?: WorkerOptions['workflowBundle'];
  logger?: Logger;
  /** Extra options for the main worker (tests lower timeouts). */
  mainWorkerOptions?: Partial<WorkerOptions>;
}

export interface WorkerSet {
  workers: Worker[];
  /** Resolves when every worker has stopped (after shutdown()). */
  run(): Promise<void>;
  shutdown(): Promise<void>;
}

export async function createWorkerSet(opts: WorkerSetOptions): Promise<WorkerSet> {
  const queues = taskQueues(opts.taskQueue);
  const log = opts.logger ?? silentLogger;
  const workflowSource = opts.workflowBundle
    ? { workflowBundle: opts.workflowBundle }
    : workflowSourceFor(import.meta.url);
  const workers: Worker[] = [
    await Worker.create({
      connection: opts.connection,
      namespace: opts.namespace,
      taskQueue: queues.main,
      activities: opts.activities,
      // Heartbeats reach the server at most this often (by default 0.8 × the heartbeat timeout,
      // 52 s for the agent's model call): the agent's answer travels as it is written in its
      // heartbeat details (activities/agent/activities.ts, docs/agent.md). Activities that heartbeat
      // every few seconds are unaffected; arXiv activities run on their own worker.
      maxHeartbeatThrottleInterval: '250ms',
      ...workflowSource,
      ...opts.mainWorkerOptions,
    }),
  ];
  if (opts.arxivActivities) {
    const interval = opts.arxivMinIntervalMs ?? 3000;
    workers.push(
      await Worker.create({
        connection: opts.connection,
        namespace: opts.namespace,
        taskQueue: queues.arxiv,
        activities: opts.arxivActivities,
        // The server spaces dispatches for the whole task queue, across every worker and machine
        // (one partition: see dev-server.ts); its token bucket still lets a few through at once at
        // short intervals, so the exact spacing and the one-connection rule come from the arXiv
        // gate workflow each request waits for (workflows/arxiv-gate.ts). One request per worker.
        maxTaskQueueActivitiesPerSecond: interval > 0 ? 1000 / interval : undefined,
        maxConcurrentActivityTaskExecutions: 1,
      }),
    );
  }
  log.info({ queues: workers.map((w) => w.options.taskQueue) }, 'workers created');
  let running: Promise<void> | undefined;
  return {
    workers,
    run: () => (running ??= Promise.all(workers.map((w) => w.run())).then(() => undefined)),
    async shutdown() {
      for (const w of workers) if (w.getState() === 'RUNNING') w.shutdown();
      await running;
    },
  };
}
