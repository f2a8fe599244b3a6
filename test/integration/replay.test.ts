/**
 * Determinism guard: replays recorded workflow histories (test/fixtures/histories, written by the
 * digest integration test with RECORD_HISTORIES=1) against the current workflow code. A change
 * that would break running workflows fails here.
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { Worker } from '@temporalio/worker';
import { WORKFLOWS_PATH } from '../../workers/worker-set.ts';

const DIR = path.resolve(import.meta.dirname, '../fixtures/histories');
const files = readdirSync(DIR).filter((f) => f.endsWith('.json')).sort();

describe('workflow replay over recorded histories', () => {
  it('has recorded histories of every production workflow', () => {
    const types = new Set(files.map((f) => f.split('--')[0]));
    for (const t of ['paperIngest', 'topicSearch', 'topicDigest', 'arxivGate']) assert.ok(types.has(t), `a recorded ${t} history`);
  });

  it('replays every history without a determinism error', async () => {
    const histories = files.map((f) => JSON.parse(readFileSync(path.join(DIR, f), 'utf8')) as { workflowId: string; history: unknown });
    let replayed = 0;
    for await (const result of Worker.runReplayHistories({ workflowsPath: WORKFLOWS_PATH }, histories)) {
      assert.equal(result.error, undefined, `${result.workflowId}: ${String(result.error)}`);
      replayed++;
    }
    assert.equal(replayed, files.length);
  });
});
