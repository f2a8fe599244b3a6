/**
 * First-page furniture and the title's tail (session 14, second round, helper "lk15a", issue #30):
 * record placeholders and attributed contact lines, a small line whose descenders reach into the
 * title's box, and a subtitle in smaller type that continues the title. Each rule is checked on
 * constructed lines (where it must fire and where it must not) and on the vendored real PDFs.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { isFrontFurniture } from '../../../../adapters/convert/pdf-front-furniture.ts';
import { continuesTitle } from '../../../../adapters/convert/pdf-lk15a-title-tail.ts';
import { seg } from '../../../support/pdf-lines.ts';
import { fixtureFrontAndBody, fixtureMarkdown } from '../../../support/pdf-fixture-markdown.ts';

describe('record placeholders and attributed contact lines', () => {
  it('takes a journal history line, empty date fields and publication placeholders', () => {
    for (const t of [
      'Received Month, XXXX; accepted Month Day, XXXX',
      'Received 3 May 2021; revised 4 June 2021',
      'Published Date',
      'Received date:',
      'License information to appear upon publication.',
      'Publication information to appear upon publication.',
      'Copyright attribution to authors.',
      'This work is a submission to SciPost Physics Codebases.',
    ])
      assert.ok(isFrontFurniture(t), t);
  });
  it('takes contact items attributed to an author by initials, one or several on a line', () => {
    for (const t of [
      '$ benjamin.nagy@ijp.pan.pl (B. Nagy)',
      ' https://github.com/bnagy/fail-paper (B. Nagy)',
      '0000-0002-5214-7595 (B. Nagy)',
      'a.author@uni.edu (A. Author), c.dee@lab.org (J.-N. Dee)',
    ])
      assert.ok(isFrontFurniture(t), t);
  });
  it('leaves prose that starts with the same words', () => {
    for (const t of [
      'Received signal strength was measured; accepted values lie between',
      'Published data on the topic are scarce.',
      'Publication bias is a known problem of meta-analyses in this field.',
      'Copyright law protects the expression of ideas.',
      'This work is a step towards a submission protocol.',
      'Contact the first author at a.author@uni.edu for the data.',
      'The code is at https://github.com/x/y (see the appendix).',
    ])
      assert.ok(!isFrontFurniture(t), t);
  });
});

describe('a subtitle in smaller type continues the title', () => {
  const title = seg('Handwriting Recognition with SQL', 94, { x: 167, x1: 445, size: 17 });
  it('takes a smaller line right under the title, within its width, opening with a function word', () => {
    assert.ok(
      continuesTitle(seg('and a tiny bit of web stuff', 103, { x: 363, x1: 444, size: 7 }), title, title),
    );
  });
  it('leaves bylines, author lines, lines far below or outside the title', () => {
    const small = (t: string, y: number, x = 300) => seg(t, y, { x, x1: x + 100, size: 7 });
    assert.ok(!continuesTitle(small('by Noah Doersing', 103), title, title));
    assert.ok(!continuesTitle(small('Noah Doersing', 103), title, title));
    assert.ok(!continuesTitle(small('and a tiny bit of web stuff', 130), title, title));
    assert.ok(!continuesTitle(small('and a tiny bit of web stuff', 103, 100), title, title));
  });
});

describe('the rules on the real PDFs they were written on', () => {
  it('SciPost: the record box beside the abstract joins the front matter', async () => {
    const { front, body } = await fixtureFrontAndBody('scipost-carlo-jl.pdf');
    assert.match(front, /Copyright attribution to authors\./);
    assert.match(front, /Published Date/);
    assert.doesNotMatch(body, /to appear upon publication|SciPost Physics Codebases/);
  });
  it('A&A: the placeholder history line joins the front matter', async () => {
    const { front, body } = await fixtureFrontAndBody('aa-sbi-chempy.pdf');
    assert.match(front, /Received Month, XXXX; accepted Month Day, XXXX/);
    assert.doesNotMatch(body, /Received Month/);
  });
  it('CEUR: the contact footnote of page 1 joins the front matter', async () => {
    const { front, body } = await fixtureFrontAndBody('ceurart-latin-poetic-style.pdf');
    assert.match(front, /benjamin\.nagy@ijp\.pan\.pl \(B\. Nagy\)/);
    assert.match(front, /0000-0002-5214-7595 \(B\. Nagy\)/);
    assert.doesNotMatch(body, /0000-0002-5214-7595/);
  });
  it('ACM: the line above the title is front matter and the smaller subtitle joins the title', async () => {
    const md = await fixtureMarkdown('acm-sigconf-sql-handwriting.pdf');
    assert.match(md, /^# Handwriting Recognition with SQL and a tiny bit of web stuff\n/);
    const { front } = await fixtureFrontAndBody('acm-sigconf-sql-handwriting.pdf');
    assert.match(front, /SQL is a Programming Language/);
  });
});
