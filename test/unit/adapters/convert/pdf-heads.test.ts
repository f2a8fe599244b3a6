/**
 * Heading rules of session 11 (issue #30), each a typographic principle rather than a paper's quirk:
 * margin line numbers told apart from pdf.js's empty items, a section number a quad away from its
 * title on the same row, wrapped headings in a heading face, a heading over its first subheading,
 * numbered list items told from sections by the style of the known sections, a heading right after
 * the abstract, and a full-width front block over two columns. From vendored tuning papers
 * (elsarticle with `lineno`, PLOS, AASTeX) and from constructed lines.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Segment } from '../../../../adapters/convert/pdf-layout.ts';
import { buildSegments, dropPageFurniture, readingOrder } from '../../../../adapters/convert/pdf-layout.ts';
import { renderSegments } from '../../../../adapters/convert/pdf-markdown.ts';
import { listItemByStyle } from '../../../../adapters/convert/pdf-heading-siblings.ts';
import { subheadingBelow, wrapsInFace } from '../../../../adapters/convert/pdf-face-headings.ts';
import { parseSectionNumber } from '../../../../adapters/convert/pdf-numbering.ts';
import { joinNumberBeside } from '../../../../adapters/convert/pdf-outline.ts';
import { BODY, seg } from '../../../support/pdf-lines.ts';
import { fixtureMarkdown, markdownHeadings } from '../../../support/pdf-fixture-markdown.ts';

const markdown = fixtureMarkdown;
const headings = markdownHeadings;

describe('margin line numbers beside a column (elsarticle review with lineno)', () => {
  it('drops the right-margin numbers that pdf.js follows with empty items, and the ones touching the column', async () => {
    const md = await markdown('elsarticle-plume-tracking.pdf');
    // Before, `146`, `147`… stood between the words and `616` glued onto a heading.
    assert.match(md, /varying wind conditions using distinct behavioral modules\n/);
    assert.ok(!/\b14[5-9] /.test(md.slice(0, md.indexOf('## Discussion'))));
    assert.ok(headings(md).includes('### Agent training and evaluation'));
  });
});

describe('a section number a quad away from its title', () => {
  const num = seg('Appendix B.1', 100, { font: 'it' });
  const title = seg('Supplementary details on agent training', 100, { x: num.x1 + 10, font: 'it' });

  it('joins the number and the title on one row into one heading line', () => {
    const joined = joinNumberBeside(num, title);
    assert.equal(joined?.text, 'Appendix B.1 Supplementary details on agent training');
    assert.equal(joined?.x1, title.x1);
  });

  it('does not join a title too far off, on another row, or a number that is prose', () => {
    assert.equal(joinNumberBeside(num, { ...title, x0: num.x1 + 40, x1: num.x1 + 240 }), null);
    assert.equal(joinNumberBeside(num, seg(title.text, 114, { x: num.x1 + 10 })), null);
    assert.equal(joinNumberBeside(seg('3 apples', 100), title), null);
    assert.equal(joinNumberBeside(num, seg('the text', 100, { x: num.x1 + 10 })), null);
  });

  it('makes the appendix headings of the elsarticle paper headings', async () => {
    const heads = headings(await markdown('elsarticle-plume-tracking.pdf'));
    for (const h of [
      '## Appendix A EXTENDED DATA',
      '### Appendix B.1 Supplementary details on agent training and evaluation',
      '#### Appendix B.1.1 Plume pre-computation:',
      // Each at the top of its page: not taken for a running head; B.7 over a full-width caption.
      '### Appendix B.2 Behavior module metadata distributions',
      '### Appendix B.7 Additional figures for reduced (0.5x) radial diffusion-rate plumes',
    ])
      assert.ok(heads.includes(h), h);
  });
});

describe('headings in a heading face that wrap, or stand over their first subheading', () => {
  const faces = new Set(['it']);
  const ctx = { body: 10, bodyFace: 'rm', pitch: 12 };

  it('takes a second line in the same face right below as the heading’s continuation', () => {
    const a = seg('Agents track plumes with varying wind conditions using', 100, { font: 'it' });
    const b = seg('distinct behavioral modules', 112, { font: 'it' });
    assert.equal(wrapsInFace(a, b, faces), true);
    assert.equal(wrapsInFace(a, seg(b.text, 112, { font: 'rm' }), faces), false);
    assert.equal(wrapsInFace(a, seg(b.text, 130, { font: 'it' }), faces), false);
    // A centred heading's second line is centred under it; a line merely indented is not.
    const mid = (a.x0 + a.x1) / 2 - (b.text.length * 5) / 2;
    assert.equal(wrapsInFace(a, seg(b.text, 112, { font: 'it', x: mid }), faces), true);
    assert.equal(wrapsInFace(a, seg(b.text, 112, { font: 'it', x: a.x0 + 40 }), faces), false);
  });

  it('knows a heading over a subheading in a heading face', () => {
    const sub = seg('Plume simulation', 112, { font: 'it' });
    assert.equal(subheadingBelow(sub, seg(BODY, 124, { font: 'rm' }), faces, ctx), true);
    assert.equal(subheadingBelow(sub, seg('short', 124, { font: 'rm' }), faces, ctx), false);
  });

  it('writes the wrapped Results subsections and `Methods` of the elsarticle paper', async () => {
    const heads = headings(await markdown('elsarticle-plume-tracking.pdf'));
    assert.ok(
      heads.includes(
        '### Agents track plumes with varying wind conditions using distinct behavioral modules',
      ),
    );
    assert.ok(heads.includes('### Connectivity of trained RNNs reveal signatures of instability and memory'));
    const methods = heads.findIndex((h) => / Methods$/.test(h));
    assert.ok(methods > 0);
    assert.equal(heads[methods + 1], '### Plume simulation');
  });
});

describe('headings told by the ones already accepted', () => {
  const big = { size: 14.35, bold: true, face: 'bf', caps: false, closer: '' };

  it('a number closed otherwise than its large siblings, in body type, is a list item', () => {
    const item = seg('3. Be ruthless about eliminating duplication (2c). Write and re-use', 100);
    assert.equal(listItemByStyle(parseSectionNumber(item.text)!, item, [big], 10), true);
    const same = seg('3 Collaboration', 100);
    assert.equal(listItemByStyle(parseSectionNumber(same.text)!, same, [big], 10), false);
    // A body-size heading style says nothing about list items.
    assert.equal(listItemByStyle(parseSectionNumber(item.text)!, item, [{ ...big, size: 10 }], 10), false);
  });

  it('PLOS: the numbered sections and Author Summary, not the numbered recommendations', async () => {
    const heads = headings(await markdown('plos-good-enough-practices.pdf'));
    assert.equal(heads[2], '## Author Summary');
    for (const h of ['## 3 Collaboration', '## 4 Project Organization', '## 6 Manuscripts'])
      assert.ok(heads.includes(h), h);
    assert.ok(!heads.some((h) => /^#+ \d\. /.test(h)), heads.join('\n'));
  });
});

describe('a full-width front block over two columns', () => {
  /** A long full-width abstract (too many lines to be a few bridges), then two columns of prose, rows aligned. */
  function page(): Segment[] {
    const segs: Segment[] = [];
    for (let i = 0; i < 24; i++) segs.push(seg(`${BODY} abstract ${i}`, 100 + 12 * i, { x: 72, x1: 540 }));
    for (let i = 0; i < 14; i++) {
      segs.push(seg(`left column line of prose number ${i} goes on`, 420 + 12 * i, { x: 60, x1: 290 }));
      segs.push(seg(`right column line of prose number ${i} goes on`, 420 + 12 * i, { x: 320, x1: 550 }));
    }
    return segs;
  }

  it('reads the block, then the left column, then the right one', () => {
    const order = readingOrder(page()).map((s) => s.text);
    assert.match(order[23]!, /abstract 23$/);
    assert.match(order[24]!, /^left column line of prose number 0 /);
    assert.match(order[37]!, /^left column line of prose number 13 /);
    assert.match(order[38]!, /^right column line of prose number 0 /);
  });

  it('leaves a table of short cells under a single column row by row', () => {
    const segs: Segment[] = [];
    for (let i = 0; i < 12; i++) segs.push(seg(`${BODY} text ${i}`, 100 + 12 * i, { x: 72, x1: 540 }));
    for (let i = 0; i < 8; i++) {
      segs.push(seg(`cell ${i}`, 280 + 12 * i, { x: 72, x1: 120 }));
      segs.push(seg(`${i * 3}`, 280 + 12 * i, { x: 400, x1: 420 }));
    }
    const order = readingOrder(segs).map((s) => s.text);
    assert.deepEqual(order.slice(12, 16), ['cell 0', '0', 'cell 1', '3']);
  });

  it('AASTeX: `1. INTRODUCTION` under the keywords opens the left column', async () => {
    const heads = headings(await markdown('aastex-obliquity.pdf'));
    assert.equal(heads[2], '## 1. INTRODUCTION');
  });
});

