/**
 * Heading rules of session 11's sixth tuning batch (issue #30): top-level section heads run into
 * their paragraph (SIAM), margin line numbers printed on every 10th line only (A&A's lineno), and
 * a catalogue designation in a numbered title (`5.3. Radius of HD 144548 A`) that is no year,
 * contents entries at a page's foot whose page numbers went with the furniture (SciPost), and a
 * title starting with a lower-case symbol word (`3.1 k-means clustering`).
 * Real fixture PDFs for the outcome, constructed lines and runs for the edges of each rule.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { entriesAtFoot } from '../../../../adapters/convert/pdf-hd-contents.ts';
import { topLevelRunIn } from '../../../../adapters/convert/pdf-hd-run-in.ts';
import { startsWithSymbolWord } from '../../../../adapters/convert/pdf-heading-text.ts';
import { dropLineNumbers } from '../../../../adapters/convert/pdf-line-numbers.ts';
import { buildSegments, type TextRun } from '../../../../adapters/convert/pdf-layout.ts';
import {
  articleNotLetter,
  hasYear,
  newNumbering,
  parseSectionNumber,
} from '../../../../adapters/convert/pdf-numbering.ts';
import { convertPdf } from '../../../../adapters/convert/pdf.ts';
import { seg } from '../../../support/pdf-lines.ts';

const PDFS = path.resolve(import.meta.dirname, '../../../fixtures/convert/pdf');

async function headings(file: string): Promise<string[]> {
  const { markdown } = await convertPdf(new Uint8Array(readFileSync(path.join(PDFS, file))));
  return markdown
    .split('\n')
    .filter((l) => /^#{2,6} /.test(l))
    .map((l) => l.replace(/^#+ /, ''));
}

describe('top-level run-in section heads', () => {
  it('reads SIAM heads run into their paragraph and the appendix heads closed by a stop', async () => {
    const hs = await headings('siam-glacier-surface-errors.pdf');
    for (const h of [
      '1. Introduction',
      '2. Surface velocity from the Stokes sub-model',
      '7. Discussion and conclusion',
      'Appendix A. Proof of Lemma 2.1',
      'Appendix C. Experiments on coercivity of the surface motion map',
    ])
      assert.ok(hs.includes(h), h);
    // The enumerated hypotheses of section 6 (`1. A bounded, polygonal domain…`) stay list items.
    assert.ok(!hs.some((h) => /polygonal domain/.test(h)));
    // The body text after a head is no part of it.
    assert.ok(!hs.some((h) => /In this Section/.test(h)));
  });

  const bold = (text: string, lead: string, numberRun = false) => ({
    ...seg(text, 100),
    fonts: numberRun
      ? [
          { font: 'body', chars: 1, number: true },
          { font: 'bold', chars: lead.replace(/[^\p{L}\p{N}]/gu, '').length - 1 },
        ]
      : [{ font: 'bold', chars: lead.replace(/[^\p{L}\p{N}]/gu, '').length }],
  });

  it('takes a head whose number is in its bold face, and not a list item with a label in the body face', () => {
    const text = '1. Introduction. Glacier and ice sheet simulations model the flowing ice as a';
    const lead = '1. Introduction.';
    const rest = text.slice(lead.length).trim();
    assert.deepEqual(topLevelRunIn(bold(text, lead), lead, rest, newNumbering()), {
      num: '1.',
      title: 'Introduction',
      rest,
    });
    assert.equal(topLevelRunIn(bold(text, lead, true), lead, rest, newNumbering()), null);
  });

  it('wants one phrase in sequence, and a head alone on its line bold throughout', () => {
    const seq = newNumbering();
    const twoSentences = '1. Data. We collect it.';
    assert.equal(topLevelRunIn(bold(twoSentences, twoSentences), twoSentences, '', seq), null);
    const late = '5. Results.';
    assert.equal(topLevelRunIn(bold(`${late} Text`, late), late, 'Text', seq), null);
    const alone = 'Appendix A. Proof of Lemma 2.1.';
    assert.equal(topLevelRunIn(bold(alone, alone), alone, '', seq), null);
    assert.equal(
      topLevelRunIn({ ...bold(alone, alone), bold: true }, alone, '', seq)?.title,
      'Proof of Lemma 2.1',
    );
  });
});

describe('line numbers printed on every 10th line', () => {
  const PITCH = 12;
  const run = (text: string, x: number, y: number, size = 10): TextRun => ({
    text,
    x,
    y,
    width: text.length * 0.5 * size,
    size,
  });
  const PROSE = 'Lorem ipsum dolor sit amet, consectetuer adipiscing elit, ut purus elit';
  /** 35 lines from `first`, a number right-aligned at x = 44 on each multiple of `every`, a heading on line `head`. */
  function page(first: number, every: number, head: number): TextRun[] {
    const runs: TextRun[] = [];
    for (let i = 0; i < 35; i++) {
      const y = 100 + i * PITCH;
      runs.push(i === head ? run('Appendix B: Precision parameters', 52, y) : run(PROSE, 52, y));
      if ((first + i) % every === 0)
        runs.push({ ...run(String(first + i), 0, y, 6.6), x: 44 - 9.9, width: 9.9 });
    }
    return runs;
  }
  const texts = (runs: TextRun[]) => buildSegments(runs, 0).map((s) => s.text);

  it('drops three or four numbers a page shows when they count the lines in steps of 10', () => {
    const runs = page(197, 10, 13);
    assert.ok(texts(runs).includes('210 Appendix B: Precision parameters'));
    const kept = dropLineNumbers([runs])[0]!;
    assert.ok(texts(kept).includes('Appendix B: Precision parameters'));
    assert.equal(kept.filter((r) => /^\d+$/.test(r.text)).length, 0);
  });

  it('keeps a few numbers that do not step by a constant multiple (an index column)', () => {
    const runs = page(197, 10, 13).map((r) => (r.text === '220' ? { ...r, text: '221' } : r));
    assert.equal(dropLineNumbers([runs])[0]!.filter((r) => /^\d+$/.test(r.text)).length, 4);
  });

  it('reads the A&A appendix head the sparse numbers stood beside', async () => {
    const hs = await headings('aa-symboltz.pdf');
    assert.ok(hs.includes('Appendix B: Precision parameters for CLASS'));
    assert.ok(!hs.some((h) => /^\d{3} /.test(h)));
  });
});

