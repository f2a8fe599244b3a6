/**
 * Session 22 (tt23): titles. A word split before its accented capital (`TUR ÁN`), a subtitle set
 * smaller under its title, and a cover whose name, student number, term and date lines form a
 * block of their own; on real fixture PDFs.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { convertPdf } from '../../../../adapters/convert/pdf.ts';
import { frontBlock } from '../../../support/pdf-fixture-markdown.ts';

const FIXTURES = path.join(import.meta.dirname, '../../../fixtures/convert/pdf');
const convert = async (name: string, maxPages?: number) =>
  convertPdf(new Uint8Array(readFileSync(path.join(FIXTURES, name))), maxPages ? { maxPages } : {});

describe('PDF text: a word split before its accented letter', () => {
  it('rejoins `TUR ÁN` in a title in capitals when the paper prints `Turán` whole', async () => {
    const r = await convert('amsart-twin-prime-turan-sieve.pdf', 2);
    assert.match(r.markdown, /^# A WEIGHTED TURÁN SIEVE FOR TWIN PRIMES VIA THE KRAFFT GEOMETRY$/m);
  });

  it('rejoins a word in body text the paper prints whole elsewhere (`Wellenfrontkr ümmung`)', async () => {
    const r = await convert('ieee-journal-wfs-chapter-de.pdf');
    assert.doesNotMatch(r.markdown, /Wellenfrontkr ümmung/);
    assert.match(r.markdown, /zur korrekten Wellenfrontkrümmung beitragen/);
  });

  it('leaves a word-initial accented letter after a real space alone (`los ángulos`)', async () => {
    // The split `ROTACI ÓN` was in a running head, which is dropped now (lk23).
    const r = await convert('thesis-es-helicopter-simulator-ch1-2.pdf');
    assert.doesNotMatch(r.markdown, /ROTACI ÓN/);
    assert.match(r.markdown, /los ángulos/);
  });
});

describe('PDF title: a subtitle set smaller under the title', () => {
  it('joins the subtitle to the title, out of the front block', async () => {
    const r = await convert('article-recht-re-inequalities.pdf', 2);
    assert.match(
      r.markdown,
      /^# Exact Low-Length Recht–Ré Inequalities Complete status through five factors and six-factor balanced families$/m,
    );
    assert.doesNotMatch(frontBlock(r.markdown), /Complete status/);
  });
});

describe('PDF title page: a cover’s metadata block holds no title', () => {
  it('takes the bold title under `Seminararbeit`, not the name over the student number and date', async () => {
    const r = await convert('scrartcl-de-scala-futures-seminar.pdf', 2);
    assert.match(r.markdown, /^# Futures and Promises in Scala$/m);
    assert.match(frontBlock(r.markdown), /Matrikelnummer: 36873 · Sommersemester 2014 · 22\. Mai 2014/);
  });
});
