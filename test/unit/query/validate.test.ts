import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import { describe, it } from 'node:test';
import { validateSearchQuery } from '../../../activities/query/validate.ts';
import { corpus } from '../../support/corpus.ts';

describe('validateSearchQuery', () => {
  it('accepts the queries of the recorded real API responses', () => {
    // File names of the recorded searches encode the queries arXiv answered (see corpus MANIFEST).
    assert.ok(readdirSync(corpus('atom')).includes('search_au-del_maestro_ANDNOT_ti-checkerboard_OR_ti-Pyrochlore.xml'));
    for (const q of [
      'au:del_maestro',
      'au:del_maestro AND ti:checkerboard',
      'au:del_maestro ANDNOT (ti:checkerboard OR ti:Pyrochlore)',
      'au:del_maestro AND ti:"quantum criticality"',
      'all:testing',
    ]) {
      assert.deepEqual(validateSearchQuery(q), { ok: true }, q);
    }
  });

  it('accepts grouping, synonyms, categories and date ranges', () => {
    for (const q of [
      '(abs:"large language model" OR abs:LLM) AND cat:cs.CL',
      '((ti:a OR ti:b) AND (au:x ANDNOT au:y))',
      'cat:astro-ph.CO AND submittedDate:[202401010000 TO 202412312359]',
      'all:"graph neural networks" AND (cat:cs.LG OR cat:stat.ML)',
    ]) {
      assert.deepEqual(validateSearchQuery(q), { ok: true }, q);
    }
  });

  it('rejects broken syntax with a reason', () => {
    const cases: Array<[string, RegExp]> = [
      ['', /empty/],
      ['(ti:quantum AND au:smith', /parentheses/],
      ['ti:quantum) AND au:smith', /parentheses/],
      ['ti:"quantum criticality AND au:smith', /quotes/],
      ['foo:bar', /unknown field prefix "foo:"/],
      ['quantum computing', /no field prefix/],
      ['ti:quantum and au:smith', /capitals/],
      ['AND ti:quantum', /nothing on its left/],
      ['ti:quantum AND', /ends with operator/],
      ['ti:quantum AND OR au:smith', /in a row/],
      ['ti:quantum au:smith', /missing operator/],
      ['ti:quantum ()', /empty parentheses|missing operator/],
      ['(ti:a OR) AND au:b', /before "\)"/],
      ['ti:', /has no value/],
      ['submittedDate:[2024 TO now]', /needs a range/],
    ];
    for (const [q, reason] of cases) {
      const r = validateSearchQuery(q);
      assert.equal(r.ok, false, q);
      if (!r.ok) assert.match(r.reason, reason, q);
    }
  });
});
