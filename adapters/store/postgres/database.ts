/**
 * Connections to the Postgres library: a small pool per process, bigint columns read as numbers,
 * errors mapped to AppError('STORE_ERROR') (retryable when the database was busy or unreachable,
 * so Temporal retries the activity), and a transaction helper.
 */
import pg from 'pg';
import { AppError, isAppError } from '../../../domain/errors.ts';

/** How long a statement waits for another transaction's lock before failing (retryably), like SQLite's busy_timeout. */
export const LOCK_TIMEOUT_MS = 15_000;

/** One connection's query surface (a pool or a checked-out client). */
export type Queryable = Pick<pg.PoolClient, 'query'>;

// int8 (count(*), bigserial keys) as JS numbers: every value here stays far below 2^53.
const types = {
  getTypeParser: ((oid: number, format?: string) =>
    oid === 20
      ? (v: string) => Number(v)
      : pg.types.getTypeParser(oid, format as 'text')) as typeof pg.types.getTypeParser,
};

/** A pool on `url`; `max` connections (workers run a few activities at once). */
export function createPool(url: string, max = 4): pg.Pool {
  const pool = new pg.Pool({
    connectionString: url,
    max,
    types,
    application_name: 'arxiv-radar',
    options: `-c lock_timeout=${LOCK_TIMEOUT_MS} -c client_min_messages=warning`,
    connectionTimeoutMillis: 15_000,
  });
  // An idle client losing its server (restart, network) must not crash the process; the next query reconnects.
  pool.on('error', () => undefined);
  return pool;
}

// SQLSTATEs worth retrying: serialization failure, deadlock, lock timeout, too many connections,
// shutdown / crash recovery, and connection failures (postgresql.org/docs/current/errcodes-appendix.html).
const RETRYABLE_STATES = new Set([
  '40001',
  '40P01',
  '55P03',
  '53300',
  '57P01',
  '57P02',
  '57P03',
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
]);
const RETRYABLE_ERRNOS = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
]);

/** Maps a failure to AppError('STORE_ERROR'); AppErrors pass through. */
export function storeError(e: unknown, what: string): AppError {
  if (isAppError(e)) return e;
  const code = (e as { code?: unknown }).code;
  const message = e instanceof Error ? e.message : String(e);
  const retryable =
    (typeof code === 'string' && (RETRYABLE_STATES.has(code) || RETRYABLE_ERRNOS.has(code))) ||
    /Connection terminated|timeout exceeded when trying to connect/i.test(message);
  return new AppError(
    'STORE_ERROR',
    retryable
      ? `the library database was busy or unreachable while ${what} (${message}); retry later`
      : `library database failed while ${what}: ${message}`,
    { retryable, cause: e },
  );
}

/** Runs `fn` in one transaction on one connection: all or nothing. */
export async function inTransaction<T>(pool: pg.Pool, fn: (c: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  let broken: Error | undefined;
  try {
    await client.query('BEGIN');
    const out = await fn(client);
    await client.query('COMMIT');
    return out;
  } catch (e) {
    await client.query('ROLLBACK').catch((rollbackError: unknown) => {
      broken = rollbackError as Error;
    });
    throw e;
  } finally {
    client.release(broken);
  }
}
