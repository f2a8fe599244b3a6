/**
 * Margin line numbers (issue #30): lineno-style numbers beside a review manuscript's lines are
 * dropped before lines are built, so they neither glue onto headings (`45 2.1 Data collection`)
 * nor stand as text; bare numbers that do not count lines (a table's index column, reference
 * labels of multi-line entries) stay. Constructed pdf.js runs in the geometry LaTeX's lineno gives
 * (numbers in 6 pt, right-aligned 10 pt left of the text block).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { dropLineNumbers as dropAll } from '../../../../adapters/convert/pdf-line-numbers.ts';
import { buildSegments, type TextRun } from '../../../../adapters/convert/pdf-layout.ts';

const PITCH = 13.5;
const run = (text: string, x: number, y: number, size = 10.9): TextRun => ({
  text,
  x,
  y,
  width: text.length * 0.5 * size,
  size,
});
/** A right-aligned number ending at x = 62 (lineno's default, left of the text at 72). */
const leftNumber = (n: number, y: number) => ({
  ...run(String(n), 62 - String(n).length * 3.2, y, 6),
  font: 'ln',
});
const PROSE = 'Lorem ipsum dolor sit amet, consectetuer adipiscing elit, ut purus elit';

/** `count` text lines from line `first` on, the heading at `headingAt` among them, numbered every `every`. */
function page(first: number, count: number, every: number, headingAt = -1): TextRun[] {
  const runs: TextRun[] = [];
  for (let i = 0; i < count; i++) {
    const y = 100 + i * PITCH;
    if (i === headingAt) runs.push(run('2.1', 72, y, 12), run('Data collection', 96, y, 12));
    else runs.push(run(PROSE, 72, y));
    if ((first + i) % every === 0) runs.push(leftNumber(first + i, y));
  }
  return runs;
}

/** One page alone. */
const dropLineNumbers = (runs: TextRun[]) => dropAll([runs])[0]!;
const texts = (runs: TextRun[]) => buildSegments(runs, 0).map((s) => s.text);

describe('margin line numbers', () => {
  it('drops a number on every line, so a heading line is the heading alone', () => {
    const kept = dropLineNumbers(page(41, 20, 1, 4));
    assert.ok(kept.every((r) => !/^\d+$/.test(r.text)));
    assert.ok(texts(kept).includes('2.1 Data collection'));
    // Without the rule the number joins the heading's line.
    assert.ok(texts(page(41, 20, 1, 4)).includes('45 2.1 Data collection'));
  });

  it('drops numbers on every fifth line (modulolinenumbers)', () => {
    const kept = dropLineNumbers(page(3, 40, 5));
    assert.equal(kept.filter((r) => /^\d+$/.test(r.text)).length, 0);
    assert.equal(kept.length, 40);
  });

  it('drops numbers set in the right margin, left-aligned', () => {
    const runs = page(1, 20, 1).map((r) => (/^\d+$/.test(r.text) ? { ...r, x: 480 } : r));
    assert.equal(dropLineNumbers(runs).length, 20);
  });

  it('counts a line with a superscript or a small bullet before it as one line (a title page)', () => {
    const runs = page(1, 12, 1);
    // Affiliation marks in 6 pt sit 3 pt above their line's baseline, a bullet in 5 pt 2 pt above.
    for (let i = 0; i < 12; i++) {
      const y = 100 + i * PITCH;
      runs.push(run('1', 120, y - 3, 6), run('•', 74, y - 2, 5));
    }
    assert.equal(dropLineNumbers(runs).filter((r) => /^\d+$/.test(r.text) && r.x < 70).length, 0);
  });

  it('keeps bare numbers that do not count the lines beside them (labels of two-line entries)', () => {
    const runs: TextRun[] = [];
    for (let i = 0; i < 12; i++) {
      const y = 100 + 2 * i * PITCH;
      runs.push(
        run(String(i + 1), 62 - String(i + 1).length * 5.5, y),
        run(PROSE, 72, y),
        run(PROSE, 72, y + PITCH),
      );
    }
    assert.equal(dropLineNumbers(runs), runs);
  });

  it('keeps a column of numbers that text crosses (a table column inside the text block)', () => {
    const runs = page(1, 20, 1).map((r) => (/^\d+$/.test(r.text) ? { ...r, x: 200 } : r));
    assert.equal(dropLineNumbers(runs).length, runs.length);
  });

  it('keeps numbers that do not increase down the page', () => {
    const runs = page(1, 10, 1);
    const numbers = runs.filter((r) => /^\d+$/.test(r.text));
    numbers[3]!.text = '2';
    assert.equal(dropLineNumbers(runs), runs);
  });

  it('drops a page’s few numbers (every fifth line, a page of figures) set in the column found on other pages', () => {
    const sparse = page(401, 12, 5);
    const [first, second] = dropAll([page(1, 30, 1), sparse]);
    assert.equal(first!.length, 30);
    assert.equal(second!.length, 12);
    // Numbers in another font at that edge are not the column's (a table's cells).
    const cells = sparse.map((r) => (/^\d+$/.test(r.text) ? { ...r, font: 'body' } : r));
    assert.equal(dropAll([page(1, 30, 1), cells])[1]!.length, 14);
    // Alone, the page shows too few numbers to tell.
    assert.equal(dropLineNumbers(sparse), sparse);
  });
});
