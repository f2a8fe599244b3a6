/**
 * Heading and title rules of session 14 (issue #30), studied on the ninth batch: a bookmark left at
 * the foot of the page before its heading, a large numbered heading hanging its second line under
 * its title in fonts pdf.js does not name, a title beside a sidebar, the face of numbered heads
 * vouching for its unnumbered siblings, heads one size step above the body, program code never
 * a heading. Real fixture PDFs for the outcome, constructed lines for
 * the edges of each rule.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { carryOverPageBreaks } from '../../../../adapters/convert/pdf-hd14-bookmark-break.ts';
import { looksLikeCode } from '../../../../adapters/convert/pdf-hd14-code-line.ts';
import { hangsUnderLargeTitle } from '../../../../adapters/convert/pdf-hd14-heading-wrap.ts';
import { sizeStepHeading } from '../../../../adapters/convert/pdf-hd14-size-step.ts';
import { sharesColumn } from '../../../../adapters/convert/pdf-hd14-title-column.ts';
import { fixtureMarkdown, markdownHeadings } from '../../../support/pdf-fixture-markdown.ts';
import { BODY, seg } from '../../../support/pdf-lines.ts';

describe('session 14 headings on real papers', () => {
  it('reads the Royal Society paper: its title beside the sidebar, a head pushed over a page break, a wrapped appendix head', async () => {
    const heads = markdownHeadings(await fixtureMarkdown('rspa-ferroelectric-homogenization.pdf'));
    assert.equal(heads[0], '# Homogenization of periodic and random ferroelectric-dielectric composites');
    assert.ok(heads.includes('### (b) Electrostatic model'), heads.join('\n'));
    assert.ok(heads.includes('## A. Random permittivity distribution and uncoupled effective parameters'));
  });

  it("finds eLife's regular-weight heads one size above the body", async () => {
    const heads = markdownHeadings(await fixtureMarkdown('elife-mers-structure.pdf'));
    for (const h of ['Control, discrete trait analysis', 'Introduction seasonality'])
      assert.ok(heads.includes(`### ${h}`), `${h} in\n${heads.join('\n')}`);
  });

  it("finds AASTeX's unnumbered italic heads in the face of its numbered ones", async () => {
    const heads = markdownHeadings(await fixtureMarkdown('aastex5-lomb-scargle.pdf'));
    for (const h of ['Independent Frequency Method', 'Baluev (2008) Method', 'Bootstrap Method'])
      assert.ok(heads.includes(`### ${h}`), `${h} in\n${heads.join('\n')}`);
  });

  it('takes no line of program code for a heading', async () => {
    const jss = markdownHeadings(await fixtureMarkdown('jss-lubridate.pdf'));
    assert.deepEqual(
      jss.filter((h) => /R>/.test(h)),
      [],
    );
  });
});

describe('carryOverPageBreaks', () => {
  const pages = [
    [seg(BODY, 700), seg('A footnote in small type that sits at the foot of the page', 780, { size: 8 })],
    [seg('(b) Electrostatic model', 121, { size: 12 }), seg(BODY, 139)],
  ];
  it('moves a destination below the last line of body type to the next page top', () => {
    const [b] = carryOverPageBreaks(
      [{ title: '(b) Electrostatic model', depth: 1, page: 0, y: 744 }],
      pages,
      10,
    );
    assert.equal(b!.page, 1);
    assert.equal(b!.y, pages[1]![0]!.top);
  });
  it('keeps a destination with body text under it, and one on the last page', () => {
    const here = { title: 'X', depth: 0, page: 0, y: 690 };
    assert.deepEqual(carryOverPageBreaks([here], pages, 10), [here]);
    const last = { title: 'X', depth: 0, page: 1, y: 744 };
    assert.deepEqual(carryOverPageBreaks([last], pages, 10), [last]);
  });
});

describe('hangsUnderLargeTitle', () => {
  const head = seg('A. Random permittivity distribution and uncoupled effective', 561, {
    size: 13.5,
    x: 106,
    font: 'f1',
  });
  it('joins a line of the heading size and face hung under the title', () => {
    assert.ok(
      hangsUnderLargeTitle(head, seg('parameters', 579, { size: 13.5, x: 125, font: 'f1' }), head.text, 9),
    );
  });
  it('refuses body-size text, another face, a flush-left line and a closed sentence', () => {
    assert.ok(
      !hangsUnderLargeTitle(head, seg('parameters', 579, { size: 9, x: 125, font: 'f1' }), head.text, 9),
    );
    assert.ok(
      !hangsUnderLargeTitle(head, seg('parameters', 579, { size: 13.5, x: 125, font: 'f3' }), head.text, 9),
    );
    assert.ok(
      !hangsUnderLargeTitle(head, seg('parameters', 579, { size: 13.5, x: 106, font: 'f1' }), head.text, 9),
    );
    assert.ok(
      !hangsUnderLargeTitle(
        head,
        seg('parameters', 579, { size: 13.5, x: 125, font: 'f1' }),
        `${head.text}.`,
        9,
      ),
    );
  });
});

describe('sharesColumn', () => {
  it('keeps a sidebar line beside the title out of it', () => {
    const first = seg('Homogenization of periodic', 100, { x: 274, x1: 479, size: 17 });
    assert.ok(sharesColumn(first, seg('and random', 122, { x: 274, x1: 364, size: 17 })));
    assert.ok(
      !sharesColumn(first, seg('rspa.royalsocietypublishing.org', 131, { x: 94, x1: 250, size: 11 })),
    );
  });
});

describe('sizeStepHeading', () => {
  const ctx = (s: ReturnType<typeof seg>, next = seg(BODY, s.baseline + 13, { size: 9 })) => ({
    body: 9,
    pitch: 13,
    gapAbove: 14,
    alone: true,
    next,
  });
  const head = seg('Control, discrete trait analysis', 425, { size: 10 });
  it('takes a short line one size step above the body with a paragraph right under it', () => {
    assert.equal(sizeStepHeading(head, ctx(head)), 3);
  });
  it('refuses body size, a larger size, a closed sentence, a float label and a lone line', () => {
    const at = (text: string, size = 10) => seg(text, 425, { size });
    for (const s of [
      at('Control, discrete trait analysis', 9),
      at('Control, discrete trait analysis', 12),
      at('The control analysis ends here.'),
      at('Algorithm 4 FIDD'),
    ])
      assert.equal(sizeStepHeading(s, ctx(s)), 0, s.text);
    assert.equal(sizeStepHeading(head, ctx(head, seg('0.5', 440, { size: 9 }))), 0);
    assert.equal(sizeStepHeading(head, { ...ctx(head), gapAbove: 2 }), 0);
  });
});

describe('looksLikeCode', () => {
  it('knows prompts, assignments and member access, not titles with parentheses', () => {
    assert.ok(looksLikeCode('R> lakers$time <- ms(lakers$time)'));
    assert.ok(looksLikeCode('>>> import numpy as np'));
    assert.ok(looksLikeCode('R>lakers$time <- dminutes(c(12, 24))'));
    for (const t of ['Baluev (2008) Method', 'SU(2) lattice gauge theory', 'The H(div) space', 'x = f(y)'])
      assert.ok(!looksLikeCode(t), t);
  });
});
