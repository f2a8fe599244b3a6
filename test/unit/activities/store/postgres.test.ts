/** Every store port's contract on the Postgres driver (a real server started for this file), plus Postgres-specific checks. */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import pg from 'pg';
import { migratePostgres, openPostgresStore, PG_SCHEMA_VERSION } from '../../../../activities/store/postgres/index.ts';
import { isAppError } from '../../../../domain/errors.ts';
import { startPostgres, type PostgresServer } from '../../../support/postgres.ts';
import { runStoreContracts } from './contract/index.ts';

let server: PostgresServer;
before(async () => {
  server = await startPostgres();
});
after(async () => {
  await server?.stop();
});

runStoreContracts('postgres', async () => openPostgresStore({ url: await server.createDatabase() }));

describe('postgres store', () => {
  it('migrates once, records the versions, and reopens without migrating again', async () => {
    const url = await server.createDatabase();
    // Several processes opening a new database at once: one migrates, the others wait and find nothing to do.
    const results = await Promise.all([migratePostgres(url), migratePostgres(url), migratePostgres(url)]);
    assert.deepEqual(results.map((r) => r.to), [PG_SCHEMA_VERSION, PG_SCHEMA_VERSION, PG_SCHEMA_VERSION]);
    assert.equal(results.filter((r) => r.from === 0).length, 1);
    const a = openPostgresStore({ url });
    await a.upsertSubscription({ name: 'keep', query: 'x' });
    await a.close();
    const b = openPostgresStore({ url });
    assert.equal((await b.getSubscription('keep'))?.name, 'keep');
    await b.close();
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    const { rows } = await c.query<{ version: number }>('SELECT version FROM schema_migrations ORDER BY version');
    await c.end();
    assert.deepEqual(rows.map((r) => r.version), Array.from({ length: PG_SCHEMA_VERSION }, (_, i) => i + 1));
  });

  it('keeps Markdown in the database, not on a local disk', async () => {
    const url = await server.createDatabase();
    const store = openPostgresStore({ url });
    const { key } = await store.saveContent({ id: 'astro-ph/0601001', version: 1, source: 'pdf', markdown: '# legacy id', warnings: [] });
    const { rows } = await store.pool.query<{ markdown: string }>('SELECT markdown FROM contents WHERE key = $1', [key]);
    assert.equal(rows[0]?.markdown, '# legacy id');
    await store.close();
  });

  it('fails with a retryable STORE_ERROR when the server is unreachable, without showing the password', async () => {
    const store = openPostgresStore({ url: 'postgres://someone:hunter2@127.0.0.1:1/nowhere' });
    await assert.rejects(store.listPapers({}), (e: unknown) => {
      assert.ok(isAppError(e, 'STORE_ERROR'), String(e));
      assert.equal(e.retryable, true);
      assert.doesNotMatch(e.message, /hunter2/);
      return true;
    });
    await store.close();
  });
});
