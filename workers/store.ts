/**
 * The one place that picks the library driver from Config: Postgres when DATABASE_URL is set
 * (several hosts share it), else SQLite under DATA_DIR (the embedded default).
 */
import type { Config } from '../config/env.ts';
import type { Logger } from '../lib/logger.ts';
import type { PaperStore } from '../app/ports/store.ts';
import { openPostgresStore } from '../adapters/store/postgres/index.ts';
import { openSqliteStore } from '../adapters/store/sqlite/index.ts';
import { withArxivSite } from '../adapters/store/site-links.ts';
import { ARXIV_ORIGIN } from '../domain/paper.ts';

/**
 * Opens the configured library, its paper and digest links on ARXIV_SITE_URL. Postgres migrates
 * in the background; the first call waits for it.
 */
export function openStore(
  config: Pick<Config, 'DATA_DIR' | 'DATABASE_URL'> & Partial<Pick<Config, 'ARXIV_SITE_URL'>>,
  logger?: Logger,
): PaperStore {
  const store = config.DATABASE_URL
    ? openPostgresStore({ url: config.DATABASE_URL, ...(logger ? { logger } : {}) })
    : openSqliteStore({ dataDir: config.DATA_DIR, ...(logger ? { logger } : {}) });
  return withArxivSite(store, config.ARXIV_SITE_URL ?? ARXIV_ORIGIN);
}

/** Where the library is, for messages: the masked database URL or the SQLite file. */
export function storeLocation(config: Pick<Config, 'DATA_DIR' | 'DATABASE_URL'>): string {
  if (!config.DATABASE_URL) return `${config.DATA_DIR}/library.sqlite`;
  const u = new URL(config.DATABASE_URL);
  if (u.password) u.password = '****';
  return u.toString();
}
