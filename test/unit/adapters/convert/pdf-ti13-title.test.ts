/**
 * Title-choice rules of session 13's second round (pdf-ti13-title.ts, pdf-authors.ts): a journal's
 * subject label above the title, a cover page before the title page, and a title whose word carries
 * a hyphenated number (`COVID-19`), checked on real fixture PDFs and on constructed lines.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { convertPdf } from '../../../../adapters/convert/pdf.ts';
import { isAuthorLine } from '../../../../adapters/convert/pdf-authors.ts';
import { pastKicker, titlePageTitle } from '../../../../adapters/convert/pdf-ti13-title.ts';
import { seg } from '../../../support/pdf-lines.ts';

const FIXTURES = path.join(import.meta.dirname, '../../../fixtures/convert/pdf');
const convert = (name: string) => convertPdf(new Uint8Array(readFileSync(path.join(FIXTURES, name))));

describe('PDF title: a subject label above the title', () => {
  it('passes over a smaller, lighter label right above a bold title', () => {
    const kicker = seg('Genetics and Population Analysis', 230, { size: 14 });
    const title = seg('skater: An R package for SNP-based Kinship', 262, { size: 18, bold: true });
    assert.equal(pastKicker([kicker, title], kicker), title);
  });

  it('keeps a title whose lines share one face, and one with a larger line far below', () => {
    const a = seg('DESIGN, MODELING, &', 160, { size: 28 });
    const b = seg('FOR SOFT ROBOTS', 200, { size: 34 });
    assert.equal(pastKicker([a, b], a), a);
    const far = seg('Results in a Large Bold Figure Label', 400, { size: 18, bold: true });
    assert.equal(pastKicker([a, far], a), a);
  });

  it('takes the Bioinformatics title, not its section label', async () => {
    const r = await convert('bioinfo-skater-kinship.pdf');
    assert.equal(r.title, 'skater: An R package for SNP-based Kinship Analysis, Testing, and Evaluation');
  });
});

describe('PDF title: a cover page before the title page', () => {
  it('takes the title page’s full printing of the cover’s title (`&` is `and`)', () => {
    const cover = [
      seg('DESIGN, MODELING, &', 160, { size: 28 }),
      seg('CONTROL STRATEGIES', 195, { size: 28 }),
    ];
    const titlePage = [
      seg('Design, Modeling, and Control', 200, { size: 17, page: 2 }),
      seg('Strategies for Soft Robots', 222, { size: 17, page: 2 }),
      seg('Jane Doe', 360, { size: 14, page: 2 }),
    ];
    const got = titlePageTitle(
      [cover, [], titlePage],
      { text: 'DESIGN, MODELING, & CONTROL STRATEGIES', segments: cover },
      10,
    );
    assert.equal(got?.text, 'Design, Modeling, and Control Strategies for Soft Robots');
    assert.equal(got?.segments.length, 2);
  });

  it('changes nothing when page 1 carries body text, or no later page prints all the title’s words', () => {
    const body = Array.from({ length: 20 }, (_, i) =>
      seg('Body text of the paper that runs on for a long line of words, as papers do.', 300 + 12 * i),
    );
    const first = [seg('Design of Soft Robots', 100, { size: 20 }), ...body];
    const later = [seg('Design of Soft Robots and More', 100, { size: 20, page: 1 })];
    assert.equal(
      titlePageTitle([first, later], { text: 'Design of Soft Robots', segments: [first[0]!] }, 10),
      null,
    );
    const cover = [seg('Design of Soft Robots', 100, { size: 28 })];
    const other = [seg('Design of Hard Machines', 100, { size: 20, page: 1 })];
    assert.equal(
      titlePageTitle([cover, other], { text: 'Design of Soft Robots', segments: cover }, 10),
      null,
    );
  });

  it('titles a thesis by its title page, not by its cover art', async () => {
    const r = await convert('thesis-caasenbrood2024-ch1.pdf');
    assert.equal(r.title, 'Design, Modeling, and Control Strategies for Soft Robots');
  });
});

describe('PDF title: a hyphenated number is no footnote mark', () => {
  it('reads `COVID-19` as a word, `Smith1` and `Müller-Lüdenscheidt2` as marked names', () => {
    assert.equal(isAuthorLine('Can Auxiliary Indicators Improve COVID-19'), false);
    assert.equal(isAuthorLine('Jane Smith1 and Karl Müller-Lüdenscheidt2'), true);
    assert.equal(isAuthorLine('J.-P. Dupont1'), true);
  });

  it('takes both lines of the PNAS title', async () => {
    const r = await convert('pnas-covid-auxiliary-indicators.pdf');
    assert.equal(r.title, 'Can Auxiliary Indicators Improve COVID-19 Forecasting and Hotspot Prediction?');
  });
});
