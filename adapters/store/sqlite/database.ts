/**
 * Opening the SQLite file the way concurrent workers need it: WAL (readers never block the
 * writer), busy_timeout (writers queue instead of failing), foreign keys on, then migrations.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { AppError, isAppError } from '../../../domain/errors.ts';
import { migrate } from './migrations.ts';

/** How long a writer waits for another process's write transaction before giving up. */
export const BUSY_TIMEOUT_MS = 15_000;

/** Opens (creating and migrating) `<dataDir>/library.sqlite`. */
export function openDatabase(dataDir: string): Database.Database {
  mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, 'library.sqlite');
  return sqliteCall(() => retryWhileBusy(() => openOnce(file)), `opening ${file}`);
}

function openOnce(file: string): Database.Database {
  const db = new Database(file);
  try {
    db.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = NORMAL');
    db.pragma('foreign_keys = ON');
    // 64 MiB page cache: bulk imports insert into several B-trees in random key order.
    db.pragma('cache_size = -65536');
    migrate(db);
    return db;
  } catch (e) {
    db.close();
    throw e;
  }
}

/**
 * Switching a new file to WAL takes an exclusive lock, and SQLite skips the busy handler where
 * waiting could deadlock (another process holds a pending write on the still rollback-mode file):
 * it answers SQLITE_BUSY at once. Two workers opening a fresh library together hit that, so the
 * open is retried, with jitter, for as long as busy_timeout would have waited.
 */
function retryWhileBusy<T>(fn: () => T): T {
  const deadline = Date.now() + BUSY_TIMEOUT_MS;
  for (;;) {
    try {
      return fn();
    } catch (e) {
      if (!isBusy(e) || Date.now() >= deadline) throw e;
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 20 + Math.random() * 30);
    }
  }
}

const isBusy = (e: unknown): boolean => {
  const code = (e as { code?: unknown }).code;
  return typeof code === 'string' && (code.startsWith('SQLITE_BUSY') || code.startsWith('SQLITE_LOCKED'));
};

/**
 * Runs a database call, turning SQLite failures into AppError('STORE_ERROR'): retryable when the
 * database was busy or locked by another writer (Temporal retries the activity), permanent otherwise.
 */
export function sqliteCall<T>(fn: () => T, what: string): T {
  try {
    return fn();
  } catch (e) {
    if (isAppError(e)) throw e;
    const busy = isBusy(e);
    const message = e instanceof Error ? e.message : String(e);
    throw new AppError(
      'STORE_ERROR',
      busy
        ? `the library database stayed busy while ${what} (another writer held it); retry later`
        : `library database failed while ${what}: ${message}`,
      { retryable: busy, cause: e },
    );
  }
}
