/**
 * The Postgres blob store, for workers on several hosts with no shared disk: the same database as
 * the library (DATABASE_URL). Blobs are split into 1 MiB `bytea` chunks, so no single row or
 * message gets large and a 50 MB PDF never has to be one value; the `blobs` row is written last,
 * in the same transaction, and marks the blob complete. Chosen over large objects because chunks
 * need no special privileges, back up and replicate like any table, and are deleted with a row.
 */
import { createHash } from 'node:crypto';
import { rm, writeFile, mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type pg from 'pg';
import { AppError } from '../../domain/errors.ts';
import { createPool, inTransaction, storeError } from '../store/postgres/database.ts';
import { parseBlobKey, type BlobExt, type BlobStore, type StoredBlob } from '../../app/ports/blobs.ts';
import { createPgRefs, REFS_SCHEMA } from './postgres-refs.ts';

export const BLOB_CHUNK_BYTES = 1024 * 1024;

const SCHEMA = `
  CREATE TABLE IF NOT EXISTS blob_chunks (key TEXT NOT NULL, seq INTEGER NOT NULL, data BYTEA NOT NULL, PRIMARY KEY (key, seq));
  CREATE TABLE IF NOT EXISTS blobs (key TEXT PRIMARY KEY, bytes BIGINT NOT NULL, chunks INTEGER NOT NULL, created_at TIMESTAMPTZ NOT NULL DEFAULT now());
`;

// Any fixed 64-bit number: the advisory lock under which concurrent first users create the tables.
const SCHEMA_LOCK = 7_317_020_418;

/**
 * A blob store in the database at `url`. The tables are created on first use, under an advisory
 * lock: CREATE TABLE IF NOT EXISTS from two workers at once can still collide in the catalog.
 */
export function createPgBlobStore(url: string, opts: { pool?: pg.Pool } = {}): BlobStore {
  const pool = opts.pool ?? createPool(url, 4);
  let ready: Promise<void> | undefined;
  const createTables = () =>
    inTransaction(pool, async (c) => {
      await c.query('SELECT pg_advisory_xact_lock($1)', [SCHEMA_LOCK]);
      await c.query(SCHEMA + REFS_SCHEMA);
    });
  const schema = () =>
    (ready ??= createTables().then(
      () => undefined,
      (e: unknown) => {
        ready = undefined;
        throw storeError(e, 'creating the blob tables');
      },
    ));

  const store: BlobStore = {
    async put(data: Uint8Array, ext: BlobExt): Promise<StoredBlob> {
      await schema();
      const sha256 = createHash('sha256').update(data).digest('hex');
      const key = `${sha256}.${ext}`;
      try {
        const present = await pool.query('SELECT 1 FROM blobs WHERE key = $1', [key]);
        if (present.rowCount) return { key, bytes: data.length, sha256 };
        const chunks = Math.max(1, Math.ceil(data.length / BLOB_CHUNK_BYTES));
        await inTransaction(pool, async (c) => {
          for (let i = 0; i < chunks; i++) {
            const part = Buffer.from(
              data.buffer,
              data.byteOffset + i * BLOB_CHUNK_BYTES,
              Math.min(BLOB_CHUNK_BYTES, data.length - i * BLOB_CHUNK_BYTES),
            );
            await c.query(
              'INSERT INTO blob_chunks (key, seq, data) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING',
              [key, i, part],
            );
          }
          // Two workers storing the same bytes at once: the second finds the row and changes nothing.
          await c.query('INSERT INTO blobs (key, bytes, chunks) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING', [
            key,
            data.length,
            chunks,
          ]);
        });
      } catch (e) {
        throw storeError(e, `storing blob ${key}`);
      }
      return { key, bytes: data.length, sha256 };
    },
    async get(key: string): Promise<Buffer> {
      parseBlobKey(key);
      await schema();
      try {
        const head = await pool.query<{ bytes: number; chunks: number }>(
          'SELECT bytes, chunks FROM blobs WHERE key = $1',
          [key],
        );
        const row = head.rows[0];
        if (!row)
          throw new AppError(
            'NOT_FOUND',
            `Blob ${key} is not in the database: no worker stored it (or it was deleted).`,
            { retryable: false },
          );
        const parts = await pool.query<{ data: Buffer }>(
          'SELECT data FROM blob_chunks WHERE key = $1 ORDER BY seq',
          [key],
        );
        const out = Buffer.concat(parts.rows.map((r) => r.data));
        if (parts.rowCount !== row.chunks || out.length !== row.bytes) {
          throw new AppError(
            'STORE_ERROR',
            `Blob ${key} is incomplete (${out.length} of ${row.bytes} bytes).`,
            { retryable: false },
          );
        }
        return out;
      } catch (e) {
        throw storeError(e, `reading blob ${key}`);
      }
    },
    async has(key: string): Promise<boolean> {
      parseBlobKey(key);
      await schema();
      return ((await pool.query('SELECT 1 FROM blobs WHERE key = $1', [key])).rowCount ?? 0) > 0;
    },
    async localFile(key: string) {
      const data = await store.get(key);
      const dir = await mkdtemp(path.join(os.tmpdir(), 'arxiv-radar-blob-'));
      const file = path.join(dir, key);
      await writeFile(file, data);
      return { path: file, release: () => rm(dir, { recursive: true, force: true }) };
    },
    describe: () => {
      const u = new URL(url);
      return `postgres://${u.host}${u.pathname} (tables blobs, blob_chunks)`;
    },
    ...createPgRefs(pool, schema),
    close: async () => {
      if (!opts.pool) await pool.end();
    },
  };
  return store;
}
