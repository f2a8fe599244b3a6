/**
 * Labelled front-matter fields of page 1 (session 14, helper "lk14a", issue #30): unmarked labelled
 * notes at the foot of page 1, records of labelled fields before the first heading, and page 1's
 * furniture repeated in a later page's colophon. Each rule is checked on constructed lines (where it
 * must fire and where it must not) and on the vendored real PDFs it was written on.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { isFrontFurniture } from '../../../../adapters/convert/pdf-front-furniture.ts';
import {
  footLabelNotes,
  labelledRecords,
  repeatedFrontLines,
} from '../../../../adapters/convert/pdf-lk14a-front-fields.ts';
import { BODY, seg } from '../../../support/pdf-lines.ts';
import { fixtureFrontAndBody, fixtureMarkdown } from '../../../support/pdf-fixture-markdown.ts';

const texts = (groups: readonly { text: string }[][]) => groups.map((g) => g.map((s) => s.text).join(' / '));

describe('unmarked labelled notes at the foot of page 1', () => {
  const column = (y: number) => seg(BODY, y, { x: 40, x1: 290 });
  it('takes a labelled note in small print under the text of its column, with its lines', () => {
    const page = [
      column(600),
      column(612),
      seg('Send offprint requests to: someone@example.org', 740, { x: 40, size: 9 }),
      seg('Authors’ addresses: A. Author, Some Institute, Some Town,', 752, { x: 40, x1: 280, size: 9 }),
      seg('Some Country.', 762, { x: 40, size: 9 }),
      seg('⋆ A marked note', 772, { x: 40, size: 9 }),
      // The other column's text runs lower, beside the notes.
      seg(BODY, 780, { x: 300, x1: 550 }),
    ];
    assert.deepEqual(texts(footLabelNotes(page, new Set(), 10)), [
      'Send offprint requests to: someone@example.org',
      'Authors’ addresses: A. Author, Some Institute, Some Town, / Some Country.',
    ]);
  });
  it('leaves marked footnotes, captions, body-size lines and notes with text below them', () => {
    const page = [
      column(600),
      seg('1 Note: a footnote of the body', 700, { x: 40, size: 9 }),
      seg('Figure 1: A caption in small print', 712, { x: 40, size: 9 }),
      seg('Remark: a body-size run-in', 724, { x: 40, size: 10 }),
      seg('Data: small print above the text', 736, { x: 40, size: 9 }),
      column(760),
    ];
    assert.deepEqual(footLabelNotes(page, new Set(), 10), []);
  });
});

describe('records of labelled fields before the first heading', () => {
  it('takes two or more short labelled fields in a row, a label alone over its value included', () => {
    const page = [
      seg('A Title', 100, { size: 16 }),
      seg('Article Type: Review', 200, { bold: true }),
      seg('Word count: 7430', 212, { bold: true }),
      seg('Subject Areas:', 224, { bold: true }),
      seg('Ecology, Statistics', 236),
      seg('1 Introduction', 300, { bold: true }),
      seg('Method: not a record after the first heading', 320),
      seg('Data: either', 332),
    ];
    assert.deepEqual(texts(labelledRecords(page, new Set([page[0]!]), 10)), [
      'Article Type: Review',
      'Word count: 7430',
      'Subject Areas: / Ecology, Statistics',
    ]);
  });
  it('leaves a lone labelled line, a structured abstract and a label over a paragraph', () => {
    const page = [
      seg('Keywords: one, two', 200),
      seg('Summary', 240, { bold: true }),
      seg('Background: Noise is often seen as a nuisance to', 260),
      seg('ecological insight.', 272),
      seg(
        'Methods: We simulate many models and compare their outcomes with the data of six field studies.',
        284,
      ),
      seg('Archive statement:', 300, { bold: true }),
      seg('All data are made available on a public repository, archived with a DOI once accepted.', 320),
      seg('1 Introduction', 400, { bold: true }),
    ];
    assert.deepEqual(labelledRecords(page, new Set(), 10), []);
  });
  it('leaves the labelled parts of a structured abstract under its label', () => {
    const page = [
      seg('Abstract', 200, { bold: true }),
      seg('Availability: https://example.org/tool', 220),
      seg('Contact: someone@example.org', 232),
      seg('1 Introduction', 300, { bold: true }),
    ];
    assert.deepEqual(labelledRecords(page, new Set(), 10), []);
  });
});

describe("page 1's furniture repeated on a later page", () => {
  it('drops a later page’s lines that repeat two front-matter lines word for word', () => {
    const front = [[seg('Journal of Some Science', 40), seg('https://journal.example.org/', 52)]];
    const last = [
      seg('Journal of Some Science', 680, { page: 9, size: 13 }),
      seg('https://journal.example.org/', 682, { page: 9, x: 370 }),
    ];
    const lone = [seg('Journal of Some Science', 300, { page: 5 })];
    const pages = [front[0]!, lone, last];
    assert.deepEqual([...repeatedFrontLines(pages, front)], last);
  });
});

describe('status lines naming the manuscript', () => {
  it('knows `<kind> submitted to …`', () => {
    assert.equal(isFrontFurniture('Article submitted to journal'), true);
    assert.equal(isFrontFurniture('Manuscript submitted to ACM'), true);
    assert.equal(isFrontFurniture('The article submitted to review was shorter.'), false);
  });
});

describe('the real papers the rules were written on', () => {
  it('A&A: the offprint line joins the front matter', async () => {
    const { front, body } = await fixtureFrontAndBody('aa-fast-rotating-binaries.pdf');
    assert.match(front, /Send offprint requests to: mbritavskiy@uliege\.be/);
    assert.doesNotMatch(body, /offprint/);
  });
  it('ACM manuscript: the authors’ addresses join the front matter', async () => {
    const { front, body } = await fixtureFrontAndBody('acm-manuscript-ch-potentials.pdf');
    assert.match(front, /Authors’ addresses: Ben Strasser/);
    assert.doesNotMatch(body, /Authors’ addresses/);
  });
  it('elsarticle cover block and a side column of labelled fields join the front matter', async () => {
    const noise = await fixtureFrontAndBody('elsarticle-noise-phenomena.pdf');
    assert.match(noise.front, /Article Type: Review & Synthesis · Running title: From noise to knowledge/);
    assert.doesNotMatch(noise.body, /Word count/);
    const rspa = await fixtureFrontAndBody('rspa-ferroelectric-homogenization.pdf');
    assert.match(rspa.front, /Article submitted to journal · Subject Areas: Electromagnetism/);
    assert.doesNotMatch(rspa.body, /Subject Areas/);
    const links = await fixtureFrontAndBody('econark-hafiscal-stimulus.pdf');
    assert.match(links.front, /Slides: https:\/\/econ-ark\.github\.io/);
    assert.doesNotMatch(links.body, /GitHub Repo/);
  });
  it('JSS: the last page’s colophon does not repeat the journal’s name and address', async () => {
    const md = await fixtureMarkdown('jss-lubridate.pdf');
    assert.doesNotMatch(md, /^## Journal of Statistical Software/m);
    assert.equal(md.match(/^https:\/\/www\.jstatsoft\.org\/$/m), null);
  });
});
