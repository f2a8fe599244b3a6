/**
 * Session 13's second-round heading rules (hd13c): a run-in head closed before a word in a third
 * face, a research question as a subsection title, bold heads over bulleted lists, and a section
 * name in bold capitals run into its paragraph. Constructed lines for each rule, and the fixture
 * papers whose outlines they complete.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Segment } from '../../../../adapters/convert/pdf-layout.ts';
import { faceRunIn } from '../../../../adapters/convert/pdf-outline.ts';
import { capsNameRunIn } from '../../../../adapters/convert/pdf-hd13c-caps-run-in.ts';
import { headsBulletList } from '../../../../adapters/convert/pdf-hd13c-list-heads.ts';
import { shortPunctuatedTitle } from '../../../../adapters/convert/pdf-hd13c-question.ts';
import { referenceEntryHead } from '../../../../adapters/convert/pdf-hd13c-entry-head.ts';
import { seg } from '../../../support/pdf-lines.ts';
import { fixtureMarkdown, markdownHeadings } from '../../../support/pdf-fixture-markdown.ts';

/** A line whose font runs are given as [font, letters-and-digits, number?]. */
function runs(text: string, y: number, fonts: Array<[string, number, boolean?]>): Segment {
  return {
    ...seg(text, y),
    fonts: fonts.map(([font, chars, number]) => ({ font, chars, ...(number ? { number } : {}) })),
  };
}

describe('hd13c: a run-in head set in one face', () => {
  it('ends the head where its face changes, before a word in a third face', () => {
    const s = runs('4.2.2 obfs4. obfs4 [52] is a pluggable transport used by Tor', 100, [
      ['H', 3, true],
      ['H', 5],
      ['TT', 5],
      ['BODY', 35],
    ]);
    const r = faceRunIn(s, 'BODY');
    assert.equal(r?.head, '4.2.2 obfs4');
    assert.match(r?.rest ?? '', /^obfs4 \[52\] is/);
  });

  it('still needs a stop after the head', () => {
    const s = runs('4.2.2 obfs4 obfs4 [52] is a pluggable transport used by Tor', 100, [
      ['H', 3, true],
      ['H', 5],
      ['TT', 5],
      ['BODY', 35],
    ]);
    assert.equal(faceRunIn(s, 'BODY'), null);
  });
});

describe('hd13c: a bold head over a bulleted list', () => {
  const styles = new Map([[1, [{ size: 9, bold: true, face: 'B', caps: false }]]]);
  it('is a head in the bold size of the numbered headings, over a smaller bulleted entry', () => {
    const head = seg('Parsers', 100, { size: 9, bold: true });
    const entry = seg('– Mime4j: Apache James Mime4J provides a parser', 112, { size: 8 });
    assert.equal(headsBulletList(head, entry, styles), true);
  });
  it('is not when its size is no heading size, or nothing bulleted follows', () => {
    const other = seg('Parsers', 100, { size: 10, bold: true });
    const entry = seg('– Mime4j: Apache James Mime4J provides a parser', 112, { size: 8 });
    assert.equal(headsBulletList(other, entry, styles), false);
    const head = seg('Parsers', 100, { size: 9, bold: true });
    assert.equal(headsBulletList(head, seg('Mime4j provides a parser', 112, { size: 8 }), styles), false);
    assert.equal(
      headsBulletList(head, seg('– 5 is a negative number here', 112, { size: 8 }), styles),
      false,
    );
  });
});

describe('hd13c: a section name in bold capitals run into its paragraph', () => {
  const name = seg('ACKNOWLEDGMENTS.', 400, { x: 50, x1: 140, bold: true });
  const text = seg('We thank our colleagues for', 400, { x: 150, size: 8 });
  it('is a heading when a closed-class name is followed on its row by text', () => {
    assert.deepEqual(capsNameRunIn(name, text, 'the paragraph before ends.'), {
      num: '',
      title: 'ACKNOWLEDGMENTS',
      rest: '',
    });
  });
  it('is not for a title-case label, a word outside the class, or mid-sentence', () => {
    const label = seg('Acknowledgments.', 400, { x: 50, x1: 140, bold: true });
    assert.equal(capsNameRunIn(label, text, undefined), null);
    const other = seg('LEMMA.', 400, { x: 50, x1: 140, bold: true });
    assert.equal(capsNameRunIn(other, text, undefined), null);
    assert.equal(capsNameRunIn(name, text, 'a sentence that goes on'), null);
    assert.equal(capsNameRunIn(name, seg('We thank', 430, { x: 50 }), undefined), null);
  });
});

describe('hd13c: fixture papers', () => {
  it('finds ACM’s run-in `4.2.2 obfs4.`', async () => {
    const hs = markdownHeadings(await fixtureMarkdown('acm-sigconf-ccs2019-conjure.pdf'));
    assert.ok(hs.includes('#### 4.2.2 obfs4'), hs.join('\n'));
  });
  it('finds svjour3’s question subsection and its appendix list heads', async () => {
    const hs = markdownHeadings(await fixtureMarkdown('svjour3-bug-taxonomy.pdf'));
    assert.ok(hs.includes('### 4.2 What are the best predictors of type 4 bugs?'), hs.join('\n'));
    for (const h of ['Parsers', 'Databases', 'Web and Services', 'Misc'])
      assert.ok(
        hs.some((l) => l.replace(/^#+ /, '') === h),
        h,
      );
    // The list's entries stay list items.
    assert.ok(!hs.some((l) => /Mime4j/.test(l)));
  });
  it('finds PNAS’s run-in ACKNOWLEDGMENTS', async () => {
    const md = await fixtureMarkdown('pnas-covid-auxiliary-indicators.pdf');
    assert.match(md, /^## ACKNOWLEDGMENTS\n\nWe thank Matthew Biggerstaff/m);
  });
});

describe('hd13c: a question as a subsection title', () => {
  it('may run to twelve words; a title closed by a stop to eight', () => {
    assert.equal(shortPunctuatedTitle('What are the best predictors of type 4 bugs?'), true);
    assert.equal(
      shortPunctuatedTitle('What are the best predictors of type 4 bugs?'.replace('?', '.')),
      false,
    );
    assert.equal(
      shortPunctuatedTitle('Why do the thirteen words of this very long question run on past?'),
      false,
    );
  });
});

describe('hd13c: a reference entry’s first line in a face of its own', () => {
  const names = seg('Allcott, Hunt, Joshua J Kim, Dmitry Taubinsky, and Jonathan Zinman', 160, { x: 74 });
  const hanging = seg('(2021): “Are high-interest loans predatory?', 175, { x: 86 });
  it('is an entry when the next line hangs under it, in the reference list', () => {
    assert.equal(referenceEntryHead(names, hanging, true), true);
  });
  it('is not outside the reference list, nor over a flush line, nor without commas', () => {
    assert.equal(referenceEntryHead(names, hanging, false), false);
    assert.equal(
      referenceEntryHead(names, seg('(2021): “Are high-interest loans', 175, { x: 74 }), true),
      false,
    );
    assert.equal(referenceEntryHead(seg('Online Appendix', 160, { x: 74 }), hanging, true), false);
  });
  it('keeps econ-ark’s small-capital author lines out of the outline', async () => {
    const hs = markdownHeadings(await fixtureMarkdown('econark-hafiscal-stimulus.pdf'));
    assert.ok(!hs.some((h) => /Allcott|Hagedorn, Marcus/.test(h)), hs.join('\n'));
    assert.ok(hs.includes('## References'));
  });
});
