/**
 * Spurious headings (issue 30, session 11): list items whose first line runs on as a paragraph, a
 * column of margin line numbers taken for a contents page's page numbers, float labels, word-less
 * lines, addresses in a back author list, description-list terms, an axis title over a figure's
 * caption, a printed `## …` line, and footnote marks glued to a heading. From vendored tuning papers
 * (test/fixtures/convert/pdf, test/fixtures/corpus/pdf) and from constructed lines.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { hasLineNumbers } from '../../../../adapters/convert/pdf-contents.ts';
import type { Segment } from '../../../../adapters/convert/pdf-layout.ts';
import { runsOnAsParagraph } from '../../../../adapters/convert/pdf-list-items.ts';
import { convertPdf } from '../../../../adapters/convert/pdf.ts';
import { figureCaptionBelow } from '../../../../adapters/convert/pdf-figure-labels.ts';
import {
  isDescriptionTerm,
  neverHeading,
  tableRowUnder,
  withoutNoteMark,
} from '../../../../adapters/convert/pdf-spurious.ts';
import { CORPUS_DIR, FIXTURES_DIR } from '../../../support/corpus.ts';
import { seg } from '../../../support/pdf-lines.ts';

async function headings(file: string): Promise<string[]> {
  const md = (await convertPdf(new Uint8Array(readFileSync(file)))).markdown;
  return md.split('\n').filter((l) => l.startsWith('#'));
}
const fixture = (name: string) => path.join(FIXTURES_DIR, 'convert', 'pdf', name);

/** `below` over a fixed list of lines: the first one under the line, as pdf-markdown's lineBelow. */
const belowIn = (lines: Segment[]) => (l: Segment) =>
  lines.filter((o) => o.page === l.page && o.top > l.bottom - 1).sort((a, b) => a.top - b.top)[0];

describe('list items whose first line runs on as a paragraph', () => {
  it('are no headings in the REVTeX, thesis and PLOS papers, whose sections stay', async () => {
    const qleet = await headings(fixture('revtex-qleet.pdf'));
    assert.ok(qleet.includes('## II. OVERVIEW'), qleet.join(' / '));
    assert.ok(!qleet.some((h) => /Interface module|Analyzers/.test(h)), qleet.join(' / '));
    const ito = await headings(fixture('thesis-ito2018-ch1-2.pdf'));
    assert.ok(!ito.some((h) => /post-Internet|Learnings from|How and why/.test(h)), ito.join(' / '));
    assert.ok(ito.includes('### 2.1 THE PERIL OF SILOS'), ito.join(' / '));
  });

  it('tells a bold lead or a justified line running on from a wrapped heading', () => {
    const lead = seg('1. A post-Internet framework for understanding and interven-', 100, { bold: true });
    const on = {
      ...seg('ing in complex adaptive systems. Drawing on systems dynam-', 112, { x: 86 }),
      boldLead: 27,
    };
    assert.ok(runsOnAsParagraph(lead, belowIn([lead, on]), 12));
    // Two bold lines, then the bold phrase ends inside the third.
    const mid = seg('organizations that can be applied to designing and deploying', 112, {
      x: 86,
      bold: true,
    });
    const third = {
      ...seg('interventions. I propose an architecture of layers of', 124, { x: 86 }),
      boldLead: 13,
    };
    assert.ok(runsOnAsParagraph(lead, belowIn([lead, mid, third]), 12));
    // A bold heading wrapped onto a bold second line, then a paragraph: a heading.
    const para = seg('The text of the section starts here and runs across the line', 136, { x: 72 });
    assert.ok(!runsOnAsParagraph(lead, belowIn([lead, mid, para]), 12));
    // Plain: the item's next line reaches the same right edge (justified text going on).
    const item = seg('1. Interface module: qleet.interface serves as', 100, { x: 330, x1: 562 });
    const rest = seg('the interface for users to build workflow of the vari-', 112, { x: 342, x1: 562 });
    assert.ok(runsOnAsParagraph(item, belowIn([item, rest]), 12));
    // A heading's wrapped last line stops short; a paragraph after space is no continuation.
    assert.ok(!runsOnAsParagraph(item, belowIn([item, seg('the plasma', 112, { x: 342 })]), 12));
    assert.ok(
      !runsOnAsParagraph(item, belowIn([item, { ...rest, top: 130, bottom: 142, baseline: 140 }]), 12),
    );
  });
});

