/**
 * The WorkflowRunner on Temporal: starts a workflow for a waiting caller, relays its progress (its
 * `progress` query and its pending arXiv activities: "arXiv answered 503; retry 5 in 32 s") and
 * the text its activities are writing (drafts in their heartbeat details: the agent's answer),
 * cancels it when the caller goes away, and turns its failure into an error that says what
 * happened. When no Temporal server is reachable and TEMPORAL_ADDRESS is unset, an embedded one is
 * started for the life of the runner (the CLI then works without a separate `start`).
 */
import { Client, Connection, WorkflowFailedError, WorkflowNotFoundError } from '@temporalio/client';
import type { Workflow } from '@temporalio/common';
import type { RunOptions, WorkflowRunner, WorkflowState } from '../app/ports/service.ts';
import type { Config } from '../config/env.ts';
import { AppError, errorMessage } from '../domain/errors.ts';
import type { Logger } from '../lib/logger.ts';
import type { Adapters } from './adapters.ts';
import { cancelledError, runWorkflow } from './run-workflow.ts';
import { startRuntime, type Runtime } from './runtime.ts';

export interface TemporalRunner extends WorkflowRunner {
  describe(workflowId: string): Promise<WorkflowState | null>;
  /** The client, connecting (or starting an embedded server) on first use. */
  temporal(): Promise<Client>;
  close(): Promise<void>;
}

export function createTemporalRunner(
  config: Config,
  logger: Logger,
  opts: { client?: Client; adapters?: Adapters } = {},
): TemporalRunner {
  let clientPromise: Promise<Client> | undefined = opts.client ? Promise.resolve(opts.client) : undefined;
  let embedded: Runtime | undefined;
  let connection: Connection | undefined;

  async function connect(): Promise<Client> {
    const address = config.TEMPORAL_ADDRESS ?? `127.0.0.1:${config.TEMPORAL_DEV_PORT}`;
    try {
      connection = await Connection.connect({ address, connectTimeout: 2000 });
      await connection.workflowService.getSystemInfo({});
    } catch (e) {
      await connection?.close().catch(() => {});
      connection = undefined;
      if (config.TEMPORAL_ADDRESS) {
        throw new AppError(
          'TEMPORAL_UNAVAILABLE',
          `Temporal at TEMPORAL_ADDRESS=${address} is not reachable (${errorMessage(e)}).`,
        );
      }
      logger.info('no Temporal server running; starting an embedded one for this command');
      process.stderr.write(
        'No running arxiv-radar found: starting an embedded Temporal server for this command…\n',
      );
      embedded = await startRuntime(config, {
        logger,
        ...(opts.adapters ? { adapters: opts.adapters } : {}),
      });
      connection = await Connection.connect({ address: embedded.temporalAddress });
    }
    return new Client({ connection, namespace: config.TEMPORAL_NAMESPACE });
  }
  const temporal = () => (clientPromise ??= connect());
  const taskQueue = config.TEMPORAL_TASK_QUEUE;

  async function run<W extends Workflow>(
    workflow: W,
    args: Parameters<W>,
    o: RunOptions,
  ): Promise<Awaited<ReturnType<W>>> {
    if (o.signal?.aborted) throw cancelledError(o);
    const client = await temporal();
    if (o.signal?.aborted) throw cancelledError(o);
    const ctx = { client, taskQueue, timeoutSeconds: config.ONDEMAND_TIMEOUT_SECONDS, logger };
    return runWorkflow(ctx, workflow, args, o);
  }

  /** A workflow by id from Temporal (the web app's run pages survive a restart this way). */
  async function describe(workflowId: string): Promise<WorkflowState | null> {
    const client = await temporal();
    const handle = client.workflow.getHandle(workflowId);
    let d;
    try {
      d = await handle.describe();
    } catch (e) {
      if (e instanceof WorkflowNotFoundError) return null;
      throw e;
    }
    const base = { type: d.type, runId: d.runId };
    if (d.status.name === 'RUNNING') return { ...base, status: 'running' };
    if (d.status.name === 'COMPLETED') return { ...base, status: 'completed', result: await handle.result() };
    let failure = d.status.name.toLowerCase().replace(/_/g, ' ');
    await handle
      .result()
      .catch(
        (e: unknown) => (failure = errorMessage(e instanceof WorkflowFailedError && e.cause ? e.cause : e)),
      );
    return { ...base, status: 'failed', failure };
  }

  return {
    run,
    describe,
    temporal,
    async close() {
      await connection?.close().catch(() => {});
      await embedded?.stop();
    },
  };
}
