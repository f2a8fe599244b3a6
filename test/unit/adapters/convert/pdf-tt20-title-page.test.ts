/**
 * Session 19 (tt20): a title page's title (its block in the largest type, in one weight, judged by the
 * block's words), page 2's running head and paragraph lines never taken for the title printed again,
 * LIPIcs's record of face-labelled fields and a labelled link under the abstract as front matter, and a
 * running head over a figure dropped; on real fixture PDFs.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { convertPdf } from '../../../../adapters/convert/pdf.ts';
import { frontBlock } from '../../../support/pdf-fixture-markdown.ts';

const FIXTURES = path.join(import.meta.dirname, '../../../fixtures/convert/pdf');
const convert = async (name: string, maxPages?: number) =>
  convertPdf(new Uint8Array(readFileSync(path.join(FIXTURES, name))), maxPages ? { maxPages } : {});

describe('PDF title: a title page’s title is its block in the largest type', () => {
  it('below the university’s name in large type (an Italian bachelor’s thesis)', async () => {
    const r = await convert('thesis-masotti2018-cplint-r.pdf');
    assert.equal(r.title, 'Integrazione di una applicazione web con strumenti per la statistica');
    assert.match(
      frontBlock(r.markdown),
      /Universit`a degli Studi di Ferrara Corso di · Laurea in Informatica/,
    );
  });

  it('a little above the page’s other lines, its first line ending on a comma (a UC dissertation)', async () => {
    const r = await convert('thesis-ma2026-buyer-power-storage.pdf', 3);
    assert.equal(r.title, 'Time-Varying Buyer Power, Storage Dynamics, and Welfare in Agricultural Markets');
    const front = frontBlock(r.markdown);
    assert.match(front, /DISSERTATION/);
    assert.match(front, /Agricultural and Resource Economics/);
  });

  it('in one weight: the candidate’s name in roman under a bold title is not the title', async () => {
    const r = await convert('thesis-bartolic2023-ch1.pdf', 2);
    assert.equal(
      r.title,
      'Probabilistic modelling of astrophysical time series: gravitational microlensing and occultation mapping of planets and moons',
    );
    assert.match(frontBlock(r.markdown), /^\*Fran Bartolić · /);
  });
});

describe('PDF front matter: LIPIcs', () => {
  it('its record of face-labelled fields, its running head and page 2’s figure and sections', async () => {
    const { markdown } = await convert('lipics-ipec2024-crossing-minimization.pdf');
    const front = frontBlock(markdown);
    for (const field of [
      '2012 ACM Subject Classification Theory of computation',
      'Keywords and phrases Graph drawing',
      'Category PACE Solver Description',
      'Supplementary Material Software (Source Code): https://github.com/mjdv/ocmu64',
    ])
      assert.ok(front.includes(field), field);
    // Page 2's running head is the title's short form, not its second printing after a cover.
    assert.ok(!front.includes('Figure 1'));
    assert.match(markdown, /^## 3 Methods$/m);
    assert.match(markdown, /^### 3\.1 Reductions$/m);
    assert.ok(!markdown.includes('\nOCMu64: a solver for One-sided Crossing Minimization'));
    assert.ok(!/^#+ OCMu64/m.test(markdown));
  });
});

describe('PDF front matter: a labelled link under the abstract', () => {
  it('goes to the front block; page 2’s paragraph that ends in the title’s words stays in the body', async () => {
    const { markdown } = await convert('neurips-minimal-time-series-transformer.pdf', 2);
    const front = frontBlock(markdown);
    assert.match(front, /Jupyter notebook: https:\/\/github\.com\/kamarain/);
    assert.ok(!front.includes('However, it is not clear'));
    assert.match(markdown, /\nHowever, it is not clear what are the minimal changes/);
  });
});
