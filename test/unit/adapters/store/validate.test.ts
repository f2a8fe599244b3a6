/** Name normalisation, FTS escaping and filter validation shared by every store driver. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { toFtsQuery } from '../../../../adapters/store/sqlite/fts.ts';
import { baseId, nameKeys, normalizeFilters, normalizeName } from '../../../../domain/library.ts';
import { feedPapers, repairMojibake } from './fixtures.ts';

describe('store validation', () => {
  it('normalises author names from real feeds: case, accents and punctuation', () => {
    const names = feedPapers('search_testing_start0_max100.xml').flatMap((p) =>
      p.authors.map((a) => repairMojibake(a.name)),
    );
    assert.ok(names.includes('José Raúl Romero'));
    assert.equal(normalizeName('José Raúl Romero'), 'jose raul romero');
    assert.equal(normalizeName('Jean-Marc Azaïs'), 'jean marc azais');
    assert.equal(normalizeName('A. Del Maestro'), 'a del maestro');
    assert.deepEqual(nameKeys('a del maestro'), ['a del maestro', 'del maestro', 'maestro']);
  });

  it('quotes every word so no user text is FTS5 syntax', () => {
    assert.equal(toFtsQuery('graph "neural" AND (nets*)'), '"graph" "neural" "AND" "nets"');
    assert.equal(toFtsQuery('title:foo NEAR(a b)'), '"title" "foo" "NEAR" "a" "b"');
    assert.equal(toFtsQuery('*** -- ""'), null);
  });

  it('reduces versioned and legacy ids to base ids', () => {
    assert.equal(baseId('2104.12255v3'), '2104.12255');
    assert.equal(baseId('astro-ph/0601001v1'), 'astro-ph/0601001');
    assert.throws(() => baseId(' '), /not an arXiv id/);
  });

  it('applies list defaults and drops empty filters', () => {
    assert.deepEqual(
      normalizeFilters({ query: '  ', categories: ['cs.LG', 'cs.LG', ''], start_date: '2024-02-29' }),
      {
        query: null,
        author: null,
        categories: ['cs.LG'],
        startDate: '2024-02-29',
        endDate: null,
        topic: null,
        limit: 20,
        offset: 0,
      },
    );
    assert.throws(() => normalizeFilters({ end_date: '2023-02-29' }), /end_date "2023-02-29" is not a date/);
  });
});