describe('a bold heading over a list in smaller type', () => {
  it('OSA: `FULL REFERENCES` over its footnote-size entries `1. D. M. Pelt…`', async () => {
    const heads = headings(await markdown('osajnl-barycenter-essay.pdf'));
    assert.equal(heads[heads.length - 1], '## FULL REFERENCES');
  });
});

describe('a spacing accent drawn over a letter of an earlier run', () => {
  it('goes on that letter, not after the word (IEEE in German: `FÜR`, `Überlagerungen`)', async () => {
    const md = await markdown('ieee-journal-wfs-chapter-de.pdf');
    assert.ok(
      headings(md).includes('## III. MODELLBASIERTER ANSATZ FÜR DIE WFS EINER VIRTUELLEN PUNKTQUELLE'),
    );
    assert.doesNotMatch(md, /DIE¨|\bUberlagerung/);
  });
});

describe('a section number at the top of page after page', () => {
  /** Eight pages, each topped by `top(p)` (segments on one row), then body text. */
  function pages(top: (p: number) => Segment[]): Segment[][] {
    return Array.from({ length: 8 }, (_, p) => [
      ...top(p).map((s) => ({ ...s, page: p })),
      ...Array.from({ length: 30 }, (_, i) => seg(`${BODY} ${p} ${i}`, 120 + 12 * i, { page: p })),
    ]);
  }

  it('stays when the title beside it changes (a heading), goes when the title repeats too (a running head)', () => {
    const heading = pages((p) => [
      seg(`Appendix B.${p + 1}`, 90, { x: 38 }),
      seg(`Title number ${'abcdefgh'[p]} of its own`, 90, { x: 110 }),
    ]);
    const kept = dropPageFurniture(heading, Array(8).fill(792));
    assert.ok(kept.every((segs, p) => segs.some((s) => s.text === `Appendix B.${p + 1}`)));
    const running = pages((p) => [
      seg(`${p + 1}.2`, 90, { x: 38 }),
      seg('Results Of The Study', 90, { x: 80 }),
    ]);
    const dropped = dropPageFurniture(running, Array(8).fill(792));
    assert.ok(
      dropped.every((segs) => !segs.some((s) => s.text === 'Results Of The Study' || /^\d\.2$/.test(s.text))),
    );
  });
});