describe('a year in a numbered line', () => {
  it('is four digits alone; a longer designation is no year', () => {
    assert.ok(hasYear('Smith, J. 2004, ApJ, 600, 1'));
    assert.ok(!hasYear('Radius of HD 144548 A'));
  });

  it('keeps an A&A subsection titled with a star’s catalogue number', async () => {
    assert.ok((await headings('aa-upper-scorpius-age.pdf')).includes('5.3. Radius of HD 144548 A'));
  });
});

describe('contents entries at the foot of a page', () => {
  const START = /^\d{1,2}(?:\.\d{1,2}){0,3}\.?\s+\S/;
  const entry = (text: string, y: number, x = 101) => seg(text, y, { x });
  it('takes the numbered lines that go on at the entries’ spacing, and stops at a gap or another indent', () => {
    const listed = [
      entry('2 Constructing a model', 600, 85),
      entry('2.1 Bilayer graphene', 613.5),
      entry('2.2 A transmon', 627),
      entry('2.3 A double dot', 640.5),
      entry('3 An algorithm', 664, 85),
    ];
    const foot = entry('3.1 Problem statement', 677.5);
    const next = entry('3.2 Existing solutions', 691);
    const far = entry('3.3 Far below', 760);
    const entries = new Map(listed.map((s) => [s, s.text]));
    entriesAtFoot([...listed, foot, next, far], entries, START);
    assert.ok(entries.has(foot) && entries.has(next));
    assert.ok(!entries.has(far));
    const indented = new Map(listed.map((s) => [s, s.text]));
    entriesAtFoot([...listed, entry('3.1 Problem statement', 677.5, 130)], indented, START);
    assert.equal(indented.size, listed.length);
  });

  it('keeps SciPost’s sections in the outline after contents that fill page 1', async () => {
    const hs = await headings('scipost-pymablock.pdf');
    const at = (h: string) => hs.indexOf(h);
    for (const h of [
      '1 Introduction',
      '2 Constructing an effective model',
      '2.1 k.p model of bilayer graphene',
      '3.2 Existing solutions',
    ])
      assert.ok(at(h) >= 0, h);
    assert.ok(at('1 Introduction') < at('3.2 Existing solutions'));
    assert.equal(hs.filter((h) => h === '3.2 Existing solutions').length, 1);
  });
});

describe('a title starting with a lower-case symbol word', () => {
  it('is k-means or k.p, not e.g. or a lower-case word', () => {
    assert.ok(startsWithSymbolWord('k-means clustering'));
    assert.ok(startsWithSymbolWord('k.p model of bilayer graphene'));
    assert.ok(!startsWithSymbolWord('e.g. the model'));
    assert.ok(!startsWithSymbolWord('and the model'));
  });

  it('reads a bold numbered head that starts so', async () => {
    assert.ok(
      (await headings('article-evolutionary-dataset-optimisation.pdf')).includes('3.1 k-means clustering'),
    );
  });
});

describe('a dotless letter starting a line in body type', () => {
  it('is the article, unless the line is set apart or the letter has its dot', () => {
    const line = parseSectionNumber('A CNN model should enhance image regions that best');
    assert.ok(line !== null && articleNotLetter(line, false));
    assert.ok(!articleNotLetter(line, true));
    assert.ok(!articleNotLetter(parseSectionNumber('A. Marker-based filters'), false));
  });

  it('leaves the first line of an IEEE section as text', async () => {
    const hs = await headings('ieee-grsl-coconut-markers.pdf');
    assert.ok(hs.includes('II. FLIM: FEATURE LEARNING FROM IMAGE MARKERS'));
    assert.ok(!hs.some((h) => h.startsWith('A CNN model')));
  });
});
