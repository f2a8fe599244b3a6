/**
 * Heading rules of session 27, hd28 (issue #30), first on the thirtieth batch (tuning): PNAS's small
 * bold Methods heads closed by a stop are heads (a justified head's row pieces joined); a head run in
 * with its text's first words in another face is none (a statement's bold label with its name, a
 * numbered head run in without a stop); algorithm and listing captions are no heads; a paragraph
 * set a size above the rest, justified, is none; a table's header row in larger type is none; the
 * title repeated on a thesis's abstract page and a bold display quotation are none; A&A's
 * `References` beside the other column's line a narrow gutter away is a head.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { joinJustifiedHead, stoppedBoldHead } from '../../../../adapters/convert/pdf-hd28-stopped-heads.ts';
import { leadRunsOn } from '../../../../adapters/convert/pdf-hd28-lead-runs-on.ts';
import { opensFloatCaption } from '../../../../adapters/convert/pdf-hd28-float-label.ts';
import { amongHeaderCells } from '../../../../adapters/convert/pdf-hd28-row-cells.ts';
import { indentedDisplayLines, repeatsPaperTitle } from '../../../../adapters/convert/pdf-hd28-title-echo.ts';
import { lineBelow, type Segment } from '../../../../adapters/convert/pdf-layout.ts';
import {
  fixtureMarkdown,
  fixtureSectionHeadings as headings,
} from '../../../support/pdf-fixture-markdown.ts';
import { seg } from '../../../support/pdf-lines.ts';

describe('a small bold head closed by a stop (PNAS Materials and Methods)', () => {
  it('is a head on its own line, wrapped, and with its justified row split by pdf.js', async () => {
    const h = await headings('pnas-sketch-visual-communication.pdf');
    for (const t of [
      'Communication experiment: Manipulation of context in sketch-based reference game.',
      'Recognition experiment: Measuring perceptual similarity between sketches and objects.',
      'Computational modeling.',
    ])
      assert.ok(h.includes(t), h.join(' | '));
  });

  const ctx = (s: Segment, segs: Segment[]) => ({
    body: 9,
    pitch: 10.9,
    gapAbove: 10,
    alone: true,
    below: (l: Segment) => lineBelow(l, segs),
    segs,
  });
  const text = (t: string, y: number) => seg(t, y, { x: 56, x1: 301, size: 8 });

  it('needs room left for the next line’s first word and a paragraph under it', () => {
    const head = seg('Computational modeling.', 100, { x: 56, x1: 140, size: 7.2, bold: true });
    const para = [
      text('Sketch data preprocessing. To train and evaluate our model, we first', 115),
      text('filter the sketch dataset to retain only sketches that were correctly', 124),
    ];
    assert.equal(stoppedBoldHead(head, ctx(head, [head, ...para])), 3);
    // A bold sentence filling its line (a run-in lead carried over) is none; nor two sentences.
    const full = seg('Computational modeling of the whole sketch data set.', 100, {
      x: 56,
      x1: 298,
      size: 7.2,
      bold: true,
    });
    assert.equal(stoppedBoldHead(full, ctx(full, [full, ...para])), 0);
    const two = seg('Data. We used it.', 100, { x: 56, x1: 120, size: 7.2, bold: true });
    assert.equal(stoppedBoldHead(two, ctx(two, [two, ...para])), 0);
  });

  it('joins a bold row piece reaching the column edge only over a bold wrap', () => {
    const a = seg('Recognition experiment:', 100, { x: 315, x1: 403, size: 7.2, bold: true });
    const b = seg('Measuring perceptual similarity between', 100, { x: 411, x1: 560, size: 7.2, bold: true });
    const wrap = seg('sketches and objects.', 109, { x: 315, x1: 389, size: 7.2, bold: true });
    const col = [120, 130, 140, 150].map((y) =>
      seg('Participants were recruited via Amazon Mechanical Turk and', y, { x: 315, x1: 560, size: 8 }),
    );
    assert.equal(
      joinJustifiedHead(a, b, [a, b, wrap, ...col])?.text,
      'Recognition experiment: Measuring perceptual similarity between',
    );
    // Header cells with no bold wrap under them stay apart.
    assert.equal(joinJustifiedHead(a, b, [a, b, ...col]), null);
  });
});

describe('a head run in with its text', () => {
  it('makes no head of a statement’s label with its name (JMLR)', async () => {
    const h = await headings('jmlr-llm-task-ecologies.pdf');
    assert.ok(!h.some((t) => /^(Proposition|Corollary|Definition) \d/.test(t)), h.join(' | '));
    const md = await fixtureMarkdown('jmlr-llm-task-ecologies.pdf');
    assert.match(
      md,
      /\nProposition 17 \(Cognitive impenetrability of frozen dense transformers\) The implementation/,
    );
  });

  it('makes no head of a numbered head run in without a stop (Bioinformatics)', async () => {
    const h = await headings('bioinfo-minimap-miniasm-assembly.pdf');
    assert.ok(!h.some((t) => /^2\.(2\.2|5\.1|5\.2) /.test(t)), h.join(' | '));
    const md = await fixtureMarkdown('bioinfo-minimap-miniasm-assembly.pdf');
    assert.match(md, /\n2\.2\.2 Computing minimizers Loosely speaking/);
  });

  it('reads the faces: a label closed before its text, a numbered head going on in the body face', () => {
    const label: Segment = {
      ...seg('Lemma 3 (Bound) The sum', 100),
      bold: true,
      fonts: [
        { font: 'B', chars: 11 },
        { font: 'I', chars: 6 },
      ],
    };
    assert.equal(
      leadRunsOn(label, 'R', () => false),
      'label',
    );
    const head: Segment = { ...label, text: 'Lemma 3 Bound of the sum' };
    assert.equal(
      leadRunsOn(head, 'R', () => false),
      null,
    );
    const numbered: Segment = {
      ...seg('2.2 Computing minimizers Loosely speaking', 100),
      fonts: [
        { font: 'I', chars: 2, number: true },
        { font: 'I', chars: 19 },
        { font: 'R', chars: 15 },
      ],
    };
    assert.equal(
      leadRunsOn(numbered, 'R', () => true),
      'numbered',
    );
    assert.equal(
      leadRunsOn({ ...numbered, text: '2.2 Computing minimizers. Loosely speaking' }, 'R', () => true),
      null,
    );
  });
});

describe('floats and tables in larger type', () => {
  it('makes no head of algorithm captions nor of a larger paragraph (Bioinformatics)', async () => {
    const h = await headings('bioinfo-minimap-miniasm-assembly.pdf');
    assert.ok(!h.some((t) => t.startsWith('Algorithm ')), h.join(' | '));
    assert.ok(!h.some((t) => t.startsWith('High-throughput')), h.join(' | '));
    assert.equal(opensFloatCaption('Algorithm 1: Compute minimizers'), true);
    assert.equal(opensFloatCaption('Algorithm 4 FIDD'), true);
    assert.equal(opensFloatCaption('Algorithms for sparse recovery'), false);
  });

  it('makes no head of a header row’s cells (NeurIPS)', async () => {
    const h = await headings('neurips-layer-swap-redundancy.pdf');
    assert.ok(!h.includes('Layers Removed') && !h.includes('PPL'), h.join(' | '));
    const row = ['Method', 'Layers Removed', 'PPL'].map((t, k) => seg(t, 100, { x: 100 + 100 * k }));
    assert.equal(amongHeaderCells(row[1]!, row), true);
    assert.equal(amongHeaderCells(row[1]!, row.slice(0, 2)), false);
  });
});

describe('a thesis’s front matter and display quotations', () => {
  it('makes no head of the repeated title or of the bold guiding question', async () => {
    const h = await headings('thesis-ravuri2026-ch1-2.pdf');
    assert.ok(!h.includes('Probabilistic perspectives in scientific representation learning'), h.join(' | '));
    assert.ok(!h.some((t) => t.startsWith('What ideas and models unify')), h.join(' | '));
    assert.equal(
      repeatsPaperTitle(
        'Probabilistic  perspectives in scientific representation learning',
        'Probabilistic perspectives in scientific\nrepresentation learning',
      ),
      true,
    );
    assert.equal(repeatsPaperTitle('Introduction', 'Introduction'), false);
  });

  it('tells an indented quotation from a centred head', () => {
    const text = [200, 215].map((y) =>
      seg('A line of text running across the whole measure of the page here.', y, { x: 85, x1: 538 }),
    );
    const q1 = seg('What ideas and models unify representation learning', 100, {
      x: 114,
      x1: 509,
      bold: true,
    });
    const q2 = seg('perspective?', 112, { x: 114, x1: 181, bold: true });
    assert.equal(indentedDisplayLines(q1, q2, [q1, q2, ...text]), true);
    const c2 = seg('perspective?', 112, { x: 278, x1: 345, bold: true });
    assert.equal(indentedDisplayLines(q1, c2, [q1, c2, ...text]), false);
  });
});

describe('a head beside the other column a narrow gutter away (A&A)', () => {
  it('keeps `References` a head', async () => {
    const h = await headings('aa-betapic-hill-sphere-transit.pdf');
    assert.ok(h.includes('References'), h.join(' | '));
  });
});
