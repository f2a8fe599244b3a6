/**
 * Named refs and leases for the Postgres blob store (tables blob_refs, blob_leases). A lease is
 * one upsert that only replaces an expired lease or the holder's own, so of several workers asking
 * at once exactly one gets it; expiry is judged by the database's clock, never a worker's.
 */
import type pg from 'pg';
import { storeError } from '../store/postgres/database.ts';
import type { BlobStore } from '../../app/ports/blobs.ts';

type Refs = Pick<BlobStore, 'getRef' | 'setRef' | 'lease' | 'releaseLease'>;

export const REFS_SCHEMA = `
  CREATE TABLE IF NOT EXISTS blob_refs (name TEXT PRIMARY KEY, value TEXT NOT NULL, updated_at TIMESTAMPTZ NOT NULL DEFAULT now());
  CREATE TABLE IF NOT EXISTS blob_leases (name TEXT PRIMARY KEY, holder TEXT NOT NULL, until TIMESTAMPTZ NOT NULL);
`;

export function createPgRefs(pool: pg.Pool, schema: () => Promise<void>): Refs {
  const run = async <R extends pg.QueryResultRow>(what: string, sql: string, params: unknown[]) => {
    await schema();
    try {
      return await pool.query<R>(sql, params);
    } catch (e) {
      throw storeError(e, what);
    }
  };
  return {
    async getRef(name) {
      const r = await run<{ value: string }>(
        `reading the ref ${name}`,
        'SELECT value FROM blob_refs WHERE name = $1',
        [name],
      );
      return r.rows[0]?.value ?? null;
    },
    async setRef(name, value) {
      await run(
        `storing the ref ${name}`,
        `INSERT INTO blob_refs (name, value) VALUES ($1, $2)
         ON CONFLICT (name) DO UPDATE SET value = EXCLUDED.value, updated_at = now()`,
        [name, value],
      );
    },
    async lease(name, holder, ms) {
      const taken = await run<{ holder: string }>(
        `taking the lease ${name}`,
        `INSERT INTO blob_leases (name, holder, until) VALUES ($1, $2, now() + $3 * interval '1 millisecond')
         ON CONFLICT (name) DO UPDATE SET holder = EXCLUDED.holder, until = EXCLUDED.until
         WHERE blob_leases.until < now() OR blob_leases.holder = EXCLUDED.holder
         RETURNING holder`,
        [name, holder, ms],
      );
      if (taken.rowCount) return holder;
      const current = await run<{ holder: string }>(
        `reading the lease ${name}`,
        'SELECT holder FROM blob_leases WHERE name = $1',
        [name],
      );
      // Released between the two statements: nobody holds it; the caller asks again.
      return current.rows[0]?.holder ?? '';
    },
    async releaseLease(name, holder) {
      await run(`releasing the lease ${name}`, 'DELETE FROM blob_leases WHERE name = $1 AND holder = $2', [
        name,
        holder,
      ]);
    },
  };
}
