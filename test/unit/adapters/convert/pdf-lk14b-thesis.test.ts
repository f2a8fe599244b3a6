/**
 * Thesis and book-chapter front matter of session 14 (helper "lk14b", issue #30): a chapter's label
 * above its title is no title, the degree formula's second line is metadata, and an approval page
 * (a formula sentence among the committee's names) is a preliminary page. Each rule is checked on
 * constructed lines and on the vendored real PDF it was studied on.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { isFrontMeta } from '../../../../adapters/convert/pdf-front.ts';
import { isChapterLabel } from '../../../../adapters/convert/pdf-lk14b-chapter-label.ts';
import { preliminaryPages } from '../../../../adapters/convert/pdf-lk13-prelims.ts';
import { symbolRowBelow } from '../../../../adapters/convert/pdf-lk14b-symbol-list.ts';
import { readDisplayType } from '../../../../adapters/convert/pdf-thesis-display.ts';
import {
  fixtureFrontAndBody,
  fixtureMarkdown,
  markdownHeadings,
} from '../../../support/pdf-fixture-markdown.ts';
import { BODY, seg } from '../../../support/pdf-lines.ts';

describe('a chapter label above the chapter title', () => {
  it('is a division name and a numeral alone, in any case and a few languages', () => {
    for (const t of [
      'Chapter 1',
      'CHAPTER IV',
      'Part II',
      'Lecture 3',
      'Hoofdstuk 2',
      'Appendix A',
      'Chapter One',
    ])
      assert.equal(isChapterLabel(t), true, t);
    for (const t of ['Chapter 1 Introduction', 'Part of the problem', 'Chapter summary', 'Parts 1 and 2'])
      assert.equal(isChapterLabel(t), false, t);
  });

  it('is never the title of a Springer book chapter: the title below it is, the label is front matter', async () => {
    const md = await fixtureMarkdown('svmult-fenics-flux-equilibration.pdf');
    assert.equal(
      markdownHeadings(md)[0],
      '# Adaptive Finite Element Methods Based on Flux Equilibration Using FEniCSx',
    );
    const { front, body } = await fixtureFrontAndBody('svmult-fenics-flux-equilibration.pdf');
    assert.match(front, /Chapter 1/);
    assert.doesNotMatch(body, /^#+ Chapter 1$/m);
  });

  it('takes no heading from the chapter’s authors that the book class entered in the PDF outline', async () => {
    const heads = markdownHeadings(await fixtureMarkdown('svmult-fenics-flux-equilibration.pdf'));
    assert.ok(!heads.some((h) => /Maximilian Brodbeck/.test(h)), heads.join('\n'));
    assert.ok(heads.includes('### 1.1 Introduction'));
  });
});

describe('the degree formula of a thesis title page', () => {
  it('is metadata on its second line too, in the common wordings', () => {
    assert.equal(isFrontMeta('of the requirements for the degree of'.replace(/^o/, 'O')), true);
    assert.equal(isFrontMeta('Requirements for the Degree of Doctor of Philosophy'), true);
    assert.equal(isFrontMeta('requirements for the award of the degree of'.replace(/^r/, 'R')), true);
    // A sentence continued from the line above stays body text (lower case), as does other use of the words.
    assert.equal(isFrontMeta('of the requirements for the degree of'), false);
    assert.equal(isFrontMeta('Requirements for the detector were set by the trigger'), false);
  });

  it('makes a title page all front matter, and its copyright verso with it', async () => {
    const { front, body } = await fixtureFrontAndBody('thesis-foremanmackey2015-ch1.pdf');
    for (const line of [
      'of the requirements for the degree of',
      'Professor David W. Hogg',
      'Copyright © 2015 Daniel Foreman-Mackey',
      'This work is licensed under a Creative Commons Attribution 4.0 International License.',
    ]) {
      assert.ok(front.includes(line), line);
      assert.ok(!body.includes(line), line);
    }
  });
});

describe('an approval page among the preliminary pages', () => {
  const title = [seg('A Study of Waves in the Upper Atmosphere', 200, { size: 14 })];
  const cover = [...title, seg('Dissertation', 150, { size: 14 })];
  const taken = new Set(cover.filter((s) => !title.includes(s)));
  const approval = [
    seg('This dissertation has been approved by the promotors and the committee is composed', 100, {
      page: 1,
    }),
    seg('as follows:', 112, { page: 1 }),
    seg('chair:', 140, { page: 1, x1: 120 }),
    seg('Prof. Dr. A. Roe', 140, { page: 1, x: 200 }),
    seg('promotor:', 152, { page: 1, x1: 130 }),
    seg('Prof. Dr. B. Doe', 152, { page: 1, x: 200 }),
    seg('members:', 164, { page: 1, x1: 130 }),
    seg('Dr. C. Poe', 164, { page: 1, x: 200 }),
  ];
  const chapter = [seg('Chapter 1', 100, { page: 2, size: 20 }), seg(BODY, 150, { page: 2 })];

  it('is front matter whole: a formula sentence among short lines of roles and names', () => {
    const got = preliminaryPages([cover, approval, chapter], title, taken, 10, false);
    assert.equal(got.groups.length, approval.length);
  });

  it('is not a page of prose, nor a page with a section name', () => {
    const prose = [0, 1, 2, 3].map((i) => seg(`${BODY} and goes on.`, 100 + 12 * i, { page: 1 }));
    const short = [seg('Some', 200, { page: 1 }), seg('lines', 212, { page: 1 })];
    assert.equal(
      preliminaryPages([cover, [...prose, ...short], chapter], title, taken, 10, false).groups.length,
      0,
    );
    const named = [seg('Preface', 80, { page: 1, size: 14 }), ...approval];
    assert.equal(preliminaryPages([cover, named, chapter], title, taken, 10, false).groups.length, 0);
  });

  it('keeps a Dutch thesis’s committee page out of the body', async () => {
    const { front, body } = await fixtureFrontAndBody('thesis-caasenbrood2024-ch1.pdf');
    assert.match(front, /promotiecommissie/);
    assert.doesNotMatch(body, /proefschrift/i);
  });
});

describe('a chapter numeral in display type on the title’s first row', () => {
  /** The title's first line with a numeral 80 pt tall in a face of its own at its end, as pdf.js joins them. */
  const titleRow = () => ({
    ...seg('Soft robotics – a new1', 256, { page: 2, size: 20 }),
    top: 156,
    fonts: [
      { font: 'title', chars: 16 },
      { font: 'numeral', chars: 1 },
    ],
  });

  it('goes before the title, the row back to the height of a line', () => {
    const row = titleRow();
    const pages = [
      [],
      [],
      [row, seg('perspective on biomimicry', 282, { page: 2, size: 20 }), seg(BODY, 330, { page: 2 })],
    ];
    readDisplayType(pages, 10);
    assert.equal(row.text, '1 Soft robotics – a new');
    assert.ok(row.bottom - row.top < 2 * row.size);
  });

  it('is no footnote mark on a line of ordinary height, nor a digit in the title’s own face', () => {
    const mark = { ...titleRow(), top: 240 };
    const same = { ...titleRow(), fonts: [{ font: 'title', chars: 17 }] };
    readDisplayType([[], [], [mark, same, seg(BODY, 330, { page: 2 })]], 10);
    assert.equal(mark.text, 'Soft robotics – a new1');
    assert.equal(same.text, 'Soft robotics – a new1');
  });

  it('gives a Dutch thesis its first chapter’s title whole, both flush-right lines', async () => {
    const heads = markdownHeadings(await fixtureMarkdown('thesis-caasenbrood2024-ch1.pdf'));
    assert.ok(heads.includes('## 1 Soft robotics – a new perspective on biomimicry'), heads.join('\n'));
  });
});

