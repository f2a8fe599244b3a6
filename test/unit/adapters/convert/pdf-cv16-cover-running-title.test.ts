/**
 * cv16: a cover that prints the title and abstract again later stands before the paper proper
 * (pdf-tb16-title-block.ts, coverPages); a page 1 without a title block takes its title from the
 * running head printed on every page (pdf-cv16-running-title.ts).
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { convertPdf } from '../../../../adapters/convert/pdf.ts';
import { runningTitle } from '../../../../adapters/convert/pdf-cv16-running-title.ts';
import { coverPages } from '../../../../adapters/convert/pdf-tb16-title-block.ts';
import { BODY, seg } from '../../../support/pdf-lines.ts';

const PDFS = path.resolve(import.meta.dirname, '../../../fixtures/convert/pdf');

async function convert(file: string): Promise<string[]> {
  const { markdown } = await convertPdf(new Uint8Array(readFileSync(path.join(PDFS, file))));
  return markdown.split(/\n\n+/);
}

describe('cover pages', () => {
  it('an ATLAS draft: the cover and sign-off page are front matter, the title is the paper’s', async () => {
    const blocks = await convert('atlasdoc-neural-ringer-trigger.pdf');
    assert.equal(
      blocks[0],
      '# Implementation and Performance of the Neural-Ringer Algorithm Selecting Electrons at the High Level Trigger of the ATLAS Experiment',
    );
    assert.match(blocks[1]!, /^\*ATLAS Paper Draft · Target journal: JINST · Comments are due by/);
    assert.match(blocks[1]!, /Editorial Board/);
    // No cover line is a heading, and the abstract is written once.
    const headings = blocks.slice(1).filter((b) => b.startsWith('#'));
    for (const h of ['Analysis Team', 'Editorial Board', 'ATLAS Paper', 'TRIG-2021-01', 'Experiment'])
      assert.ok(!headings.some((b) => b.endsWith(` ${h}`)), h);
    assert.equal(blocks.filter((b) => b.startsWith('Electron trigger identification')).length, 1);
  });

  it('needs a paragraph printed again: a plain first page is no cover', () => {
    // Prose of its own on each page (body text is never printed twice).
    const words = 'alpha beta gamma delta epsilon zeta eta theta iota kappa lambda mu nu xi omicron pi'.split(
      ' ',
    );
    const page = (n: number) =>
      [0, 1, 2, 3].map((i) =>
        seg(
          words
            .map((w, j) => `${w}${(n * 7 + i * 3 + j) % 11}`)
            .join(' ')
            .toLowerCase(),
          100 + 12 * i,
        ),
      );
    assert.equal(coverPages([page(1), page(2), page(3)]), 0);
    const abstract = [0, 1, 2].map((i) => seg(`${BODY} number ${i} here`, 300 + 12 * i));
    const cover = [seg('Some Report Cover', 100, { size: 15 }), ...abstract];
    const paper = [seg('Some Report Cover', 100, { size: 20 }), ...abstract.map((s) => ({ ...s }))];
    assert.equal(coverPages([cover, paper, page(4)]), 1);
  });
});

describe('the running head as the title', () => {
  it('a plain article without \\maketitle: the head on every page is the title, written once', async () => {
    const blocks = await convert('article-curbed-condition-de-casteljau.pdf');
    assert.equal(blocks[0], '# A Curious Case of Curbed Condition');
    assert.equal(blocks[1], '## Abstract');
    assert.equal(blocks.filter((b) => b.includes('A Curious Case of Curbed Condition')).length, 1);
  });

  it('never a person’s name, a journal, or a head that misses the metadata title', () => {
    const none = new Set<string>();
    assert.equal(runningTitle(['Danny Hermes'], undefined, none), null);
    assert.equal(runningTitle(['Journal of Computational Physics'], undefined, none), null);
    assert.equal(
      runningTitle(['A Curious Case of Curbed Condition', 'The Other Half of a Title'], undefined, none),
      null,
    );
    assert.equal(runningTitle(['A Curious Case of Curbed Condition'], 'Some Other Paper', none), null);
    assert.equal(
      runningTitle(['Danny Hermes', 'A Curious Case of Curbed Condition'], undefined, none)?.text,
      'A Curious Case of Curbed Condition',
    );
  });
});
