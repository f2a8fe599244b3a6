/**
 * Session 26 (lk27): a thesis's abstract form (label/value rows in ruled boxes, the abstract inside,
 * a keywords box under it, the same form again in a second language), a preface's place-and-date
 * sign-off, a title whose initial is a drop-cap picture, and a report's back cover. On real fixture PDFs of the tuning split,
 * and on small synthetic lines.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { convertPdf } from '../../../../adapters/convert/pdf.ts';
import type { Segment } from '../../../../adapters/convert/pdf-layout.ts';
import { thesisFormRows } from '../../../../adapters/convert/pdf-lk27-thesis-form.ts';
import { prelimSignOffs } from '../../../../adapters/convert/pdf-lk27-sign-off.ts';
import { withDropCap } from '../../../../adapters/convert/pdf-lk27-drop-cap.ts';
import { backCoverLines } from '../../../../adapters/convert/pdf-lk27-back-cover.ts';
import { frontBlock, afterFrontBlock as body } from '../../../support/pdf-fixture-markdown.ts';
import { segAtTop } from '../../../support/pdf-lines.ts';

const FIXTURES = path.join(import.meta.dirname, '../../../fixtures/convert/pdf');
const convert = async (name: string) => convertPdf(new Uint8Array(readFileSync(path.join(FIXTURES, name))));

/** A 12 pt line of page `page` at `top`, from `x0` to `x1`. */
const line = (
  text: string,
  top: number,
  x0 = 100,
  x1 = 520,
  page = 1,
  extra: Partial<Segment> = {},
): Segment => segAtTop(text, top, { x0, x1, page, bottom: top + 12, baseline: top + 10, size: 12, ...extra });

/** A title page (page 0) and a contents page (page 2) around `middle` (page 1). */
const thesis = (middle: Segment[]): Segment[][] => [
  [line('A Title', 100, 100, 300, 0, { size: 20, bottom: 120, baseline: 118 })],
  middle,
  [
    line('Contents', 80, 100, 200, 2, { size: 17, bold: true }),
    line('1 Introduction . . . . . 1', 110, 100, 520, 2),
  ],
];

/** A paragraph of `n` lines from `top`, 14.5 pt apart. */
const paragraph = (top: number, n: number, page = 1): Segment[] =>
  Array.from({ length: n }, (_, i) =>
    line(
      `the abstract goes on here in running prose of many words, line ${i}`,
      top + 14.5 * i,
      100,
      520,
      page,
    ),
  );

