/**
 * Headings whose text holds math (issue 30, session 13): a bold heading whose formula is set in
 * TeX's math fonts, cmex's wide accents (`\widehat`) put back on their letter, a run-in title that
 * compares two formulas with a word, and lines that are no headings: crowded by a formula's or a
 * drawing's pieces on a staggered baseline, a thesis's title page printed again, a paragraph in bold. From vendored tuning papers (test/fixtures/convert/pdf)
 * and from constructed lines.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { crowdedOnRow } from '../../../../adapters/convert/pdf-hd13b-crowded.ts';
import { formulasJoinedByWord } from '../../../../adapters/convert/pdf-hd13b-formula-titles.ts';
import { boldOutsideMath, restoreWideAccents } from '../../../../adapters/convert/pdf-hd13b-math-faces.ts';
import { repeatsTitlePage } from '../../../../adapters/convert/pdf-hd13b-title-repeats.ts';
import { insideBoldParagraph } from '../../../../adapters/convert/pdf-list-items.ts';
import { parseSectionNumber } from '../../../../adapters/convert/pdf-numbering.ts';
import { fixtureMarkdown, markdownHeadings } from '../../../support/pdf-fixture-markdown.ts';
import { seg } from '../../../support/pdf-lines.ts';

describe('a bold heading with a formula in the math fonts', () => {
  const names = new Map([
    ['bx', 'CMBX9'],
    ['mi', 'CMMI9'],
    ['ex', 'CMEX9'],
    ['rm', 'CMR9'],
  ]);
  const bold = new Set(['bx']);

  it('is bold when the letters outside the formula are', () => {
    // `S-III: Bias in p(σ̂2[D̂∗])`: ten bold letters, the formula in math italic and extension fonts.
    const runs = [
      { font: 'bx', chars: 10 },
      { font: 'mi', chars: 2 },
      { font: 'ex', chars: 2 },
      { font: 'rm', chars: 1, number: true },
    ];
    assert.equal(boldOutsideMath(runs, bold, names), true);
  });

  it('is not when the roman text is not bold, or when bold letters are few (a \\mathbf equation)', () => {
    assert.equal(
      boldOutsideMath(
        [
          { font: 'bx', chars: 10 },
          { font: 'mi', chars: 2 },
          { font: 'rm', chars: 12 },
        ],
        bold,
        names,
      ),
      false,
    );
    assert.equal(
      boldOutsideMath(
        [
          { font: 'bx', chars: 3 },
          { font: 'mi', chars: 2 },
        ],
        bold,
        names,
      ),
      false,
    );
    // No formula: the ordinary bold test decides, not this one.
    assert.equal(boldOutsideMath([{ font: 'bx', chars: 10 }], bold, names), false);
  });

  it('finds the REVTeX supplement heads and the caps head with math in the MSD paper', async () => {
    const heads = markdownHeadings(await fixtureMarkdown('revtex-msd-diffusion-uncertainty.pdf'));
    for (const h of [
      '## V. σ2[D̂∗] SCALING AND COMPARISON TO OLS, WLS, AND GLS',
      '### S-III: Bias in p(σ̂2[D̂∗])',
      '### S-IV: Comparison of OLS, WLS, and GLS used to estimate D∗ in Li7La3Zr2O12',
    ])
      assert.ok(heads.includes(h), `${h} not in ${heads.join(' / ')}`);
    // The numerator of a display fraction beside its formula is no heading.
    assert.ok(!heads.some((h) => h.includes('NX(t)')), heads.join(' / '));
  });
});

describe('wide accents of the cmex font', () => {
  it('go back onto the letter before them as a combining mark', () => {
    const s = seg('σ2[Db∗] SCALING', 100);
    s.fonts = [
      { font: 'mi', chars: 1 },
      { font: 'rm', chars: 1, number: true },
      { font: 'mi', chars: 1 },
      { font: 'ex', chars: 1 },
      { font: 'bx', chars: 7 },
    ];
    restoreWideAccents([[s]], new Map([['ex', 'CMEX10']]));
    assert.equal(s.text, 'σ2[D\u0302∗] SCALING');
  });

  it('leave a `b` of any other font alone', () => {
    const s = seg('Db', 100);
    s.fonts = [{ font: 'mi', chars: 2 }];
    restoreWideAccents([[s]], new Map([['ex', 'CMEX10']]));
    assert.equal(s.text, 'Db');
  });
});

describe('a run-in title that compares two formulas', () => {
  it('is a title when a word joins them, only for a head set apart by its face', () => {
    assert.equal(formulasJoinedByWord('I ≤ J vs. I ⊂ J'), true);
    assert.equal(formulasJoinedByWord('E A3 ='), false);
    assert.equal(parseSectionNumber('4.2.1. I ≤ J vs. I ⊂ J'), null);
    assert.equal(parseSectionNumber('4.2.1. I ≤ J vs. I ⊂ J', { formulaTitle: true })?.num, '4.2.1');
    assert.equal(parseSectionNumber('3 E A3 =', { formulaTitle: true }), null);
  });

  it('is found in the amsart Carleson paper between its siblings', async () => {
    const heads = markdownHeadings(await fixtureMarkdown('amsart-carleson-lean.pdf'));
    const i = heads.indexOf('#### 4.2.1. I ≤ J vs. I ⊂ J');
    assert.ok(i > 0, heads.join(' / '));
    assert.equal(heads[i - 1], '### 4.2. Changes and refinements');
    assert.equal(heads[i + 1], '#### 4.2.2. Just one top cube');
  });
});

describe('a line crowded on its row by pieces at another baseline', () => {
  it('is a formula piece or a drawing label, not a heading', () => {
    const s = seg('1 NX(t)', 100, { x: 100, x1: 130 });
    const beside = seg('[∆rj(t)]2 ,', 106, { x: 132 });
    assert.equal(crowdedOnRow(s, [s, beside]), true);
  });

  it('leaves a heading with a line of text under it, its own superscript, or the other column', () => {
    const s = seg('2 Methods', 100, { x: 72, x1: 120 });
    const below = seg('Text of the section that follows', 112, { x: 72 });
    const mark = seg('1', 96, { x: 121, x1: 124, size: 6 });
    const other = seg('a long line of prose in the other column of the page', 104, { x: 320, size: 9 });
    assert.equal(crowdedOnRow(s, [s, below, mark, other]), false);
  });

  it('drops the labels of the annual review’s drawing and keeps its sections', async () => {
    const heads = markdownHeadings(await fixtureMarkdown('annurev-high-contrast-coronagraphy.pdf'));
    assert.ok(heads.includes('## 10. Polarization effects'), heads.join(' / '));
    assert.ok(heads.includes('## 11. Focal plane wavefront sensing'), heads.join(' / '));
    assert.ok(!heads.some((h) => /Incident ray|Transmitted ray|Reflected ray/.test(h)), heads.join(' / '));
  });
});

describe('a thesis’s title page printed again over its abstract', () => {
  it('repeats an unnumbered first-page line in the same size, and only that', () => {
    const title = seg('WAVES OVER THE IONOSPHERE', 300, { size: 14 });
    const again = seg('WAVES OVER THE IONOSPHERE', 120, { size: 14, page: 3 });
    const smaller = seg('WAVES OVER THE IONOSPHERE', 120, { size: 10, page: 3 });
    const abstract = seg('Abstract', 400, { size: 14 });
    assert.equal(repeatsTitlePage(again, [title, abstract]), true);
    assert.equal(repeatsTitlePage(smaller, [title, abstract]), false);
    assert.equal(repeatsTitlePage(seg('Abstract', 100, { size: 14, page: 3 }), [title, abstract]), false);
    assert.equal(repeatsTitlePage(title, [title, abstract]), false);
  });

  it('leaves the Hirsch thesis one title and its own headings', async () => {
    const heads = markdownHeadings(await fixtureMarkdown('thesis-hirsch2017-ch1.pdf'));
    assert.equal(heads.filter((h) => h.includes('ALFVÉN WAVES')).length, 1, heads.join(' / '));
    assert.ok(!heads.includes('## MICHAEL HIRSCH'), heads.join(' / '));
    assert.ok(
      heads.includes('## ABSTRACT') && heads.includes('## Chapter 1 Introduction'),
      heads.join(' / '),
    );
  });
});

describe('a paragraph set in bold', () => {
  const lines = [
    seg('Data behind many of the figures in this', 100, { x: 81, x1: 300, bold: true }),
    seg('work are available at the project site, and the', 112, { x: 72, x1: 300, bold: true }),
    seg('software used to make them is listed there too', 124, { x: 72, x1: 300, bold: true }),
    seg('today.', 136, { x: 72, x1: 100, bold: true }),
  ];
  const below = (l: (typeof lines)[number]) => lines.find((o) => o.top > l.bottom - 1 && o !== l);

  it('has no heading in its first, indented line or in its middle', () => {
    assert.equal(insideBoldParagraph(lines[0]!, lines, below, 12), true);
    assert.equal(insideBoldParagraph(lines[2]!, lines, below, 12), true);
  });

  it('is not a wrapped bold heading (ragged, no indent, text below in plain type)', () => {
    const head = [
      seg('Experiments on the growth of', 100, { x: 72, x1: 210, bold: true }),
      seg('crystals in space', 112, { x: 72, x1: 160, bold: true }),
      seg('The text of the section in plain type that follows the heading', 124, { x: 72, x1: 300 }),
    ];
    const under = (l: (typeof head)[number]) => head.find((o) => o.top > l.bottom - 1 && o !== l);
    assert.equal(insideBoldParagraph(head[0]!, head, under, 12), false);
  });

  it('leaves the AASTeX paper’s bold availability and acknowledgment text as text', async () => {
    const heads = markdownHeadings(await fixtureMarkdown('aastex-3i-atlas-discovery.pdf'));
    assert.ok(heads.includes('## ACKNOWLEDGMENTS'), heads.join(' / '));
    assert.ok(!heads.some((h) => /Data behind|We thank|Rivera/.test(h)), heads.join(' / '));
  });
});
