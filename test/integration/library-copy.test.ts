/**
 * `arxiv-radar library copy --to postgres://…` from a SQLite library built from the recorded
 * corpus (every Atom feed imported by the CLI, plus content, chunks, summaries, subscriptions,
 * digests, receipts, seen-state, deliveries and a conversation), into a real Postgres. Afterwards
 * both drivers answer every read the same, field by field; a second run copies nothing new; a
 * partly copied target is completed.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { PaperStore } from '../../app/ports/store.ts';
import type { ListFilters } from '../../domain/library.ts';
import { openPostgresStore, PG_SCHEMA_VERSION } from '../../adapters/store/postgres/index.ts';
import { openSqliteStore } from '../../adapters/store/sqlite/index.ts';
import { runCli } from '../support/cli.ts';
import { corpus } from '../support/corpus.ts';
import { startPostgres, type PostgresServer } from '../support/postgres.ts';
import { feedPapers } from '../unit/adapters/store/fixtures.ts';

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'library-copy-'));
const env = { DATA_DIR: dataDir, LOG_LEVEL: 'silent', DATABASE_URL: '' };
const feeds = readdirSync(corpus('atom'))
  .filter((f) => f.endsWith('.xml') && !f.startsWith('error'))
  .sort();
const CONTENT_IDS = ['cond-mat/0607501', '1111.2011', '1707.08567'];

interface CopyJson {
  before: { sqlite: Record<string, number>; postgres: Record<string, number> };
  after: { sqlite: Record<string, number>; postgres: Record<string, number> };
  ok: boolean;
}

function copy(url: string): CopyJson {
  const r = runCli(['library', 'copy', '--to', url, '--json'], env);
  assert.equal(r.status, 0, r.stderr);
  return JSON.parse(r.stdout) as CopyJson;
}

/** Every paper id of a store, via listPapers pages. */
async function allIds(store: PaperStore): Promise<string[]> {
  const ids: string[] = [];
  for (let offset = 0; ; offset += 50) {
    const page = await store.listPapers({ limit: 50, offset });
    ids.push(...page.papers.map((p) => p.arxiv_id));
    if (page.papers.length < 50) return ids;
  }
}

