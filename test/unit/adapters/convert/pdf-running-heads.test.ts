/**
 * Running heads that name the current section (issue #30): a line alone above the text block, set
 * apart by the head separation, at the same height page after page, is dropped even when its text
 * changes every two pages; first lines of the text itself and display chapter titles stay. From
 * constructed lines in a two-sided thesis's geometry (head at 50 pt, text from 90 pt, 12 pt pitch).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { dropPageFurniture, type Segment } from '../../../../adapters/convert/pdf-layout.ts';
import { runningHeadSlots } from '../../../../adapters/convert/pdf-running-heads.ts';
import { BODY, seg } from '../../../support/pdf-lines.ts';

const HEIGHT = 800;

/** Page furniture as layoutPdf drops it: repeated lines and page numbers, then running-head slots. */
function furniture(pages: Segment[][]): Segment[][] {
  const heights = pages.map(() => HEIGHT);
  const heads = runningHeadSlots(pages, heights);
  return dropPageFurniture(pages, heights).map((segs) => segs.filter((s) => !heads.has(s)));
}
/** Distinct words, so no two lines share a text (digits would be one running line to the repetition rule). */
const WORDS =
  'alpha beta gamma delta epsilon zeta eta theta iota kappa lambda mu nu xi omicron pi rho sigma tau upsilon'.split(
    ' ',
  );

function textPage(page: number, head: string | null, lines = 20): Segment[] {
  const segs: Segment[] = [];
  if (head) segs.push(seg(head, 50, { page, x: page % 2 ? 300 : 72 }));
  for (let i = 0; i < lines; i++)
    segs.push(seg(`${BODY} ${WORDS[i]!} ${WORDS[page]!}`, 90 + 12 * i, { page }));
  return segs;
}

const HEADS = ['1.2. SOLAR-LIKE OSCILLATORS', 'CHAPTER 1. INFERRING STELLAR PARAMETERS'];

describe('running heads that change with the section', () => {
  it('drops each head although no text repeats on three pages', () => {
    const pages = [0, 1, 2, 3, 4, 5, 6, 7].map((p) => textPage(p, `${HEADS[p % 2]!} ${p}`));
    pages[6] = textPage(6, 'REFERENCES');
    pages[7] = textPage(7, '1.3. MODELLING STARS');
    const kept = furniture(pages);
    for (const segs of kept) {
      assert.equal(segs.length, 20);
      assert.ok(segs.every((s) => s.text.startsWith(BODY)));
    }
  });

  it('drops a head above a figure page too short to measure a pitch', () => {
    const pages = [0, 1, 2, 3, 4].map((p) => textPage(p, `${HEADS[p % 2]!} ${p}`));
    pages.push([
      seg('1.4. THE BAYESIAN WAY', 50, { page: 5 }),
      seg('Figure 3: A caption.', 500, { page: 5 }),
    ]);
    const kept = furniture(pages);
    assert.deepEqual(
      kept[5]!.map((s) => s.text),
      ['Figure 3: A caption.'],
    );
  });

  it('keeps the first text line of pages without heads, and a display chapter title in the slot', () => {
    const pages = [0, 1, 2, 3, 4, 5].map((p) => textPage(p, null));
    assert.deepEqual(
      furniture(pages).map((segs) => segs.length),
      [20, 20, 20, 20, 20, 20],
    );
    const thesis = [0, 1, 2, 3, 4].map((p) => textPage(p, `${HEADS[p % 2]!} ${p}`));
    thesis.push([seg('Background', 50, { page: 5, size: 20 }), ...textPage(5, null).slice(0, 10)]);
    assert.ok(furniture(thesis)[5]!.some((s) => s.text === 'Background'));
  });
});
