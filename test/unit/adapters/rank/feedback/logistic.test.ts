/**
 * Our tf-idf and logistic regression against scikit-learn's numbers on the same 80 real papers
 * (test/fixtures/feedback: the input written by scripts/reference/feedback-reference-input.ts,
 * the reference by scripts/reference/feedback_reference.py with scikit-learn's TfidfVectorizer and
 * LogisticRegression; see the "produced_by" field).
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { decision, fitLogistic } from '../../../../../adapters/rank/feedback/logistic.ts';
import { fitTfidf, tfidfVector, type SparseVector } from '../../../../../adapters/rank/feedback/tfidf.ts';
import { FIXTURES_DIR } from '../../../../support/corpus.ts';

interface Input {
  docs: Array<{ id: string; tokens: string[]; label: boolean; interest: number }>;
}
interface Reference {
  terms: string[];
  idf: number[];
  first_row: { idx: number[]; val: number[] };
  fits: Array<{ c: number; balanced: boolean; coef: number[]; intercept: number; decision: number[] }>;
}
const read = <T>(name: string) => JSON.parse(readFileSync(`${FIXTURES_DIR}/feedback/${name}`, 'utf8')) as T;
const input = read<Input>('reference-input.json');
const ref = read<Reference>('sklearn-reference.json');

describe('tf-idf and logistic regression match scikit-learn', () => {
  const model = fitTfidf(input.docs.map((d) => d.tokens));
  const dims = model.idf.length;
  const rows: SparseVector[] = input.docs.map((d) => {
    const v = tfidfVector(model, d.tokens);
    return { idx: [...v.idx, dims], val: [...v.val, d.interest] };
  });

  it('numbers the same terms and computes the same idf and unit-length rows', () => {
    assert.deepEqual([...model.vocabulary.keys()], ref.terms);
    assert.equal(model.idf.length, ref.idf.length);
    model.idf.forEach((v, i) => assert.ok(Math.abs(v - ref.idf[i]!) < 1e-12, `idf ${ref.terms[i]}`));
    const first = tfidfVector(model, input.docs[0]!.tokens);
    const order = ref.first_row.idx
      .map((_, k) => k)
      .sort((a, b) => ref.first_row.idx[a]! - ref.first_row.idx[b]!);
    assert.deepEqual(
      first.idx,
      order.map((k) => ref.first_row.idx[k]),
    );
    first.val.forEach((v, i) => assert.ok(Math.abs(v - ref.first_row.val[order[i]!]!) < 1e-12));
  });

  for (const fit of ref.fits) {
    it(`fits the same weights, intercept and decision values (C=${fit.c}, ${fit.balanced ? 'balanced' : 'unweighted'} classes)`, () => {
      const m = fitLogistic(
        rows,
        input.docs.map((d) => d.label),
        dims + 1,
        { c: fit.c, balanced: fit.balanced, tolerance: 1e-9 },
      );
      assert.ok(Math.abs(m.intercept - fit.intercept) < 1e-5, `intercept ${m.intercept} vs ${fit.intercept}`);
      let worst = 0;
      fit.coef.forEach((w, j) => (worst = Math.max(worst, Math.abs(m.weights[j]! - w))));
      assert.ok(worst < 1e-5, `largest weight difference ${worst}`);
      rows.forEach((r, i) => assert.ok(Math.abs(decision(m, r) - fit.decision[i]!) < 1e-5, `decision ${i}`));
    });
  }

  it('refuses a training set of one class', () => {
    assert.throws(
      () => fitLogistic(rows.slice(0, 2), [true, true], dims + 1, { c: 1, balanced: true }),
      /both classes/,
    );
  });
});
