/**
 * Labels in large type inside figures (`ZnO`, `NiO` over cond-mat_0611002's band structures) are no
 * headings when what follows is more of the figure (tick values, small axis letters or legend
 * entries); a large line followed by text stays a heading. Constructed lines.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Segment } from '../../../../adapters/convert/pdf-layout.ts';
import { renderSegments } from '../../../../adapters/convert/pdf-markdown.ts';
import { BODY, seg } from '../../../support/pdf-lines.ts';

/** Page 1 with a heading and text; page 2 with text, then `label` in 14 pt and `below` under it, then text. */
function pages(label: string, below: Segment): Segment[][] {
  const first = [seg('1 Introduction', 90, { size: 12 })];
  for (let i = 0; i < 30; i++) first.push(seg(`${BODY} one ${i}`, 110 + 12 * i));
  const second: Segment[] = [];
  for (let i = 0; i < 10; i++) second.push(seg(`${BODY} two ${i}`, 100 + 12 * i, { page: 1 }));
  second.push(seg(label, 260, { page: 1, size: 14 }), { ...below, page: 1 });
  for (let i = 0; i < 10; i++) second.push(seg(`${BODY} three ${i}`, 340 + 12 * i, { page: 1 }));
  return [first, second];
}

const headings = (p: Segment[][]) =>
  renderSegments(p, [792, 792])
    .markdown.split('\n')
    .filter((l) => l.startsWith('#'));

describe('labels in large type inside figures', () => {
  it('are no headings above tick values, small axis letters or a small legend entry', () => {
    for (const below of [
      seg('–10', 280),
      seg('H L Γ Γ K M Γ A', 280, { size: 8 }),
      seg('expt.', 280, { size: 8 }),
    ])
      assert.deepEqual(headings(pages('ZnO', below)), ['## 1 Introduction']);
  });

  it('leave a large line followed by text (or by a list of names in body type) a heading', () => {
    assert.ok(
      headings(pages('Results and Outlook', seg(`${BODY} below`, 280))).includes('## Results and Outlook'),
    );
    assert.ok(
      headings(pages('The ATLAS Collaboration', seg('17, B. Abbott', 280))).includes(
        '## The ATLAS Collaboration',
      ),
    );
  });
});
