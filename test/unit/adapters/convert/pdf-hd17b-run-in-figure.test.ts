/**
 * Heading rules of session 16, hd17b (issue #30): titles that open with a count where the face sets
 * the line apart, a plot's off-body-size labels inside its figure, a list item's bold lead running
 * on into its text, and lower-case section names. Real fixture PDFs for the outcome, constructed
 * strings for the edges.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseSectionNumber } from '../../../../adapters/convert/pdf-numbering.ts';
import { fixtureSectionHeadings } from '../../../support/pdf-fixture-markdown.ts';

const headings = fixtureSectionHeadings;

describe('a title that opens with a count', () => {
  it('is read only when asked (a face sets the line apart), never in body type', () => {
    assert.equal(parseSectionNumber('1) 25 Processes'), null);
    assert.equal(parseSectionNumber('3 25 patients were enrolled'), null);
    assert.equal(parseSectionNumber('1) 25 Processes', { numeralTitle: true })?.rest, '25 Processes');
    assert.equal(parseSectionNumber('A. 40 µm BigBrain incrementation', { numeralTitle: true })?.num, 'A');
    // A formula is still no title.
    assert.equal(parseSectionNumber('2 3 = 5', { numeralTitle: true }), null);
  });

  it('finds IEEE’s italic subsections and their run-in `1) 25 Processes:` heads', async () => {
    const h = await headings('ieee-conf-optane-neuroimaging.pdf');
    const at = h.indexOf('B. 20 μm BigBrain incrementation');
    assert.ok(h.includes('A. 40 μm BigBrain incrementation'), h.join(' | '));
    assert.ok(at > 0, h.join(' | '));
    assert.deepEqual(h.slice(at + 1, at + 3), ['1) 25 Processes', '2) 96 Processes'], h.join(' | '));
  });

  it('leaves a plot’s panel title `B. 100 total sites` in its figure', async () => {
    const h = await headings('elsarticle-noise-phenomena.pdf');
    assert.ok(!h.some((t) => /total sites/.test(t)), h.join(' | '));
  });
});

describe('figure and list text', () => {
  it('keeps a scaled plot’s legend (larger than the body) out of the headings', async () => {
    const h = await headings('aa-integral-spi-grb.pdf');
    assert.ok(!h.some((t) => /^(?:Energy|SPI Det1\d (?:Model|Data))$/.test(t)), h.join(' | '));
    assert.ok(h.includes('Appendix A: Localising GRB 120711A'), h.join(' | '));
  });

  it('reads an enumerate item’s bold lead running on (`2. The variance … While`) as text', async () => {
    const h = await headings('revtex-prd-dark-photon-inhomogeneities.pdf');
    assert.ok(!h.some((t) => /^2\. (?:The variance|Ly-α)/.test(t)), h.join(' | '));
    assert.ok(h.includes('D. Main takeaways'), h.join(' | '));
  });

  it('takes no lower-case section name in the body face (`experiments.`), but small capitals', async () => {
    const h = await headings('plos-rnaseq-size-factors.pdf');
    assert.ok(!h.includes('experiments.'), h.join(' | '));
    // amsart's small capitals, which pdf.js reports in lower case.
    assert.ok((await headings('amsart-1707.08043.pdf')).includes('acknowledgements'));
  });
});
