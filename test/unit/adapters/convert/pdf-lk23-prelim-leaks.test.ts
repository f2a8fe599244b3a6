/**
 * Session 22 (lk23): front matter and running lines of preliminary pages and two-sided heads, read by
 * how they are typeset: a report's notice page, a cover's record lines, the signature under a
 * thesis's declaration, and the section part of a running head's row; on real fixture PDFs.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { convertPdf } from '../../../../adapters/convert/pdf.ts';
import { isCoverRecord, isFrontMeta } from '../../../../adapters/convert/pdf-front.ts';
import { frontBlock, afterFrontBlock as body } from '../../../support/pdf-fixture-markdown.ts';

const FIXTURES = path.join(import.meta.dirname, '../../../fixtures/convert/pdf');
const convert = async (name: string) => convertPdf(new Uint8Array(readFileSync(path.join(FIXTURES, name))));

describe('PDF front matter: preliminary pages (lk23)', () => {
  it('a report’s notice page (disclaimer, auspices, release statement) goes to the front block; its label stays a heading', async () => {
    const { markdown } = await convert('report-llnl-kinsol-examples.pdf');
    const front = frontBlock(markdown);
    assert.match(front, /This document was prepared as an account of work sponsored by an agency/);
    assert.match(front, /performed under the auspices of the U\.S\. Department of Energy/);
    assert.match(front, /Approved for public release; further dissemination unlimited/);
    const rest = body(markdown);
    assert.match(rest, /^## DISCLAIMER$/m);
    assert.ok(!rest.includes('auspices'));
    // The next page, a paragraph of names under its own heading, stays in the text.
    assert.match(rest, /## CONTRIBUTORS\n\nThe SUNDIALS library has been developed/);
  });

  it('a cover’s student number, term and date are front matter, never the title’s lines', async () => {
    const { markdown } = await convert('scrartcl-de-scala-futures-seminar.pdf');
    const title = markdown.split('\n')[0]!;
    assert.ok(!/Matrikelnummer|Sommersemester|Mai 2014/.test(title), title);
    const front = frontBlock(markdown);
    for (const line of ['Matrikelnummer: 36873', 'Sommersemester 2014', '22. Mai 2014'])
      assert.ok(front.includes(line));
  });

  it('record lines in the languages theses are written in', () => {
    for (const t of [
      '22. Mai 2014',
      '3 de mayo de 2020',
      'Juni 2014',
      'WS 2013/14',
      'Academic year 2019/2020',
      'Student ID: 1234567',
    ])
      assert.ok(isCoverRecord(t) && isFrontMeta(t), t);
    for (const t of ['Mai 2014 wurde gemessen', 'Summer school 2019 lectures', 'Semester project'])
      assert.ok(!isCoverRecord(t), t);
  });

  it('the name and date signed under a declaration are front matter; the declaration stays', async () => {
    for (const [file, signed] of [
      ['thesis-engel2020-coinductive-types.pdf', 'Florian Engel (Matrikelnummer 3860700), December 3, 2020'],
      ['thesis-schooneveld2021-ch1.pdf', 'Anna Lidewij Schooneveld'],
    ] as const) {
      const { markdown } = await convert(file);
      assert.ok(frontBlock(markdown).includes(signed), file);
      const rest = body(markdown);
      assert.ok(!rest.includes(signed), file);
      assert.match(rest, /^## (?:Selbstständigkeitserklärung|Declaration)\n\n\S/m);
    }
  });
});

describe('PDF running heads: the section part of a two-part head row (lk23)', () => {
  it('`2.5. E. ROTOR-VIENTO` beside the repeated chapter head, over a figure, is dropped', async () => {
    const { markdown } = await convert('thesis-es-helicopter-simulator-ch1-2.pdf');
    assert.ok(!markdown.includes('E. ROTOR-VIENTO'));
    assert.ok(!/EJES DE ROTACI/.test(markdown));
    assert.match(markdown, /^### 2\.5\. Ejes rotor-viento$/m);
  });
});
