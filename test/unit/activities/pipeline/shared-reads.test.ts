/**
 * The shared arXiv reads (activities/pipeline/shared-reads.ts) on both blob-store drivers that
 * hold their refs and leases: the filesystem (the default, beside SQLite) and Postgres (a real
 * server from test/support/postgres.ts). Two clients of one store stand for two worker hosts.
 * Checked through the OAI-PMH harvest claims (shared-oai.ts) and the generic claim: one reader
 * of several, the others handed its pages; a failed read frees the lease at once; a vanished
 * holder's lease expires; each set and span is its own read; a damaged ref is read again.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { createFsBlobStore } from '../../../../adapters/blobs/fs.ts';
import { createPgBlobStore } from '../../../../adapters/blobs/postgres.ts';
import type { BlobStore } from '../../../../app/ports/blobs.ts';
import { createSharedOaiActivities, sharedOaiName } from '../../../../activities/pipeline/shared-oai.ts';
import { createSharedReads } from '../../../../activities/pipeline/shared-reads.ts';
import { startPostgres, type PostgresServer } from '../../../support/postgres.ts';

const harvest = (n: number) => ({
  files: Array.from({ length: n }, (_, i) => `${String(i).repeat(64).slice(0, 64)}.json`),
  records: n * 20,
});
const span = { set: 'cs', from: '2027-01-06', until: '2027-01-07' };

function contract(
  name: string,
  open: () => Promise<{ hosts: [BlobStore, BlobStore]; done: () => Promise<void> }>,
) {
  describe(`shared arXiv reads: ${name}`, () => {
    let hosts: [BlobStore, BlobStore];
    let done: () => Promise<void>;
    before(async () => ({ hosts, done } = await open()));
    after(async () => done());
    const oai = (i: number) => createSharedOaiActivities({ blobs: hosts[i % 2]! });

    it('one of five concurrent runs harvests a set over a span; the other four get its pages', async () => {
      const claims = [0, 1, 2, 3, 4].map((i) => oai(i).claimOaiHarvest({ ...span, reader: `run-${i}` }));
      const first = await Promise.race(claims.map((c, i) => c.then((claim) => ({ claim, i }))));
      assert.deepEqual(first.claim, { read: true });
      await oai(first.i).shareOaiHarvest({ ...span, reader: `run-${first.i}`, harvest: harvest(3) });
      const all = await Promise.all(claims);
      assert.equal(all.filter((c) => 'read' in c).length, 1, 'exactly one harvester');
      for (const c of all.filter((c) => !('read' in c))) assert.deepEqual(c, { file: harvest(3) });
      assert.deepEqual(await oai(1).claimOaiHarvest({ ...span, reader: 'later' }), { file: harvest(3) });
    });

    it('each set and span is its own read', async () => {
      for (const other of [
        { ...span, set: 'math' },
        { ...span, until: '2027-01-08' },
        { ...span, from: '2027-01-07' },
      ]) {
        assert.deepEqual(
          await oai(0).claimOaiHarvest({ ...other, reader: 'r' }),
          { read: true },
          JSON.stringify(other),
        );
        await oai(0).shareOaiHarvest({ ...other, reader: 'r' });
      }
    });

    it('a failed harvest gives the lease back at once: a waiting run harvests', async () => {
      const s = { ...span, set: 'physics:hep-th' };
      assert.deepEqual(await oai(0).claimOaiHarvest({ ...s, reader: 'fails' }), { read: true });
      const waiting = oai(1).claimOaiHarvest({ ...s, reader: 'waits' });
      await new Promise((r) => setTimeout(r, 400));
      await oai(0).shareOaiHarvest({ ...s, reader: 'fails' });
      assert.deepEqual(await waiting, { read: true });
      await oai(1).shareOaiHarvest({ ...s, reader: 'waits', harvest: harvest(1) });
      assert.deepEqual(await oai(0).claimOaiHarvest({ ...s, reader: 'x' }), { file: harvest(1) });
    });

    it("a vanished holder's lease expires; another run takes the read over", async () => {
      const reads = createSharedReads(hosts[0]);
      const other = createSharedReads(hosts[1]);
      const req = (reader: string) => ({
        name: 'arxiv-oai/cs/2027-02-01/2027-02-02',
        reader,
        leaseMs: 300,
        accept: (s: { files: string[] }) => ({ files: s.files }),
      });
      assert.deepEqual(await reads.claim(req('vanished')), { read: true });
      const started = Date.now();
      assert.deepEqual(await other.claim(req('next')), { read: true });
      assert.ok(Date.now() - started >= 250, 'waited for the lease to expire');
    });

    it('a damaged ref is no harvest: the run harvests again', async () => {
      const s = { ...span, set: 'q-bio' };
      await hosts[0].setRef(sharedOaiName(s), '{not json');
      assert.deepEqual(await oai(1).claimOaiHarvest({ ...s, reader: 'r' }), { read: true });
    });
  });
}

contract('filesystem', async () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'arxiv-radar-shared-reads-'));
  return {
    hosts: [createFsBlobStore(dir), createFsBlobStore(dir)],
    done: async () => rmSync(dir, { recursive: true, force: true }),
  };
});

let server: PostgresServer | undefined;
contract('postgres', async () => {
  server = await startPostgres();
  const url = await server.createDatabase();
  const hosts: [BlobStore, BlobStore] = [createPgBlobStore(url), createPgBlobStore(url)];
  return {
    hosts,
    done: async () => {
      await Promise.all(hosts.map((h) => h.close()));
      await server?.stop();
    },
  };
});
