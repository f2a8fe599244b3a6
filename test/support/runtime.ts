/**
 * The integration harness: starts the real Temporal dev server and workers through the same
 * code path as `arxiv-radar start` (workers/runtime.ts), on free ports and a throwaway DATA_DIR.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client, Connection } from '@temporalio/client';
import { loadConfig, type Config } from '../../config/env.ts';
import { startRuntime, type Runtime } from '../../workers/runtime.ts';

/** The workflow bundle scripts/run-tests.mjs built for the whole run; a file run on its own bundles at start. */
const SHARED_BUNDLE = process.env.ARXIV_RADAR_TEST_WORKFLOW_BUNDLE;

export interface TestRuntime {
  runtime: Runtime;
  client: Client;
  config: Config;
  dataDir: string;
  stop(): Promise<void>;
}

/** Config for tests: a temp DATA_DIR and no .env file; `env` overrides any variable. */
export function testConfig(env: Record<string, string> = {}): { config: Config; dataDir: string } {
  const dataDir = env.DATA_DIR ?? mkdtempSync(path.join(os.tmpdir(), 'arxiv-radar-test-'));
  const config = loadConfig(
    { DATA_DIR: dataDir, TEMPORAL_TASK_QUEUE: `test-${process.pid}-${Date.now()}`, ...env },
    {},
  );
  return { config, dataDir };
}

export async function startTestRuntime(env: Record<string, string> = {}): Promise<TestRuntime> {
  const { config, dataDir } = testConfig(env);
  const runtime = await startRuntime(config, {
    devServerPorts: { port: 0, uiPort: -1 },
    ...(SHARED_BUNDLE ? { workflowBundle: { codePath: SHARED_BUNDLE } } : {}),
  });
  const connection = await Connection.connect({ address: runtime.temporalAddress });
  const client = new Client({ connection, namespace: config.TEMPORAL_NAMESPACE });
  return {
    runtime,
    client,
    config,
    dataDir,
    async stop() {
      await connection.close();
      await runtime.stop();
      if (!env.DATA_DIR) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
