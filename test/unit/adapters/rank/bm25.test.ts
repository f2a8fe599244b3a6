import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { XMLParser } from 'fast-xml-parser';
import { bm25Rank, createBm25Reranker, tokenize } from '../../../../adapters/rank/bm25.ts';
import { corpus } from '../../../support/corpus.ts';

/** Titles and abstracts of the real 100-entry API response (parsed directly: ranking is under test, not Atom parsing). */
function loadFeed(): Array<{ id: string; title: string; abstract: string }> {
  const xml = readFileSync(corpus('atom/search_testing_start0_max100.xml'), 'utf8');
  const feed = new XMLParser({ isArray: (name) => name === 'entry' }).parse(xml) as {
    feed: { entry: Array<{ id: string; title: string; summary: string }> };
  };
  return feed.feed.entry.map((e) => ({
    id: String(e.id),
    title: String(e.title).replace(/\s+/g, ' ').trim(),
    abstract: String(e.summary),
  }));
}

describe('bm25Rank', () => {
  it('finds each paper of the 100-entry feed from its title alone (known-item MRR >= 0.9)', () => {
    const papers = loadFeed();
    assert.equal(papers.length, 100);
    const docs = papers.map((p) => ({ id: p.id, text: p.abstract }));
    let reciprocalSum = 0;
    for (const p of papers) {
      const ranked = bm25Rank(p.title, docs);
      const rank = ranked.findIndex((r) => r.id === p.id) + 1;
      assert.ok(rank > 0);
      reciprocalSum += 1 / rank;
    }
    const mrr = reciprocalSum / papers.length;
    assert.ok(mrr >= 0.9, `MRR ${mrr.toFixed(3)} is below 0.9`);
  });

  it('returns every doc once, best first, with the scores sorted', () => {
    const docs = loadFeed()
      .slice(0, 20)
      .map((p) => ({ id: p.id, text: `${p.title}. ${p.abstract}` }));
    const ranked = bm25Rank('software testing of web applications', docs);
    assert.equal(ranked.length, docs.length);
    assert.deepEqual(new Set(ranked.map((r) => r.id)), new Set(docs.map((d) => d.id)));
    for (let i = 1; i < ranked.length; i++) assert.ok(ranked[i - 1]!.score >= ranked[i]!.score);
  });

  it('gives zero to docs sharing no query term and keeps their input order', () => {
    const docs = [
      { id: 'a', text: 'quantum criticality in metals' },
      { id: 'b', text: 'graph resilience' },
      { id: 'c', text: 'quantum spin liquids' },
    ];
    const ranked = bm25Rank('quantum', docs);
    assert.deepEqual(
      ranked.map((r) => r.id),
      ['a', 'c', 'b'],
    );
    assert.equal(ranked[2]!.score, 0);
  });

  it('handles an empty doc set and a query of stop words only', () => {
    assert.deepEqual(bm25Rank('anything', []), []);
    const ranked = bm25Rank('the of and', [{ id: 'x', text: 'the cat' }]);
    assert.deepEqual(ranked, [{ id: 'x', score: 0 }]);
  });

  it('tokenizes with stemming so plural and singular match', () => {
    assert.deepEqual(tokenize('Neural Networks'), tokenize('neural network'));
    assert.deepEqual(tokenize('The testing of the tests'), ['test', 'test']);
  });

  it('is usable through the Reranker port', async () => {
    const r = createBm25Reranker();
    assert.equal(r.kind, 'bm25');
    const ranked = await r.rank('graph', [
      { id: '1', text: 'no match' },
      { id: '2', text: 'a graph' },
    ]);
    assert.equal(ranked[0]!.id, '2');
  });
});
