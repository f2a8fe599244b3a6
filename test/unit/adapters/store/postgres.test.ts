/** Every store port's contract on the Postgres driver (a real server started for this file), plus Postgres-specific checks. */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import pg from 'pg';
import {
  migratePostgres,
  openPostgresStore,
  PG_SCHEMA_VERSION,
} from '../../../../adapters/store/postgres/index.ts';
import { isAppError } from '../../../../domain/errors.ts';
import { startPostgres, type PostgresServer } from '../../../support/postgres.ts';
import { runStoreContracts } from './contract/index.ts';
import { feedPapers } from './fixtures.ts';
import {
  addTermCounts,
  buildTermBits,
  buildTermIndex,
  LENGTH_BLOCK,
} from '../../../../adapters/store/postgres/term-bits.ts';
import { tsvWeights } from '../../../../adapters/store/postgres/text-search.ts';

let server: PostgresServer;
before(async () => {
  server = await startPostgres();
});
after(async () => {
  await server?.stop();
});

runStoreContracts('postgres', async () => openPostgresStore({ url: await server.createDatabase() }));

describe('postgres store', () => {
  it('migrates once, records the versions, and reopens without migrating again', async () => {
    const url = await server.createDatabase();
    // Several processes opening a new database at once: one migrates, the others wait and find nothing to do.
    const results = await Promise.all([migratePostgres(url), migratePostgres(url), migratePostgres(url)]);
    assert.deepEqual(
      results.map((r) => r.to),
      [PG_SCHEMA_VERSION, PG_SCHEMA_VERSION, PG_SCHEMA_VERSION],
    );
    assert.equal(results.filter((r) => r.from === 0).length, 1);
    const a = openPostgresStore({ url });
    await a.upsertSubscription({ name: 'keep', query: 'x' });
    await a.close();
    const b = openPostgresStore({ url });
    assert.equal((await b.getSubscription('keep'))?.name, 'keep');
    await b.close();
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    const { rows } = await c.query<{ version: number }>(
      'SELECT version FROM schema_migrations ORDER BY version',
    );
    await c.end();
    assert.deepEqual(
      rows.map((r) => r.version),
      Array.from({ length: PG_SCHEMA_VERSION }, (_, i) => i + 1),
    );
  });

  it('keeps Markdown in the database, not on a local disk', async () => {
    const url = await server.createDatabase();
    const store = openPostgresStore({ url });
    const { key } = await store.saveContent({
      id: 'astro-ph/0601001',
      version: 1,
      source: 'pdf',
      markdown: '# legacy id',
      warnings: [],
    });
    const { rows } = await store.pool.query<{ markdown: string }>(
      'SELECT markdown FROM contents WHERE key = $1',
      [key],
    );
    assert.equal(rows[0]?.markdown, '# legacy id');
    await store.close();
  });

  it('fails with a retryable STORE_ERROR when the server is unreachable, without showing the password', async () => {
    const store = openPostgresStore({ url: 'postgres://someone:hunter2@127.0.0.1:1/nowhere' });
    await assert.rejects(store.listPapers({}), (e: unknown) => {
      assert.ok(isAppError(e, 'STORE_ERROR'), String(e));
      assert.equal(e.retryable, true);
      assert.doesNotMatch(e.message, /hunter2/);
      return true;
    });
    await store.close();
  });

  it('keeps the term index (bitmaps, counts, lengths) equal to the stored tsvectors through inserts, replacements, a removal and a rebuild', async () => {
    const store = openPostgresStore({ url: await server.createDatabase() });
    const papers = feedPapers('search_testing_start0_max100.xml');
    await store.upsertPapers(papers);
    // A newer version with another title and abstract replaces the lexemes of the first paper.
    const first = papers[0]!;
    await store.upsertPapers([
      {
        ...first,
        version: (first.version ?? 1) + 1,
        title: 'Zyzzyva quokka',
        abstract: 'Nothing else: quokka.',
      },
    ]);
    // Counts and lengths past what a byte / two bytes hold are read from the paper instead.
    const second = papers[1]!;
    await store.upsertPapers([
      {
        ...second,
        version: (second.version ?? 1) + 1,
        title: 'Quokka '.repeat(90),
        abstract: `${'quokka '.repeat(30)}${'filler '.repeat(70_000)}`,
      },
    ]);
    // A removed paper leaves the bitmaps, the document counts and the token total.
    assert.equal(await store.removePaper(papers[2]!.id), true);
    const totals = (
      await store.pool.query<{ docs: number; tokens: number; n: number; sum: number }>(
        "SELECT s.docs::int AS docs, s.tokens::float8 AS tokens, (SELECT count(*)::int FROM papers) AS n, (SELECT coalesce(sum(ntok), 0)::float8 FROM papers) AS sum FROM fts_stats s WHERE s.kind = 'papers'",
      )
    ).rows[0]!;
    assert.deepEqual([totals.docs, totals.tokens], [totals.n, totals.sum]);
    type IndexRow = { term: string; chunk: number; bits: Buffer; freqs: Buffer };
    const index = async () =>
      (
        await store.pool.query<IndexRow>(
          'SELECT term, chunk, bits, freqs FROM paper_term_bits ORDER BY term, chunk',
        )
      ).rows;
    /** term -> [pk, weighted count] from the bitmaps and their counts. */
    const decoded = (rows: IndexRow[]) => {
      const out = new Map<string, Array<[number, number]>>();
      for (const r of rows) {
        let k = 0;
        for (let i = 0; i < r.bits.length * 8; i++) {
          if ((r.bits[i >> 3]! >> (i & 7)) & 1)
            (out.get(r.term) ?? out.set(r.term, []).get(r.term)!).push([r.chunk * 65536 + i, r.freqs[k++]!]);
        }
        assert.equal(k, r.freqs.length, `${r.term}: one count per set bit`);
      }
      return out;
    };
    const { rows: stored } = await store.pool.query<{ pk: number; ntok: number; t: string }>(
      'SELECT pk, ntok, tsv::text AS t FROM papers ORDER BY pk',
    );
    const fromTsv = new Map<string, Array<[number, number]>>();
    for (const p of stored)
      for (const [term, f] of tsvWeights(p.t))
        (fromTsv.get(term) ?? fromTsv.set(term, []).get(term)!).push([p.pk, Math.min(f, 255)]);
    const kept = await index();
    assert.deepEqual(decoded(kept), new Map([...fromTsv].sort(([a], [b]) => (a < b ? -1 : 1))));
    const lengths = async () => {
      const { rows } = await store.pool.query<{ block: number; ntok: Buffer }>(
        'SELECT block, ntok FROM paper_lengths',
      );
      const byBlock = new Map(rows.map((r) => [r.block, r.ntok]));
      return stored.map((p) =>
        byBlock.get(Math.floor(p.pk / LENGTH_BLOCK))!.readUInt16LE((p.pk % LENGTH_BLOCK) * 2),
      );
    };
    assert.deepEqual(
      await lengths(),
      stored.map((p) => Math.min(p.ntok, 0xffff)),
    );
    assert.ok(
      stored.some((p) => p.ntok > 0xffff),
      'a saturated length is exercised',
    );
    assert.equal(
      (await store.listPapers({ query: 'zyzzyva' })).papers[0]?.arxiv_id,
      first.id.replace(/v\d+$/, ''),
    );
    // The saturated paper ranks from its tsvector: 270 title + 30 abstract occurrences of quokka.
    assert.deepEqual(
      (await store.listPapers({ query: 'quokka' })).papers.map((p) => p.arxiv_id),
      [first.id, second.id].map((id) => id.replace(/v\d+$/, '')),
    );
    // Counts and windows through the bitmaps equal the GIN index's, with and without other filters.
    for (const q of ['testing', 'software testing', 'the of', 'quokka']) {
      const tsq = q
        .split(' ')
        .map((w) => `'${w}'`)
        .join(' & ');
      const gin = (
        await store.pool.query<{ n: number }>('SELECT count(*) AS n FROM papers WHERE tsv @@ $1::tsquery', [
          tsq,
        ])
      ).rows[0]!.n;
      assert.equal((await store.listPapers({ query: q })).total_count, gin, q);
      const cat = first.categories[0]!;
      const ginCat = (
        await store.pool.query<{ n: number }>(
          'SELECT count(*) AS n FROM papers WHERE tsv @@ $1::tsquery AND categories_json LIKE $2',
          [tsq, `%"${cat}"%`],
        )
      ).rows[0]!.n;
      assert.equal(
        (await store.listPapers({ query: q, categories: [cat] })).total_count,
        ginCat,
        `${q} in ${cat}`,
      );
    }
    // A rebuild from the tsvectors, and migration 6 adding counts and lengths to migration 5's
    // bitmaps (one of them wrong, so that row is rewritten whole), give the index the writes kept.
    const c = await store.pool.connect();
    try {
      await c.query('TRUNCATE paper_term_bits, paper_lengths');
      await buildTermIndex(c);
      assert.deepEqual(decoded(await index()), decoded(kept));
      assert.deepEqual(
        await lengths(),
        stored.map((p) => Math.min(p.ntok, 0xffff)),
      );
      await c.query("UPDATE paper_term_bits SET freqs = '\\x'");
      await c.query("UPDATE paper_term_bits SET bits = '\\x01' WHERE term = 'quokka'");
      await c.query('TRUNCATE paper_lengths');
      await addTermCounts(c);
      assert.deepEqual(decoded(await index()), decoded(kept));
      assert.deepEqual(
        await lengths(),
        stored.map((p) => Math.min(p.ntok, 0xffff)),
      );
      // A schema-4 library: migration 5 builds the bitmaps alone (as before the counts existed), then 6 adds the counts.
      await c.query("ALTER TABLE paper_term_bits ALTER COLUMN freqs SET DEFAULT '\\x'");
      await c.query('TRUNCATE paper_term_bits, paper_lengths');
      await buildTermBits(c);
      await addTermCounts(c);
    } finally {
      c.release();
    }
    assert.deepEqual(decoded(await index()), decoded(kept));
    assert.deepEqual(
      await lengths(),
      stored.map((p) => Math.min(p.ntok, 0xffff)),
    );
    await store.close();
  });

  it('keeps the papers per author key and per category equal to their indexes through inserts, replacements and a removal', async () => {
    const store = openPostgresStore({ url: await server.createDatabase() });
    const papers = feedPapers('search_testing_start0_max100.xml');
    await store.upsertPapers(papers.slice(0, 60));
    await store.upsertPapers(papers.slice(40));
    // A newer version with other authors and categories moves the first paper between keys.
    const first = papers[0]!;
    await store.upsertPapers([
      {
        ...first,
        version: (first.version ?? 1) + 1,
        authors: [{ name: 'Dirk Wübben', affiliations: [] }],
        categories: ['math.PR'],
        primaryCategory: 'math.PR',
      },
    ]);
    // And a removal takes a paper out of its keys' counts.
    assert.equal(await store.removePaper(papers[5]!.id), true);
    const q = async (sql: string) =>
      (await store.pool.query<{ kind: string; key: string; n: number }>(sql)).rows;
    const kept = await q(
      'SELECT kind, key, papers AS n FROM index_counts WHERE papers <> 0 ORDER BY kind, key',
    );
    const counted =
      await q(`SELECT 'author' AS kind, name_key AS key, count(*) AS n FROM author_keys GROUP BY name_key
      UNION ALL SELECT 'category', category, count(*) FROM paper_categories GROUP BY category ORDER BY kind, key`);
    assert.deepEqual(kept, counted);
    assert.equal((await store.listPapers({ author: 'wubben' })).total_count, 1);
    const cat = first.categories[0]!;
    assert.equal(
      (await store.listPapers({ categories: [cat] })).total_count,
      counted.find((r) => r.kind === 'category' && r.key === cat)?.n ?? 0,
    );
    await store.close();
  });
});
