/**
 * Font-weight headings, repetition-based page furniture and lone numbers in the PDF layout analysis,
 * on constructed segments and runs (as pdf.ts hands them over): bold faces by name, a bold heading at
 * body size, a bold run-in numbered heading, a long wrapped bold heading, running lines outside the
 * old fixed band, page numbers in the bottom row, equation pieces and axis labels.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  buildSegments,
  dropPageFurniture,
  type Segment,
  type TextRun,
} from '../../../../adapters/convert/pdf-layout.ts';
import { renderSegments } from '../../../../adapters/convert/pdf-markdown.ts';
import { BOLD_FONT, fontPagesToName, markBold } from '../../../../adapters/convert/pdf.ts';

/** One line of text at baseline `y`, 10 pt unless told, 5 pt per character. */
function seg(text: string, y: number, opts: Partial<Segment> & { x?: number } = {}): Segment {
  const size = opts.size ?? 10;
  const x0 = opts.x ?? 72;
  const { x: _x, ...rest } = opts;
  return {
    page: 0,
    text,
    x0,
    x1: x0 + text.length * 5,
    top: y - 0.8 * size,
    bottom: y + 0.2 * size,
    baseline: y,
    size,
    ...rest,
  };
}

const BODY = 'This is body text that runs across the whole line of the page and ends without a stop';
const WORDS = [
  'one',
  'two',
  'three',
  'four',
  'five',
  'six',
  'seven',
  'eight',
  'nine',
  'ten',
  'eleven',
  'twelve',
  'thirteen',
];
const BODY2 = 'and a second line of the same paragraph that goes on to the right margin of the column';

describe('bold faces', () => {
  it('are told by the font name', () => {
    for (const name of [
      'CMBX10',
      'CMBX9',
      'NimbusRomNo9L-Medi',
      'LinBiolinumTB',
      'LinLibertineTB',
      'Times-Bold',
      'Arial-BoldMT',
      'TimesNewRomanPS-BoldMT',
      'SFBX1000',
      'Helvetica-Black',
    ]) {
      assert.match(name, BOLD_FONT, name);
    }
    for (const name of [
      'CMR10',
      'CMTI10',
      'NimbusRomNo9L-Regu',
      'NimbusRomNo9L-ReguItal',
      'LinLibertineT',
      'LinLibertineTI',
      'Times-Roman',
      'CMMI10',
      'ArialMT',
      'Inconsolatazi4-Regular',
    ]) {
      assert.doesNotMatch(name, BOLD_FONT, name);
    }
  });

  it('mark a line set in them throughout, and count the bold letters a run-in heading starts with', () => {
    const runs: TextRun[] = [
      { text: 'Fine Tuning', x: 72, y: 100, width: 55, size: 10, font: 'f2' },
      { text: '2.8.', x: 72, y: 130, width: 15, size: 10, font: 'f1' },
      { text: 'k', x: 92, y: 130, width: 5, size: 10, font: 'f3' },
      { text: '-shell decomposition.', x: 97, y: 130, width: 105, size: 10, font: 'f2' },
      { text: 'M. Kitsak et al. presented this measure', x: 206, y: 130, width: 200, size: 10, font: 'f1' },
      { text: 'Plain body text in the regular face', x: 72, y: 160, width: 175, size: 10, font: 'f1' },
    ];
    const pages = [buildSegments(runs, 0)];
    markBold(
      pages,
      new Map([
        ['f1', 'CMR10'],
        ['f2', 'CMBX10'],
        ['f3', 'CMMI10'],
      ]),
    );
    const [heading, runIn, body] = pages[0]!;
    assert.equal(heading!.bold, true);
    assert.equal(runIn!.bold, undefined);
    // `2.8.` (body face, a section number), `k` (a variable inside the title), `-shell decomposition.`:
    // letters and digits only.
    assert.equal(runIn!.boldLead, 2 + 1 + 18);
    assert.equal(body!.bold, undefined);
    assert.equal(body!.boldLead, undefined);
  });
});