describe('a heading over a list of symbols', () => {
  const symbol = seg('∅', 392, { x: 70, x1: 75 });
  const meaning = seg('Empty set', 392, { x: 117 });

  it('has a symbol below it whose row holds its meaning in the text’s size', () => {
    assert.equal(symbolRowBelow(symbol, [symbol, meaning], 10), true);
    // A word below is no symbol; a symbol alone (a formula's piece) or beside small print has no meaning row.
    const word = seg('Empty', 392, { x: 70 });
    assert.equal(symbolRowBelow(word, [word, meaning], 10), false);
    assert.equal(symbolRowBelow(symbol, [symbol], 10), false);
    const small = seg('Empty set', 392, { x: 117, size: 7 });
    assert.equal(symbolRowBelow(symbol, [symbol, small], 10), false);
  });

  it('finds a thesis’s nomenclature headings over symbol rows', async () => {
    const heads = markdownHeadings(await fixtureMarkdown('thesis-caasenbrood2024-ch1.pdf'));
    assert.ok(heads.includes('## Set notations'));
    assert.ok(heads.includes('## Vector- and matrix operations'));
  });
});

describe('the title printed again on a thesis’s later preliminary pages', () => {
  it('matches a cover’s `&` with `and`, is written once, and leaves the section name above it a heading', async () => {
    const md = await fixtureMarkdown('thesis-caasenbrood2024-ch1.pdf');
    const heads = markdownHeadings(md);
    assert.equal(heads.filter((h) => /Design, Modeling, and Control/.test(h)).length, 1);
    assert.equal(heads[1], '## Abstract');
    // The formal title page (its title again over centred lines of the degree formula) is front matter whole.
    const { front } = await fixtureFrontAndBody('thesis-caasenbrood2024-ch1.pdf');
    assert.match(front, /Proefschrift · ter verkrijging van de graad van doctor aan de/);
  });

  it('takes a page whole when the title is printed again over centred lines only', () => {
    const title = [seg('A Study of Waves in the Upper Atmosphere', 200, { size: 14 })];
    const cover = [...title, seg('Dissertation', 150, { size: 14 })];
    const formal = [
      seg('A Study of Waves in the Upper Atmosphere', 100, { page: 1, size: 14 }),
      seg('Thesis', 150, { page: 1, x: 250 }),
      seg('to obtain the degree of doctor at the university', 170, { page: 1, x: 180 }),
      seg('on Monday 3 May 2021 at 10:00', 190, { page: 1, x: 210 }),
    ];
    const prose = [0, 1, 2, 3].map((i) => seg(`${BODY} and goes on.`, 100 + 12 * i, { page: 2 }));
    const chapter = [seg('Chapter 1', 100, { page: 3, size: 20 }), seg(BODY, 150, { page: 3 })];
    const got = preliminaryPages(
      [cover, formal, prose, chapter],
      title,
      new Set(cover.filter((s) => !title.includes(s))),
      10,
      false,
    );
    assert.deepEqual(got.repeatedTitle, [formal[0]]);
    assert.deepEqual(
      got.groups.map((g) => g[0]!.text),
      formal.slice(1).map((s) => s.text),
    );
  });
});
