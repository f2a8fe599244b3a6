/**
 * The real RadarService (`createRadarService` from app/) over real ports — the SQLite library and
 * the in-memory store that passes the same store contracts, BM25, the sandboxed converter — passes
 * the service contract. Schedules are kept in a Map, and no workflow may start: every behaviour of
 * the contract must hold (and every bad input be refused) before Temporal is involved. The
 * workflow part of the contract runs on the real Temporal dev server in
 * test/integration/radar-service-contract.test.ts.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after } from 'node:test';
import type { RadarPorts, WorkflowRunner } from '../../../app/ports/service.ts';
import { createRadarService } from '../../../app/service/create.ts';
import { createBm25Reranker } from '../../../adapters/rank/bm25.ts';
import type { PaperStore } from '../../../app/ports/store.ts';
import { openSqliteStore } from '../../../adapters/store/sqlite/index.ts';
import { loadConfig } from '../../../config/env.ts';
import { AppError } from '../../../domain/errors.ts';
import { silentLogger } from '../../../lib/logger.ts';
import { serviceSettings } from '../../../workers/compose.ts';
import { textPorts } from '../../../workers/text-ports.ts';
import { createMemorySchedules } from '../../support/memory-radar-service.ts';
import { createMemoryStore } from '../../support/memory-store.ts';
import { runServiceContract } from '../../support/service-contract.ts';

const root = mkdtempSync(path.join(os.tmpdir(), 'radar-service-'));
after(() => rmSync(root, { recursive: true, force: true }));
let n = 0;

/** The settings a deployment without a .env gets. */
const settings = serviceSettings(loadConfig({ DATA_DIR: root }, {}));

const noWorkflows: WorkflowRunner = {
  run: (workflow, _args, o) =>
    Promise.reject(new AppError('INTERNAL', `the contract started workflow ${workflow.name} (${o.what})`)),
};

function open(store: PaperStore) {
  const ports: RadarPorts = {
    store,
    runner: noWorkflows,
    schedules: createMemorySchedules(),
    reranker: async () => createBm25Reranker(),
    llm: async () => undefined,
    notion: async () => null,
    converter: {
      async convertFile(file, { kind }) {
        const { convertInSandbox } = await import('../../../adapters/convert/sandbox.ts');
        return convertInSandbox(
          { kind: kind ?? 'pdf', path: file },
          { timeoutMs: 60_000, maxBytes: 50 * 1024 * 1024, maxMemoryMb: 512 },
        );
      },
    },
    arxiv: () => Promise.reject(new AppError('INTERNAL', 'the contract asked arXiv')),
    ...textPorts(async () => undefined, silentLogger),
  };
  return { service: createRadarService(ports, settings, silentLogger), settings, close: () => store.close() };
}

runServiceContract('createRadarService over SQLite', async () =>
  open(openSqliteStore({ dataDir: path.join(root, `db-${n++}`) })),
);
runServiceContract('createRadarService over the in-memory store', async () => open(createMemoryStore()));
