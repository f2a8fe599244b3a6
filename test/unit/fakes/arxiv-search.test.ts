/**
 * The fake arXiv's search against arXiv's own recorded answers (test/fixtures/corpus/atom: the
 * feed title of each recorded search names the query arXiv ran): every paper arXiv returned that
 * the corpus holds, the fake returns; where arXiv's answer was complete, the fake returns nothing
 * else; it never counts more results than arXiv did. And the queries the old query builder made
 * (a field name or an operator as a search word) get nothing, as they would from arXiv.
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { startFakeArxiv, type FakeArxiv } from '../../fakes/arxiv-server.ts';
import { corpus } from '../../support/corpus.ts';

const ids = (xml: string) =>
  [...xml.matchAll(/<entry>\s*<id>https?:\/\/arxiv\.org\/abs\/([^<]+?)(?:v\d+)?<\/id>/g)].map((m) => m[1]!);
const total = (xml: string) => Number(/<opensearch:totalResults[^>]*>(\d+)</.exec(xml)?.[1]);

/** Every recorded search: the query from its feed title, arXiv's total, the ids on the page. */
const RECORDED = readdirSync(corpus('atom'))
  .filter((f) => f.startsWith('search_'))
  .map((f) => {
    const xml = readFileSync(path.join(corpus('atom'), f), 'utf8');
    const title = /Query: search_query=(.*?)&amp;id_list=&amp;start=(\d+)&amp;max_results=(\d+)</.exec(xml);
    assert.ok(title, `${f} names its query`);
    return {
      file: f,
      query: title[1]!.replace(/&quot;/g, '"'),
      start: Number(title[2]),
      total: total(xml),
      ids: ids(xml),
    };
  });

describe("the fake arXiv search, checked against arXiv's recorded answers", () => {
  let fake: FakeArxiv;
  before(async () => {
    fake = await startFakeArxiv();
  });
  after(() => fake.close());

  const search = async (q: string, extra: Record<string, string> = {}) => {
    const r = await fetch(
      `${fake.apiUrl}?${new URLSearchParams({ search_query: q, start: '0', max_results: '2000', ...extra })}`,
    );
    const xml = await r.text();
    return { status: r.status, xml, ids: ids(xml), total: total(xml) };
  };

  it('has the recorded searches to check against', () => {
    assert.ok(RECORDED.length >= 8);
    assert.ok(
      RECORDED.some((r) => r.total <= r.ids.length + r.start),
      'at least one complete answer',
    );
  });

  for (const rec of RECORDED) {
    it(`${rec.file}: ${rec.query}`, async () => {
      const got = await search(rec.query);
      assert.equal(got.status, 200);
      for (const id of rec.ids)
        assert.ok(got.ids.includes(id), `arXiv returned ${id} for ${rec.query}; the fake must too`);
      assert.ok(
        got.total <= rec.total,
        `the fake found ${got.total}, arXiv ${rec.total}: the corpus is a part of arXiv`,
      );
      if (rec.start === 0 && rec.total <= rec.ids.length)
        assert.deepEqual([...got.ids].sort(), [...rec.ids].sort(), "arXiv's complete answer, exactly");
    });
  }

  it('searches a word without a prefix in every field (arXiv echoes the recorded search_query=testing as all:testing)', async () => {
    const bare = await search('testing');
    assert.deepEqual(bare.ids, (await search('all:testing')).ids);
    assert.ok(bare.total >= 100);
  });

  it('pages the way arXiv does (start, max_results, totalResults)', async () => {
    const all = await search('all:testing');
    const page = await search('all:testing', { start: '10', max_results: '10' });
    assert.deepEqual(page.ids, all.ids.slice(10, 20));
    assert.equal(page.total, all.total);
    assert.match(page.xml, /<opensearch:startIndex[^>]*>10</);
  });

  it("answers the old builder's mangled queries with nothing, and the queries as written with papers", async () => {
    for (const mangled of [
      'all:cat AND cat:cs.CL',
      'all:au AND all:del AND all:maestro AND all:ti AND all:checkerboard',
      'all:ti AND all:graph AND all:abs AND all:cat AND cat:cs.LG',
    ]) {
      assert.equal((await search(mangled)).total, 0, mangled);
    }
    const cl = await search('cat:cs.CL');
    assert.deepEqual([...cl.ids].sort(), ['2312.06056', '2503.23466', '2507.10541']);
    assert.equal((await search('au:del_maestro AND ti:checkerboard')).total, 1);
  });

  it('matches archives, phrases, ANDNOT, date ranges and sorts by date', async () => {
    const cs = await search('cat:cs');
    const se = await search('cat:cs.SE');
    assert.ok(cs.total > se.total && se.total > 0, 'cat:cs matches every cs.* paper');
    assert.equal((await search('cat:c')).total, 0, 'a prefix of an archive name is no archive');
    const phrase = await search('ti:"quantum criticality"');
    const words = await search('ti:quantum AND ti:criticality');
    assert.ok(phrase.total > 0 && phrase.total <= words.total);
    const notSe = await search('cat:cs ANDNOT cat:cs.SE');
    assert.equal(notSe.total, cs.total - se.total);
    const y2024 = await search('all:testing AND submittedDate:[202401010000 TO 202412312359]', {
      sortBy: 'submittedDate',
      sortOrder: 'ascending',
    });
    assert.ok(y2024.total > 0);
    const dates = [...y2024.xml.matchAll(/<published>([^<]+)</g)].map((m) => m[1]!);
    assert.ok(
      dates.every((d) => d.startsWith('2024')),
      'only 2024 submissions',
    );
    assert.deepEqual(dates, [...dates].sort(), 'oldest first');
  });

  it('refuses what arXiv cannot read with HTTP 400 and an error entry', async () => {
    for (const bad of ['(ti:graph', 'foo:bar', 'submittedDate:[2024 TO 2025]', 'ti:"open']) {
      const r = await search(bad);
      assert.equal(r.status, 400, bad);
      assert.match(r.xml, /<title>Error<\/title>/);
    }
  });

  it('counts the requests and can hold full-text responses until released', async () => {
    const before = fake.apiRequests().length;
    await search('cat:cs.CL');
    assert.equal(fake.apiRequests().length, before + 1);
    fake.holdFullTexts();
    let answered = false;
    const pending = fetch(`${fake.url}/pdf/1503.07589v1`).then(async (r) => {
      answered = true;
      return r.status;
    });
    await new Promise((r) => setTimeout(r, 200));
    assert.equal(answered, false, 'held');
    fake.release();
    assert.equal(await pending, 200);
  });
});
