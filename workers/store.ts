/**
 * The one place that picks the library driver from Config: Postgres when DATABASE_URL is set
 * (several hosts share it), else SQLite under DATA_DIR (the embedded default).
 */
import type { Config } from '../config/env.ts';
import type { Logger } from '../lib/logger.ts';
import type { PaperStore } from '../app/ports/store.ts';
import { openPostgresStore } from '../adapters/store/postgres/index.ts';
import { openSqliteStore } from '../adapters/store/sqlite/index.ts';

/** Opens the configured library. Postgres migrates in the background; the first call waits for it. */
export function openStore(config: Pick<Config, 'DATA_DIR' | 'DATABASE_URL'>, logger?: Logger): PaperStore {
  if (config.DATABASE_URL)
    return openPostgresStore({ url: config.DATABASE_URL, ...(logger ? { logger } : {}) });
  return openSqliteStore({ dataDir: config.DATA_DIR, ...(logger ? { logger } : {}) });
}

/** Where the library is, for messages: the masked database URL or the SQLite file. */
export function storeLocation(config: Pick<Config, 'DATA_DIR' | 'DATABASE_URL'>): string {
  if (!config.DATABASE_URL) return `${config.DATA_DIR}/library.sqlite`;
  const u = new URL(config.DATABASE_URL);
  if (u.password) u.password = '****';
  return u.toString();
}