describe('margin line numbers', () => {
  it('do not make a PLOS page with numbered items a contents page: its sections 3 to 5 are headings', async () => {
    const plos = await headings(fixture('plos-good-enough-practices.pdf'));
    for (const h of ['## 3 Collaboration', '## 4 Project Organization', '## 5 Keeping Track of Changes'])
      assert.ok(plos.includes(h), plos.join(' / '));
    assert.ok(!plos.some((h) => /Put raw data|Create, maintain/.test(h)), plos.join(' / '));
  });

  it('go up by one from line to line in small type; contents page numbers jump and repeat, in text size', () => {
    const numbers = (values: number[], size = 5) =>
      values.map((v, i) => seg(String(v), 100 + 12 * i, { x: 588, size }));
    assert.ok(hasLineNumbers(numbers([243, 244, 245, 246, 247, 248, 249, 250, 251]), 10));
    assert.ok(!hasLineNumbers(numbers([1, 3, 3, 7, 12, 12, 15, 21, 30]), 10));
    assert.ok(!hasLineNumbers(numbers([3, 4, 5, 6]), 10));
    // A short contents whose sections each fill a page: consecutive, but in the entries' size.
    assert.ok(!hasLineNumbers(numbers([1, 2, 3, 4, 5, 6, 7, 8, 9], 10), 10));
  });
});

describe('lines never a heading by their text', () => {
  it('float labels, word-less lines and addresses', () => {
    for (const t of ['TABLE 1', 'Figure 3:', 'FIG. 2.', '2016-04-08', '0.02 0.025 0.03'])
      assert.ok(neverHeading(t), t);
    assert.ok(neverHeading('1 Department of Physics, University of Adelaide, Adelaide, Australia'));
    for (const t of [
      'Table of results',
      '3 Department-level analysis',
      'Box 1: Summary of Practices',
      'A Proofs',
    ])
      assert.ok(!neverHeading(t), t);
  });

  it('leave the ATLAS+CMS paper without its back author list addresses as headings', async () => {
    const heads = await headings(path.join(CORPUS_DIR, 'pdf', '1503.07589v1.pdf'));
    assert.ok(!heads.some((h) => /University of Adelaide|SUNY Albany/.test(h)), heads.join(' / '));
    assert.ok(heads.includes('## A The ATLAS Collaboration'), heads.join(' / '));
  });
});

