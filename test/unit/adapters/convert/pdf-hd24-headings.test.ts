/**
 * Heading rules of session 23, hd24 (issue #30), on the tuning papers: a numbered line in the type of
 * its depth's accepted heads is no table row for another closer; words fused after a TeX-composed
 * word-final accent split again; a figure's label above an appendix figure's caption (`Figure C.2:`);
 * a column of cells in display type; a bold head at a column's foot.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Segment } from '../../../../adapters/convert/pdf-layout.ts';
import { splitFusedAccents } from '../../../../adapters/convert/pdf-hd24-accent-space.ts';
import {
  cellUnderLikeCell,
  panelAmongLoneLabels,
} from '../../../../adapters/convert/pdf-hd24-column-cells.ts';
import {
  fixtureMarkdown,
  fixtureSectionHeadings as headings,
} from '../../../support/pdf-fixture-markdown.ts';
import { segAtTop as seg } from '../../../support/pdf-lines.ts';

describe('a numbered head in its depth’s type, closed otherwise', () => {
  it('keeps elsarticle’s italic appendix subsections `A.1` under `2.1.` subsections', async () => {
    const h = await headings('elsarticle-metro-network-expansion-rl.pdf');
    for (const t of [
      'A.1 Compute environment',
      'A.2 Our method (full and ablations)',
      'A.5 Tabular RL baseline (Michailidis et al.)',
    ])
      assert.ok(h.includes(t), h.join(' | '));
  });
});

describe('words fused after a word-final accent', () => {
  it('splits them by the paper’s own words once the loss is systematic', () => {
    const pages = [
      [
        seg('Il pavé, a Milano, è molto più comune.', 0),
        seg('Influenza del pavésull’incidentalità', 20),
        seg('Si èdeciso, e la città è più sicura: piùalte e Etàdei', 40),
        seg('Età sull decise alte dei', 60),
      ],
    ];
    splitFusedAccents(pages);
    assert.equal(pages[0]![1]!.text, 'Influenza del pavé sull’incidentalità');
    assert.equal(pages[0]![2]!.text, 'Si è deciso, e la città è più sicura: più alte e Età dei');
  });

  it('leaves words with an accent inside alone when no loss is shown', () => {
    const pages = [[seg('Une méthode préférée de la république.', 0), seg('Le pré et la ré forme.', 20)]];
    splitFusedAccents(pages);
    assert.equal(pages[0]![0]!.text, 'Une méthode préférée de la république.');
  });

  it('gives the Italian thesis’s headings their spaces', async () => {
    const h = await headings('thesis-padovani2021-road-accidents.pdf');
    for (const t of [
      '3.1.3 Influenza del pavé sull’incidentalità',
      '3.4.6 Età dei pedoni coinvolti',
      '3.5.6 Quadro delle strade più pericolose',
    ])
      assert.ok(h.includes(t), h.join(' | '));
  });
});

describe('figure and table text in display type', () => {
  it('takes no axis title over an appendix figure’s caption for a head', async () => {
    const h = await headings('elsarticle-nusquids-neutrino-propagation.pdf');
    assert.ok(!h.some((t) => t.includes('[GeV]')), h.join(' | '));
    assert.ok(h.includes('Appendix C.3.2. Multiple-energy mode'), h.join(' | '));
  });

  it('reads a line under a cell of its own shape and type as a cell', () => {
    const segs = [seg('HD8a', 0, { size: 14.8 }), seg('HD8b', 14, { size: 14.8 })];
    assert.ok(cellUnderLikeCell(segs[1]!, segs));
    const heads = [seg('Phase 1', 0), seg('Results', 14)];
    assert.ok(!cellUnderLikeCell(heads[1]!, heads));
  });

  it('keeps the scaled table’s labels and column head out of the R Journal paper’s outline', async () => {
    const h = await headings('rjournal-gaussian-mixture-benchmark.pdf');
    assert.ok(!h.includes('HD8b') && !h.includes('Number of observations'), h.join(' | '));
  });
});

describe('a lettered panel title', () => {
  it('asks for every earlier panel’s lone letter in the title’s type', () => {
    const f = (font: string): Segment['fonts'] => [{ font, chars: 5 }];
    const title = seg('C. Yeast population size', 100, { size: 13, fonts: f('a') });
    const panels = [seg('A.', 0, { size: 13, fonts: f('a') }), seg('B.', 0, { size: 13, fonts: f('a') })];
    assert.ok(panelAmongLoneLabels(title, 'C', [...panels, title]));
    // A formula's lone variable in the heading's face is no panel label (`D. ZnO and Cu2O`).
    const head = seg('D. ZnO and Cu2O', 100, { size: 13, fonts: f('a') });
    assert.ok(!panelAmongLoneLabels(head, 'D', [seg('G', 0, { size: 13, fonts: f('a') }), head]));
    assert.ok(!panelAmongLoneLabels(title, 'C', [panels[0]!, title]));
  });

  it('is no head where the other panels are labelled by their letter alone', async () => {
    const h = await headings('elsarticle-noise-phenomena.pdf');
    assert.ok(!h.includes('C. Yeast population size'), h.join(' | '));
    assert.ok(h.includes('Stochastic switching'), h.join(' | '));
  });
});

describe('a run-in lead in a heading face', () => {
  it('takes no line with a stop and a new sentence for a head (ACM’s italic `Proof. The …`)', async () => {
    const h = await headings('acm-sigconf-elo-mmr-rating.pdf');
    assert.ok(!h.some((t) => t.startsWith('Proof.')), h.join(' | '));
    assert.ok(h.includes('5.1 Incentive-compatibility'), h.join(' | '));
  });
});

describe('a bold head at a column’s foot', () => {
  it('keeps the R Journal’s last bold head of a page, its text on the next', async () => {
    const h = await headings('rjournal-gaussian-mixture-benchmark.pdf');
    assert.ok(h.includes('Unbalanced and overlapping components'), h.join(' | '));
    const md = await fixtureMarkdown('rjournal-gaussian-mixture-benchmark.pdf');
    assert.ok(/### Unbalanced and overlapping components\n\nWith unbalanced components/.test(md));
  });
});
