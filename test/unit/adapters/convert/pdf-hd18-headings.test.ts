/**
 * Heading rules of session 17, hd18 (issue #30): slanted text kept, a heading face one size step
 * above the body, the article before a lower-case word, capitals heads told by place, a bold lead
 * that fills its line, a panel's lone label, the spacing of double-spaced type and a justified
 * line spread into words. Real fixture PDFs for the outcome, constructed segments and strings for
 * the edges.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Segment } from '../../../../adapters/convert/pdf-layout.ts';
import { articleBeforeWord, parseSectionNumber } from '../../../../adapters/convert/pdf-numbering.ts';
import { centredOver, roomForNextWord } from '../../../../adapters/convert/pdf-hd18-caps-heads.ts';
import { capitalsSibling } from '../../../../adapters/convert/pdf-outline.ts';
import {
  fixtureMarkdown,
  fixtureSectionHeadings as headings,
} from '../../../support/pdf-fixture-markdown.ts';

const seg = (text: string, x0: number, x1: number, top: number, extra: Partial<Segment> = {}): Segment => ({
  page: 0,
  text,
  x0,
  x1,
  top,
  bottom: top + 10,
  baseline: top + 8,
  size: 10,
  fonts: [{ font: 'f1', chars: text.replace(/\W/g, '').length }],
  ...extra,
});

describe('slanted text', () => {
  it('keeps A&A’s italic subsections, set oblique by the text matrix', async () => {
    const h = await headings('aa-betapic-exocomet-cn.pdf');
    for (const t of [
      '2.1. HARPS observations',
      '3.2. Cross-correlation with CN models',
      '4.3. Raising the CN production rates',
    ])
      assert.ok(h.includes(t), h.join(' | '));
    assert.equal(h.filter((t) => /^\d\.\d\. /.test(t)).length, 11, h.join(' | '));
  });
});

describe('a heading face one size step above the body', () => {
  it('finds tufte-book’s italic \\large subsections', async () => {
    const h = await headings('tufte-book-dime-reproducible-research-ch1.pdf');
    for (const t of [
      'Registering research studies',
      'Publishing registered reports',
      'Preparing a reproducibility package',
    ])
      assert.ok(h.includes(t), h.join(' | '));
  });
});

describe('the article before a lower-case word', () => {
  it('is no appendix letter, in any type', async () => {
    assert.ok(articleBeforeWord(parseSectionNumber('A remark on Lebesgue consistency')));
    assert.ok(!articleBeforeWord(parseSectionNumber('A Proofs of the main results')));
    assert.ok(!articleBeforeWord(parseSectionNumber('A. remark')));
    const h = await headings('arxivsty-bayesian-functional-regression.pdf');
    assert.ok(h.includes('A remark on Lebesgue consistency'), h.join(' | '));
  });
});

describe('capitals heads', () => {
  const known = [{ size: 10, bold: false, face: 'f1', caps: true }];
  it('take a centred line at the body size in the heads’ face, never a flush one', () => {
    const text = seg('This study uses the reproducibility framework', 320, 562, 120);
    const centred = seg('REPRODUCIBILITY', 393, 490, 100);
    assert.ok(centredOver(centred, text));
    assert.ok(capitalsSibling(centred, known, 10, true));
    const flush = seg('LOUD BODY TEXT', 320, 400, 100);
    assert.ok(!centredOver(flush, text));
    assert.ok(!capitalsSibling(flush, known, 10, false));
  });

  it('do not wrap onto a line whose first word would have fitted', () => {
    const label = seg('APPENDIX', 153, 198, 76);
    assert.ok(roomForNextWord(label, seg('ARTIFACT DESCRIPTION', 124, 227, 88)));
    // A long capitals head that filled its line does wrap.
    const long = seg('COMPARISON OF DIFFERENT FOURIER AND HANKEL', 100, 480, 76);
    assert.ok(!roomForNextWord(long, seg('TRANSFORMS', 250, 330, 88)));
  });

  it('finds AASTeX’s REPRODUCIBILITY and IEEE’s stacked APPENDIX / ARTIFACT DESCRIPTION', async () => {
    assert.ok((await headings('aastex-habitable-zone-inner-edge.pdf')).includes('REPRODUCIBILITY'));
    const h = await headings('ieee-conf-deeptune-optimization-heuristics.pdf');
    const at = h.indexOf('APPENDIX');
    assert.ok(at > 0, h.join(' | '));
    assert.deepEqual(h.slice(at + 1, at + 3), ['ARTIFACT DESCRIPTION', 'A. Abstract'], h.join(' | '));
  });
});

describe('lines that are not headings', () => {
  it('leaves a bold lead that fills its line in its paragraph', async () => {
    const aistats = await headings('aistats-sbi-averting-crisis.pdf');
    assert.ok(!aistats.some((t) => t.startsWith('Sequential Neural Posterior')), aistats.join(' | '));
    const md = await fixtureMarkdown('ieee-tc-streaming-latency-benchmarks.pdf');
    assert.match(md, /\nRecord the achieved rate, not the flag meant to produce it\. Verify/);
  });

  it('leaves a figure’s panel title beside the other panel’s lone label in the figure', async () => {
    const h = await headings('tmlr-revision-barriers.pdf');
    assert.ok(!h.some((t) => /^[AB] (?:Held-out|Companion)/.test(t)), h.join(' | '));
    assert.ok(h.includes('A Additional behavioral controls and auxiliary scope'), h.join(' | '));
  });

  it('takes no list-of-figures entry for a section in double-spaced type', async () => {
    const h = await headings('geophysics-empymod-em-modeler.pdf');
    assert.ok(!h.some((t) => /^\d Error levels/.test(t)), h.join(' | '));
    assert.ok(h.includes('LIST OF FIGURES'), h.join(' | '));
  });

  it('reads a justified reference line spread into words as text, not as a table row', async () => {
    const h = await headings('geophysics-empymod-em-modeler.pdf');
    assert.deepEqual(h.slice(-3), ['REFERENCES', 'LIST OF TABLES', 'LIST OF FIGURES'], h.join(' | '));
  });
});
