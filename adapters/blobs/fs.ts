/**
 * The filesystem blob store (the default): `<dir>/<first two hex>/<sha256>.<ext>`, written to a
 * temp file beside it and renamed, so a reader never sees half a blob. On one host, or on a folder
 * every worker mounts.
 */
import { createHash, randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, stat, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { AppError, errorMessage } from '../../domain/errors.ts';
import { parseBlobKey, type BlobExt, type BlobStore, type StoredBlob } from '../../app/ports/blobs.ts';
import { createFsRefs } from './fs-refs.ts';

export function createFsBlobStore(dir: string): BlobStore {
  const root = path.resolve(dir);
  const fileOf = (key: string) => {
    const { sha256 } = parseBlobKey(key);
    return path.join(root, sha256.slice(0, 2), key);
  };
  const store: BlobStore = {
    async put(data: Uint8Array, ext: BlobExt): Promise<StoredBlob> {
      const sha256 = createHash('sha256').update(data).digest('hex');
      const key = `${sha256}.${ext}`;
      const file = fileOf(key);
      const present = await stat(file).then(
        (s) => s.size === data.length,
        () => false,
      );
      if (!present) {
        await mkdir(path.dirname(file), { recursive: true });
        const tmp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
        try {
          await writeFile(tmp, data);
          await rename(tmp, file);
        } catch (e) {
          await unlink(tmp).catch(() => undefined);
          throw new AppError(
            'STORE_ERROR',
            `Could not store blob ${key} in ${root}: ${errorMessage(e)}; check the folder is writable`,
            { retryable: true, cause: e },
          );
        }
      }
      return { key, bytes: data.length, sha256 };
    },
    async get(key: string): Promise<Buffer> {
      try {
        return await readFile(fileOf(key));
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code === 'ENOENT') {
          // Retryable: on a shared folder the writer's file may not be visible here yet.
          throw new AppError(
            'NOT_FOUND',
            `Blob ${key} is not in ${root}. Workers on other hosts need a shared blob store (DATABASE_URL, or one folder mounted everywhere).`,
            { retryable: true },
          );
        }
        throw new AppError('STORE_ERROR', `Could not read blob ${key}: ${errorMessage(e)}`, {
          retryable: true,
          cause: e,
        });
      }
    },
    has: (key: string) =>
      stat(fileOf(key)).then(
        () => true,
        () => false,
      ),
    async localFile(key: string) {
      const file = fileOf(key);
      if (!(await store.has(key))) await store.get(key); // throws the NOT_FOUND above
      return { path: file, release: async () => undefined };
    },
    describe: () => root,
    ...createFsRefs(root),
    close: async () => undefined,
  };
  return store;
}
