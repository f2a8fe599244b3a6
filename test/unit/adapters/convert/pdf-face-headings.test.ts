/**
 * Unnumbered headings in a face of their own at the body size (issue #30): elsarticle sets
 * `\subsection*` in italic, not bold. A face that sets two or more short lines apart, each followed
 * by body text, and less prose, is a heading face; an italic used for theorem statements (whole
 * lines of prose) or for one lone line is not. From the vendored elsarticle tuning paper and from
 * constructed lines.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import type { Segment } from '../../../../adapters/convert/pdf-layout.ts';
import { renderSegments } from '../../../../adapters/convert/pdf-markdown.ts';
import { convertPdf } from '../../../../adapters/convert/pdf.ts';
import { FIXTURES_DIR } from '../../../support/corpus.ts';
import { BODY, seg } from '../../../support/pdf-lines.ts';

const PROSE = 'an italic statement that runs over the whole line as a theorem does in many papers here';

/** Page 1 (a heading and text: front matter ends there), then the given italic lines on page 2, each above a paragraph. */
function pages(italic: string[], theorem = false): Segment[][] {
  const first = [seg('1 Introduction', 90, { font: 'rm', size: 12 })];
  for (let i = 0; i < 30; i++) first.push(seg(`${BODY} intro ${i}`, 110 + 12 * i, { font: 'rm' }));
  const segs: Segment[] = [];
  let y = 100;
  for (const line of italic) {
    segs.push(seg(line, y, { font: 'it' }));
    y += 14;
    for (let i = 0; i < 3; i++, y += 12) segs.push(seg(`${BODY} ${line} ${i}`, y, { font: 'rm' }));
    if (theorem) for (let i = 0; i < 3; i++, y += 12) segs.push(seg(`${PROSE} ${i}`, y, { font: 'it' }));
    y += 20;
  }
  for (let i = 0; i < 20; i++, y += 12) segs.push(seg(`${BODY} tail ${i}`, y, { font: 'rm' }));
  return [first, segs.map((x) => ({ ...x, page: 1 }))];
}

const headings = (md: string) => md.split('\n').filter((l) => l.startsWith('#'));

describe('unnumbered headings in a face of their own', () => {
  it('finds elsarticle’s italic subsection heads of the Methods section', async () => {
    const pdf = readFileSync(path.join(FIXTURES_DIR, 'convert', 'pdf', 'elsarticle-broad-ranges.pdf'));
    const md = (await convertPdf(new Uint8Array(pdf))).markdown;
    const heads = headings(md);
    const methods = heads.indexOf('## Methods');
    assert.ok(methods > 0);
    assert.deepEqual(heads.slice(methods + 1, methods + 4), [
      '### Least-Cost Investment Planning',
      '### Finding Near-Optimal Alternatives',
      '### Open Electricity Sector Model PyPSA-Eur',
    ]);
  });

  it('takes short italic lines set apart above body text as headings', () => {
    const { markdown } = renderSegments(
      pages(['Technology Cost Uncertainty', 'Finding the Alternatives']),
      [792, 792],
    );
    assert.deepEqual(headings(markdown).slice(-2), [
      '### Technology Cost Uncertainty',
      '### Finding the Alternatives',
    ]);
  });

  it('leaves a lone italic line, and an italic that also sets prose, in the text', () => {
    const lone = renderSegments(pages(['Technology Cost Uncertainty']), [792, 792]).markdown;
    assert.ok(!headings(lone).includes('### Technology Cost Uncertainty'));
    const theorem = renderSegments(
      pages(['Technology Cost Uncertainty', 'Finding the Alternatives'], true),
      [792, 792],
    );
    assert.ok(!headings(theorem.markdown).some((h) => /Technology|Finding/.test(h)));
  });
});
