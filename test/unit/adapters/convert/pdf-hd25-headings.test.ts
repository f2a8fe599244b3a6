/**
 * Heading rules of session 24, hd25 (issue #30), on the tuning papers: a line in a typewriter face
 * is program text, never a heading; a list-of-figures entry that wraps onto three lines, or ends in
 * its page number without leaders, is one entry; a bold table header cell whose row-mates stand far
 * right is no head; a description list's term with a one-line description is no head, nor a list's
 * numbered step right under the step before it; a one-letter word fused after a TeX-composed word-final accent is split again.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Segment } from '../../../../adapters/convert/pdf-layout.ts';
import { splitFusedAccents } from '../../../../adapters/convert/pdf-hd24-accent-space.ts';
import { tableHeaderCell } from '../../../../adapters/convert/pdf-hd25-header-cells.ts';
import { termOfOneLineDescription } from '../../../../adapters/convert/pdf-hd25-description-terms.ts';
import { stepAfterStep } from '../../../../adapters/convert/pdf-hd25-list-steps.ts';
import { parseSectionNumber } from '../../../../adapters/convert/pdf-numbering.ts';
import {
  fixtureMarkdown,
  fixtureSectionHeadings as headings,
} from '../../../support/pdf-fixture-markdown.ts';
import { segAtTop as seg } from '../../../support/pdf-lines.ts';

describe('a line in a typewriter face', () => {
  it('takes no R output line (`Loading required package: MASS`) for a head', async () => {
    const md = await fixtureMarkdown('jss-archetypal-analysis.pdf');
    assert.ok(!/^#+ (?:Loading required package|There were \d+ warnings)/m.test(md), md.slice(0, 200));
    assert.match(md, /Loading required package: nnls/);
    assert.match(md, /^### 3\.1\. Alternative numerical methods$/m);
  });

  it('takes no column of function names (`HorseTrees()`) for heads', async () => {
    const h = await headings('rjournal-shrinkage-trees-survival.pdf');
    assert.ok(!h.some((t) => t.endsWith('()')), h.join(' | '));
    assert.ok(h.includes('Fitting functions and S3 classes'), h.join(' | '));
  });
});

describe('a list-of-figures entry over three lines, or with its page number bare', () => {
  it('writes each entry whole and leaves no heading of it', async () => {
    const md = await fixtureMarkdown('thesis-czifro2019-multi-channel-transfer.pdf');
    assert.ok(!/^#+ 3\.[24] Packet Structure/m.test(md), 'no entry read as a heading');
    assert.match(
      md,
      /^- 3\.2 Packet Structure of Specification Handshake\. The fields ptype and subtype are for identifying packets\. The values of these fields are an implementation detail$/m,
    );
    assert.match(md, /^- 3\.4 Packet Structure of FTP Handshake\. .* implementation detail$/m);
    assert.match(md, /^- 3\.5 Illustration of Data Transfer .* transmission of the file \[14–18\]$/m);
  });
});

describe('a bold table header cell', () => {
  it('is no head when cells of its row stand far right and a row of cells is below', () => {
    const segs = [
      seg('Method', 0, { bold: true }),
      seg('Loss', 0, { bold: true, x0: 300, x1: 320 }),
      seg('Similarity', 0, { bold: true, x0: 450, x1: 493 }),
      seg('Baseline (few-shot)', 16),
      seg('0.607', 16, { x0: 300, x1: 321 }),
      seg('Table 4: Final composite-loss comparison across all methods', -30, { x1: 504 }),
    ];
    assert.equal(tableHeaderCell(segs[0]!, segs), true);
  });

  it('leaves two heads side by side in two columns, with prose below them', () => {
    const segs = [
      seg('Methods', 0, { bold: true }),
      seg('Results', 0, { bold: true, x0: 320, x1: 362 }),
      seg('We measured the rates of all the samples in the study over', 16),
      seg('The rates rise with the temperature of every sample that', 16, { x0: 320, x1: 560 }),
    ];
    assert.equal(tableHeaderCell(segs[0]!, segs), false);
  });

  it('leaves a head whose row-mate is the other column’s short line (`[4]`, a paragraph’s last line)', () => {
    const segs = [
      seg('[4]', 0, { x0: 60, x1: 70 }),
      seg('ACKNOWLEDGMENTS', 0, { x0: 385, x1: 497 }),
      seg('7. CONCLUSIONS', 18, { x0: 128, x1: 215 }),
      seg('The authors thank all of the people for insightful discussions', 16, { x0: 330, x1: 562 }),
      seg('Significant inflation of rocky planet radii is a robust', 34, { x0: 60, x1: 292 }),
    ];
    assert.equal(tableHeaderCell(segs[1]!, segs), false);
  });

  it('takes no `Method` or `Value` header cell for a head (NeurIPS, MDPI)', async () => {
    assert.ok(!(await headings('neurips-egoblind-risk-adaptive-routing.pdf')).includes('Method'));
    assert.ok(!(await headings('mdpi-robotics-parallel-robot-synthesis.pdf')).includes('Value'));
  });
});

describe('a one-letter word fused after a word-final accent', () => {
  it('is split when the word before it and the letter alone are the paper’s own', () => {
    const pages = [
      [
        seg('Il pavé, a Milano, è molto più comune in città o in campagna.', 0),
        seg('Influenza del pavésull’incidentalità', 20),
        seg('Si èdeciso, e la città è più sicura: piùalte e Etàdei', 40),
        seg('Età sull decise alte dei: in cittào su strada', 60),
      ],
    ];
    splitFusedAccents(pages);
    assert.equal(pages[0]![3]!.text, 'Età sull decise alte dei: in città o su strada');
  });

  it('leaves a plural’s last letter on its word (`inglés`: no word `inglé`)', () => {
    const pages = [
      [
        seg('Il pavé, a Milano, è molto più comune.', 0),
        seg('Influenza del pavésull’incidentalità', 20),
        seg('Si èdeciso, e la città è più sicura: piùalte e Etàdei', 40),
        seg('Età sull decise alte dei s inglés', 60),
      ],
    ];
    splitFusedAccents(pages);
    assert.equal(pages[0]![3]!.text, 'Età sull decise alte dei s inglés');
  });

  it('gives the Italian thesis its `città o`', async () => {
    const md = await fixtureMarkdown('thesis-padovani2021-road-accidents.pdf');
    assert.match(md, /in città o su una strada extraurbana/);
    assert.match(md, /sull’incidentalità a Milano/);
  });
});

describe('a description list’s term over a one-line description', () => {
  const list = (secondX: number) => {
    const segs = [
      seg('Function', 0, { bold: true, x0: 72 }),
      seg('Variable declarations inside of functions bind the variables.', 14, { x0: 100, x1: 520 }),
      seg('Block', 30, { bold: true, x0: 72 }),
      seg('A block is a group of statements which is delimited using a pair', 44, { x0: 100, x1: 520 }),
      seg('of braces (curly brackets), the var keyword is not affected by', 58, { x0: secondX, x1: 520 }),
    ];
    const below = (l: Segment) => segs.filter((o) => o.top > l.top).sort((a, b) => a.top - b.top)[0];
    return { segs, below };
  };

  it('is a term when the next term’s description hangs at the same indent', () => {
    const { segs, below } = list(100);
    assert.equal(termOfOneLineDescription(segs[0]!, below, 14, segs), true);
  });

  it('is a head when the paragraphs below come back to the left edge', () => {
    const { segs, below } = list(72);
    assert.equal(termOfOneLineDescription(segs[0]!, below, 14, segs), false);
  });

  it('takes no `Function` term for a head in the KOMA thesis', async () => {
    assert.ok(!(await headings('scrreprt-boegle2022-ch1-2.pdf')).includes('Function'));
  });
});

describe('a list’s numbered step in the body face', () => {
  it('is no head right under the step before it', () => {
    const segs = [
      seg('2.4. Recalculate archetypes.', 0),
      seg('2.5. Calculate residual sum of squares RSS.', 14),
    ];
    assert.equal(stepAfterStep(segs[1]!, parseSectionNumber(segs[1]!.text)!, segs, 14), true);
  });

  it('is a head under its own section’s text, or in bold', () => {
    const segs = [
      seg('2.3. Find the best alpha.', 0),
      seg('2.5. Calculate residual sum of squares RSS.', 14),
    ];
    assert.equal(stepAfterStep(segs[1]!, parseSectionNumber(segs[1]!.text)!, segs, 14), false);
    const bold = [
      seg('2.4. Recalculate.', 0, { bold: true }),
      seg('2.5. Calculate RSS.', 14, { bold: true }),
    ];
    assert.equal(stepAfterStep(bold[1]!, parseSectionNumber(bold[1]!.text)!, bold, 14), false);
  });

  it('leaves JSS’s algorithm step `2.5.` in its list', async () => {
    const h = await headings('jss-archetypal-analysis.pdf');
    assert.ok(!h.some((t) => t.startsWith('2.5.')), h.join(' | '));
  });
});
