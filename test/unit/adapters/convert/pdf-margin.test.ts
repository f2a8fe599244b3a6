/**
 * Margin notes (issue #30): text set in a narrow column of its own beside the main text block, in
 * a smaller type, page after page (tufte-book's sidenotes and margin citations), goes with the
 * footnotes instead of breaking the body; a margin caption is one caption block after its paragraph. From the vendored
 * tufte-book thesis chapter and from constructed lines.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { before, describe, it } from 'node:test';
import { renderSegments } from '../../../../adapters/convert/pdf-markdown.ts';
import { marginNotes } from '../../../../adapters/convert/pdf-margin.ts';
import { convertPdf } from '../../../../adapters/convert/pdf.ts';
import { FIXTURES_DIR } from '../../../support/corpus.ts';
import { BODY, seg } from '../../../support/pdf-lines.ts';

describe('margin notes in a tufte-book thesis chapter', () => {
  let blocks: string[] = [];
  before(async () => {
    const pdf = readFileSync(path.join(FIXTURES_DIR, 'convert', 'pdf', 'thesis-wierstorf2014-ch4.pdf'));
    blocks = (await convertPdf(new Uint8Array(pdf))).markdown.split('\n\n');
  });

  it('writes each sidenote as one footnote block, its lines joined', () => {
    assert.ok(
      blocks.includes(
        '> 1 H. Mø ller. “Fundamentals of Binaural Technology”. Applied Acoustics 36 (1992), pp. 171–218.',
      ),
    );
    // Justified margin lines come in pieces (`… Technology”. In:` at the column's right edge): one note still.
    assert.ok(
      blocks.some((b) =>
        /^> 3 U\. Horbach et al\. .*In: 106th Audio Engineering Society Convention\. 1999, Paper 4976\.$/.test(
          b,
        ),
      ),
    );
  });

  it('leaves no margin line in the body, not even a piece of one', () => {
    const body = blocks.filter((b) => !b.startsWith('> '));
    // Remarks set as sidenotes (the cited works are in the bibliography at the end as well).
    for (const piece of ['To simplify the syntax', 'The author would like to recommend', 'In: Sec-']) {
      assert.ok(!body.some((b) => b.includes(piece)), piece);
    }
    assert.ok(!body.includes('8880\\.') && !body.includes('In:'));
  });

  it('writes a caption set in the margin as one caption block, after the paragraph it sits beside', () => {
    const i = blocks.findIndex((b) =>
      b.startsWith(
        'Figure 4.1: Functional principle of dynamic binaural synthesis. The listener is wearing headphones and a head tracker. The audio material is convolved',
      ),
    );
    assert.ok(i > 0);
    // The paragraph beside it (its first line `degree.4 The approximation…` ends a sentence begun on the page before).
    assert.match(blocks[i - 1]!, /^degree\.4 The approximation by non-individual transfer functions/);
    assert.ok(
      blocks.includes(
        'Figure 4.5: HRTF measurement of a loudspeaker array in the anechoic chamber of the TU Berlin. Z',
      ),
    );
  });
});

/** One page of body text with, beside it, margin lines at x 530 in 8 pt. */
function page(p: number, margin: string[]) {
  return [
    ...(p === 0 ? [seg('A Study of Margins', 60, { size: 20 })] : []),
    ...Array.from({ length: 12 }, (_, i) => seg(BODY, 100 + 12 * i, { page: p })),
    seg('and here the paragraph goes on to the next page without', 244, { page: p }),
    ...margin.map((t, i) => seg(t, 110 + 10 * i, { page: p, x: 530, x1: 650, size: 8 })),
  ];
}

describe('a margin column', () => {
  it('is told by its narrow column outside the text block, on three pages or more', () => {
    const pages = [
      page(0, ['1 A. Author. A cited paper']),
      page(1, ['2 B. Author. Another paper', 'that runs over two lines.']),
      page(2, ['3 A note of the author.']),
    ];
    const notes = marginNotes(pages, 10);
    assert.deepEqual(
      notes.flatMap((m) => [...m.values()].map((v) => v?.text ?? null)),
      [
        '1 A. Author. A cited paper',
        '2 B. Author. Another paper that runs over two lines.',
        null,
        '3 A note of the author.',
      ],
    );
    const { markdown } = renderSegments(pages, [792, 792, 792]);
    assert.match(markdown, /^> 2 B\. Author\. Another paper that runs over two lines\.$/m);
    assert.doesNotMatch(markdown, /^(?!> ).*Author\. A cited paper/m);
    // The paragraph runs on over the page break, with no note spliced into it.
    assert.match(markdown, /goes on to the next page without This is body text/);
  });

  it('is found on both sides of a two-sided layout, a note set flush right in the left margin too', () => {
    // Even pages: text at x 72–502, notes at x 530. Odd pages: text at x 180–610, notes ending at x 150.
    const pages = Array.from({ length: 6 }, (_, p) =>
      p % 2 === 0
        ? page(p, [`${p + 1} A note on an even page`])
        : [
            ...Array.from({ length: 13 }, (_, i) => seg(BODY, 100 + 12 * i, { page: p, x: 180 })),
            seg(`${p + 1} A short note`, 110, { page: p, x: 150 - 8 * (p + 6), x1: 150, size: 8 }),
          ],
    );
    assert.deepEqual(
      marginNotes(pages, 10).map((m) => [...m.values()].map((v) => v?.text)),
      [
        ['1 A note on an even page'],
        ['2 A short note'],
        ['3 A note on an even page'],
        ['4 A short note'],
        ['5 A note on an even page'],
        ['6 A short note'],
      ],
    );
  });

  it('is not made by small lines beside the text on two pages only (a side figure)', () => {
    const pages = [page(0, ['1 A label of a figure']), page(1, ['2 Another label']), page(2, [])];
    assert.deepEqual(
      marginNotes(pages, 10).map((m) => m.size),
      [0, 0, 0],
    );
  });

  it('is not made by a second column of a two-column page, even in small type', () => {
    const twoColumn = (p: number) => [
      ...Array.from({ length: 12 }, (_, i) =>
        seg(BODY.slice(0, 48), 100 + 12 * i, { page: p, x: 54, x1: 290 }),
      ),
      ...Array.from({ length: 12 }, (_, i) =>
        seg(BODY.slice(0, 48), 100 + 12 * i, { page: p, x: 310, x1: 546 }),
      ),
      seg('1 A footnote in small type in the right column', 700, { page: p, x: 310, x1: 546, size: 8 }),
    ];
    assert.deepEqual(
      marginNotes([twoColumn(0), twoColumn(1), twoColumn(2)], 10).map((m) => m.size),
      [0, 0, 0],
    );
  });
});
