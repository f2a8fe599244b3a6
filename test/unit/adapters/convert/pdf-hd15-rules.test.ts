/**
 * Heading rules of session 14, second round (issue #30), studied on the tenth batch: a theorem-like
 * label on a line of its own (JMLR's `Lemma 16`) is not a section, and a numbered run-in head in a
 * face of its own that fills its line (ACM's italic `6.2.2 Case: … article.`) is one.
 * Real fixture PDFs for the outcome, constructed lines for the edges of each rule.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { isTheoremLabel } from '../../../../adapters/convert/pdf-hd15-theorem-label.ts';
import type { Segment } from '../../../../adapters/convert/pdf-layout.ts';
import { faceRunIn } from '../../../../adapters/convert/pdf-outline.ts';
import { fixtureSectionHeadings } from '../../../support/pdf-fixture-markdown.ts';
import { seg } from '../../../support/pdf-lines.ts';

const headings = fixtureSectionHeadings;

/** A line whose number is in the body face `R`, its next `head` letters in `I`, the rest in `R`. */
function italicHeadLine(text: string, num: string, head: string): Segment {
  const letters = (t: string): number => t.replace(/[^\p{L}\p{N}]/gu, '').length;
  const rest = letters(text) - letters(num) - letters(head);
  return {
    ...seg(text, 100),
    fonts: [
      { font: 'R', chars: letters(num), number: true },
      { font: 'I', chars: letters(head) },
      ...(rest > 0 ? [{ font: 'R', chars: rest }] : []),
    ],
  };
}

describe('theorem-like labels on a line of their own', () => {
  it('keeps JMLR statement labels out of the outline, and the proofs named after them in it', async () => {
    const h = await headings('jmlr-operator-random-fourier-features.pdf');
    assert.ok(!h.some((t) => /^(?:Lemma|Proposition|Corollary|Definition) \d+$/.test(t)), h.join(' | '));
    assert.ok(h.includes('B.1.1 Proof of Lemma 16'), h.join(' | '));
  });

  it('tells a label from a section title', () => {
    for (const t of ['Lemma 16', 'Theorem 2.1 (Bochner).', 'Definition A.3', 'Corollary IV:'])
      assert.equal(isTheoremLabel(t), true, t);
    for (const t of ['Definitions and properties', 'Proof of Lemma 16', 'Examples', '3 Lemma 16 revisited'])
      assert.equal(isTheoremLabel(t), false, t);
  });
});

describe('a run-in head in its own face that fills its line', () => {
  it('finds ACM’s long italic subsection head whose text starts on the next line', async () => {
    const h = await headings('acm-acmsmall-bots-fighting.pdf');
    const i = h.indexOf('6.2.2 Case: Xqbot vs. DarknessBot on the Japan-United States relations article');
    assert.ok(i > 0 && h[i - 1] === '6.2.1 The double redirect problem', h.join(' | '));
  });

  it('needs the stop at the line’s end, and still reads a head with text after it', () => {
    const whole = italicHeadLine(
      '6.2.2 Case: a long title of the head.',
      '6.2.2',
      'Case: a long title of the head',
    );
    assert.equal(faceRunIn(whole, 'R')?.head, '6.2.2 Case: a long title of the head');
    assert.equal(faceRunIn(whole, 'R')?.rest, '');
    const open = italicHeadLine(
      '6.2.2 Case: a long title of the head',
      '6.2.2',
      'Case: a long title of the head',
    );
    assert.equal(faceRunIn(open, 'R'), null);
    const runIn = italicHeadLine('6.2.1 Short head. The text goes on', '6.2.1', 'Short head');
    assert.equal(faceRunIn(runIn, 'R')?.rest, 'The text goes on');
  });
});
