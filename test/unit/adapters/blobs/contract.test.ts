/**
 * The BlobStore contract on both drivers: the filesystem (default) and Postgres (a real server
 * from test/support/postgres.ts). Content-addressed keys make every write idempotent.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { createFsBlobStore } from '../../../../adapters/blobs/fs.ts';
import { isBlobKey, type BlobStore } from '../../../../app/ports/blobs.ts';
import { BLOB_CHUNK_BYTES, createPgBlobStore } from '../../../../adapters/blobs/postgres.ts';
import { isAppError } from '../../../../domain/errors.ts';
import { corpus } from '../../../support/corpus.ts';
import { startPostgres, type PostgresServer } from '../../../support/postgres.ts';

function contract(
  name: string,
  open: () => Promise<{ blobs: BlobStore; other: () => BlobStore; done: () => Promise<void> }>,
) {
  describe(`BlobStore contract: ${name}`, () => {
    let blobs: BlobStore;
    let other: () => BlobStore;
    let done: () => Promise<void>;
    before(async () => ({ blobs, other, done } = await open()));
    after(async () => done());

    it('stores a real PDF under its content address and gives the same bytes back, to another client too', async () => {
      const pdf = readFileSync(corpus('pdf', '1503.07589v1.pdf'));
      assert.ok(pdf.length > 1.5 * BLOB_CHUNK_BYTES, 'spans several Postgres chunks');
      const stored = await blobs.put(pdf, 'pdf');
      assert.ok(isBlobKey(stored.key));
      assert.equal(stored.key, `${stored.sha256}.pdf`);
      assert.equal(stored.bytes, pdf.length);
      assert.deepEqual(await blobs.get(stored.key), pdf);
      const second = other();
      assert.deepEqual(await second.get(stored.key), pdf, 'a second client (another host) reads it');
      await second.close();
    });

    it('is idempotent: the same bytes twice, or at once, are one blob', async () => {
      const json = Buffer.from(JSON.stringify({ items: [1, 2, 3] }));
      const [a, b] = await Promise.all([blobs.put(json, 'json'), blobs.put(json, 'json')]);
      assert.equal(a.key, b.key);
      assert.equal((await blobs.put(json, 'json')).key, a.key);
      assert.deepEqual(await blobs.get(a.key), json);
      assert.equal(await blobs.has(a.key), true);
    });

    it('stores an empty document', async () => {
      const s = await blobs.put(Buffer.alloc(0), 'html');
      assert.deepEqual(await blobs.get(s.key), Buffer.alloc(0));
    });

    it('hands out a local file for tools that read files, and cleans it up', async () => {
      const html = Buffer.from('<html><body>hello</body></html>');
      const s = await blobs.put(html, 'html');
      const local = await blobs.localFile(s.key);
      assert.deepEqual(readFileSync(local.path), html);
      await local.release();
    });

    it('keeps named refs, readable from another client, the last write winning', async () => {
      assert.equal(await blobs.getRef('feed/cs.AI/2027-01-04'), null);
      await blobs.setRef('feed/cs.AI/2027-01-04', '{"key":"a"}');
      await blobs.setRef('feed/cs.AI/2027-01-04', '{"key":"b"}');
      const second = other();
      assert.equal(await second.getRef('feed/cs.AI/2027-01-04'), '{"key":"b"}');
      assert.equal(await second.getRef('feed/cs.AI/2027-01-05'), null, 'names are distinct');
      await second.close();
    });

    it('gives a lease to exactly one of several clients asking at once, and to the next once released', async () => {
      const clients = [blobs, other(), other(), other()];
      const holders = await Promise.all(clients.map((c, i) => c.lease('lease/one', `h${i}`, 60_000)));
      const winner = holders[0]!;
      assert.match(winner, /^h\d$/);
      assert.deepEqual(
        holders,
        clients.map(() => winner),
        'every client agrees who holds it',
      );
      const loser = winner === 'h1' ? 'h2' : 'h1';
      assert.equal(await blobs.lease('lease/one', winner, 60_000), winner, 'the holder extends it');
      await blobs.releaseLease('lease/one', loser);
      assert.equal(await blobs.lease('lease/one', loser, 60_000), winner, 'only the holder releases it');
      await blobs.releaseLease('lease/one', winner);
      assert.equal(await blobs.lease('lease/one', loser, 60_000), loser, 'released: the next one takes it');
      for (const c of clients.slice(1)) await c.close();
    });

    it('lets a new holder take a lease its holder left to expire (a dead worker)', async () => {
      assert.equal(await blobs.lease('lease/expiring', 'dead', 50), 'dead');
      assert.equal(await blobs.lease('lease/expiring', 'alive', 60_000), 'dead', 'still live');
      await new Promise((r) => setTimeout(r, 120));
      assert.equal(await blobs.lease('lease/expiring', 'alive', 60_000), 'alive');
    });

    it('says NOT_FOUND for a key nobody stored, and refuses what is not a key', async () => {
      const missing = `${'0'.repeat(64)}.pdf`;
      await assert.rejects(blobs.get(missing), (e: unknown) => isAppError(e, 'NOT_FOUND'));
      assert.equal(await blobs.has(missing), false);
      await assert.rejects(blobs.get('../../etc/passwd'), /not a blob key/);
    });
  });
}

contract('filesystem', async () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'arxiv-radar-blobs-'));
  return {
    blobs: createFsBlobStore(dir),
    other: () => createFsBlobStore(dir),
    done: async () => rmSync(dir, { recursive: true, force: true }),
  };
});

let server: PostgresServer | undefined;
contract('postgres', async () => {
  server = await startPostgres();
  const url = await server.createDatabase();
  const blobs = createPgBlobStore(url);
  return {
    blobs,
    other: () => createPgBlobStore(url),
    done: async () => {
      await blobs.close();
      await server?.stop();
    },
  };
});