describe('a spacing accent run over a letter, constructed', () => {
  it('goes before the letter under its middle, which normalisation then accents', () => {
    const runs = [
      { text: 'ANSATZ F', x: 100, y: 100, width: 40, size: 8 },
      { text: 'UR DIE', x: 140.5, y: 100, width: 30, size: 8 },
      { text: '\u00A8', x: 141.5, y: 100, width: 3, size: 8 },
    ];
    assert.equal(buildSegments(runs, 0)[0]?.text, 'ANSATZ FÜR DIE');
    // An accent over no letter of an earlier run stays where it was.
    const apart = [runs[0]!, { ...runs[2]!, x: 200 }];
    assert.equal(buildSegments(apart, 0)[0]?.text, 'ANSATZ F');
  });
});

describe('numbered affiliation footnotes on page 1', () => {
  it('are no headings, even after the body has started', () => {
    const page = [
      seg('1. INTRODUCTION', 100, { size: 8, x: 130 }),
      ...Array.from({ length: 20 }, (_, i) => seg(`${BODY} ${i}`, 114 + 12 * i)),
      seg('2 Astronomy Department, University of Washington, Box', 400, { size: 8 }),
      seg('351580, Seattle, WA 98195', 409, { size: 8 }),
    ];
    const heads = headings(renderSegments([page], [792]).markdown);
    assert.ok(!heads.some((h) => /Astronomy Department/.test(h)), heads.join('\n'));
  });
});

describe('a display equation overhanging a narrow gutter', () => {
  /** Two columns (x 50–292 and 321–562), twelve lines each; on row 6 an equation reaches to 312. */
  function runs(eqEnd: number) {
    const out = [];
    for (let i = 0; i < 12; i++) {
      const y = 100 + 12 * i;
      if (i === 6) out.push({ text: 'dΩ |H|2 + |H|2 .', x: 219, y, width: eqEnd - 219, size: 10 });
      else out.push({ text: `left column prose line number ${i} of it`, x: 50, y, width: 242, size: 10 });
      out.push({ text: `right column prose line number ${i} of it`, x: 321, y, width: 241, size: 10 });
    }
    return out;
  }

  it('does not glue onto the line that starts the next column', () => {
    const segs = buildSegments(runs(312), 0);
    assert.ok(segs.some((x) => x.text === 'dΩ |H|2 + |H|2 .'));
    assert.ok(segs.some((x) => x.text === 'right column prose line number 6 of it'));
  });

  it('still joins words of one line that happen to start at no column edge', () => {
    const one = [
      { text: 'a line that is set', x: 50, y: 100, width: 100, size: 10 },
      { text: 'with a wide space in it', x: 157, y: 100, width: 120, size: 10 },
    ];
    assert.equal(buildSegments(one, 0)[0]?.text, 'a line that is set with a wide space in it');
  });
});
