/**
 * The whole-corpus check on the PDFs vendored with the tests (test/fixtures/corpus/pdf: the corpus
 * papers whose licence allows redistribution): each is converted once and judged against the
 * expectations derived from pdftotext and the corpus truth (test/fixtures/convert/expectations.json,
 * the same ones `npm run eval:convert` uses on every PDF of ../shared/corpus).
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { before, describe, it } from 'node:test';
import { convertPdf } from '../../../../adapters/convert/pdf.ts';
import type { ConvertResult } from '../../../../app/ports/converter.ts';
import { isAppError } from '../../../../domain/errors.ts';
import { loadExpectations, norm, score, type EvalRow } from '../../../../scripts/eval-convert.ts';
import { FIXTURES_DIR, corpus } from '../../../support/corpus.ts';

const vendored = readdirSync(corpus('pdf'))
  .filter((f) => f.endsWith('.pdf'))
  .sort();
const expectations = loadExpectations().filter((e) => vendored.includes(e.file));
const results = new Map<string, ConvertResult | unknown>();
const rows = new Map<string, EvalRow>();
const STAMP = /arXiv:\s?\S+\s+\[[a-z-]+(\.[A-Za-z-]+)?\]\s+\d{1,2}\s+[A-Z][a-z]{2}\s+\d{4}/;
const HIGGS = '1503.07589v1.pdf';

describe('convertPdf on the vendored corpus PDFs', () => {
  before(async () => {
    // The checks below loop over the expectations: without one per vendored PDF they would pass on nothing.
    const unexpected = vendored.filter((f) => !expectations.some((e) => e.file === f));
    if (unexpected.length > 0 || !vendored.includes(HIGGS)) {
      throw new Error(
        `test/fixtures/convert/expectations.json has no entry for ${[...unexpected, HIGGS].join(', ')}`,
      );
    }
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

  it('converts every vendored PDF', () => {
    for (const exp of expectations) {
      const r = results.get(exp.file);
      assert.ok(!(r instanceof Error), `${exp.file}: ${String(r)}`);
      const ok = r as ConvertResult;
      assert.ok(ok.markdown.length > 1500, `${exp.file} produced too little text`);
      assert.ok((ok.pageCount ?? 0) >= 1);
    }
    assert.equal((results.get(HIGGS) as ConvertResult).pageCount, 47);
  });

  it('reports a page without a text layer as CONVERT_NO_TEXT', async () => {
    // A page of 1503.07589v1 with its text removed (scripts/make-pdf-fixtures.sh): figures only, as in a scan.
    const r = await convertPdf(readFileSync(path.join(FIXTURES_DIR, 'pdf', 'no-text-layer.pdf'))).catch(
      (e: unknown) => e,
    );
    assert.ok(
      isAppError(r, 'CONVERT_NO_TEXT'),
      'a PDF without text must be reported as having no text layer',
    );
    assert.match((r as Error).message, /no usable text layer/);
  });

  it('never leaks the arXiv side stamp into the output', () => {
    for (const [file, r] of results) {
      if (r instanceof Error) continue;
      const line = (r as ConvertResult).markdown.split('\n').find((l) => STAMP.test(l));
      assert.equal(line, undefined, `${file} leaks the stamp`);
    }
  });

  it('puts the title first as the # heading', () => {
    assert.ok(expectations.some((e) => e.title));
    for (const exp of expectations.filter((e) => e.title)) {
      assert.equal(rows.get(exp.file)?.titleFirst, true, `${exp.file}: first heading is not "${exp.title}"`);
      assert.equal((results.get(exp.file) as ConvertResult).title !== null, true);
    }
  });

  it('keeps the abstract (recall ≥ 0.9 against the reference)', () => {
    assert.ok(expectations.some((e) => e.abstract));
    for (const exp of expectations.filter((e) => e.abstract)) {
      const recall = rows.get(exp.file)?.abstractRecall ?? 0;
      assert.ok(recall >= 0.9, `${exp.file}: abstract recall ${recall}`);
    }
    assert.match(
      (results.get(HIGGS) as ConvertResult).markdown,
      /\n## Abstract\n\nA measurement of the Higgs boson mass is presented based on the combined data samples/,
    );
  });

  it("keeps a top-band line that is not repeated on other pages (page 1's report number)", () => {
    // Page 1 carries the CERN report numbers in its top band; they are not repeated, so they are not page furniture.
    // (The vendored PDF has no running header, so header removal is measured by `npm run eval:convert` on the corpus.)
    assert.match((results.get(HIGGS) as ConvertResult).markdown, /CERN-PH-EP\/2015-075/);
  });

  it('keeps the references as a list and captions as their own paragraphs', () => {
    const md = (results.get(HIGGS) as ConvertResult).markdown;
    const refs = md.slice(md.indexOf('## References'));
    assert.ok(refs.split('\n').filter((l) => /^- \[\d+\]/.test(l)).length >= 30);
    assert.match(
      refs,
      /^- \[1\] F\. Englert and R\. Brout, “Broken symmetry and the mass of gauge vector mesons”/m,
    );
    assert.match(md, /\n\nFigure 1: Scans of twice the negative log-likelihood ratio/);
    assert.match(md, /\n\nTable 1: Systematic uncertainties/);
    assert.ok(norm(md).includes(norm('The combined measured mass of the Higgs boson is')));
    // The author lists of the appendices keep their headings.
    const titles = (results.get(HIGGS) as ConvertResult).sections.map((s) => s.title);
    assert.ok(
      titles.includes('A The ATLAS Collaboration') && titles.includes('B The CMS Collaboration'),
      titles.join(' | '),
    );
  });
});
