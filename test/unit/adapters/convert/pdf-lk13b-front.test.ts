/**
 * Front matter and running heads of session 13's second round (helper "lk13b", issue #30): author
 * notes and disclaimers of page 1's foot, a thesis's formal title page and colophon among its
 * preliminary pages, and an author-and-title running head seen on two pages only. Each rule is
 * checked on constructed lines and on the vendored real PDF it was written on.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { isFrontFurniture } from '../../../../adapters/convert/pdf-front-furniture.ts';
import { labelValues } from '../../../../adapters/convert/pdf-lk13b-label-values.ts';
import { mirroredHeads, type Seen } from '../../../../adapters/convert/pdf-lk13-mirror-heads.ts';
import { preliminaryPages } from '../../../../adapters/convert/pdf-lk13-prelims.ts';
import { BODY, seg } from '../../../support/pdf-lines.ts';
import { fixtureFrontAndBody } from '../../../support/pdf-fixture-markdown.ts';

const convert = fixtureFrontAndBody;

describe('author notes and disclaimers of page 1', () => {
  it('knows the closed class of their wordings', () => {
    for (const line of [
      '∗To whom correspondence should be addressed. E-mail: someone@example.org',
      'The authors have no competing interests to declare.',
      'The author declares no conflict of interest.',
      'D.J.M., J.B., and R.J.T. wrote the manuscript, produced figures.',
      'A.B. and C.-D.E. designed research; F.G. performed research.',
      'The views expressed in this paper are those of the authors and do not necessarily represent',
      'This manuscript was compiled on November 4, 2021',
      'Forthcoming, Quantitative Economics',
      'Forthcoming in the Journal of Finance',
      'Proefschrift',
      'ter verkrijging van de graad van doctor aan de',
      'zur Erlangung des akademischen Grades',
    ])
      assert.equal(isFrontFurniture(line), true, line);
    for (const line of [
      'To whom it may concern, the results are clear.',
      'The authors have shown that the bound is tight.',
      'We wrote the manuscript in two weeks.',
      'The views of the committee differ on this point.',
      'The forthcoming survey will measure the same field.',
      'The dissertation of Smith (1990) studied waves.',
    ])
      assert.equal(isFrontFurniture(line), false, line);
  });

  it('keeps them out of the body of the real PNAS and Bioinformatics papers', async () => {
    const pnas = await convert('pnas-covid-auxiliary-indicators.pdf');
    for (const line of [
      'This manuscript was compiled on',
      'The authors have no competing interests',
      'wrote the manuscript',
    ])
      assert.ok(!pnas.body.includes(line), line);
    const skater = await convert('bioinfo-skater-kinship.pdf');
    assert.ok(!skater.body.includes('To whom correspondence should be addressed'));
  });
});

describe('a thesis’s formal title page and colophon among its preliminary pages', () => {
  const title = [seg('Waves', 200, { size: 24 })];
  const cover = [...title, seg('JANE DOE', 300, { size: 14 })];
  const body = [seg(BODY, 100, { page: 4 }), seg(BODY, 112, { page: 4 })];
  const colophon = [
    seg('The work described in this thesis was carried out in the group of waves and it was funded', 600, {
      page: 1,
      size: 9,
    }),
    seg('ISBN: 978-90-386-5881-0', 620, { page: 1, size: 9 }),
  ];
  // Short centred lines at body size: the degree formula, the date, the candidate's birthplace.
  const formal = [
    seg('ter verkrijging van de graad van doctor aan de', 300, { page: 2, x: 150 }),
    seg('op woensdag 10 januari 2024 om 16:00 uur', 312, { page: 2, x: 160 }),
    seg('geboren te Roermond', 340, { page: 2, x: 200 }),
  ];
  const abstractPage = [seg('Abstract', 100, { page: 3, size: 14 }), seg(BODY, 130, { page: 3 })];
  const taken = new Set(cover.filter((s) => !title.includes(s)));

  it('takes a colophon set below body size and a title page of short lines, then stops at a section name', () => {
    const got = preliminaryPages([cover, colophon, formal, abstractPage, body], title, taken, 10, false);
    assert.deepEqual(
      got.groups.map((g) => g[0]!.text),
      [...colophon, ...formal].map((s) => s.text),
    );
  });

  it('stops at a page of prose filling the measure, and after a cover page starts on page 3', () => {
    const prose = [seg(`${BODY} and on.`, 100, { page: 2 }), seg(`${BODY} and ends.`, 112, { page: 2 })];
    const got = preliminaryPages([cover, colophon, prose, abstractPage, body], title, taken, 10, false);
    assert.deepEqual(
      got.groups.map((g) => g[0]!.text),
      colophon.map((s) => s.text),
    );
    const afterCover = preliminaryPages(
      [cover, colophon, formal, abstractPage, body],
      title,
      taken,
      10,
      true,
    );
    assert.deepEqual(
      afterCover.groups.map((g) => g[0]!.text),
      formal.map((s) => s.text),
    );
  });

  it('keeps the real Eindhoven thesis’s title page out of the body', async () => {
    const { body: text } = await convert('thesis-caasenbrood2024-ch1.pdf');
    for (const line of ['ter verkrijging van de graad', 'op woensdag 10 januari 2024', 'geboren te Roermond'])
      assert.ok(!text.includes(line), line);
    assert.ok(!/^## Proefschrift$/m.test(text));
  });
});

describe('an author-and-title running head seen on two pages', () => {
  const seen = new Map<string, Seen[]>([
    ['s. pandev: observable dependence of high-z selection bias', [2, 4].map((page) => ({ page, y: 0.03 }))],
    ['j. smith et al.: a survey', [2, 4].map((page) => ({ page, y: 0.03 }))],
    ['s. pandev: once', [{ page: 2, y: 0.03 }]],
    ['results: a summary', [2, 4].map((page) => ({ page, y: 0.03 }))],
  ]);

  it('is a running head even without another head’s slot', () => {
    const mirrored = mirroredHeads(seen, 3);
    assert.equal(mirrored('s. pandev: observable dependence of high-z selection bias', 0.03), true);
    assert.equal(mirrored('j. smith et al.: a survey', 0.03), true);
    // Once only, or no author's name before the colon: not.
    assert.equal(mirrored('s. pandev: once', 0.03), false);
    assert.equal(mirrored('results: a summary', 0.03), false);
    // At another height than where it repeats.
    assert.equal(mirrored('j. smith et al.: a survey', 0.5), false);
  });

  it('is dropped from the real A&A paper', async () => {
    const { body } = await convert('aa-jwst-selection-bias.pdf');
    assert.ok(!body.includes('S. Pandev: Observable dependence'));
  });
});

describe('the value under a front-matter label', () => {
  const label = seg('Submitted to:', 700, { size: 8 });
  const value = seg('TFPIE 2022', 709, { size: 8 });
  const aside = seg('TFPIE 2022', 709, { size: 8, x: 300 });
  const far = seg('TFPIE 2022', 740, { size: 8 });

  it('is the next line at the label’s left edge', () => {
    assert.deepEqual(labelValues([label, value], [[label]]), [[value]]);
    // Not a line beside it, nor one further down, nor under a label that is not front matter.
    assert.deepEqual(labelValues([label, aside], [[label]]), []);
    assert.deepEqual(labelValues([label, far], [[label]]), []);
    assert.deepEqual(labelValues([label, value], []), []);
    // A line with words after its colon is no lone label.
    const full = seg('Submitted to: TFPIE', 700, { size: 8 });
    assert.deepEqual(labelValues([full, value], [[full]]), []);
  });

  it('keeps the real EPTCS paper’s venue out of its body', async () => {
    const { front, body } = await convert('eptcs-tfpie2022-fp-education.pdf');
    assert.ok(front.includes('TFPIE 2022'));
    assert.ok(!/(?:^|\n)TFPIE 2022\n/.test(body));
  });
});
