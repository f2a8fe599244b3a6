/**
 * SQL injection probes through the Postgres driver (issue 28): every filter and text field the
 * front ends pass down (MCP list_papers / the CLI's list / the web library: query text, author,
 * categories, topic, dates; the agent's conversation ids; topic and subscription names; digest
 * keys) carries classic payloads. Each must be treated as data: a clear user error (INVALID_INPUT,
 * NOT_FOUND) or a normal answer, never a database error, and afterwards every table is intact and
 * what was stored reads back byte for byte. A real Postgres (test/support/postgres.ts).
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import pg from 'pg';
import { openPostgresStore } from '../../../../adapters/store/postgres/index.ts';
import type { PaperStore } from '../../../../app/ports/store.ts';
import { isAppError, isUserErrorCode } from '../../../../domain/errors.ts';
import { startPostgres, type PostgresServer } from '../../../support/postgres.ts';
import { feedPapers } from './fixtures.ts';

const PAYLOADS = [
  "' OR '1'='1",
  "'; DROP TABLE papers; --",
  '1); DELETE FROM subscriptions; --',
  "x' UNION SELECT name, name, name FROM subscriptions --",
  "'; SELECT pg_sleep(5); --",
  '" OR ""="',
  '$1',
  '\\',
  "\\'; TRUNCATE topics CASCADE; --",
  '%_%',
  "E'\\x27'",
  '::text',
  '!(a & b) | c:* <-> d',
  "')) OR 1=1 --",
  "Robert'); DROP TABLE conversations;--",
  '/* comment */ OR 1=1',
  'ünï©ødé \u202e\u200b',
];

let server: PostgresServer;
let url: string;
let store: PaperStore;
const papers = feedPapers('search_au-del_maestro.xml');

before(async () => {
  server = await startPostgres();
  url = await server.createDatabase();
  store = openPostgresStore({ url });
  await store.upsertPapers(papers, { topic: 'bethe' });
  await store.upsertSubscription({ name: 'keep', query: 'all:bethe', interest: 'lattices' });
});
after(async () => {
  await store?.close();
  await server?.stop();
});

/** Runs a probe: a normal answer or a user error are fine; anything else (a database error) fails. */
async function probe<T>(what: string, work: () => Promise<T>): Promise<T | null> {
  try {
    return await work();
  } catch (e) {
    assert.ok(
      isAppError(e) && isUserErrorCode(e.code),
      `${what}: not a user error but ${e instanceof Error ? `${e.name}: ${e.message}` : String(e)}`,
    );
    return null;
  }
}

async function counts(): Promise<Record<string, number>> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    const out: Record<string, number> = {};
    for (const t of [
      'papers',
      'topics',
      'topic_papers',
      'subscriptions',
      'conversations',
      'author_keys',
      'paper_categories',
    ]) {
      out[t] = Number((await c.query<{ n: string }>(`SELECT count(*) AS n FROM ${t}`)).rows[0]!.n);
    }
    return out;
  } finally {
    await c.end();
  }
}

describe('SQL injection probes through the Postgres driver', () => {
  it(`${PAYLOADS.length} payloads in every list filter (query, author, categories, topic, dates): data, never SQL`, async () => {
    const before = await counts();
    const all = (await store.listPapers({ limit: 50 })).total_count;
    let probes = 0;
    for (const p of PAYLOADS) {
      for (const filters of [
        { query: p },
        { author: p },
        { categories: [p] },
        { topic: p },
        { start_date: p },
        { end_date: p },
        { query: p, author: p, topic: 'bethe' },
      ]) {
        probes++;
        const r = await probe(`listPapers ${JSON.stringify(filters)}`, () =>
          store.listPapers({ ...filters, limit: 50 }),
        );
        if (r)
          assert.ok(
            r.total_count < all || p.length === 0,
            `${JSON.stringify(filters)} matched every paper (${r.total_count})`,
          );
      }
      probes += 2;
      await probe(`searchChunks ${p}`, () => store.searchChunks(p, { limit: 5 }));
      await probe(`getPaper ${p}`, () => store.getPaper(p));
    }
    assert.deepEqual(await counts(), before, 'every table is intact');
    console.log(`${probes} list/search probes held`);
  });

  it('payloads as stored names and ids read back byte for byte (topics, conversations, subscriptions, digests) and touch nothing else', async () => {
    const before = await counts();
    let probes = 0;
    for (const [i, p] of PAYLOADS.entries()) {
      probes++;
      const conversation = `web:${p}`;
      await store.saveConversation(conversation, [{ role: 'user', content: p }]);
      const read = await store.getConversation(conversation);
      assert.deepEqual(read?.messages, [{ role: 'user', content: p }], `conversation ${p}`);
      assert.equal(await store.deleteConversation(conversation), true);
      probes++;
      const topic = `t${i} ${p}`.slice(0, 100);
      const stored = await probe(`topic ${p}`, () => store.upsertPapers([papers[0]!], { topic }));
      if (stored) assert.equal((await store.topicPapers(topic)).papers.length, 1, `topic ${topic}`);
      probes += 3;
      await probe(`getSubscription ${p}`, () => store.getSubscription(p));
      await probe(`upsertSubscription ${p}`, () =>
        store.upsertSubscription({ name: p, query: p, interest: p }),
      );
      await probe(`getDigest ${p}`, () => store.getDigest(p));
    }
    const after = await counts();
    assert.equal(after.papers, before.papers, 'no paper added or lost');
    assert.equal(
      after.subscriptions,
      before.subscriptions,
      'names that are not subscription names were refused, nothing deleted',
    );
    assert.equal(after.conversations, before.conversations);
    assert.equal((await store.getSubscription('keep'))?.interest, 'lattices');
    console.log(`${probes} stored-name probes held`);
  });
});
