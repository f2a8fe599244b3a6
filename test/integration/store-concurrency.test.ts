/**
 * Two processes write the same library at once, on SQLite and on Postgres (from a database that
 * does not exist yet / is empty, so they also race to migrate it); afterwards every row of both is
 * there, and the rows both raced on hold exactly one outcome.
 */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { after, before, describe, it } from 'node:test';
import type { PaperStore } from '../../app/ports/store.ts';
import { openPostgresStore } from '../../adapters/store/postgres/index.ts';
import { openSqliteStore } from '../../adapters/store/sqlite/index.ts';
import { startPostgres, type PostgresServer } from '../support/postgres.ts';

const run = promisify(execFile);
const WRITER = path.resolve(import.meta.dirname, '../unit/adapters/store/concurrent-writer.ts');

const ownId = (w: number, i: number) => `290${w + 1}.${String(i).padStart(5, '0')}`;
const sharedId = (i: number) => `2909.${String(i).padStart(5, '0')}`;

async function twoWritersLoseNothing(location: string, open: () => PaperStore): Promise<void> {
  await Promise.all(
    [0, 1].map((w) => run(process.execPath, ['--import', 'tsx', WRITER, location, String(w)])),
  );
  const store = open();
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
    // Text search sees every paper once (the full-text statistics were not corrupted by the race).
    const words = await store.listPapers({ query: 'testing', limit: 1 });
    assert.ok(words.total_count > 0);
    const both = Array.from({ length: 30 }, (_, b) => [ownId(0, b), ownId(1, b), sharedId(b)]).flat();
    assert.deepEqual(await store.filterUnseen('both', both), []);
    for (let b = 0; b < 30; b++) {
      const receipts = await store.getReceipts(`shared-${b}`);
      assert.equal(receipts.length, 1, `one receipt for shared-${b}`);
      assert.match(receipts[0]?.ref ?? '', /^writer-[01]$/);
      const d = await store.getDelivery('race', `2026-10-${String(b + 1).padStart(2, '0')}`);
      assert.equal(d?.status, 'delivered');
    }
    assert.deepEqual(
      await store.filterUnseen(
        'race',
        Array.from({ length: 60 }, (_, i) => sharedId(i)),
      ),
      [],
    );
    assert.equal((await store.lastDelivery('race'))?.announcement, '2026-10-30');
  } finally {
    await store.close();
  }
}

describe('two writer processes on one library', () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'store-concurrency-'));
  let server: PostgresServer | undefined;
  before(async () => {
    server = await startPostgres();
  });
  after(async () => {
    rmSync(dataDir, { recursive: true, force: true });
    await server?.stop();
  });

  it('lose nothing on SQLite', async () => {
    await twoWritersLoseNothing(dataDir, () => openSqliteStore({ dataDir }));
  });

  it('lose nothing on Postgres', async () => {
    const url = await (server as PostgresServer).createDatabase();
    await twoWritersLoseNothing(url, () => openPostgresStore({ url }));
    // The BM25 statistics both writers updated equal a recount from the rows.
    const store = openPostgresStore({ url });
    try {
      const stats = await store.pool.query("SELECT docs, tokens FROM fts_stats WHERE kind = 'papers'");
      const recount = await store.pool.query(
        'SELECT count(*) AS docs, sum(ntok)::bigint AS tokens FROM papers',
      );
      assert.deepEqual(stats.rows[0], recount.rows[0]);
      const drift = await store.pool.query(
        `SELECT count(*) AS n FROM (SELECT u.lexeme AS term, count(*) AS docs FROM papers p CROSS JOIN LATERAL unnest(p.tsv) u GROUP BY u.lexeme) r
         FULL JOIN (SELECT term, docs FROM fts_terms WHERE kind = 'papers' AND docs <> 0) t ON t.term = r.term
         WHERE r.docs IS DISTINCT FROM t.docs`,
      );
      assert.equal(drift.rows[0]?.n, 0);
    } finally {
      await store.close();
    }
  });
});
