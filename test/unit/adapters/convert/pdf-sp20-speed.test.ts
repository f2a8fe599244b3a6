/**
 * Session 19, sp20: speed only, output unchanged. The cheap tests and counting loops that replaced
 * costlier code must give what that code gave: checked against the code they replaced (regular
 * expressions and splits), on constructed lines for the layout shortcuts, and on real fixture PDFs.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { convertPdf } from '../../../../adapters/convert/pdf.ts';
import { readingOrder } from '../../../../adapters/convert/pdf-layout.ts';
import { morePiecesThan, normalizeText } from '../../../../adapters/convert/text.ts';
import { FIXTURES_DIR } from '../../../support/corpus.ts';
import { fixtureMarkdown, markdownHeadings } from '../../../support/pdf-fixture-markdown.ts';
import { seg } from '../../../support/pdf-lines.ts';

describe('sp20 on real papers', () => {
  it('reports the same characters per page and share of letters for a text layer it refuses', async () => {
    // LaTeXML test pages of display math with under 100 characters a page: the counts are printed in
    // the message, to the percent.
    for (const [file, counts] of [
      ['ams_genfracs.pdf', '83 characters per page, 51% letters'],
      ['ams_matrix.pdf', '44 characters per page, 48% letters'],
    ] as const) {
      const pdf = readFileSync(path.join(FIXTURES_DIR, 'latexml', file));
      const e = await convertPdf(new Uint8Array(pdf)).catch((err: unknown) => err);
      assert.ok(e instanceof Error && e.message.includes(`(${counts})`), `${file}: ${String(e)}`);
    }
  });

  it("reads a thesis's single-column pages and contents top to bottom", async () => {
    const md = await fixtureMarkdown('thesis-crall2017-ch1-2.pdf');
    assert.deepEqual(markdownHeadings(md).slice(0, 9), [
      '# IDENTIFYING INDIVIDUAL ANIMALS USING RANKING, VERIFICATION, AND CONNECTIVITY',
      '## CONTENTS',
      '## LIST OF TABLES',
      '## LIST OF FIGURES',
      '## ACKNOWLEDGMENT',
      '## ABSTRACT',
      '## 1. INTRODUCTION',
      '### 1.1 IMAGE-BASED IDENTIFICATION APPLIED TO POPULATION ECOLOGY',
      '### 1.2 CHALLENGES OF ANIMAL IDENTIFICATION',
    ]);
    // Contents entries stay a list, never headings.
    assert.ok(md.includes('- LIST OF TABLES'));
  });
});

describe('readingOrder under a full-width block', () => {
  const prose = (n: number) => `Line ${n} of a column of prose that fills its measure`;
  it('reads a long full-width block, then the left column, then the right', () => {
    // More full-width lines than column lines: no bridges over a gutter, the block is cut off above (columnsBelow).
    const above = Array.from({ length: 12 }, (_, i) =>
      seg(`Abstract line ${i} across the whole width of the page, as wide as both columns`, 100 + 12 * i, {
        x1: 540,
      }),
    );
    const left = Array.from({ length: 5 }, (_, i) => seg(prose(i), 260 + 12 * i, { x1: 290 }));
    const right = Array.from({ length: 5 }, (_, i) => seg(prose(10 + i), 260 + 12 * i, { x: 320, x1: 540 }));
    const order = readingOrder([...right, ...left, ...above]).map((s) => s.text);
    assert.deepEqual(
      order,
      [...above, ...left, ...right].map((s) => s.text),
    );
  });

  it('keeps a single column top to bottom (every cut has a line across the middle under it)', () => {
    const lines = Array.from({ length: 40 }, (_, i) =>
      seg(`${prose(i)} and on to the right margin`, 80 + 12 * i),
    );
    const order = readingOrder([...lines].reverse()).map((s) => s.text);
    assert.deepEqual(
      order,
      lines.map((s) => s.text),
    );
  });
});

describe('counting without building arrays', () => {
  const texts = [
    '',
    ' ',
    'a',
    ' a',
    'a ',
    'a  b',
    'a\u00a0b c',
    'x\u2003 y\tz\nw',
    '  a b c  ',
    'one two three',
  ];
  it('morePiecesThan is split(/\\s+/).length > max', () => {
    for (const t of texts)
      for (let max = 0; max < 6; max++)
        assert.equal(morePiecesThan(t, max), t.split(/\s+/).length > max, JSON.stringify([t, max]));
  });

  it('normalizeText returns plain ASCII as it is and still cleans the rest', () => {
    assert.equal(normalizeText('3.2 Results (n = 12) {a|b} ~x_1^2'), '3.2 Results (n = 12) {a|b} ~x_1^2');
    assert.equal(normalizeText('a\u0001b'), 'ab');
    assert.equal(normalizeText('ﬁeld Teˇsanovi´c'), 'field Tešanović');
  });
});
