/**
 * Two processes write the same SQLite library at once (from a database that does not exist yet,
 * so they also race to migrate it); afterwards every row of both is there.
 */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { after, it } from 'node:test';
import { openSqliteStore } from '../../activities/store/sqlite/index.ts';

const run = promisify(execFile);
const WRITER = path.resolve(import.meta.dirname, '../unit/store/concurrent-writer.ts');
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'store-concurrency-'));
after(() => rmSync(dataDir, { recursive: true, force: true }));

const ownId = (w: number, i: number) => `290${w + 1}.${String(i).padStart(5, '0')}`;
const sharedId = (i: number) => `2909.${String(i).padStart(5, '0')}`;

it('two writer processes on one database lose nothing', async () => {
  await Promise.all([0, 1].map((w) => run(process.execPath, ['--import', 'tsx', WRITER, dataDir, String(w)])));
  const store = openSqliteStore({ dataDir });
  try {
    const all = await store.listPapers({ limit: 1 });
    assert.equal(all.total_count, 300 + 300 + 50);
    for (const w of [0, 1]) {
      const mine = Array.from({ length: 300 }, (_, i) => ownId(w, i));
      for (const id of [mine[0], mine[150], mine[299]]) assert.ok(await store.getPaper(id as string), id);
      assert.deepEqual(await store.filterUnseen(`writer-${w}`, mine), []);
      assert.deepEqual(await store.filterUnseen(`writer-${1 - w}`, mine), mine);
    }
    assert.deepEqual(await store.topics(), [{ name: 'shared', count: 50 }]);
    for (let i = 0; i < 50; i++) {
      const p = await store.getPaper(sharedId(i));
      assert.deepEqual(p?.versionsSeen, [1, 2], sharedId(i));
      assert.equal(p?.version, 2);
    }
  } finally {
    await store.close();
  }
});
