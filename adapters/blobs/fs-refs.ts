/**
 * Named refs and leases for the filesystem blob store, beside the blobs: `<dir>/refs/<sha256 of
 * name>.json` and `<dir>/leases/<sha256 of name>.json`. Every file is written to a temp file and
 * then linked (a lease: fails when one exists) or renamed (a ref) into place, so a reader never sees
 * half a file. Workers on several hosts share them through the one folder they all mount.
 *
 * Taking over an expired lease (its holder died) is a rename followed by a read-back, so two
 * workers taking over the same expired lease at the same instant may both believe they hold it;
 * the leases guard reads that are idempotent (content-addressed blobs), so the cost is one extra
 * read, never a wrong result.
 */
import { createHash, randomBytes } from 'node:crypto';
import { link, mkdir, readFile, rename, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { AppError, errorMessage } from '../../domain/errors.ts';
import type { BlobStore } from '../../app/ports/blobs.ts';

type Refs = Pick<BlobStore, 'getRef' | 'setRef' | 'lease' | 'releaseLease'>;

interface LeaseFile {
  holder: string;
  /** Epoch ms. */
  until: number;
}

const hashed = (name: string) => createHash('sha256').update(name).digest('hex');
const isMissing = (e: unknown) => (e as NodeJS.ErrnoException).code === 'ENOENT';

async function readJson<T>(file: string): Promise<T | null> {
  try {
    return JSON.parse(await readFile(file, 'utf8')) as T;
  } catch (e) {
    if (isMissing(e)) return null;
    throw new AppError('STORE_ERROR', `Could not read ${file}: ${errorMessage(e)}`, { retryable: true });
  }
}

/** Writes `value` to a temp file beside `file` and hands it to `place` (link or rename). */
async function viaTemp(file: string, value: unknown, place: (tmp: string) => Promise<void>): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  const tmp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  await writeFile(tmp, JSON.stringify(value));
  try {
    await place(tmp);
  } finally {
    await unlink(tmp).catch(() => undefined);
  }
}

export function createFsRefs(root: string, clock: () => number = Date.now): Refs {
  const refFile = (name: string) => path.join(root, 'refs', `${hashed(name)}.json`);
  const leaseFile = (name: string) => path.join(root, 'leases', `${hashed(name)}.json`);
  const storeError = (what: string, e: unknown) =>
    new AppError(
      'STORE_ERROR',
      `Could not ${what} in ${root}: ${errorMessage(e)}; check the folder is writable`,
      {
        retryable: true,
        cause: e,
      },
    );
  return {
    async getRef(name) {
      return (await readJson<{ value: string }>(refFile(name)))?.value ?? null;
    },
    async setRef(name, value) {
      const file = refFile(name);
      await viaTemp(file, { name, value }, (tmp) => rename(tmp, file)).catch((e: unknown) => {
        throw storeError(`store the ref ${name}`, e);
      });
    },
    async lease(name, holder, ms) {
      const file = leaseFile(name);
      const mine: LeaseFile = { holder, until: clock() + ms };
      try {
        // link() fails when a lease file exists: only one of several takers creates it.
        await viaTemp(file, mine, (tmp) => link(tmp, file));
        return holder;
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw storeError(`take the lease ${name}`, e);
      }
      const current = await readJson<LeaseFile>(file);
      if (current && current.holder !== holder && current.until >= clock()) return current.holder;
      // Ours to extend, expired, or released meanwhile: replace it and read back who has it.
      await viaTemp(file, mine, (tmp) => rename(tmp, file)).catch((e: unknown) => {
        throw storeError(`take the lease ${name}`, e);
      });
      return (await readJson<LeaseFile>(file))?.holder ?? holder;
    },
    async releaseLease(name, holder) {
      const file = leaseFile(name);
      if ((await readJson<LeaseFile>(file))?.holder === holder) await unlink(file).catch(() => undefined);
    },
  };
}
