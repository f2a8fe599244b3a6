/**
 * Two workers opening a fresh library at once: while one still holds a write on the new file in
 * rollback mode, the other's switch to WAL gets SQLITE_BUSY without SQLite's busy handler ever
 * waiting (CI saw it as "stayed busy while opening"). The open must wait for the write instead.
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { openDatabase } from '../../../../adapters/store/sqlite/database.ts';

const WRITER = path.resolve(import.meta.dirname, 'rollback-writer.mjs');

describe('opening a library another process is still creating', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'sqlite-open-race-'));
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('waits for that process to commit, then opens in WAL mode with its row kept', async () => {
    const writer = spawn(process.execPath, [WRITER, dir, '400'], { stdio: ['ignore', 'pipe', 'inherit'] });
    const exited = new Promise((resolve) => writer.once('exit', resolve));
    await new Promise((resolve) => writer.stdout.once('data', resolve));
    const db = openDatabase(dir);
    try {
      assert.equal(db.pragma('journal_mode', { simple: true }), 'wal');
      assert.equal((db.prepare('SELECT count(*) AS n FROM early_writer').get() as { n: number }).n, 1);
      assert.ok(db.prepare("SELECT 1 FROM sqlite_master WHERE name = 'papers'").get(), 'migrated');
    } finally {
      db.close();
    }
    assert.equal(await exited, 0);
  });
});
