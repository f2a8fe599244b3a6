/**
 * Heading rules of session 15 (issue #30), studied on the eleventh batch: run-in heads read by the
 * numbering grammar (lettered appendix subsections `J.4.1.`, a title closed by its own `?`), and
 * figure and table text that looks like a heading by size or face. Real fixture PDFs for the
 * outcome, constructed lines for the edges of each rule.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  betweenTableRows,
  insideFigure,
  tooSmallForHeading,
} from '../../../../adapters/convert/pdf-hd16-figure-text.ts';
import type { Segment } from '../../../../adapters/convert/pdf-layout.ts';
import {
  advance,
  inSequence,
  isBareNumber,
  isSuccessor,
  newNumbering,
  parseSectionNumber,
  withinKnownSection,
} from '../../../../adapters/convert/pdf-numbering.ts';
import { faceRunIn } from '../../../../adapters/convert/pdf-outline.ts';
import { fixtureSectionHeadings } from '../../../support/pdf-fixture-markdown.ts';
import { BODY, seg } from '../../../support/pdf-lines.ts';

const headings = fixtureSectionHeadings;

describe('run-in heads read by the numbering grammar', () => {
  it('finds the yellow paper’s lettered appendix run-ins at every depth, and a title closed by `?`', async () => {
    const h = await headings('amsart-ethereum-yellow-paper.pdf');
    const want = [
      '2.2. Which History?',
      'E.1. zkSNARK Related Precompiled Contracts',
      'H.2. Instruction Set',
      'J.1. Deprecation',
      'J.4. Dataset generation',
      'J.4.1. Seed hash',
      'J.4.3. Full dataset calculation',
      'J.5. Proof-of-work function',
      'K.1. Deletion of an Account Despite Out-of-gas',
    ];
    for (const t of want) assert.ok(h.includes(t), `${t}: ${h.join(' | ')}`);
    // In the outline's order: each subsection under its appendix.
    assert.ok(h.indexOf('Appendix J. Ethash') < h.indexOf('J.1. Deprecation'), h.join(' | '));
    assert.ok(h.indexOf('J.4. Dataset generation') < h.indexOf('J.4.1. Seed hash'), h.join(' | '));
  });

  it('lets `Appendix E` open the letter counter that `E.1` continues', () => {
    const seq = newNumbering();
    advance(parseSectionNumber('Appendix D. Modified Merkle Patricia Tree'), seq);
    advance(parseSectionNumber('D.1. Trie Database'), seq);
    advance(parseSectionNumber('Appendix E. Precompiled Contracts'), seq);
    assert.equal(inSequence(parseSectionNumber('E.1. zkSNARK Contracts')!, seq), true);
    assert.equal(inSequence(parseSectionNumber('D.2. Late sibling')!, seq), false);
    const appendix = parseSectionNumber('Appendix J. Ethash');
    assert.equal(isSuccessor(parseSectionNumber('J.1. Deprecation')!, appendix), true);
    assert.equal(isSuccessor(parseSectionNumber('J.2. Definitions')!, appendix), false);
  });

  it('takes a lettered number told by its text alone only inside a section already seen', () => {
    const seq = newNumbering();
    const initials = parseSectionNumber('J.R. Tolkien')!;
    assert.equal(withinKnownSection(initials, seq), false);
    advance(parseSectionNumber('Appendix J. Ethash'), seq);
    assert.equal(withinKnownSection(parseSectionNumber('J.2. Definitions')!, seq), true);
    assert.equal(withinKnownSection(parseSectionNumber('K.2. Other')!, seq), false);
    assert.equal(withinKnownSection(parseSectionNumber('2.1. Arabic')!, seq), true);
  });

  it('marks a number of any kind as a run of its own, a lone roman numeral or late letter only with its dot', () => {
    for (const t of ['2', '2.1.', 'IV.', 'J.4.1', 'J.', 'A', 'S2.1', '3.B.1'])
      assert.equal(isBareNumber(t), true, t);
    for (const t of ['IV', 'J', 'I', 'x', '2.1 Title', '123']) assert.equal(isBareNumber(t), false, t);
  });

  it('reads a head in its own face closed by the title’s `?` (and a lettered number in the body face)', () => {
    const line: Segment = {
      ...seg('J.4.1. Why this seed? The seed hash is different for every epoch.', 100),
      fonts: [
        { font: 'R', chars: 3, number: true },
        { font: 'I', chars: 11 },
        { font: 'R', chars: 40 },
      ],
    };
    const r = faceRunIn(line, 'R');
    assert.equal(r?.head, 'J.4.1. Why this seed?');
    assert.equal(r?.rest, 'The seed hash is different for every epoch.');
  });
});

describe('figure and table text that looks like a heading', () => {
  it('drops a sketch’s large labels and a panel’s tiny numbered legend, and keeps the Methods sections', async () => {
    const h = await headings('snjnl-nature-planetary-collision.pdf');
    for (const t of ['2 Bandpass filter', 'Orbital motion', 'To Earth'])
      assert.ok(!h.includes(t), h.join(' | '));
    for (const t of ['2 Methods', 'Observations', 'SPH collision simulations'])
      assert.ok(h.includes(t), `${t}: ${h.join(' | ')}`);
  });

  it('drops a table’s bold group row and keeps the appendix headings around the table', async () => {
    const h = await headings('aastex-cover-your-basis.pdf');
    assert.ok(!h.includes('Redshift Evolution Model Parameters'), h.join(' | '));
    for (const t of ['C. HIERARCHICAL BAYESIAN INFERENCE', 'D. MODEL AND PRIOR SPECIFICATION'])
      assert.ok(h.includes(t), `${t}: ${h.join(' | ')}`);
  });

  it('sets no heading in type smaller than \\scriptsize', () => {
    assert.equal(tooSmallForHeading(seg('2 Bandpass filter', 100, { size: 4.4 }), 10), true);
    assert.equal(tooSmallForHeading(seg('References', 100, { size: 8.7 }), 12), false);
  });

  it('reaches a figure’s caption before body text, or body text first', () => {
    const label = seg('To Earth', 100, { size: 17 });
    const figure = [
      label,
      seg('t~1000d', 120, { size: 11.5 }),
      seg('Remnant forms R~7 solar radii, T~1000K', 140, { size: 7 }),
      seg('Extended Data Fig. 5 Sketch of the hypothesis for the observations', 160, { size: 8 }),
    ];
    assert.equal(insideFigure(label, figure, 10), true);
    const heading = seg('Orbital motion', 100, { size: 12 });
    const section = [heading, seg(BODY, 120), seg('Figure 5: A figure further down.', 140, { size: 8 })];
    assert.equal(insideFigure(heading, section, 10), false);
  });

  it('tells a table’s group row between rows of cells from a heading between paragraphs', () => {
    const row = (text: string, y: number) => [
      seg('B-Spline', y, { x: 60 }),
      seg('n', y, { x: 160 }),
      seg(text, y, { x: 220 }),
      seg('18', y, { x: 470 }),
    ];
    const group = seg('Redshift Evolution Model Parameters', 114, { x: 220, bold: true });
    const table = [
      ...row('number of knots in the basis spline', 100),
      group,
      ...row('slope of the power law', 128),
    ];
    assert.equal(betweenTableRows(group, table, 12), true);
    const head = seg('Redshift evolution', 114, { bold: true });
    assert.equal(betweenTableRows(head, [seg(BODY, 100), head, seg(BODY, 128)], 12), false);
  });
});
