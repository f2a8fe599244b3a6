/** Every store port's contract on the SQLite driver, plus SQLite-specific safety checks. */
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import Database from 'better-sqlite3';
import { openSqliteStore } from '../../../../adapters/store/sqlite/index.ts';
import { runStoreContracts } from './contract/index.ts';

const root = mkdtempSync(path.join(os.tmpdir(), 'store-sqlite-'));
after(() => rmSync(root, { recursive: true, force: true }));
let n = 0;
const freshDir = () => path.join(root, `db-${n++}`);

runStoreContracts('sqlite', async () => openSqliteStore({ dataDir: freshDir() }));

/** Every file below dir, relative. */
function walk(dir: string, base = dir): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? walk(path.join(dir, e.name), base) : [path.relative(base, path.join(dir, e.name))],
  );
}

describe('sqlite store files', () => {
  it('keeps the database at <dataDir>/library.sqlite and content under sha256 names only', async () => {
    const dir = freshDir();
    const store = openSqliteStore({ dataDir: dir });
    await store.saveContent({
      id: 'astro-ph/0601001',
      version: 1,
      source: 'pdf',
      markdown: '# legacy id',
      warnings: [],
    });
    await store.saveContent({
      id: '../../escape',
      version: null,
      source: 'html',
      markdown: '# hostile id',
      warnings: [],
    });
    await store.close();
    const files = walk(dir);
    assert.ok(files.includes('library.sqlite'));
    const content = files.filter((f) => f.startsWith(`content${path.sep}`));
    assert.equal(content.length, 2);
    for (const f of content) assert.match(f, /^content\/[0-9a-f]{2}\/[0-9a-f]{64}\.md$/);
    assert.ok(!files.some((f) => f.includes('astro-ph') || f.includes('escape')));
  });

  it('reopens an existing database without migrating twice and keeps its rows', async () => {
    const dir = freshDir();
    const a = openSqliteStore({ dataDir: dir });
    await a.upsertSubscription({ name: 'keep', query: 'x' });
    await a.close();
    const b = openSqliteStore({ dataDir: dir });
    assert.equal((await b.getSubscription('keep'))?.name, 'keep');
    await b.close();
  });

  it('migration 7 adopts a library from before deliveries: its last sent digest counts as delivered', async () => {
    const dir = freshDir();
    const a = openSqliteStore({ dataDir: dir });
    await a.upsertSubscription({ name: 'legacy', categories: ['cs.AI'] });
    await a.saveDigest({
      key: 'legacy:2026-11-17:abc',
      subscription: 'legacy',
      interest: 'x',
      date: '2026-11-17',
      windowStart: '2026-11-16T19:00:00.000Z',
      windowEnd: '2026-11-17T19:00:00.000Z',
      entries: [],
    });
    await a.markSeen('legacy', ['2411.00001'], 'legacy:2026-11-17:abc');
    await a.close();
    // Back to schema 5, as a library written before migrations 6-9 was (6 rebuilds contents as it is).
    const db = new Database(path.join(dir, 'library.sqlite'));
    db.exec(
      'DROP TABLE agent_proposals; DROP TABLE ratings; ALTER TABLE deliveries DROP COLUMN failures_json; DELETE FROM deliveries;',
    );
    db.pragma('user_version = 5');
    db.close();
    const b = openSqliteStore({ dataDir: dir });
    const last = await b.lastDelivery('legacy');
    assert.equal(last?.announcement, '2026-11-17');
    assert.equal(last?.windowEnd, '2026-11-17T19:00:00.000Z');
    assert.equal(last?.status, 'delivered');
    await b.close();
  });
});
