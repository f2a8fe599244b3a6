/**
 * Session 21 (lk22): page 1's foot block read by where and how it is set, the body size by letters,
 * a two-page paper's running head, and a title block above a disclaimer box; on real fixture PDFs.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { convertPdf } from '../../../../adapters/convert/pdf.ts';
import { dominantSize } from '../../../../adapters/convert/pdf-layout.ts';
import { authorNumberMarks } from '../../../../adapters/convert/pdf-lk22-foot-block.ts';
import { parseSectionNumber } from '../../../../adapters/convert/pdf-numbering.ts';
import { seg } from '../../../support/pdf-lines.ts';
import { frontBlock, afterFrontBlock as body } from '../../../support/pdf-fixture-markdown.ts';

const FIXTURES = path.join(import.meta.dirname, '../../../fixtures/convert/pdf');
const convert = async (name: string) => convertPdf(new Uint8Array(readFileSync(path.join(FIXTURES, name))));

describe('PDF front matter: page 1’s foot block with no note known beside it', () => {
  it('an unmarked note under the text (a course report’s contributions table) leaves the paragraph whole', async () => {
    const { markdown } = await convert('neurips-bitcoin-price-forecast.pdf');
    const front = frontBlock(markdown);
    assert.match(front, /^\*Involvement Alejandra Sanchez: Random Forest/);
    assert.match(front, /Jose Hernandez: Data Preprocessing, Linear Regression, EDA 25%/);
    const rest = body(markdown);
    assert.ok(!rest.includes('Involvement'));
    assert.match(rest, /due to their simplistic nature and accuracy when it comes to short-term forecasts/);
    assert.ok(!/^> .*25%/m.test(rest));
  });

  it('a numbered note whose number the author line carries is the author’s, with the unmarked line under it (BMC)', async () => {
    const { markdown } = await convert('bmc-freesurfer-nipype-hpc.pdf');
    const front = frontBlock(markdown);
    assert.match(front, /1Electrical and Computer Engineering, The University of Iowa/);
    assert.match(front, /Full list of author information is available at the end of the article/);
    const rest = body(markdown);
    assert.ok(!rest.includes('Full list of author information'));
    // The paragraph cut by the foot block runs on in the next column; no heading, no running head.
    assert.match(
      rest,
      /^Nipype interfaces were created .* recreate in a Nipype workflow the exact same commands/m,
    );
    assert.ok(!rest.includes('Ellis et al.'));
    assert.doesNotMatch(rest, /^## None$/m);
    assert.match(rest, /^## Availability of Supporting Data$/m);
  });

  it('takes the numbers set after names above the text, not a line’s other numbers', () => {
    const page = [
      seg('David G. Ellis2, Regina E.Y. Kim3, Ipek Oguz4 and Hans J. Johnson1,3,4*', 100),
      seg('Version 2 of 2019', 115),
      seg('1 Introduction', 140, { bold: true }),
      seg('Lee5 wrote in 2019', 160),
    ];
    assert.deepEqual([...authorNumberMarks(page)].sort(), ['1', '2', '3', '4']);
  });
});

describe('PDF layout: the body size is the type of the words', () => {
  it('a banner of binary digits in tiny type does not outweigh the text', () => {
    const banner = '01101101'.repeat(200);
    const segs = [
      seg(banner, 50, { size: 3.8 }),
      seg(banner, 54, { size: 3.8 }),
      ...Array.from({ length: 20 }, (_, i) =>
        seg('The text of the paper, set in ten point type.', 100 + 12 * i),
      ),
    ];
    assert.equal(dominantSize(segs), 10);
  });
});

describe('PDF title block: a disclaimer box above the abstract', () => {
  it('ends the block; the contact line above it is front matter', async () => {
    const { markdown } = await convert('article-als-connectome-cascade.pdf');
    assert.match(frontBlock(markdown), /maryamrezaeenl@gmail\.com/);
    assert.ok(!body(markdown).includes('maryamrezaeenl@gmail.com'));
    assert.match(body(markdown), /^CRITICAL DISCLAIMERS: This is a computational modelling study/m);
  });
});

describe('PDF headings: a genus abbreviated is no lettered section', () => {
  it('`C. elegans is not …` stays the paragraph’s first words; `C. Related work` is a section', async () => {
    assert.equal(parseSectionNumber('C. elegans is not the human motor system'), null);
    assert.equal(parseSectionNumber('E. coli strains'), null);
    assert.equal(parseSectionNumber('C. Related work')?.num, 'C');
    const { markdown } = await convert('article-als-connectome-cascade.pdf');
    assert.doesNotMatch(markdown, /^#+ C\. elegans/m);
    assert.match(markdown, /^C\. elegans is not the human motor system\. The 61-neuron motor circuit/m);
  });
});
