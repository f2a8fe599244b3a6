import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { extractArxivId, fromPathSafeId, parseArxivId, pathSafeId } from '../../../domain/arxiv-ids.ts';
import { isAppError } from '../../../domain/errors.ts';

/** Real-world inputs (URLs and citations as users and web searches paste them) -> [id, version]. */
const ACCEPTED: Array<[string, string, number | null]> = [
  ['2104.12255', '2104.12255', null],
  ['2104.12255v1', '2104.12255', 1],
  ['1707.08567', '1707.08567', null],
  ['0704.0001', '0704.0001', null],
  ['1412.9999v12', '1412.9999', 12],
  ['1501.00001', '1501.00001', null],
  ['1111.2011v2', '1111.2011', 2],
  ['https://arxiv.org/abs/1706.03762', '1706.03762', null],
  ['https://arxiv.org/abs/1706.03762v7', '1706.03762', 7],
  ['http://arxiv.org/abs/1605.08386v1', '1605.08386', 1],
  ['https://arxiv.org/pdf/2104.12255v1', '2104.12255', 1],
  ['https://arxiv.org/pdf/2104.12255v1.pdf', '2104.12255', 1],
  ['https://arxiv.org/pdf/2104.12255.pdf', '2104.12255', null],
  ['arxiv.org/pdf/1804.07821', '1804.07821', null],
  ['https://arxiv.org/html/2501.11120v1', '2501.11120', 1],
  ['https://arxiv.org/html/2501.11120v1/#S3.SS2', '2501.11120', 1],
  ['https://arxiv.org/html/2412.19437v2#bib.bib12', '2412.19437', 2],
  ['https://arxiv.org/format/2304.02623', '2304.02623', null],
  ['https://arxiv.org/src/2304.02623v1', '2304.02623', 1],
  ['https://arxiv.org/e-print/2304.02623v1', '2304.02623', 1],
  ['https://arxiv.org/ps/1503.07589v1', '1503.07589', 1],
  ['https://export.arxiv.org/abs/2203.00130', '2203.00130', null],
  ['http://export.arxiv.org/pdf/2203.06947', '2203.06947', null],
  ['https://www.arxiv.org/abs/2110.02751', '2110.02751', null],
  ['https://ar5iv.labs.arxiv.org/html/1706.03762', '1706.03762', null],
  ['https://ar5iv.org/abs/1706.03762', '1706.03762', null],
  ['https://www.alphaxiv.org/abs/2502.18907', '2502.18907', null],
  ['https://arxiv.org/abs/2201.13352?context=cs', '2201.13352', null],
  ['https://arxiv.org/abs/2201.13352v1?utm_source=twitter#comments', '2201.13352', 1],
  ['https://arxiv.org/ftp/arxiv/papers/1001/1001.0012.pdf', '1001.0012', null],
  ['<https://arxiv.org/abs/2302.07302>', '2302.07302', null],
  ['arXiv:1706.03762', '1706.03762', null],
  ['arxiv:1706.03762v5', '1706.03762', 5],
  ['ARXIV:1706.03762', '1706.03762', null],
  ['arXiv: 2212.08410v3', '2212.08410', 3],
  ['doi:10.48550/arXiv.2104.12255', '2104.12255', null],
  ['https://doi.org/10.48550/arXiv.2407.01603', '2407.01603', null],
  ['10.48550/ARXIV.1504.06236', '1504.06236', null],
  ['https://doi.org/10.48550/arxiv.1704.00452', '1704.00452', null],
  ['Vaswani et al., Attention is all you need, arXiv preprint arXiv:1706.03762 (2017).', '1706.03762', null],
  ['see (arXiv:0905.2465v3) for the proof', '0905.2465', 3],
  ['  1707.04066v1  ', '1707.04066', 1],
  ['hep-th/9901001', 'hep-th/9901001', null],
  ['astro-ph/0601001v1', 'astro-ph/0601001', 1],
  ['math.GT/0309136', 'math.GT/0309136', null],
  ['math.gt/0309136v2', 'math.GT/0309136', 2],
  ['cond-mat/0603029v1', 'cond-mat/0603029', 1],
  ['cs/0503050v1', 'cs/0503050', 1],
  ['arXiv:hep-th/9901001', 'hep-th/9901001', null],
  ['https://arxiv.org/abs/astro-ph/0601001', 'astro-ph/0601001', null],
  ['https://arxiv.org/pdf/astro-ph/0610480v1.pdf', 'astro-ph/0610480', 1],
  ['https://arxiv.org/abs/hep-th%2F9901001', 'hep-th/9901001', null],
  ['http://export.arxiv.org/abs/cond-mat/0611002', 'cond-mat/0611002', null],
  ['https://arxiv.org/ftp/astro-ph/papers/0601/0601001.pdf', 'astro-ph/0601001', null],
  ['physics/0112006', 'physics/0112006', null],
  ['math/0607661', 'math/0607661', null],
  ['quant-ph/0703001', 'quant-ph/0703001', null],
  ['gr-qc/9102001', 'gr-qc/9102001', null],
  ['Phys. Rev. B 85, 115117 (2012) [arXiv:1111.2011]', '1111.2011', null],
];

/** Inputs without a valid id, with a word the reason must contain. */
const REJECTED: Array<[string, RegExp]> = [
  ['', /No arXiv id given/],
  ['   ', /No arXiv id given/],
  ['attention is all you need', /No arXiv id found/],
  ['https://example.com/paper', /No arXiv id found/],
  ['0000.0000', /month 00/],
  ['1313.00001', /month 13/],
  ['0808.05394', /4 digits after the dot, not 5/],
  ['1201.56789', /4 digits after the dot, not 5/],
  ['1501.0001', /5 digits after the dot, not 4/],
  ['0703.1234', /predates April 2007/],
  ['2104.1225', /5 digits after the dot, not 4/],
  ['2104.122556', /5 digits after the dot, not 6/],
  ['2104.12255v0', /versions start at v1/],
  ['foo-bar/0601001', /not an arXiv archive/],
  ['hep-th/9913001', /month 13/],
  ['hep-th/0801001', /old-style ids end in March 2007/],
  ['https://doi.org/10.1103/PhysRevB.85.115117', /No arXiv id found/],
];

describe('extractArxivId on real-world inputs', () => {
  it(`has at least 60 inputs in the table`, () => assert.ok(ACCEPTED.length + REJECTED.length >= 60));
  for (const [input, id, version] of ACCEPTED) {
    it(`accepts ${JSON.stringify(input)}`, () => {
      assert.deepEqual(extractArxivId(input), { id, version });
    });
  }
  for (const [input, reason] of REJECTED) {
    it(`rejects ${JSON.stringify(input)}`, () => {
      assert.throws(
        () => extractArxivId(input),
        (e: unknown) => isAppError(e, 'INVALID_INPUT') && reason.test(e.message),
      );
      assert.equal(parseArxivId(input), null);
    });
  }
  it('prefers the first valid id when prose also holds an invalid one', () => {
    assert.deepEqual(extractArxivId('not 1313.1234 but 2104.12255'), { id: '2104.12255', version: null });
  });
});

describe('pathSafeId', () => {
  for (const id of ['astro-ph/0601001', 'math.GT/0309136', '2104.12255']) {
    it(`round-trips ${id}`, () => {
      const safe = pathSafeId(id);
      assert.doesNotMatch(safe, /\//);
      assert.equal(fromPathSafeId(safe), id);
    });
  }
  it('names legacy files like the corpus does', () =>
    assert.equal(pathSafeId('astro-ph/0601001'), 'astro-ph_0601001'));
});
