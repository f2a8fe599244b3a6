/**
 * The slow whole-corpus check: every shared PDF is converted once and judged against the
 * expectations derived from pdftotext and the corpus truth (test/fixtures/convert/expectations.json,
 * the same ones `npm run eval:convert` uses).
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { before, describe, it } from 'node:test';
import { convertPdf } from '../../../activities/convert/pdf.ts';
import type { ConvertResult } from '../../../activities/convert/types.ts';
import { isAppError } from '../../../lib/errors.ts';
import { loadExpectations, norm, score, type EvalRow } from '../../../scripts/eval-convert.ts';
import { corpus } from '../../support/corpus.ts';

const expectations = loadExpectations();
const results = new Map<string, ConvertResult | unknown>();
const rows = new Map<string, EvalRow>();
const STAMP = /arXiv:\s?\S+\s+\[[a-z-]+(\.[A-Za-z-]+)?\]\s+\d{1,2}\s+[A-Z][a-z]{2}\s+\d{4}/;

describe('convertPdf on the shared corpus', () => {
  before(async () => {
    for (const exp of expectations) {
      const data = new Uint8Array(readFileSync(corpus('pdf', exp.file)));
      try {
        results.set(exp.file, await convertPdf(data));
      } catch (e) {
        results.set(exp.file, e);
      }
      rows.set(exp.file, score(exp, results.get(exp.file)));
    }
  });

  it('covers all 28 corpus PDFs', () => {
    assert.equal(expectations.length, 28);
  });

  it('converts every PDF except the bitmap-font one, which reports CONVERT_NO_TEXT', () => {
    for (const exp of expectations) {
      const r = results.get(exp.file);
      if (exp.file === '0706.3971.pdf') {
        assert.ok(isAppError(r, 'CONVERT_NO_TEXT'), 'bitmap-font PDF must be reported as having no text layer');
        assert.match((r as Error).message, /no usable text layer/);
      } else {
        assert.ok(!(r instanceof Error), `${exp.file}: ${String(r)}`);
        const ok = r as ConvertResult;
        assert.ok(ok.markdown.length > 1500, `${exp.file} produced too little text`);
        assert.ok((ok.pageCount ?? 0) >= 1);
      }
    }
  });

  it('never leaks the arXiv side stamp into the output', () => {
    for (const [file, r] of results) {
      if (r instanceof Error) continue;
      const line = (r as ConvertResult).markdown.split('\n').find((l) => STAMP.test(l));
      assert.equal(line, undefined, `${file} leaks the stamp`);
    }
  });

  it('puts the title first as the # heading', () => {
    for (const exp of expectations.filter((e) => e.title)) {
      assert.equal(rows.get(exp.file)?.titleFirst, true, `${exp.file}: first heading is not "${exp.title}"`);
      assert.equal((results.get(exp.file) as ConvertResult).title !== null, true);
    }
  });

  it('keeps the abstract (recall ≥ 0.9 against the reference)', () => {
    for (const exp of expectations.filter((e) => e.abstract)) {
      const recall = rows.get(exp.file)?.abstractRecall ?? 0;
      assert.ok(recall >= 0.9, `${exp.file}: abstract recall ${recall}`);
    }
  });

  it('reads the named two-column papers column by column', () => {
    for (const file of ['1111.2011v2.pdf', '1804.07821v1.pdf', '2212.08410v3.pdf']) {
      const exp = expectations.find((e) => e.file === file)!;
      assert.ok(exp.columnOrder.length === 4, `${file} has column snippets`);
      assert.equal(rows.get(file)?.columnOrder, true, `${file} interleaves its columns`);
    }
    const twoColumn = [...rows.values()].filter((r) => r.columnOrder !== null);
    const inOrder = twoColumn.filter((r) => r.columnOrder);
    assert.ok(inOrder.length >= twoColumn.length - 1, `column order kept in ${inOrder.length}/${twoColumn.length}`);
  });

  it('finds the numbered top-level headings', () => {
    let found = 0;
    let expected = 0;
    for (const r of rows.values()) {
      if (r.headingsFound === '-') continue;
      const [a, b] = r.headingsFound.split('/').map(Number);
      found += a!;
      expected += b!;
    }
    assert.ok(found / expected >= 0.8, `headings found ${found}/${expected}`);
    const revtex = (results.get('1111.2011v2.pdf') as ConvertResult).sections.map((s) => s.title);
    assert.deepEqual(revtex.slice(0, 4), [
      'Quantum Criticality for Extended Nodes on a Bethe Lattice in the Large Connectivity Limit',
      'I. INTRODUCTION',
      'II. SELF-CONSISTENT ACTION IN THE LARGE z LIMIT',
      'A. Ordered Phase',
    ]);
    assert.deepEqual(
      (results.get('1111.2011v2.pdf') as ConvertResult).sections.slice(1, 4).map((s) => s.level),
      [2, 2, 3],
    );
  });

  it('drops running headers and page numbers', () => {
    for (const r of rows.values()) assert.equal(r.headerLeak, 0, `${r.file} leaks its running header`);
    const md = (results.get('1001.0012v2.pdf') as ConvertResult).markdown;
    assert.doesNotMatch(md, /^Cowan & Agol$/m);
  });

  it('undoes end-of-line hyphenation and recombines TeX accents', () => {
    const md = (results.get('1804.07821v1.pdf') as ConvertResult).markdown;
    assert.match(md, /construct an aggregation module/);
    assert.match(md, /common problem in computer vision/);
    assert.match((results.get('1111.2011v2.pdf') as ConvertResult).markdown, /Zlatko Tešanović/);
  });

  it('keeps the references as a list and captions as their own paragraphs', () => {
    const md = (results.get('1804.07821v1.pdf') as ConvertResult).markdown;
    const refs = md.slice(md.indexOf('## References'));
    assert.ok(refs.split('\n').filter((l) => /^- \[\d+\]/.test(l)).length >= 20);
    assert.match(md, /\n\nFigure 1[.:]/);
    assert.ok(norm(md).includes('we propose the use of dilated filters'));
  });
});
