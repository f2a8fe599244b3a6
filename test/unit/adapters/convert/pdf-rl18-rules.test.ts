/**
 * Rules of session 17, rl18 (issue #30): a running line that follows a float (SEG's figure-page
 * identification line under each caption, at whatever height), letter-spaced display type with
 * kerned pairs and its word breaks given back by the document's Title, and a dedication in display
 * type that is a paragraph, not a heading. Real fixture PDFs for the outcome, constructed lines for
 * the edges of each rule.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { opensDisplayParagraph } from '../../../../adapters/convert/pdf-rl18-display-paragraph.ts';
import { floatingRunningLines } from '../../../../adapters/convert/pdf-rl18-floating-lines.ts';
import { fixtureMarkdown, markdownHeadings } from '../../../support/pdf-fixture-markdown.ts';
import { seg } from '../../../support/pdf-lines.ts';

describe('session 17 (rl18) on real papers', () => {
  it("drops SEG's author-and-manuscript line under every figure caption, wherever the caption ends", async () => {
    const md = await fixtureMarkdown('geophysics-empymod-em-modeler.pdf');
    assert.equal(md.match(/Werthmüller – GEO-2016-0626\.R3/g)?.length ?? 0, 0);
    // Page 1's manuscript number stays in the front matter, the captions in the text.
    assert.ok(md.includes('GEO-2016-0626.R3 · Running head'));
    assert.ok(md.includes('Figure A-1: Code structure of the module empymod'));
  });

  it("writes a tufte-book title page's letter-spaced title with its words, first", async () => {
    const md = await fixtureMarkdown('tufte-book-dime-reproducible-research-ch1.pdf');
    const heads = markdownHeadings(md);
    assert.equal(heads[0], '# DEVELOPMENT RESEARCH IN PRACTICE: THE DIME ANALYTICS DATA HANDBOOK');
    // The dedication set large is a paragraph.
    assert.ok(!heads.some((h) => h.includes('Dedicated to')), heads.join('\n'));
    assert.ok(md.includes('Dedicated to all the research assistants'));
  });
});

describe('floatingRunningLines', () => {
  const label = 'Smithson – GEO-2016-0001.R1';
  // Figure pages: a caption, the label under it at a height set by the figure, the page number.
  const figurePage = (page: number, y: number) => [
    seg(`Body text on page ${page} at its top line`, 80, { page }),
    seg(`Figure ${page}: A caption that ends here.`, y - 14, { page }),
    seg(label, y, { page }),
    seg(String(page + 1), 750, { page }),
  ];

  it('takes a line repeated word for word as the last line of text on enough pages', () => {
    const pages = [[seg('Title', 80)], ...[1, 2, 3].map((p) => figurePage(p, 400 + 60 * p))];
    const out = floatingRunningLines(pages, 3);
    assert.equal([...out].filter((s) => s.text === label).length, 3);
    assert.ok(![...out].some((s) => s.text !== label));
  });

  it('leaves it on too few pages, and a short label or a caption with its own number', () => {
    const pages = [[seg('Title', 80)], ...[1, 2].map((p) => figurePage(p, 400 + 60 * p))];
    assert.equal(floatingRunningLines(pages, 3).size, 0);
    const tables = [1, 2, 3].map((p) => [
      seg('Text', 80, { page: p }),
      seg('Continued.', 600 + p, { page: p }),
    ]);
    assert.equal(floatingRunningLines([[], ...tables], 3).size, 0);
  });

  it("never takes page 1's print, nor one in another size", () => {
    const pages = [[seg(label, 80, { size: 14 })], ...[1, 2, 3].map((p) => figurePage(p, 400 + 60 * p))];
    const out = floatingRunningLines(pages, 3);
    assert.ok(![...out].some((s) => s.page === 0));
  });
});

describe('opensDisplayParagraph', () => {
  const lines = (texts: string[], pitch: number, size = 18) => {
    const segs = texts.map((t, i) => seg(t, 200 + i * pitch, { size, page: 3 }));
    const below = (s: (typeof segs)[number]) => segs[segs.indexOf(s) + 1];
    return { segs, below };
  };

  it('reads four lines and more of one large size at one pitch, running on in lower case', () => {
    const { segs, below } = lines(
      [
        'Dedicated to all the research',
        'assistants who have wrangled',
        'data without being taught',
        'how, and made it possible.',
      ],
      36,
    );
    assert.ok(opensDisplayParagraph(segs[0]!, below));
  });

  it('leaves a two-line title and a title over body text', () => {
    const two = lines(['Chapter 1: Conducting reproducible', 'and credible research'], 30);
    assert.ok(!opensDisplayParagraph(two.segs[0]!, two.below));
    const title = seg('A Large Title', 150, { size: 18, page: 3 });
    const body = [0, 1, 2].map((i) =>
      seg('the body text that follows in its size', 200 + 14 * i, { page: 3 }),
    );
    const all = [title, ...body];
    assert.ok(!opensDisplayParagraph(title, (s) => all[all.indexOf(s) + 1]));
  });

  it('leaves four lines at an uneven pitch (a title, then a subtitle apart)', () => {
    const segs = [200, 230, 260, 320].map((y, i) =>
      seg(['Title of the', 'book on things', 'and other things', 'a subtitle'][i]!, y, { size: 18, page: 3 }),
    );
    assert.ok(!opensDisplayParagraph(segs[0]!, (s) => segs[segs.indexOf(s) + 1]));
  });
});
