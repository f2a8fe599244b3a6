/**
 * Session 28 (lk29): a book's or thesis's first pages. The title page after a page of metadata (a
 * thesis's copyright line alone on page 1) and the copyright page on the title page's back (a book's
 * imprint and licence, a thesis's candidate and supervisors). On real fixture PDFs of the tuning
 * split, and on small synthetic pages.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { copyrightPage, titlePageAfterMetadata } from '../../../../adapters/convert/pdf-lk29-book-prelims.ts';
import { fixtureFrontAndBody } from '../../../support/pdf-fixture-markdown.ts';
import { BODY, seg } from '../../../support/pdf-lines.ts';

describe('pdf-lk29-book-prelims: a thesis’s title page after a page of metadata', () => {
  it('sends the UIUC title page’s record and committee to the front matter, never headings', async () => {
    const { front, body } = await fixtureFrontAndBody('thesis-fairhurst2023-ch1-2.pdf');
    assert.match(front, /· BY · ROBERTO E\. FAIRHURST AGOSTA ·/);
    assert.match(front, /Doctoral Committee: · Professor Tomasz Kozlowski, Director of Research, Chair ·/);
    assert.match(front, /University of Illinois Urbana-Champaign, 2023 · Urbana, Illinois/);
    assert.doesNotMatch(body, /^## (?:BY|Urbana, Illinois|Professor Paul Fischer)$/m);
    assert.doesNotMatch(body, /Research Scientist Madicken Munk|in the Graduate College of the/);
    // The abstract and the acknowledgements stay in the text, headed.
    assert.match(body, /^## Abstract\n\nNuclear research reactors enable/m);
    assert.match(body, /^## Acknowledgments$/m);
  });

  const metaPage = [seg('Copyright 2023 A. Author', 400, { page: 0, size: 10 })];
  const title = seg('A TITLE IN CAPITALS', 150, { page: 1, size: 12, x: 200 });
  const record = [
    seg('BY', 260, { page: 1, size: 12, x: 295 }),
    seg('A. AUTHOR', 300, { page: 1, size: 12, x: 270 }),
    seg('for the degree of Doctor of Philosophy in Physics', 450, { page: 1, size: 12, x: 180 }),
  ];
  const next = [seg(BODY, 100, { page: 2 }), seg(BODY, 112, { page: 2 }), seg(BODY, 124, { page: 2 })];

  it('takes the title page’s lines when every page before it is front matter', () => {
    const pages = [metaPage, [title, ...record], next];
    const got = titlePageAfterMetadata(pages, [title], new Set(metaPage), 10);
    assert.deepEqual(
      got,
      record.map((s) => [s]),
    );
  });

  it('leaves it when a page before it is not front matter, or when it holds prose', () => {
    const pages = [metaPage, [title, ...record], next];
    assert.deepEqual(titlePageAfterMetadata(pages, [title], new Set(), 10), []);
    const prose = [seg(BODY, 500, { page: 1 }), seg(BODY, 512, { page: 1 })];
    const withProse = [metaPage, [title, ...record, ...prose], next];
    assert.deepEqual(titlePageAfterMetadata(withProse, [title], new Set(metaPage), 10), []);
  });
});

describe('pdf-lk29-book-prelims: the copyright page', () => {
  it('sends a book’s copyright page, licence and acknowledgements label and all, to the front matter', async () => {
    const { front, body } = await fixtureFrontAndBody('book-several-complex-variables-ch1.pdf');
    assert.match(
      front,
      /· Typeset in LATEX\. · Copyright ©2014–2026 Jiří Lebl · License: This work is dual licensed/,
    );
    assert.doesNotMatch(body, /Acknowledgments:|dual licensed|Typeset in|github\.com\/jirilebl/);
    // The contents and the introduction stay.
    assert.match(body, /^## Contents$/m);
    assert.match(body, /^## Introduction\n\nThis book is a polished version/m);
  });

  it('sends a tufte-book thesis’s imprint page (candidate, supervisors, colophon) to the front matter', async () => {
    const { front, body } = await fixtureFrontAndBody('tufte-book-ihd-precision-medicine-ch1.pdf');
    assert.match(front, /· candidate · Peter Christoffer Holm, MSc · Novo Nordisk Foundation Center/);
    assert.match(front, /· Copyright © 2024 Peter Christoffer Holm\*$/);
    assert.doesNotMatch(body, /principal supervisor|tufte-latex document class|Peter Christoffer Holm, MSc/);
    assert.match(body, /^## Preface\n\nThis PhD thesis has been submitted/m);
  });

  const titleSeg = seg('A Book Title', 200, { page: 0, size: 24 });
  const page2 = [
    seg('Typeset in LaTeX.', 180, { page: 1, size: 12 }),
    seg('Copyright © 2020 A. Author', 200, { page: 1, size: 12 }),
    seg('License:', 280, { page: 1, size: 12, bold: true }),
    seg(BODY, 295, { page: 1, size: 12 }),
  ];
  const rest = [seg('Introduction', 150, { page: 2, size: 24 }), seg(BODY, 200, { page: 2, size: 12 })];

  it('takes the first page after the title page that prints a copyright line with a year', () => {
    const got = copyrightPage([[titleSeg], page2, rest], [titleSeg], new Set(), 12);
    assert.deepEqual(got.flat(), page2);
  });

  it('leaves a page without a copyright line, with a section head or display type, and a later page', () => {
    const noNotice = page2.filter((s) => !/Copyright/.test(s.text));
    assert.deepEqual(copyrightPage([[titleSeg], noNotice, rest], [titleSeg], new Set(), 12), []);
    const headed = [seg('Abstract', 150, { page: 1, size: 12, bold: true }), ...page2];
    assert.deepEqual(copyrightPage([[titleSeg], headed, rest], [titleSeg], new Set(), 12), []);
    const large = [seg('Foreword to the edition', 150, { page: 1, size: 20 }), ...page2];
    assert.deepEqual(copyrightPage([[titleSeg], large, rest], [titleSeg], new Set(), 12), []);
    // Only the first page not yet front matter is looked at: a page of text before it ends the search.
    const text = [seg(BODY, 100, { page: 1, size: 12 })];
    const later = page2.map((s) => ({ ...s, page: 2 }));
    assert.deepEqual(copyrightPage([[titleSeg], text, later, rest], [titleSeg], new Set(), 12), []);
    // Nor when page 1 is not wholly title and front matter (an article's first page).
    const article = [titleSeg, seg(BODY, 300, { page: 0, size: 12 })];
    assert.deepEqual(copyrightPage([article, page2, rest], [titleSeg], new Set(), 12), []);
  });
});
