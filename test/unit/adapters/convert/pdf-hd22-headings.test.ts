/**
 * Heading rules of session 21, hd22 (issue #30), on the twenty-first and twenty-second batches
 * (tuning now): IEEE's hyphenated subsection number (`IV-C.`) in the numbering grammar, a float's
 * label with a supplement's letter (`Figure S3:`) read as a caption, a head in the type of the
 * display heads accepted before kept over a figure, a bold lead closing on a bracketed year run
 * into its paragraph, and the body's size read from its prose rather than a long small-type table.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { bodyTextSize } from '../../../../adapters/convert/pdf-layout.ts';
import { labelRunsOn } from '../../../../adapters/convert/pdf-ln12-run-in.ts';
import { isBareNumber, parseSectionNumber } from '../../../../adapters/convert/pdf-numbering.ts';
import { seg, segWith } from '../../../support/pdf-lines.ts';
import {
  fixtureMarkdown,
  fixtureSectionHeadings as headings,
} from '../../../support/pdf-fixture-markdown.ts';

describe('IEEE’s hyphenated subsection numbers', () => {
  it('reads `IV-C.` as the roman section and its lettered subsection', () => {
    const n = parseSectionNumber('IV-C. Definición de la etiqueta y variables');
    assert.deepEqual(n && { num: n.num, parts: n.parts, kind: n.kind }, {
      num: 'IV-C',
      parts: ['IV', 'C'],
      kind: 'roman',
    });
    assert.ok(isBareNumber('IV-C.'));
    // Only a roman section takes a hyphen: a dimension and a range stay words.
    assert.notEqual(parseSectionNumber('3-D Reconstruction')?.num, '3-D');
    assert.equal(parseSectionNumber('X-Ray sources'), null);
  });

  it('keeps every subsection of the Spanish IEEE paper with its number', async () => {
    const h = await headings('ieee-conf-es-nyc-taxi-tip-mllib.pdf');
    for (const t of [
      'IV-C. Definición de la etiqueta y variables',
      'IV-D. Manejo del desbalance',
      'IV-F. Experimentos de escalabilidad',
      'V-C. Escalabilidad',
    ])
      assert.ok(h.includes(t), h.join(' | '));
    assert.ok(!h.includes('Manejo del desbalance'), h.join(' | '));
  });
});

describe('floats and the heads over them', () => {
  it('keeps a supplement’s caption out, and the float sections that open on a figure in', async () => {
    const h = await headings('article-sceptre-crispr-screen-calibration.pdf');
    assert.ok(!h.some((t) => t.startsWith('Figure S')), h.join(' | '));
    for (const t of ['Figure legends', 'Main text figures', 'Supplementary figures and tables'])
      assert.ok(h.includes(t), h.join(' | '));
  });

  it('opens a caption at an appendix’s figure label, not at a sentence wrapped before `Figure S7).`', async () => {
    const mnras = await fixtureMarkdown('mnras-jianbing.pdf');
    assert.match(mnras, /\n\nFigure A1\. Illustration of the scatter-matching/);
    const agu = await fixtureMarkdown('agu-little-ice-age.pdf');
    assert.match(agu, /only Mode 1 is constrained \(Supplemental Figure S7\)\. Modes 2-11/);
    const acm = await fixtureMarkdown('acm-sigconf-sql-handwriting.pdf');
    assert.match(acm, /using lookup table T1\.\n/);
  });
});

describe('lines of text that are no headings', () => {
  it('runs a bold lead closed on a bracketed year into its paragraph', async () => {
    const lead = segWith('Concurrent work on tool hallucination (2026). Three', {
      bold: true,
      boldLead: 37,
      fonts: [
        { font: 'B', chars: 37 },
        { font: 'R', chars: 5 },
      ],
    });
    assert.ok(labelRunsOn(lead));
    // A bracketed number alone is no label.
    assert.ok(!labelRunsOn({ ...lead, text: '(2026). Three', boldLead: 4 }));
    const h = await headings('icml-tool-fabrication-rate.pdf');
    assert.ok(!h.some((t) => t.startsWith('Concurrent work')), h.join(' | '));
  });

  it('reads the body’s size from its prose, not a long table in smaller type', async () => {
    const prose = Array.from({ length: 120 }, (_, k) =>
      seg(`the text of the paper runs on in its own size, line ${k}`, 100 + k, { size: 9 }),
    );
    const table = Array.from({ length: 400 }, (_, k) =>
      seg(`J0123+4567 12.3 45.6 0.12 0.34 DA ${k}`, 100 + k, { size: 8 }),
    );
    assert.equal(bodyTextSize([...prose, ...table]), 9);
    // Too little prose to go by: all the text decides.
    assert.equal(bodyTextSize([...prose.slice(0, 5), ...table]), 8);
    const h = await headings('rasti-polluted-white-dwarfs.pdf');
    assert.ok(!h.some((t) => t.startsWith('The parameter') || t.startsWith('The sample')), h.join(' | '));
    assert.ok(h.includes('2.2 Sample selection'), h.join(' | '));
    // Its notes, now smaller than the body, go to the end; a caption's last line and the reference
    // list beside the notes of the other column stay where they are.
    const md = await fixtureMarkdown('rasti-polluted-white-dwarfs.pdf');
    assert.match(md, /\n> 4 The two parameters eps and min_samples/);
    assert.ok(!md.includes('> 400 nm suggests'), 'a caption’s line taken for a note');
    assert.match(md, /force-calculation algorithm, nature, 324\(6096\), 446–449\./);
  });
});
