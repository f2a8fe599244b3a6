/**
 * Determinism guard: replays recorded workflow histories (test/fixtures/histories, written by the
 * integration tests with RECORD_HISTORIES=1, see test/support/histories.ts) against the current
 * workflow code. A change that would break running workflows fails here. The workflows are the
 * ones the bundle entry (workflows/index.ts) exports, so a new workflow cannot go without a history.
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { Worker } from '@temporalio/worker';
import * as bundle from '../../workflows/index.ts';
import { WORKFLOWS_PATH } from '../../workers/worker-set.ts';

const DIR = path.resolve(import.meta.dirname, '../fixtures/histories');
const files = readdirSync(DIR)
  .filter((f) => f.endsWith('.json'))
  .sort();
/** Every workflow type the workers register: the functions workflows/index.ts exports. */
const workflowTypes = Object.entries(bundle)
  .filter(([, v]) => typeof v === 'function')
  .map(([name]) => name)
  .sort();
/**
 * Exported workflows with no recorded history yet, each with what closes the gap. An entry fails
 * the test once its history is recorded (or the workflow is gone), so the list only shrinks.
 */
const AWAITING_HISTORY: Record<string, string> = {};
/** `<workflowType>--<label>.json`. */
const typeOf = (file: string) => file.split('--')[0] ?? '';

describe('workflow replay over recorded histories', () => {
  it('reads the workflow list from the bundle entry', () => {
    assert.ok(workflowTypes.length >= 4, workflowTypes.join(', '));
    for (const t of ['paperIngest', 'topicSearch', 'topicDigest', 'arxivGate'])
      assert.ok(workflowTypes.includes(t), t);
  });

  it('has a recorded history of every workflow the bundle exports', () => {
    const recorded = new Set(files.map(typeOf));
    const missing = workflowTypes.filter((t) => !recorded.has(t) && !(t in AWAITING_HISTORY));
    assert.deepEqual(
      missing,
      [],
      `no recorded history of ${missing.join(', ')}: run its integration test with RECORD_HISTORIES=1 (test/support/histories.ts)`,
    );
    for (const t of Object.keys(AWAITING_HISTORY)) {
      assert.ok(
        workflowTypes.includes(t) && !recorded.has(t),
        `${t}: remove it from AWAITING_HISTORY (recorded or no longer exported)`,
      );
    }
  });

  it('holds no history of a workflow the bundle no longer exports', () => {
    const stale = files.filter((f) => !workflowTypes.includes(typeOf(f)));
    assert.deepEqual(stale, [], 'histories of removed workflows: delete them from test/fixtures/histories');
  });

  it('replays every history without a determinism error', async () => {
    const histories = files.map(
      (f) => JSON.parse(readFileSync(path.join(DIR, f), 'utf8')) as { workflowId: string; history: unknown },
    );
    let replayed = 0;
    for await (const result of Worker.runReplayHistories({ workflowsPath: WORKFLOWS_PATH }, histories)) {
      assert.equal(result.error, undefined, `${result.workflowId}: ${String(result.error)}`);
      replayed++;
    }
    assert.equal(replayed, files.length);
  });
});
