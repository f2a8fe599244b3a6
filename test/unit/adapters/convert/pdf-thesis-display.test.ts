/**
 * Display type of thesis chapters (issue #30, pdf-thesis-display.ts): letter-spaced capitals
 * (classicthesis `A B S T R A C T`), small capitals pdf.js reports in lower case, a section number
 * set apart from its title on one row, a chapter title whose numeral is not in the text, and a
 * title page whose title sits low on the page under a larger label. From the vendored tuning
 * theses (classicthesis, a Copenhagen thesis class); the constructed lines check the limits.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { convertPdf } from '../../../../adapters/convert/pdf.ts';
import { renderSegments } from '../../../../adapters/convert/pdf-markdown.ts';
import {
  isDisplayTitle,
  noteHeading,
  opensNextChapter,
  readDisplayType,
} from '../../../../adapters/convert/pdf-thesis-display.ts';
import { advance, newNumbering, parseSectionNumber } from '../../../../adapters/convert/pdf-numbering.ts';
import { FIXTURES_DIR } from '../../../support/corpus.ts';
import { BODY, seg } from '../../../support/pdf-lines.ts';

async function convert(file: string, maxPages?: number): Promise<string> {
  const pdf = readFileSync(path.join(FIXTURES_DIR, 'convert', 'pdf', file));
  return (await convertPdf(new Uint8Array(pdf), maxPages ? { maxPages } : {})).markdown;
}

const headings = (md: string) => md.split('\n').filter((l) => /^#{1,6} /.test(l));

describe('letter-spaced display type', () => {
  it('writes classicthesis letter-spaced titles solid, with their word breaks, and takes them for headings', async () => {
    const md = await convert('thesis-ito2018-ch1-2.pdf', 24);
    const h = headings(md);
    // The title page: its title in letter-spaced capitals, not the date line `academic year 2018` above it.
    assert.equal(h[0], '# THE PRACTICE OF CHANGE');
    for (const name of [
      'ABSTRACT',
      'ACKNOWLEDGEMENTS',
      'CONTENTS',
      'LIST OF FIGURES',
      'ACRONYMS',
      'INTRODUCTION',
    ])
      assert.ok(h.includes(`## ${name}`), `${name} in ${h.join(' | ')}`);
    // A chapter title at body size, in the body face: only its spacing sets it apart.
    assert.ok(h.includes('## REQUIRING CHANGE'));
    assert.doesNotMatch(md, /A B S T R A C T|R E Q U I R I N G/);
  });

  it('takes word breaks from the text runs, and writes one word when each letter is its own run', () => {
    const words = seg('L I S T O F T A B L E S', 100);
    words.fonts = [4, 2, 6].map((chars) => ({ font: 'f', chars }));
    const letters = seg('M E T H O D S', 130);
    letters.fonts = Array.from({ length: 7 }, () => ({ font: 'f', chars: 1 }));
    readDisplayType([[words, letters]], 10);
    assert.equal(words.text, 'LIST OF TABLES');
    assert.equal(letters.text, 'METHODS');
  });

  it('keeps letters apart that are no word: panel labels, plot marks, symbols of a formula', () => {
    const pages = [
      [
        seg('a b c d e', 100),
        seg('o o o o o o', 120),
        seg('+ λ σ + π π', 140),
        seg('C H A P T E R', 160, { font: 'f1' }),
      ],
    ];
    readDisplayType(pages, 10);
    assert.deepEqual(
      pages[0]!.map((s) => s.text),
      ['a b c d e', 'o o o o o o', '+ λ σ + π π', 'CHAPTER'],
    );
    assert.equal(isDisplayTitle(pages[0]![3]!), true);
    assert.equal(isDisplayTitle(pages[0]![0]!), false);
  });

  it('after an unnumbered chapter title accepts its first section `k.1`, but not after a part around the chapters', () => {
    const seq = newNumbering();
    advance(parseSectionNumber('1.4 Last Section of Chapter One'), seq);
    const next = parseSectionNumber('2.1 First Section')!;
    noteHeading(seq, null, 'REQUIRING CHANGE', 2);
    assert.equal(opensNextChapter(next, seq), true);
    assert.equal(opensNextChapter(parseSectionNumber('2.2 Second Section')!, seq), false);
    assert.equal(opensNextChapter(parseSectionNumber('3.1 Too Far')!, seq), false);
    noteHeading(seq, null, 'BIBLIOGRAPHY', 2);
    assert.equal(opensNextChapter(next, seq), false);
    noteHeading(seq, null, 'A Subsection Title', 3);
    assert.equal(opensNextChapter(next, seq), false);
    noteHeading(seq, parseSectionNumber('1.5 Numbered'), '1.5 Numbered', 2);
    assert.equal(opensNextChapter(next, seq), false);
  });
});

describe('small capitals and split number rows', () => {
  it('joins `2.1` and `the peril of silos` set apart on one row, in capitals, and follows the chapter numbering', async () => {
    const h = headings(await convert('thesis-ito2018-ch1-2.pdf', 24));
    const at = (t: string) => h.findIndex((x) => x.endsWith(t));
    assert.ok(at('1.1 OVERVIEW OF DISSERTATION') > at('INTRODUCTION'));
    assert.ok(at('2.1 THE PERIL OF SILOS') > at('REQUIRING CHANGE'));
    assert.ok(at('2.2 MONOLITHIC AND CENTRALIZED SYSTEMS') > at('2.1 THE PERIL OF SILOS'));
  });

  it('reads a small-capitals face set in lower case as capitals: numbered headings and larger lines', async () => {
    const md = await convert('thesis-haefner2022-ch1.pdf');
    const h = headings(md);
    assert.ok(h.includes('## ABSTRACT — ENGLISH'), h.join(' | '));
    assert.ok(h.includes('## ABSTRACT — DANSK'));
    assert.ok(h.some((x) => x.endsWith(' 1.1 ROGUE WAVE RESEARCH')));
    assert.ok(h.some((x) => x.endsWith(' 1.2 PHYSICS AND MACHINE LEARNING')));
  });

  it('leaves lower case alone in a face that sets capitals elsewhere (a title, math)', () => {
    const body = (y: number) => seg(BODY, y, { font: 'body' });
    const pages = [
      [
        seg('A Title Line in Its Face', 60, { font: 'title', size: 14 }),
        seg('and its lower-case second line here', 78, { font: 'title', size: 14 }),
        body(120),
        body(132),
        seg('3.1 results of the survey', 150, { font: 'title', size: 11 }),
      ],
    ];
    readDisplayType(pages, 10);
    assert.equal(pages[0]![1]!.text, 'and its lower-case second line here');
    assert.equal(pages[0]![4]!.text, '3.1 results of the survey');
  });

  it('does not join a number and a formula piece on a row', () => {
    const pages = [[seg('1', 100, { x: 72 }), seg('dxi dxk', 100, { x: 90 })]];
    readDisplayType(pages, 10);
    assert.equal(pages[0]!.length, 2);
  });
});

describe('a chapter numeral in display type', () => {
  it('drops the numeral pdf.js put on the row of the chapter’s first line, which joins its paragraph again', async () => {
    const md = await convert('thesis-haefner2022-ch1.pdf', 8);
    assert.match(md, /rogue waves and machine learning\. And what a combination that is!/);
    assert.doesNotMatch(md, /learn- 0/);
  });

  it('puts a chapter numeral set apart in display type before the chapter title', async () => {
    const md = await convert('thesis-haefner2022-ch1.pdf', 12);
    assert.ok(headings(md).includes('## 1 The State of the Art'), headings(md).join(' | '));
    assert.doesNotMatch(md, /Time \(s\) 1 1/);
  });

  it('leaves page 1 and a numeral without a large title above the text alone', () => {
    const cover = [
      seg('The Title of a Paper', 100, { size: 18 }),
      seg('7', 200, { size: 40 }),
      seg(BODY, 300),
    ];
    const inner = [
      seg('42', 100, { size: 40, page: 1 }),
      seg(BODY, 150, { page: 1 }),
      seg('A Figure Title', 400, { size: 16, page: 1 }),
    ];
    const pages = [cover, inner];
    readDisplayType(pages, 10);
    assert.equal(pages[0]![0]!.text, 'The Title of a Paper');
    assert.equal(pages[1]![2]!.text, 'A Figure Title');
  });

  it('leaves a line alone whose last number is in its own face or at text size', () => {
    const big = { ...seg('This thesis is about waves and learning of many kinds 3', 100, { size: 60 }) };
    big.fonts = [
      { font: 'text', chars: 40 },
      { font: 'text', chars: 1 },
    ];
    const plain = seg('This thesis is about waves and learning of many kinds 3', 130);
    const pages = [[big, plain]];
    readDisplayType(pages, 10);
    assert.equal(big.text.endsWith(' 3'), true);
    assert.equal(plain.text.endsWith(' 3'), true);
  });
});

describe('a title page that sets its title low', () => {
  it('takes the largest line anywhere on a title page; its other lines and its imprint page go to the front block', async () => {
    const blocks = (await convert('thesis-haefner2022-ch1.pdf', 4)).split('\n\n');
    assert.equal(blocks[0], '# An Ocean of Data');
    assert.match(blocks[1]!, /^\*UNIVERSITY OF COPENHAGEN · FACULTY OF SCIENCE · PhD thesis · /);
    assert.match(blocks[1]!, /· This PhD project has been carried out at · /);
    assert.equal(blocks[2], '## ABSTRACT — ENGLISH');
  });

  it('keeps to the top part of a title page when large type stands there', () => {
    const page = [
      seg('A Study of Display Type', 120, { size: 18, x: 150 }),
      seg('Jane Doe', 170, { size: 12, x: 250 }),
      seg('Big Logo Words', 600, { size: 30, x: 150 }),
    ];
    const body = Array.from({ length: 30 }, (_, i) => seg(BODY, 100 + 14 * i, { page: 1, size: 11 }));
    assert.equal(renderSegments([page, body], [842, 842]).title, 'A Study of Display Type');
  });

  it('does not take a date line for the title of a title page', () => {
    const page = [
      seg('doctoral dissertation', 70, { size: 12, x: 220 }),
      seg('academic year 2018', 90, { size: 12, x: 230 }),
      seg('On the Rules of Display Type', 360, { size: 12, x: 180 }),
      seg('some university', 650, { size: 12, x: 240 }),
    ];
    const body = Array.from({ length: 30 }, (_, i) => seg(BODY, 100 + 14 * i, { page: 1, size: 11 }));
    const { title } = renderSegments([page, body], [842, 842]);
    assert.equal(title, 'On the Rules of Display Type');
  });
});
