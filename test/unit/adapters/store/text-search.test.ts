/** The Postgres driver's FTS5-equivalent tokens, tsvector literals, term counts and BM25. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  bm25,
  queryTerms,
  termFrequencies,
  toTsquery,
  toTsvector,
  tokenize,
  tsvWeights,
} from '../../../../adapters/store/postgres/text-search.ts';

describe('postgres text search', () => {
  it('tokenizes as unicode61 remove_diacritics 2: letter/digit runs, accents stripped, lowercase', () => {
    assert.deepEqual(tokenize("Dirk Wübben's O(n log n) 2.5-D Schrödinger—équation"), [
      'dirk',
      'wubben',
      's',
      'o',
      'n',
      'log',
      'n',
      '2',
      '5',
      'd',
      'schrodinger',
      'equation',
    ]);
    assert.deepEqual(queryTerms('"quantum AND title:(x*'), ['quantum', 'and', 'title', 'x']);
    assert.equal(queryTerms('!!! ---'), null);
    assert.equal(queryTerms(Array.from({ length: 40 }, (_, i) => `w${i}`).join(' '))?.length, 32);
  });

  it('writes a tsvector literal whose positions carry the count per field, and reads the counts back', () => {
    const { tsv, ntok } = toTsvector([
      ['Quantum quantum spin', 'A'],
      ['Spin liquids; quantum', 'B'],
    ]);
    assert.equal(ntok, 6);
    assert.equal(tsv, "'quantum':1A,2A,3B 'spin':1A,2B 'liquids':1B");
    // Postgres prints lexemes sorted, positions with their weight (D unmarked).
    const printed = "'liquids':1B 'quantum':1A,2A,3B 'spin':1A,2 'x':1C";
    assert.deepEqual(
      termFrequencies(printed, ['quantum', 'spin', 'liquids', 'x', 'absent']),
      [7, 4, 1, 2, 0],
    );
    assert.equal(toTsquery(['quantum', 'spin', 'quantum']), "'quantum' & 'spin'");
  });

  it('gives each lexeme the weighted count termFrequencies reads, from toTsvector and from printed text', () => {
    const { lexemes, weights } = toTsvector([
      ['Quantum quantum spin', 'A'],
      ['Spin liquids; quantum', 'B'],
    ]);
    assert.deepEqual(Object.fromEntries(lexemes.map((l, i) => [l, weights[i]])), {
      quantum: 7,
      spin: 4,
      liquids: 1,
    });
    const printed = "'liquids':1B 'o''brien':1A,2 'quantum':1A,2A,3B 'back\\\\slash':1C 'x'";
    assert.deepEqual(
      tsvWeights(printed),
      new Map([
        ['liquids', 1],
        ["o'brien", 4],
        ['quantum', 7],
        ['back\\slash', 2],
        ['x', 0],
      ]),
    );
    // A lexeme's positions stop at 256, title ones first: the count is of the kept ones.
    const many = toTsvector([
      ['word '.repeat(200), 'A'],
      ['word '.repeat(100), 'B'],
    ]);
    assert.deepEqual(many.weights, [200 * 3 + 56]);
    assert.deepEqual(tsvWeights(many.tsv), new Map([['word', 656]]));
  });

  it('scores as FTS5 bm25(): rarer terms, title weight and shorter rows score higher', () => {
    const stats = { docs: 100, tokens: 10_000, hits: [5, 60] };
    const rare = bm25([1, 0], 100, stats);
    const common = bm25([0, 1], 100, stats);
    assert.ok(rare < common, 'lower is better');
    assert.ok(bm25([3, 0], 100, stats) < rare, 'a title hit (weight 3) beats an abstract hit');
    assert.ok(bm25([1, 0], 50, stats) < rare, 'a shorter row beats a longer one');
    // IDF clamps at 1e-6 when a term is in more than half the rows, as FTS5 does.
    assert.equal(
      bm25([1], 100, { docs: 10, tokens: 1000, hits: [9] }),
      -1e-6 * ((1 * 2.2) / (1 + 1.2 * (1 - 0.75 + (0.75 * 100) / 100))),
    );
  });
});