describe('library copy (SQLite -> Postgres)', () => {
  let server: PostgresServer;
  before(async () => {
    server = await startPostgres();
    const imported = runCli(['import', ...feeds.map((f) => corpus('atom', f))], env);
    assert.equal(imported.status, 0, imported.stderr);
    const topic = runCli(
      [
        'import',
        corpus('atom', 'search_au-del_maestro_AND_ti-quantum_criticality.xml'),
        '--topic',
        'quantum criticality',
      ],
      env,
    );
    assert.equal(topic.status, 0, topic.stderr);
    const store = openSqliteStore({ dataDir });
    try {
      await store.upsertPapers(feedPapers('search_au-del_maestro.xml'), { topic: 'del maestro' });
      for (const [i, id] of CONTENT_IDS.entries()) {
        await store.saveContent({
          id,
          version: 1,
          source: 'pdf',
          markdown: `# ${id} v1\n\nOld text ${i}.\n`,
          warnings: ['no text on page 3'],
        });
        await store.saveContent({
          id,
          version: 2,
          source: 'html',
          markdown: `# ${id}\n\n## 1 Introduction\n\nWe study valence bond solids ${i}.\n`,
          warnings: [],
        });
        await store.replaceChunks(id, 2, [
          {
            sectionPath: ['1 Introduction'],
            text: `We study the checkerboard lattice with quantum Monte Carlo, case ${i}.`,
          },
          {
            sectionPath: ['2 Results', '2.1 Phase diagram'],
            text: 'A valence bond solid appears at low temperature.',
          },
        ]);
        await store.replaceChunks(id, 1, [
          { sectionPath: [], text: 'An older version about quantum criticality.' },
        ]);
        await store.saveSummary(id, 2, {
          tldr: `Summary of ${id}.`,
          keyPoints: ['one', 'two'],
          method: 'extractive',
        });
      }
      await store.upsertSubscription({
        name: 'quantum-crit',
        query: 'quantum criticality',
        interest: 'QCPs',
        destinations: { notion: true },
      });
      await store.upsertSubscription({ name: 'testing', categories: ['cs.SE'], topK: 7 });
      for (const date of ['2024-11-27', '2024-11-28']) {
        await store.saveDigest({
          key: `quantum-crit:${date}`,
          subscription: 'quantum-crit',
          interest: 'QCPs',
          date,
          windowStart: `${date}T00:00:00.000Z`,
          windowEnd: `${date}T23:59:59.000Z`,
          entries: [],
        });
        await store.recordReceipt(`quantum-crit:${date}`, {
          destination: 'markdown',
          ref: `quantum-crit/${date}.md`,
          url: null,
          publishedAt: `${date}T09:00:00.000Z`,
        });
        await store.recordReceipt(`quantum-crit:${date}`, {
          destination: 'notion',
          ref: `page-${date}`,
          url: `https://notion.so/page-${date}`,
          publishedAt: `${date}T09:00:01.000Z`,
        });
      }
      await store.markSeen('quantum-crit', ['1111.2011', 'cond-mat/0607501'], 'quantum-crit:2024-11-27');
      await store.saveDelivery({
        subscription: 'testing',
        announcement: '2026-11-20',
        digestKey: 'testing:2026-11-20',
        windowEnd: null,
        considered: ['2509.24242', '2507.16734'],
      });
      await store.completeDelivery('testing', '2026-11-20', ['2509.24242']);
      await store.saveDelivery({
        subscription: 'testing',
        announcement: '2026-11-23',
        digestKey: 'testing:2026-11-23',
        windowEnd: '2026-11-20T19:00:00.000Z',
        considered: ['2511.02810'],
      });
      await store.saveConversation('cli:session-1', [
        { role: 'user', content: 'What is new?' },
        { role: 'assistant', content: 'See arXiv:1111.2011.' },
      ]);
      await store.setRating({
        subscription: 'quantum-crit',
        arxivId: '1111.2011',
        rating: 'up',
        source: 'web',
      });
      await store.setRating({
        subscription: 'quantum-crit',
        arxivId: 'cond-mat/0607501',
        rating: 'down',
        source: 'discord',
      });
      await store.setRating({ subscription: 'testing', arxivId: '2509.24242', rating: 'up', source: 'seed' });
    } finally {
      await store.close();
    }
  });
  after(async () => {
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('copies everything, checks the counts, and both drivers then answer the same field by field', async () => {
    const url = await server.createDatabase();
    const out = copy(url);
    assert.equal(out.ok, true);
    assert.ok(
      Object.values(out.before.postgres).every((n) => n === 0),
      'the target started empty',
    );
    assert.deepEqual(out.after.postgres, out.after.sqlite);
    assert.equal(out.after.sqlite.papers, 116);
    assert.ok(
      Object.entries(out.after.sqlite).every(([, n]) => n > 0),
      JSON.stringify(out.after.sqlite),
    );

    const a = openSqliteStore({ dataDir });
    const b = openPostgresStore({ url });
    try {
      const ids = await allIds(a);
      assert.equal(ids.length, 116);
      assert.deepEqual(await allIds(b), ids);
      for (const id of ids) assert.deepEqual(await b.getPaper(id), await a.getPaper(id), id);
      assert.deepEqual(await b.topics(), await a.topics());
      for (const t of await a.topics())
        assert.deepEqual(await b.topicPapers(t.name), await a.topicPapers(t.name));
      const mixes: ListFilters[] = [
        { query: 'quantum' },
        { query: 'software testing', limit: 50 },
        { query: 'the', limit: 50, offset: 40 },
        { query: 'model data', limit: 50 },
        { query: 'Wübben' },
        { author: 'del maestro' },
        { author: 'wubben' },
        { categories: ['cs.IT', 'math.ST'], limit: 50 },
        { start_date: '2024-01-01', end_date: '2024-12-31' },
        { topic: 'quantum criticality' },
        { query: 'testing', categories: ['cs.SE'], start_date: '2020-01-01', limit: 7, offset: 3 },
        { query: 'lattice', topic: 'del maestro' },
      ];
      for (const f of mixes)
        assert.deepEqual(await b.listPapers(f), await a.listPapers(f), JSON.stringify(f));
      for (const id of CONTENT_IDS) {
        for (const v of [undefined, 1, 2]) {
          const x = await a.getContent(id, v);
          assert.ok(x);
          assert.deepEqual(await b.getContent(id, v), x);
          assert.deepEqual(await b.getContentByKey(x.key), x);
        }
        assert.deepEqual(await b.getSummary(id), await a.getSummary(id));
      }
      for (const q of [
        'valence bond',
        'quantum monte carlo case',
        'phase diagram',
        'criticality',
        'checkerboard 1',
      ]) {
        const [x, y] = [await a.searchChunks(q, { limit: 20 }), await b.searchChunks(q, { limit: 20 })];
        assert.deepEqual(
          y.map((h) => ({ ...h, score: 0 })),
          x.map((h) => ({ ...h, score: 0 })),
          q,
        );
        y.forEach((h, i) =>
          assert.ok(
            Math.abs(h.score - (x[i]?.score ?? NaN)) < 1e-9,
            `${q}: score ${h.score} vs ${x[i]?.score}`,
          ),
        );
      }
      assert.deepEqual(await b.listSubscriptions(), await a.listSubscriptions());
      assert.deepEqual(await b.listDigests('quantum-crit', 10), await a.listDigests('quantum-crit', 10));
      for (const date of ['2024-11-27', '2024-11-28'])
        assert.deepEqual(
          await b.getReceipts(`quantum-crit:${date}`),
          await a.getReceipts(`quantum-crit:${date}`),
        );
      const probe = ['1111.2011', 'cond-mat/0607501', '2509.24242', '2507.16734', '2511.02810'];
      for (const sub of ['quantum-crit', 'testing'])
        assert.deepEqual(await b.filterUnseen(sub, probe), await a.filterUnseen(sub, probe), sub);
      for (const day of ['2026-11-20', '2026-11-23'])
        assert.deepEqual(await b.getDelivery('testing', day), await a.getDelivery('testing', day));
      assert.deepEqual(await b.lastDelivery('testing'), await a.lastDelivery('testing'));
      assert.deepEqual(await b.getConversation('cli:session-1'), await a.getConversation('cli:session-1'));
      for (const sub of ['quantum-crit', 'testing'])
        assert.deepEqual(await b.listRatings(sub), await a.listRatings(sub), sub);
      assert.equal((await b.listRatings('quantum-crit')).length, 2);
    } finally {
      await a.close();
      await b.close();
    }

    // Idempotent: a second run finds everything there and changes no count.
    const again = copy(url);
    assert.equal(again.ok, true);
    assert.deepEqual(again.before.postgres, out.after.postgres);
    assert.deepEqual(again.after.postgres, out.after.postgres);
  });

  it('resumes a partial copy and completes it', async () => {
    const url = await server.createDatabase();
    // What an interrupted run leaves: some papers, some seen-state, no content yet.
    const partial = openPostgresStore({ url });
    await partial.upsertPapers(feedPapers('search_testing_start0_max100.xml').slice(0, 40));
    await partial.markSeen('quantum-crit', ['1111.2011'], 'quantum-crit:2024-11-27');
    await partial.close();
    const out = copy(url);
    assert.equal(out.before.postgres.papers, 40);
    assert.equal(out.ok, true);
    assert.deepEqual(out.after.postgres, out.after.sqlite);
  });

  it('fails with exit 1 naming the tables whose counts differ', async () => {
    const url = await server.createDatabase();
    const extra = openPostgresStore({ url });
    await extra.upsertSubscription({ name: 'only-in-target', query: 'x' });
    await extra.close();
    const r = runCli(['library', 'copy', '--to', url], env);
    assert.equal(r.status, 1, r.stderr);
    assert.match(r.stderr, /subscriptions \(source 2, target 3\)/);
    assert.match(r.stderr, /Before/);
  });

  it('library migrate brings DATABASE_URL to the current schema once', async () => {
    const url = await server.createDatabase();
    const first = runCli(['library', 'migrate', '--json'], { ...env, DATABASE_URL: url });
    assert.equal(first.status, 0, first.stderr);
    assert.deepEqual(JSON.parse(first.stdout), { driver: 'postgres', from: 0, to: PG_SCHEMA_VERSION });
    const again = runCli(['library', 'migrate'], { ...env, DATABASE_URL: url });
    assert.equal(again.status, 0, again.stderr);
    assert.match(again.stdout, /nothing to migrate/);
  });

  it('refuses a target that is not a postgres:// URL (exit 2)', () => {
    const r = runCli(['library', 'copy', '--to', 'mysql://localhost/x'], env);
    assert.equal(r.status, 2);
    assert.match(r.stderr, /postgres:\/\//);
  });
});