describe('a thesis abstract form, a preface sign-off, a drop-cap title and a back cover (lk27)', () => {
  it('Aalto: both abstract forms’ rows, headings and keywords are front matter; the abstracts stay', async () => {
    const { markdown } = await convert('thesis-vartiainen2017-event-log-mining.pdf');
    const front = frontBlock(markdown);
    for (const row of [
      'Major Computer Science',
      'Date Sep 13, 2017 Number of pages 7+54 Language English',
      'Keywords Process discovery, Machine learning, Event logs',
      'Diplomityön tiivistelmä',
      'Työn valvoja Professori Petri Vuorimaa',
      'Päiväys 13.9.2017 Sivumäärä 7+54 Kieli Englanti',
      'Avainsanat Prosessitutkinta, Koneoppiminen, Tapahtumalokit',
      'Espoo, September 13, 2017',
    ])
      assert.ok(front.includes(row), row);
    const rest = body(markdown);
    assert.ok(!rest.includes('Number of pages') && !rest.includes('Sivumäärä') && !rest.includes('Espoo'));
    assert.match(rest, /^\n\nDiagnostics and real-time data is crucial/);
    assert.match(rest, /Diagnostiikka ja reaaliaikainen informaation/);
    assert.match(rest, /## Preface\n\nThis thesis work was carried out/);
  });

  it('a form needs a grid of padded rows over a paragraph; a list or a paragraph alone is none', () => {
    const rows = [
      line('Author A. Person', 120, 100, 240),
      line('Title A long title', 146, 100, 300),
      line('Supervisor Prof. B', 172, 100, 280),
      line('Major Physics', 198, 100, 220),
    ];
    const grid = [line('Date 2017', 224, 100, 200), line('Pages 54', 224, 240, 330)];
    const got = thesisFormRows(thesis([...rows, ...grid, ...paragraph(250, 4)]), new Set(), 12);
    assert.deepEqual(
      got.map((g) => g.map((s) => s.text).join(' | ')),
      [
        'Author A. Person',
        'Title A long title',
        'Supervisor Prof. B',
        'Major Physics',
        'Date 2017 | Pages 54',
      ],
    );
    // No two fields on a row and no value wrapped into its column: a list of lines, no form.
    assert.deepEqual(thesisFormRows(thesis([...rows, ...paragraph(224, 4)]), new Set(), 12), []);
    // No paragraph under the rows.
    assert.deepEqual(thesisFormRows(thesis([...rows, ...grid]), new Set(), 12), []);
    // Set close, labels and values in two columns: a grid too; close single lines are a paragraph.
    const tight = ['Author', 'Title', 'Supervisor', 'Date'].flatMap((label, r) => [
      line(label, 120 + 14.5 * r, 100, 160),
      line(`value ${r}`, 120 + 14.5 * r, 220, 320),
    ]);
    assert.equal(thesisFormRows(thesis([...tight, ...paragraph(190, 4)]), new Set(), 12).length, 4);
    const close = ['Author A', 'Title B', 'Supervisor C', 'Date D'].map((t, r) =>
      line(t, 120 + 14.5 * r, 100, 200),
    );
    assert.deepEqual(thesisFormRows(thesis([...close, ...paragraph(190, 4)]), new Set(), 12), []);
    // Not before a contents page: no preliminary page.
    assert.deepEqual(thesisFormRows([[], [...rows, ...grid, ...paragraph(250, 4)]], new Set(), 12), []);
  });

  it('a preface’s last lines after a gap, one holding a year, are front matter; a paragraph’s end is not', () => {
    const head = line('Preface', 60, 100, 160, 1, { size: 17, bold: true, bottom: 77 });
    const sign = [line('Espoo, September 13, 2017', 300, 100, 240), line('A. Person', 328, 100, 200)];
    assert.deepEqual(
      prelimSignOffs(thesis([head, ...paragraph(90, 8), ...sign]), new Set(), 12).map((g) =>
        g.map((s) => s.text),
      ),
      [['Espoo, September 13, 2017', 'A. Person']],
    );
    // No year: a closing line of the text, left alone.
    const noYear = [line('Thank you all', 300, 100, 200)];
    assert.deepEqual(prelimSignOffs(thesis([head, ...paragraph(90, 8), ...noYear]), new Set(), 12), []);
  });

  it('Princeton: the title whose drop-cap initial is a picture gets its letter back', async () => {
    const { markdown } = await convert('thesis-altosaar2020-ch1-2.pdf');
    assert.match(markdown, /^# Probabilistic Modeling of Structure in Science: Statistical Physics/);
  });

  it('a title that opens in lower case keeps it when its word stands alone in the text', () => {
    const title = line('emcee: The MCMC Hammer', 100, 100, 400, 0);
    const text = [[title, line('We present emcee, a sampler; emcee is fast.', 200, 100, 400, 0)]];
    assert.equal(withDropCap('emcee: The MCMC Hammer', text, [title]), 'emcee: The MCMC Hammer');
    const cut = line('robabilistic Models', 100, 100, 400, 0);
    const uses = [[cut, line('Probabilistic models are probabilistic.', 200, 100, 400, 0)]];
    assert.equal(withDropCap('robabilistic Models', uses, [cut]), 'Probabilistic Models');
  });

  it('Inria: the back cover and the address block it repeats are front matter, not references', async () => {
    const { markdown } = await convert('report-inria-pencil-language-spec.pdf');
    const front = frontBlock(markdown);
    assert.ok(front.includes('ISSN 0249-6399') && front.includes('B.P. 105 - 78153 Le Chesnay Cedex'));
    // Named once: the back cover's reprint of the address is left out.
    assert.equal(front.split('B.P. 105 - 78153 Le Chesnay Cedex').length, 2);
    const rest = body(markdown);
    assert.ok(!rest.includes('Le Chesnay') && !rest.includes('RESEARCH CENTRE') && !rest.includes('ISSN'));
    assert.match(rest, /- \[14\] N\. Wirth\. Extended Backus-Naur Form/);
  });

  it('a back cover is a last page of a few small lines, two of them printed on an opening page', () => {
    const small = (text: string, top: number, page: number) => line(text, top, 100, 300, page, { size: 8 });
    const pages: Segment[][] = Array.from({ length: 8 }, (_, p) => paragraph(100, 3, p));
    pages[1]!.push(small('Research Centre Somewhere', 700, 1), small('1 Long Road, 12345 Town', 710, 1));
    pages[7] = [
      small('Research Centre Somewhere', 700, 7),
      small('1 Long Road, 12345 Town', 710, 7),
      small('ISSN 1234-5678', 730, 7),
    ];
    const got = backCoverLines(pages, new Set(), 12);
    assert.deepEqual(
      got.front.map((g) => g[0]!.text),
      ['Research Centre Somewhere', '1 Long Road, 12345 Town', 'ISSN 1234-5678'],
    );
    assert.deepEqual(
      got.repeats.map((s) => s.page),
      [7, 7],
    );
    // One repeat only: a last page's own lines.
    pages[1]!.pop();
    assert.deepEqual(backCoverLines(pages, new Set(), 12).front, []);
  });
});
