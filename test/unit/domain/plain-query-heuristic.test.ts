import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { buildQueryHeuristic } from '../../../domain/plain-query.ts';
import { validateSearchQuery } from '../../../domain/arxiv-query.ts';
import { isAppError } from '../../../domain/errors.ts';

const NOW = new Date('2025-06-01T12:00:00Z');

describe('buildQueryHeuristic', () => {
  const cases: Array<[string, string, { from: string; to: string } | null]> = [
    [
      'recent papers on "graph neural networks" for drug discovery since 2022',
      'all:"graph neural networks" AND all:drug AND all:discovery',
      { from: '2022-01-01', to: '2025-06-01' },
    ],
    ['quantum criticality by del Maestro', 'au:del_Maestro AND all:quantum AND all:criticality', null],
    [
      'cs.LG and stat.ML papers on diffusion models in 2023',
      'all:diffusion AND all:models AND (cat:cs.LG OR cat:stat.ML)',
      { from: '2023-01-01', to: '2023-12-31' },
    ],
    [
      'computer vision transformers by Alexey Dosovitskiy 2020-2021',
      'au:Dosovitskiy AND all:transformers AND cat:cs.CV',
      { from: '2020-01-01', to: '2021-12-31' },
    ],
    ['astro-ph.co dark energy surveys', 'all:dark AND all:energy AND all:surveys AND cat:astro-ph.CO', null],
    ['testing', 'all:testing', null],
  ];
  for (const [text, query, range] of cases) {
    it(`builds a valid query for: ${text}`, () => {
      const built = buildQueryHeuristic(text, NOW);
      assert.equal(built.searchQuery, query);
      assert.deepEqual(built.dateRange, range);
      assert.deepEqual(validateSearchQuery(built.searchQuery), { ok: true });
    });
  }

  it('keeps characters that would break the syntax out of the query', () => {
    const built = buildQueryHeuristic('what about (unbalanced: parens and "quotes', NOW);
    assert.deepEqual(validateSearchQuery(built.searchQuery), { ok: true });
  });

  it('rejects empty text and text of stop words only with INVALID_INPUT', () => {
    assert.throws(
      () => buildQueryHeuristic('   ', NOW),
      (e: unknown) => isAppError(e, 'INVALID_INPUT'),
    );
    assert.throws(
      () => buildQueryHeuristic('show me the latest papers', NOW),
      (e: unknown) => isAppError(e, 'INVALID_INPUT') && /Nothing to search/.test(e.message),
    );
  });
});
