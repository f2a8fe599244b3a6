/**
 * Furniture that must not leak into the body (issue #30): a thesis's title page goes whole to the
 * front-matter block, a figure's tick labels at the top of a page never stand as a paragraph, and
 * the unnumbered lines of a table of contents (`Acknowledgments … 11`) are contents entries.
 * Built from the vendored PDFs (a tufte-book thesis chapter, the ATLAS+CMS paper) and from lines.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { before, describe, it } from 'node:test';
import { isFrontMeta } from '../../../../adapters/convert/pdf-front.ts';
import { contentsEntries, renderSegments } from '../../../../adapters/convert/pdf-markdown.ts';
import { convertPdf } from '../../../../adapters/convert/pdf.ts';
import { FIXTURES_DIR, corpus } from '../../../support/corpus.ts';
import { BODY, seg } from '../../../support/pdf-lines.ts';

/** Paragraphs that are a bare number (what eval:convert counts as a page-number leak). */
const bareNumbers = (md: string) => md.split(/\n\n/).filter((b) => /^[-–]? ?\d{1,3} ?[-–]?$/.test(b.trim()));

describe('a title page', () => {
  let markdown = '';
  before(async () => {
    const pdf = readFileSync(path.join(FIXTURES_DIR, 'convert', 'pdf', 'thesis-wierstorf2014-ch4.pdf'));
    markdown = (await convertPdf(new Uint8Array(pdf))).markdown;
  });

  it('sends every line but the title to the front-matter block under the title, none to the body', () => {
    const [title, front, ...rest] = markdown.split(/\n\n/);
    assert.equal(title, '# PERCEPTUAL ASSESSMENT OF SOUND FIELD SYNTHESIS');
    assert.match(front!, /^\*.*\*$/);
    const body = rest.join('\n\n');
    // A German thesis's degree, committee, date and place: no pattern of the front-matter rules names them.
    for (const line of [
      'vorgelegt von',
      'Doktor der Naturwissenschaften',
      'Promotionsausschuss:',
      'Gutachter:',
      'Tag der wissenschaftlichen Aussprache: 23. September 2014',
      'Berlin 2014',
      'D 83',
    ]) {
      assert.ok(front!.includes(line), line);
      assert.ok(!body.includes(line), line);
    }
    assert.match(rest[0]!, /^## Zusammenfassung$/);
  });

  it('takes the back of the title page along when it holds a few short lines (an imprint), not a chapter start', () => {
    const title = [
      seg('A Thesis in Display Type', 150, { size: 24 }),
      seg('vorgelegt von Jane Doe', 250, { size: 14 }),
      seg('Berlin 2014', 500, { size: 14 }),
    ];
    const imprint = [
      seg('Copyright 2014 Jane Doe', 600, { page: 1 }),
      seg('Printed on acid-free paper', 615, { page: 1 }),
    ];
    const chapter = [
      seg('1 Introduction', 100, { page: 2, size: 18, bold: true }),
      seg(BODY, 140, { page: 2 }),
    ];
    const { markdown: md } = renderSegments([title, imprint, chapter], [792, 792, 792]);
    assert.equal(
      md.split('\n\n')[1],
      '*vorgelegt von Jane Doe · Berlin 2014 · Copyright 2014 Jane Doe · Printed on acid-free paper*',
    );
    // A chapter that starts on page 2 is no imprint: its heading and text stay in the body.
    const { markdown: md2 } = renderSegments([title, chapter.map((c) => ({ ...c, page: 1 }))], [792, 792]);
    assert.match(md2, /^## 1 Introduction$/m);
    assert.match(md2, /^This is body text/m);
  });

  it('leaves a first page with a line of body text to the other rules', () => {
    const page = [
      seg('A Title in Large Type', 100, { size: 20 }),
      seg('Promotionsausschuss: a word that no rule knows', 140, { size: 14 }),
      seg('Set in body type, this line of four words or more is body text.', 170),
    ];
    const next = [seg(BODY, 100, { page: 1 }), seg(BODY, 112, { page: 1 })];
    const { markdown: md } = renderSegments([page, next], [792, 792]);
    assert.doesNotMatch(md, /^\*.*Promotionsausschuss/m);
    assert.match(md, /Promotionsausschuss: a word that no rule knows/);
  });
});

describe('tick labels of a figure at the top of a page', () => {
  it('never stand as a paragraph of their own in the ATLAS+CMS paper, and stay in the text', async () => {
    const { markdown } = await convertPdf(new Uint8Array(readFileSync(corpus('pdf', '1503.07589v1.pdf'))));
    assert.deepEqual(bareNumbers(markdown), []);
    // Figure 1's y axis (7 … 0) opens the page after equation (4): its top label opens the legend's
    // first line (hd18: the legend's slanted `H→γγ` is kept now, a line of its own above it).
    assert.match(markdown, /^7 ATLAS and CMS$/m);
  });

  it('open the next paragraph of the page when a heading comes first', () => {
    const p1 = [seg(BODY, 100), seg('and the paragraph ends here.', 112)];
    const p2 = [
      seg('10', 80, { page: 1, x: 60, size: 8 }),
      seg('MnO', 100, { page: 1, size: 16 }),
      seg('0', 120, { page: 1, x: 60, size: 8 }),
      seg('–10', 150, { page: 1, x: 55, size: 8 }),
      seg('X Γ L T U', 160, { page: 1, size: 8 }),
      seg(BODY, 200, { page: 1 }),
    ];
    const { markdown } = renderSegments([p1, p2], [792, 792]);
    assert.deepEqual(bareNumbers(markdown), []);
    // `MnO` above tick values is the figure's panel label (pdf-figure-labels.ts), read with its ticks.
    assert.match(markdown, /^10 MnO 0 –10$/m);
    assert.doesNotMatch(markdown, /^#+ MnO/m);
  });
});

describe('a table of contents', () => {
  const toc = [
    seg('Contents', 100, { size: 14 }),
    seg('1 Introduction', 130),
    seg('2', 130, { x: 520 }),
    seg('2 The Buchert scheme', 150),
    seg('4', 150, { x: 520 }),
    seg('3 The Lemaître–Tolman model', 170),
    seg('5', 170, { x: 520 }),
    seg('4 Conclusions', 190),
    seg('9', 190, { x: 520 }),
    seg('Acknowledgments', 210, { x: 90 }),
    seg('11', 210, { x: 515 }),
    seg('Appendix. Model specification', 230, { x: 90 }),
    seg('11', 230, { x: 515 }),
    seg('References', 250, { x: 90 }),
    seg('14', 250, { x: 515 }),
    seg('Table 1 shows the runs', 400),
    seg('12', 400, { x: 515 }),
  ];

  it('takes the unnumbered lines in its page-number column and spacing as entries, their numbers out', () => {
    const c = contentsEntries([toc]);
    assert.deepEqual(
      [...c.entries.values()].sort(),
      [
        '1 Introduction',
        '2 The Buchert scheme',
        '3 The Lemaître–Tolman model',
        '4 Conclusions',
        'Acknowledgments',
        'Appendix. Model specification',
        'References',
      ].sort(),
    );
    assert.deepEqual([...c.pageNumbers].map((s) => s.text).sort(), ['11', '11', '14', '2', '4', '5', '9']);
    // A line far below the list keeps its number: it is no entry.
    assert.ok(![...c.entries.values()].includes('Table 1 shows the runs'));
  });

  it('renders them as list items, not as headings followed by a bare page number', () => {
    const { markdown } = renderSegments([toc], [792]);
    assert.match(markdown, /^- Acknowledgments$/m);
    assert.match(markdown, /^- References$/m);
    assert.doesNotMatch(markdown, /^#+ (?:Acknowledgments|References)$/m);
    assert.deepEqual(bareNumbers(markdown), []);
  });
});

describe("publishers' and classes' first-page lines", () => {
  it('are front matter: REVTeX and AASTeX typesetting notes, IEEE footnotes, OCIS codes, the AMS dates, author notes', () => {
    for (const t of [
      'Typeset by REVTEX',
      'Typeset using LATEX twocolumn style in AASTeX631',
      'Digital Object Identifier 10.1109/TSE.2020.1234567',
      'Color versions of one or more of the figures in this paper are available online',
      'http://dx.doi.org/10.1364/OE.99.012345',
      'OCIS codes: (060.2310) Fiber optics; (230.7370) Waveguides.',
      'Received by the editors May 5, 2020.',
      '∗These authors contributed equally to this work.',
    ])
      assert.ok(isFrontMeta(t), t);
  });

  it('are told from body lines that start with the same words', () => {
    for (const t of [
      'These authors found that the effect vanishes at low temperature',
      'Color and shape of the particles were recorded for every run',
      'Received signal strength is used to locate the nodes',
    ])
      assert.ok(!isFrontMeta(t), t);
  });
});
