/**
 * Heading rules of session 26, hd27 (issue #30), first on the twenty-ninth batch (tuning): a head at
 * the second column's edge beside a line of smaller type overhanging the gutter stays a line of its
 * own; an abbreviation (`V.a.`) is no subsection number; a glossary's terms over one-line
 * descriptions are no heads, the last one included; a float's name over its box of centred lines is
 * no head; a numbering restarted in display type keeps its `1.`; a declaration's head over a
 * one-word statement (`Competing interests` / `None`) is a head; a bold head beside a wrapped
 * figure's one-letter label is a head; an outline anchor left at a page's foot points at the next
 * page's top; a head in display type with no space above it, between two lines of prose, is a head.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { abbreviationAsNumber } from '../../../../adapters/convert/pdf-hd27-abbreviation.ts';
import { centredOverCaption } from '../../../../adapters/convert/pdf-hd27-float-box.ts';
import { restartsNumbering } from '../../../../adapters/convert/pdf-hd27-restart.ts';
import { statementBetweenHeads } from '../../../../adapters/convert/pdf-hd27-statement.ts';
import { textUnderLabelBeside } from '../../../../adapters/convert/pdf-hd27-label-beside.ts';
import { anchorCarriedOver } from '../../../../adapters/convert/pdf-hd27-foot-anchor.ts';
import { displayTypeBetweenProse } from '../../../../adapters/convert/pdf-hd27-big-head.ts';
import { newNumbering, parseSectionNumber } from '../../../../adapters/convert/pdf-numbering.ts';
import {
  fixtureMarkdown,
  fixtureSectionHeadings as headings,
} from '../../../support/pdf-fixture-markdown.ts';
import { seg } from '../../../support/pdf-lines.ts';

describe('a head at the second column edge beside an overhanging line', () => {
  it('is cut from the line of program text that overhangs the gutter', async () => {
    const h = await headings('cas-dc-insider-threat-graphs.pdf');
    assert.ok(h.includes('9. Conclusion'), h.join(' | '));
    const md = await fixtureMarkdown('cas-dc-insider-threat-graphs.pdf');
    assert.doesNotMatch(md, /outbound_- 9\. Conclusion/);
  });
});

describe('an abbreviation read as a number', () => {
  it('is no subsection of a section never opened (`V.a.` in Italian notes)', async () => {
    const h = await headings('article-it-random-variables-notes.pdf');
    assert.ok(!h.some((t) => t.startsWith('V.a.')), h.join(' | '));
    const md = await fixtureMarkdown('article-it-random-variables-notes.pdf');
    assert.match(md, /\nV\.a\. Costanti come v\.a\.d\.: Una v\.a\. costante/);
  });

  it('keeps a lettered subsection under its known section and an arabic one with a letter', () => {
    const seq = newNumbering();
    const va = parseSectionNumber('V.a. Costanti come v.a.d.')!;
    assert.equal(abbreviationAsNumber(va, seq), true);
    assert.equal(abbreviationAsNumber(va, { ...seq, roman: 5 }), false);
    assert.equal(abbreviationAsNumber(parseSectionNumber('3.b Results')!, seq), false);
    assert.equal(abbreviationAsNumber(parseSectionNumber('B.2 Proofs')!, seq), false);
  });
});

describe('a glossary of one-line descriptions', () => {
  it('makes no head of a term whose neighbours also have one line, nor of the last term', async () => {
    const h = await headings('thesis-vartiainen2017-event-log-mining.pdf');
    for (const t of ['Activity', 'Project']) assert.ok(!h.includes(t), h.join(' | '));
    const md = await fixtureMarkdown('thesis-vartiainen2017-event-log-mining.pdf');
    assert.match(md, /\nProject The new part of the system/);
  });
});

describe("a float's box of centred lines", () => {
  it('makes no head of the name over the box (`Event` over its fields, then `Table 2:`)', async () => {
    const h = await headings('thesis-vartiainen2017-event-log-mining.pdf');
    assert.ok(!h.includes('Event'), h.join(' | '));
  });

  it('needs centred lines of their own widths down to a caption', () => {
    const name = seg('Event', 400, { x: 295, x1: 329, bold: true, size: 12 });
    const rows = [
      seg('SubmissionId : long integer', 415, { x: 241.5, x1: 382.1, size: 12 }),
      seg('ProductId : long integer', 430, { x: 249.5, x1: 374.2, size: 12 }),
    ];
    const caption = seg('Table 2: Event and its fields', 460, { x: 239, x1: 384.2, size: 12 });
    assert.equal(centredOverCaption(name, [name, ...rows, caption]), true);
    // A head over a paragraph (lines at one edge) is still a head.
    const para = [
      seg('The event type is described in the table below and', 415, { x: 99, x1: 524, size: 12 }),
      seg('has seven fields, each with its type.', 430, { x: 99, x1: 300, size: 12 }),
    ];
    assert.equal(centredOverCaption(name, [name, ...para, caption]), false);
    assert.equal(centredOverCaption(name, [name, ...rows]), false);
  });
});

describe('a numbering restarted in display type', () => {
  it('keeps `1.` when its `2.` follows in the same type', async () => {
    const h = await headings('thesis-yetisir2017-ch1.pdf');
    assert.ok(h.includes('1. Deformable DEM Homogenization'), h.join(' | '));
    assert.ok(h.includes('2. Parameterization Methodology'), h.join(' | '));
  });

  it('needs the sibling at its edge, size and weight', () => {
    const one = seg('1. Deformable DEM Homogenization', 130, { x: 81, size: 14.3, bold: true });
    const two = seg('2. Parameterization Methodology', 250, { x: 81, size: 14.3, bold: true });
    const n = parseSectionNumber(one.text)!;
    assert.equal(restartsNumbering(one, n, [one, two]), true);
    assert.equal(restartsNumbering(one, n, [one, { ...two, bold: false }]), false);
    assert.equal(restartsNumbering(one, n, [one, { ...two, size: 12 }]), false);
  });
});

describe("a declaration's head over a one-word statement", () => {
  it('is a head (`Competing interests` over `None`)', async () => {
    const h = await headings('bmc-freesurfer-nipype-hpc.pdf');
    assert.ok(h.includes('Competing interests'), h.join(' | '));
  });

  it('needs the statement alone on its row and a bold head after it', () => {
    const head = seg('Competing interests', 408, { x: 57, size: 7, bold: true });
    const none = seg('None', 417, { x: 57, size: 7 });
    const next = seg('Author’s contributions', 433, { x: 57, size: 7, bold: true });
    assert.equal(statementBetweenHeads(head, none, next, [head, none, next]), true);
    const cell = seg('0.93', 417, { x: 120, size: 7 });
    assert.equal(statementBetweenHeads(head, none, next, [head, none, cell, next]), false);
    assert.equal(statementBetweenHeads(head, none, { ...next, bold: false }, [head, none, next]), false);
  });
});

describe("a bold head beside a wrapped figure's label", () => {
  it('is a head (`Landmarks`, the label `l` right of it)', async () => {
    const h = await headings('thesis-stieler2023-ch1-2.pdf');
    assert.ok(h.includes('Landmarks'), h.join(' | '));
  });

  it('needs the label right of the head and a line of text under the head', () => {
    const head = seg('Landmarks', 261, { x: 71, x1: 127, bold: true, size: 10.9 });
    const label = seg('l', 270, { x: 426, x1: 430, size: 10.9 });
    const text = seg('A widespread usage of so-called landmarks is the ALT algo-', 285, {
      x: 71,
      x1: 348,
      size: 10.9,
    });
    assert.equal(
      textUnderLabelBeside(head, label, () => text, 10.9, 16.4),
      true,
    );
    assert.equal(
      textUnderLabelBeside(head, { ...label, text: 'Figure' }, () => text, 10.9, 16.4),
      false,
    );
    assert.equal(
      textUnderLabelBeside(head, label, () => ({ ...text, text: 'l v u' }), 10.9, 16.4),
      false,
    );
    // A contents list's page number right of a bold entry, the next entry under it: no label.
    assert.equal(
      textUnderLabelBeside(head, { ...label, text: '3' }, () => text, 10.9, 16.4),
      false,
    );
    assert.equal(
      textUnderLabelBeside(head, label, () => ({ ...text, bold: true }), 10.9, 16.4),
      false,
    );
  });
});

describe('an outline anchor left at the foot of the page before its head', () => {
  it('finds the head at the top of the next page (`tbl_regression()`)', async () => {
    const h = await headings('rjournal-clinical-summary-tables.pdf');
    assert.ok(h.includes('tbl_regression()'), h.join(' | '));
  });

  it('moves only an anchor under the top of every line of its page', () => {
    const page5 = [seg('and tbl_uvregression().', 771, { page: 5 })];
    const page6 = [seg('tbl_regression()', 75, { page: 6 }), seg('The function takes', 100, { page: 6 })];
    const b = { title: 'tbl_regression()', depth: 2, page: 5, y: 772.6 };
    const pages = [[], [], [], [], [], page5, page6];
    assert.deepEqual(anchorCarriedOver(b, pages), { ...b, page: 6, y: page6[0]!.top });
    assert.equal(anchorCarriedOver({ ...b, y: 700 }, pages), null);
    assert.equal(anchorCarriedOver({ ...b, y: null }, pages), null);
  });
});

describe('a head in display type set tight between two paragraphs', () => {
  it('is a head (`Decentralized Identifiers (DIDs)` in 17 pt under 11 pt text)', async () => {
    const h = await headings('article-tbdex-whitepaper.pdf');
    assert.ok(h.includes('Decentralized Identifiers (DIDs)'), h.join(' | '));
  });

  it('needs prose flush with it above and below', () => {
    const above = seg('necessarily involve some form of permissioned federation.', 613, {
      x: 54,
      size: 10.9,
    });
    const head = seg('Decentralized Identifiers (DIDs)', 629, { x: 54, size: 17.2 });
    const under = seg('Decentralized identifiers (DIDs) [2] are a new type of identifier', 656, {
      x: 54,
      size: 10.9,
    });
    assert.equal(
      displayTypeBetweenProse(head, () => under, [above, head, under], 10.9),
      true,
    );
    assert.equal(
      displayTypeBetweenProse({ ...head, size: 13 }, () => under, [above, head, under], 10.9),
      false,
    );
    const label = { ...head, x0: 200, x1: 300 };
    assert.equal(
      displayTypeBetweenProse(label, () => under, [above, label, under], 10.9),
      false,
    );
  });
});
