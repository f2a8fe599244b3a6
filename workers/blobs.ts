/**
 * The one place that picks the blob store from Config: the library's Postgres database when
 * DATABASE_URL is set (every worker host reads what another wrote), else a folder under DATA_DIR.
 */
import path from 'node:path';
import type { Config } from '../config/env.ts';
import { createFsBlobStore } from '../adapters/blobs/fs.ts';
import type { BlobStore } from '../app/ports/blobs.ts';
import { createPgBlobStore } from '../adapters/blobs/postgres.ts';

export function openBlobStore(config: Pick<Config, 'DATA_DIR' | 'DATABASE_URL'>): BlobStore {
  return config.DATABASE_URL
    ? createPgBlobStore(config.DATABASE_URL)
    : createFsBlobStore(path.join(config.DATA_DIR, 'blobs'));
}