describe('description-list terms', () => {
  it('a bold term over an indented block is no heading (the scrreprt thesis’s scope types)', async () => {
    const heads = await headings(fixture('scrreprt-boegle2022-ch1-2.pdf'));
    assert.ok(!heads.some((h) => /^#+ (Global|Module|Block)$/.test(h)), heads.join(' / '));
  });

  it('tells an indented description from a paragraph under a heading', () => {
    const term = seg('Global', 100, { bold: true, x: 72 });
    const d1 = seg('Variables that are part of the global scope can be accessed', 112, { x: 100 });
    const d2 = seg('can be declared using the var, let or const keyword at the', 124, { x: 100 });
    assert.ok(isDescriptionTerm(term, belowIn([term, d1, d2]), 12));
    // A paragraph indents its first line only.
    const p2 = seg('can be declared using the var, let or const keyword at the', 124, { x: 72 });
    assert.ok(!isDescriptionTerm(term, belowIn([term, d1, p2]), 12));
  });
});

describe('figure text over its caption, printed Markdown marks, footnote marks', () => {
  it('an axis title right over a figure caption is no heading; over a table caption or text it may be', () => {
    const axis = seg('Frequency (cycles/day)', 100, { size: 9 });
    assert.ok(
      figureCaptionBelow(axis, seg('Fig. 6.— Clean spectra for different subsets of data.', 114), 12),
    );
    assert.ok(figureCaptionBelow(axis, seg('Figure 2: The loss landscape', 114), 12));
    assert.ok(!figureCaptionBelow(axis, seg('Table 2: Results of the fits', 114), 12));
    assert.ok(!figureCaptionBelow(axis, seg('Figure 2 shows the loss landscape', 114), 12));
    assert.ok(!figureCaptionBelow(axis, seg('Fig. 6.— Clean spectra', 200), 12));
  });

  it('keeps a changelog line printed as `## 2016-04-08` in the PLOS paper as text', async () => {
    const md = (await convertPdf(new Uint8Array(readFileSync(fixture('plos-good-enough-practices.pdf')))))
      .markdown;
    assert.ok(md.includes('\n\\## 2016-04-08\n'), 'escaped');
    assert.ok(!/^#+ 2016-04-08$/m.test(md));
  });

  it('drops a footnote mark glued to a heading when its footnote is on the page (wierstorf2014)', async () => {
    const heads = await headings(fixture('thesis-wierstorf2014-ch4.pdf'));
    assert.ok(
      heads.includes('### 4.2 Verifying Binaural Synthesis for Localization Experiments'),
      heads.join(' / '),
    );
    assert.ok(heads.includes('### 4.3 Verifying Binaural Synthesis for Simulation of Loudspeaker Arrays'));
    const line = {
      ...seg('periments14', 100, { size: 12 }),
      fonts: [
        { font: 'bold', chars: 9 },
        { font: 'roman', chars: 2, number: true },
      ],
    };
    const note = seg('14 Parts of this section are published in', 700, { size: 8 });
    assert.equal(withoutNoteMark(line, [line, note]), 'periments');
    // No footnote 14 on the page, or the digits in the heading's own font (a name such as `Web2`): kept.
    assert.equal(withoutNoteMark(line, [line]), 'periments14');
    const own = { ...line, fonts: [{ font: 'bold', chars: 11 }] };
    assert.equal(withoutNoteMark(own, [own, note]), 'periments14');
  });
});

describe('table header cells', () => {
  const header = seg('Number of Parameters', 100, { x: 173, bold: true });
  const row = (y: number, size = 10) => [
    seg('Model', y, { x: 60, bold: true, size }),
    seg('GPT2 Medium', y, { x: 157, bold: true, size }),
    seg('GPT2 Large', y, { x: 240, bold: true, size }),
  ];

  it('a line over a row of short cells, in the table’s type, is no heading', () => {
    assert.ok(tableRowUnder(header, [header, ...row(116)], 12));
  });

  it('a heading over text, over a two-column row of prose, or larger over a grid of names is one', () => {
    const text = seg('This paper presents a first measurement of the cross-section', 116, { x: 60 });
    assert.ok(!tableRowUnder(header, [header, text], 12));
    const other = seg('and the other column has its own line of text here', 116, { x: 320 });
    assert.ok(!tableRowUnder(header, [header, seg('short line', 116, { x: 173 }), other], 12));
    const big = seg('The ATLAS Collaboration', 100, { x: 76, size: 14.3 });
    const names = [
      seg('17, B. Abbott', 116, { x: 100 }),
      seg('123, S. Abdelhameed', 116, { x: 200 }),
      seg('4, O. Abdinov', 116, { x: 300 }),
    ];
    assert.ok(!tableRowUnder(big, [big, ...names], 12));
    // Far below (the next block after space): no row under the line.
    assert.ok(!tableRowUnder(header, [header, ...row(160)], 12));
  });
});
