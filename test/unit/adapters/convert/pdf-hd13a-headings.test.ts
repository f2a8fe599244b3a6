/**
 * Heading rules of session 13 (issue #30), studied on the seventh batch once it joined the tuning
 * half: margin line numbers whose page-wise count restarts part-way down a page (Copernicus; left in,
 * `10` fused with section number `3` and every later section fell out of sequence), an appendix
 * number fused to its letter set a quad from its title (`B3`), a `3D …` title in its siblings'
 * style, dotless appendix letters before small-capital titles (ICLR), the closed class of
 * back-matter statements (`DATA AND SOFTWARE AVAILABILITY`), and an italic subsection head with an
 * abbreviation's stop and a designation (`5.2. Parity vs. USDA CSB1825`). Real fixture PDFs for the
 * outcome, constructed lines for the edges of each rule.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { risesWithRestarts } from '../../../../adapters/convert/pdf-hd13a-line-restarts.ts';
import { joinFusedNumber } from '../../../../adapters/convert/pdf-hd13a-fused-number.ts';
import {
  capitalsInHeadingSize,
  wholeLineInHeadingFace,
} from '../../../../adapters/convert/pdf-hd13a-headings.ts';
import { isSectionName } from '../../../../adapters/convert/pdf-heading-words.ts';
import { hasYear } from '../../../../adapters/convert/pdf-numbering.ts';
import type { HeadingStyle } from '../../../../adapters/convert/pdf-outline.ts';
import { fixtureMarkdown, markdownHeadings } from '../../../support/pdf-fixture-markdown.ts';
import { seg } from '../../../support/pdf-lines.ts';

describe('page-wise line numbers that restart within a page', () => {
  it('takes a count that goes back to its first number as still counting', () => {
    assert.equal(risesWithRestarts([10, 15, 20, 25, 5]), true);
    assert.equal(risesWithRestarts([5, 10, 15, 20, 25, 30, 5]), true);
    assert.equal(risesWithRestarts([20, 21, 22, 1, 2, 3]), true);
  });

  it('takes no other fall, nor a column that mostly falls', () => {
    assert.equal(risesWithRestarts([10, 15, 20, 12]), false);
    assert.equal(risesWithRestarts([30, 25, 20, 15]), false);
    assert.equal(risesWithRestarts([5, 5]), false);
  });

  it('keeps every section of the Copernicus paper whose numbering restarts mid-page', async () => {
    const md = await fixtureMarkdown('copernicus-gmd-magnetic-ellipsoids.pdf');
    const heads = markdownHeadings(md);
    for (const h of [
      '## 3 Computational implementation and reproducibility',
      '## 4 Numerical simulations',
      '### 4.1 Demagnetizing factors',
      '### 4.3 Simulation of a geological body',
      '## 5 Conclusions',
      '## 6 Code availability',
      '### B3 Spatial derivative of the parameter λ',
      '## References',
    ])
      assert.ok(heads.includes(h), `${h} in ${heads.join(' | ')}`);
    // The margin numbers are gone from the text they stood beside.
    assert.doesNotMatch(md, /^10 3$|^20 References/m);
  });
});

describe('an appendix number fused to its letter (`B3`)', () => {
  const number = seg('B3', 488, { x: 46.5, x1: 58.1, bold: true, font: 'bf' });
  const title = seg('Spatial derivative of the parameter', 488, { x: 68.1, bold: true, font: 'bf' });

  it('joins the number to its title set a quad apart in the same face', () => {
    const joined = joinFusedNumber(number, title);
    assert.equal(joined?.text, 'B3 Spatial derivative of the parameter');
    assert.equal(joined?.x1, title.x1);
  });

  it('leaves a row label and a cell in other faces, and a lower-case cell, apart', () => {
    assert.equal(joinFusedNumber(number, { ...title, fonts: [{ font: 'rm', chars: 30 }] }), null);
    assert.equal(joinFusedNumber(number, { ...title, text: 'spatial derivative' }), null);
    assert.equal(joinFusedNumber({ ...number, text: 'B33a' }, title), null);
    assert.equal(joinFusedNumber(number, { ...title, x0: 120 }), null);
  });
});

describe('small-capital headings (ICLR)', () => {
  const known: HeadingStyle[] = [{ size: 9.56, bold: false, face: 'sc', caps: true, closer: '' }];

  it('sets apart a capitals title in the known headings’ size, apart from the body’s', () => {
    const line = seg('A PROOF OF THEOREM 3.1', 122, { size: 9.56, font: 'sc' });
    assert.equal(capitalsInHeadingSize(line, 'PROOF OF THEOREM 3.1', 'sc', known, 9.96), true);
  });

  it('not a sentence in capitals at the body size, nor a mixed-case title, nor another face', () => {
    const body = seg('A NOTE ON THE DATA', 122, { size: 9.96, font: 'sc' });
    assert.equal(capitalsInHeadingSize(body, 'NOTE ON THE DATA', 'sc', known, 9.96), false);
    const mixed = seg('A Proof of theorem', 122, { size: 9.56, font: 'sc' });
    assert.equal(capitalsInHeadingSize(mixed, 'Proof of theorem', 'sc', known, 9.96), false);
    const other = seg('A PROOF OF THEOREM', 122, { size: 9.56, font: 'rm' });
    assert.equal(capitalsInHeadingSize(other, 'PROOF OF THEOREM', 'rm', known, 9.96), false);
  });

  it('finds the lettered appendix heads and the `3D` subsections of the ICLR paper', async () => {
    const heads = markdownHeadings(await fixtureMarkdown('iclr-deepsphere.pdf'));
    for (const h of [
      '### 4.1 3D OBJECTS RECOGNITION',
      '## A PROOF OF THEOREM 3.1',
      '## B PROOF OF THEOREM 3.2',
      '## C EXPERIMENTAL DETAILS',
      '### C.1 3D OBJECTS RECOGNITION',
    ])
      assert.ok(heads.includes(h), `${h} in ${heads.join(' | ')}`);
  });
});

describe('back-matter statements', () => {
  it('names the statements journals require as sections', () => {
    for (const name of [
      'DATA AND SOFTWARE AVAILABILITY',
      'Data availability',
      'Code and data availability',
      'Data Availability Statement',
      'AUTHOR CONTRIBUTIONS',
      "Authors' contributions",
      'Competing interests',
      'Conflicts of Interest',
      'Funding',
    ])
      assert.equal(isSectionName(name), true, name);
    for (const text of ['Data', 'Availability of the data', 'Author', 'Contributions of this work'])
      assert.equal(isSectionName(text), false, text);
  });

  it('finds AASTeX’s centred back-matter heads in body type', async () => {
    const heads = markdownHeadings(await fixtureMarkdown('aastex-3i-atlas-discovery.pdf'));
    assert.ok(heads.includes('## DATA AND SOFTWARE AVAILABILITY'), heads.join(' | '));
    assert.ok(heads.includes('## AUTHOR CONTRIBUTIONS'), heads.join(' | '));
  });
});

describe('a paragraph set in bold', () => {
  it('leaves AASTeX’s bold acknowledgement paragraph in the text', async () => {
    const md = await fixtureMarkdown('aastex-3i-atlas-discovery.pdf');
    assert.ok(
      !markdownHeadings(md).some((h) => /We thank|Data behind/.test(h)),
      markdownHeadings(md).join(' | '),
    );
    assert.match(md, /^We thank the anonymous reviewer for insightful comments/m);
  });
});

describe('a numbered head set wholly in a heading face', () => {
  it('is one face, not the body’s', () => {
    const italic = seg('5.2. Parity vs. USDA CSB1825', 619, { font: 'it' });
    assert.equal(wholeLineInHeadingFace(italic, 'rm'), true);
    assert.equal(wholeLineInHeadingFace({ ...italic, fonts: [{ font: 'rm', chars: 21 }] }, 'rm'), false);
    const runIn = {
      ...italic,
      fonts: [
        { font: 'it', chars: 12 },
        { font: 'rm', chars: 30 },
      ],
    };
    assert.equal(wholeLineInHeadingFace(runIn, 'rm'), false);
  });

  it('a designation with letters fused to four digits is no year', () => {
    assert.equal(hasYear('Parity vs. USDA CSB1825'), false);
    assert.equal(hasYear('Smith J, 2019, ApJ'), true);
    assert.equal(hasYear('Results (2019)'), true);
  });

  it('keeps elsarticle’s italic subsection heads whole', async () => {
    const heads = markdownHeadings(await fixtureMarkdown('elsarticle-crop-sequence-boundaries.pdf'));
    assert.ok(heads.includes('### 5.2. Parity vs. USDA CSB1825'), heads.join(' | '));
    assert.ok(heads.includes('### 5.3. Per-class agreement vs. USDA CSB1825'), heads.join(' | '));
  });
});