describe('bold headings', () => {
  it('takes a bold line at body size, set apart and followed by text, for a heading', () => {
    const page = [
      seg('1 Introduction', 100, { size: 12 }),
      seg(BODY, 120),
      seg(BODY2, 132),
      seg('Adapter Tuning (AT)', 155, { bold: true }),
      seg(BODY, 170),
      seg(BODY2, 182),
    ];
    const { markdown } = renderSegments([page], [792]);
    assert.match(markdown, /^### Adapter Tuning \(AT\)$/m);
  });

  it('does not take bold table cells, or a bold line with text beside it, for headings', () => {
    const page = [
      seg('A Title Set Large', 60, { size: 16 }),
      seg('1 Introduction', 100, { size: 12 }),
      seg(BODY, 120),
      seg(BODY2, 132),
      seg('Method', 160, { bold: true }),
      seg('BLEU', 160, { bold: true, x: 110 }),
      seg('Ours', 172, { x: 72 }),
      seg('31.2', 172, { x: 110 }),
      seg('Example-Augmented', 200, { bold: true }),
      seg('Prompts: we add examples to the prompt', 200, { x: 72 + 17 * 5 + 8 }),
      seg(BODY, 212),
    ];
    const { markdown } = renderSegments([page], [792]);
    assert.doesNotMatch(markdown, /^#+ (Method|BLEU|Example-Augmented)/m);
  });

  it('splits a bold run-in numbered heading from its paragraph, whatever case its title starts with', () => {
    const page = [
      seg('2. Structural measures', 100, { size: 12 }),
      seg(BODY, 120),
      seg('2.1. k-shell decomposition. M. Kitsak et al. presented this measure which deals with', 150, {
        boldLead: 2 + 19,
      }),
      seg(BODY2, 162),
    ];
    const { markdown } = renderSegments([page], [792]);
    assert.match(markdown, /^### 2\.1\. k-shell decomposition$/m);
    assert.match(markdown, /^M\. Kitsak et al\. presented this measure/m);
  });

  it('joins a long bold numbered heading wrapped over two lines, ending in a question mark', () => {
    const page = [
      seg('7 Results', 100, { size: 12 }),
      seg(BODY, 120),
      seg('7.1 How does the tool affect self-reported reading difficulty, understanding, and', 150, {
        bold: true,
      }),
      seg('ability to identify relevant information?', 162, { bold: true, x: 90 }),
      seg(BODY, 180),
    ];
    const { markdown } = renderSegments([page], [792]);
    assert.match(
      markdown,
      /^### 7\.1 How does the tool affect self-reported reading difficulty, understanding, and ability to identify relevant information\?$/m,
    );
  });
});

describe('page furniture by repetition', () => {
  /** A page with a running head at `headY`, ten body lines and a page number in the bottom row at `numY`. */
  const page = (p: number, headY: number, numY: number): Segment[] => [
    seg(p % 2 ? 'A. AUTHOR AND B. AUTHOR' : 'A SHORT TITLE OF THE PAPER', headY, { page: p }),
    ...Array.from({ length: 10 }, (_, i) =>
      seg(`This is body text, line ${WORDS[(p * 10 + i) % WORDS.length]} of page ${WORDS[p]}`, 120 + 14 * i, {
        page: p,
      }),
    ),
    seg(i18n(p), numY, { page: p, x: 300 }),
  ];
  const i18n = (p: number) => String(p + 1);

  it('drops running heads repeated at the same height outside the old 9 % band, and page numbers in the bottom row', () => {
    // 10 % from the top and 88 % down an A4 page: both outside the fixed bands the old rule used.
    const pages = Array.from({ length: 6 }, (_, p) => page(p, 84, 740));
    const out = dropPageFurniture(
      pages,
      pages.map(() => 842),
    );
    for (const segs of out) {
      assert.equal(segs.length, 10);
      assert.ok(
        segs.every((s) => s.text.startsWith('This is body text')),
        segs.map((s) => s.text).join('\n'),
      );
    }
  });

  it('keeps a line that repeats at different heights, and a number that is not in the outer rows', () => {
    const pages = Array.from({ length: 6 }, (_, p) => [
      ...Array.from({ length: 4 }, (_, i) => seg(`${BODY} ${p}.${i}`, 120 + 14 * i, { page: p })),
      seg('Proof.', 200 + 40 * p, { page: p }),
      seg('42', 300, { page: p, x: 300 }),
      ...Array.from({ length: 4 }, (_, i) => seg(`${BODY} ${p}.${i + 4}`, 400 + 14 * i, { page: p })),
    ]);
    const out = dropPageFurniture(
      pages,
      pages.map(() => 792),
    );
    for (const segs of out) {
      assert.ok(segs.some((s) => s.text === 'Proof.'));
      assert.ok(segs.some((s) => s.text === '42'));
    }
  });
});

describe('lone numbers', () => {
  it('keeps an equation piece or axis label with the text instead of a paragraph of its own, and a minus sign is no bullet', () => {
    const page = [
      seg('1 Introduction', 100, { size: 12 }),
      seg(BODY, 120),
      seg('2', 135, { x: 200, size: 7 }),
      seg('–5', 160, { x: 90, size: 7 }),
      seg('– 4', 170, { x: 90, size: 7 }),
    ];
    const { markdown } = renderSegments([page], [792]);
    const blocks = markdown.trim().split(/\n\n/);
    assert.ok(!blocks.some((b) => /^[-–]?\s?\d+$/.test(b)), markdown);
    assert.ok(!blocks.some((b) => /^- /.test(b)), markdown);
  });
});

describe('segments', () => {
  it('keep an appendix letter set a quad away from its title on one line', () => {
    const runs: TextRun[] = [
      { text: 'A', x: 73, y: 98, width: 7, size: 9 },
      { text: 'INTERVIEWS WITH HEALTHCARE CONSUMERS', x: 89, y: 98, width: 200, size: 9 },
    ];
    assert.deepEqual(
      buildSegments(runs, 0).map((s) => s.text),
      ['A INTERVIEWS WITH HEALTHCARE CONSUMERS'],
    );
  });
});

describe('fontPagesToName', () => {
  // A line of one font run: text, font id, letters, size.
  const line = (
    page: number,
    top: number,
    text: string,
    runs: Array<[string, number]>,
    size = 10,
  ): Segment => ({
    page,
    text,
    x0: 50,
    x1: 50 + 5 * text.length,
    top,
    bottom: top + size,
    baseline: top + 0.8 * size,
    size,
    fonts: runs.map(([font, chars]) => ({ font, chars })),
  });
  const body = (page: number, top: number) =>
    line(page, top, 'Body text of the paper goes on here and on.', [['body', 34]]);

  it('names heading faces from the fewest pages, and skips faces that only start body lines or sit in one figure', () => {
    const pages: Segment[][] = [
      [
        line(0, 50, 'A Title of a Paper', [['title', 14]], 16),
        body(0, 80),
        line(0, 100, 'Introduction', [['bold', 12]]),
        body(0, 120),
      ],
      [
        body(1, 50),
        line(1, 70, 'x is a variable and the text goes on', [
          ['math', 1],
          ['body', 26],
        ]),
        body(1, 90),
      ],
      [
        line(2, 50, 'Methods', [['bold', 7]]),
        body(2, 70),
        line(2, 90, 'Signal (a.u.)', [['figure', 9]]),
        body(2, 110),
      ],
      [line(3, 50, 'Results', [['bold', 7]]), body(3, 70), body(3, 90)],
    ];
    const { fonts, pages: chosen } = fontPagesToName(pages);
    // `math` only starts a line of body text; `figure` is on one page after the first.
    assert.deepEqual([...fonts].sort(), ['bold', 'title']);
    // Page 1 shows both heading faces: one operator list is enough.
    assert.deepEqual(chosen, [0]);
  });

  it('keeps the lead of a numbered run-in heading as a candidate', () => {
    const pages: Segment[][] = [
      [
        body(0, 50),
        line(0, 70, '2.1. Closeness. The farness of a node is the sum of its distances to all others.', [
          ['num', 2],
          ['bold', 9],
          ['body', 50],
        ]),
        body(0, 90),
      ],
      [
        body(1, 50),
        line(1, 70, '2.2. Betweenness. The share of shortest paths through a node, summed over pairs.', [
          ['num', 2],
          ['bold', 12],
          ['body', 50],
        ]),
      ],
      [body(2, 50)],
    ];
    assert.deepEqual([...fontPagesToName(pages).fonts].sort(), ['bold', 'num']);
  });
});
