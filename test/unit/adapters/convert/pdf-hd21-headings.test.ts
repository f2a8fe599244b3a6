/**
 * Heading rules of session 20, hd21 (issue #30): a line that ends with room in its column for the
 * next line's first word was not wrapped into it (two stacked heads; a head over a one-line
 * sentence), a manuscript's float sections after the references, a size-step head that is an
 * acronym, and the lines that are no headings (a bold paragraph's first line at the body's
 * leading, a numbered footnote or table cell in small type, a prompt template, a justified list
 * line split along its row), and a reference list at a page's foot kept as the list, not footnotes. Real fixture PDFs for the outcome, constructed segments for the edges.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Segment } from '../../../../adapters/convert/pdf-layout.ts';
import { segWith as seg } from '../../../support/pdf-lines.ts';
import { columnRight, rowGoesOn } from '../../../../adapters/convert/pdf-hd21-column-edge.ts';
import { roomForNextWord } from '../../../../adapters/convert/pdf-hd18-caps-heads.ts';
import { looksLikeCode } from '../../../../adapters/convert/pdf-hd14-code-line.ts';
import {
  fixtureMarkdown,
  fixtureSectionHeadings as headings,
} from '../../../support/pdf-fixture-markdown.ts';

/** Five justified lines of a column from x 72 to 300, under `top`. */
const column = (top: number): Segment[] =>
  Array.from({ length: 5 }, (_, k) =>
    seg(`a justified line of the column, number ${k}`, {
      x1: 300,
      top: top + 12 * k,
      bottom: top + 12 * k + 10,
    }),
  );

describe('a line with room at its end was not wrapped', () => {
  it('splits BMC’s stacked back-matter heads and keeps its float sections', async () => {
    const h = await headings('bmc-drug-entity-resolution.pdf');
    for (const t of ['Author’s contributions', 'Acknowledgements', 'References', 'Tables', 'Algorithms'])
      assert.ok(h.includes(t), h.join(' | '));
    assert.ok(!h.some((t) => t.startsWith('Author’s contributions ')), h.join(' | '));
  });

  it('keeps BMC’s first references under their heading, not as footnotes at the end', async () => {
    const md = await fixtureMarkdown('bmc-drug-entity-resolution.pdf');
    const refs = md.indexOf('## References');
    const first = md.indexOf('1. Searls, D.: Data integration');
    assert.ok(refs >= 0 && first > refs && first < md.indexOf('## Tables'), md.slice(refs, refs + 300));
  });

  it('keeps IEEE’s lettered subsections over a one-line first sentence', async () => {
    const h = await headings('ieee-conf-legion-logical-regions.pdf');
    for (const t of ['A. Stage 1: Mapping Dependences', 'B. Stage 2: Distribution', 'E. Stage 5: Clean-Up'])
      assert.ok(h.includes(t), h.join(' | '));
  });

  it('reads the column’s edge from its justified lines, and finds room by it', () => {
    const segs = column(200);
    const head = seg('Author’s contributions', { x1: 150, top: 150, bottom: 160 });
    const next = seg('Acknowledgements', { x1: 150, top: 162, bottom: 172 });
    assert.equal(columnRight(head, [head, next, ...segs]), 301);
    assert.ok(roomForNextWord(head, next, columnRight(head, [head, next, ...segs])));
    // Without the page's edge, the next line alone shows no room.
    assert.ok(!roomForNextWord(head, next));
    // A line that reaches near the edge has none.
    assert.ok(!roomForNextWord({ ...head, x1: 250 }, next, 301));
    // Too few lines end at one x: no edge.
    assert.equal(columnRight(head, [head, next, ...segs.slice(0, 3)]), null);
  });
});

describe('the lines that are no headings', () => {
  it('leaves LiveCoMS’s bold paragraph in its text, and keeps its acronym head', async () => {
    const h = await headings('livecoms-kinase-data-journey.pdf');
    assert.ok(!h.some((t) => t.startsWith('The conformational dynamics')), h.join(' | '));
    for (const t of ['PKIS2', 'ChEMBL', '1.2 Overcoming the data challenges'])
      assert.ok(h.includes(t), h.join(' | '));
  });

  it('promotes no footnote, table cell or prompt template with a number', async () => {
    assert.ok(!(await headings('aa-radio-galaxy-ml-pipeline.pdf')).includes('4 Beta'));
    assert.ok(!(await headings('llncs-ascon-hardware-design.pdf')).includes('5.1 MByte/sec'));
    const acl = await headings('acl-llm-eval-generalizability-theory.pdf');
    assert.ok(!acl.some((t) => t.startsWith('6. ')), acl.join(' | '));
    assert.ok(acl.includes('H Software Environment'), acl.join(' | '));
  });

  it('reads a format string’s escapes and placeholders as code', () => {
    assert.ok(looksLikeCode('6. Question ({subject}):\\n{question}\\nChoices:'));
    assert.ok(looksLikeCode('Answer:\\nYour'));
    assert.ok(!looksLikeCode('3.2 Results for {0, 1} inputs'));
    assert.ok(!looksLikeCode('Related work'));
  });

  it('sees a row go on inside its column, not into the next column', () => {
    const segs = column(200);
    const item = seg('6. Math', { x1: 110 });
    const rest = seg('problem: solve', { x0: 140, x1: 300 });
    assert.ok(rowGoesOn(item, [item, rest, ...segs]));
    const other = seg('the next column’s line', { x0: 320, x1: 540 });
    assert.ok(!rowGoesOn(item, [item, other, ...segs]));
  });
});
