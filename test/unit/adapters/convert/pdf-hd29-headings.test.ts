/**
 * Heading rules of session 28, hd29 (issue #30), first on the thirty-first batch (tuning): a
 * glossary's terms are no heads and its title is one; contents whose page numbers follow their
 * titles at one fixed space, and a contents entry's label set apart on its row, are contents; a
 * sentence naming a section-numbered figure is no caption; a display or bold head over a figure
 * or box is a head in the type of heads accepted before; a numbered lead run in with its text, in
 * mixed case under sections in capitals, is a list's item; a section's name closed by a colon is a label;
 * a head in a face of its own whose text starts beside a label under it (a list of fields) is a head.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { entriesAtCommonGap } from '../../../../adapters/convert/pdf-hd29-contents-gap.ts';
import { joinEntryLabels } from '../../../../adapters/convert/pdf-hd29-entry-labels.ts';
import { glossaryTerm } from '../../../../adapters/convert/pdf-hd29-glossary.ts';
import { textBesideLabel } from '../../../../adapters/convert/pdf-hd29-row-text.ts';
import { colonLabel, unlikeKnownCase } from '../../../../adapters/convert/pdf-hd29-run-in-case.ts';
import { parseSectionNumber } from '../../../../adapters/convert/pdf-numbering.ts';
import { figureCaptionBelow } from '../../../../adapters/convert/pdf-figure-labels.ts';
import type { Segment } from '../../../../adapters/convert/pdf-layout.ts';
import {
  fixtureMarkdown,
  fixtureSectionHeadings as headings,
} from '../../../support/pdf-fixture-markdown.ts';
import { seg } from '../../../support/pdf-lines.ts';

describe('a list of acronyms (a thesis’s glossary)', () => {
  const rows = (x: number) =>
    ['ACME', 'ACS', 'AI', 'AMI'].flatMap((t, i) => [
      seg(t, 100 + 18 * i, { x, x1: x + 5 * t.length, size: 9, bold: true }),
      seg(`the meaning of ${t} in words`, 100 + 18 * i, { x: x + 55, x1: x + 200, size: 10 }),
    ]);

  it('knows a term by its meaning beside it, in a column of such rows', () => {
    const segs = rows(70);
    assert.equal(glossaryTerm(segs[0]!, segs), true);
    // One bold line with the other column's text a column away is no term.
    const head = seg('Results', 100, { x: 70, x1: 110, bold: true });
    const other = seg('text of the other column, far to the right', 100, { x: 320, x1: 560 });
    assert.equal(glossaryTerm(head, [head, other]), false);
    // Nor a bold line with a neighbour beside it but no column of like rows.
    const lone = seg('Input', 200, { x: 70, x1: 95, size: 9, bold: true });
    const cell = seg('a vector of words', 200, { x: 125, x1: 200, size: 10 });
    assert.equal(glossaryTerm(lone, [lone, cell]), false);
  });

  it('writes no term as a heading and keeps the list’s title', async () => {
    const h = await headings('tufte-book-ihd-precision-medicine-ch1.pdf');
    assert.ok(h.includes('List of Acronyms'), h.join(' | '));
    for (const t of ['AUC', 'CCS', 'CCTA', 'DL', 'ECG', 'NLP', 'AMI ATC'])
      assert.ok(!h.some((x) => x.startsWith(t)), h.join(' | '));
  });
});

describe('contents whose page numbers follow the titles at one space (tufte-book)', () => {
  const line = (t: string, y: number, x: number, n: string) => {
    const s = seg(t, y, { x, x1: x + 6 * t.length, size: 14 });
    return { s, n: seg(n, y, { x: s.x1 + 28.7, x1: s.x1 + 40, size: 14 }) };
  };
  const numbered = [
    line('I Background and Methods', 300, 70, '23'),
    line('II Outline of Studies', 450, 70, '59'),
    line('III Concluding Remarks', 570, 70, '85'),
    line('A Manuscript for Study I', 680, 90, '105'),
  ];
  const found = numbered.map(({ s, n }) => ({ s, text: s.text, page: Number(n.text), beside: n }));

  it('takes an unnumbered line whose page number stands at the common gap', () => {
    const chapter = line('Precision Medicine in Ischemic Heart Disease', 330, 113, '25');
    const segs = [...numbered, chapter].flatMap(({ s, n }) => [s, n]);
    const numbers = segs.filter((s) => /^\d+$/.test(s.text));
    const out = entriesAtCommonGap(segs, numbers, found, new Set(found.map((e) => e.s)));
    assert.deepEqual(
      out.map((e) => [e.text, e.page]),
      [['Precision Medicine in Ischemic Heart Disease', 25]],
    );
  });

  it('takes none where the numbers stand in a right-aligned column', () => {
    const ragged = found.map((e, i) => ({ ...e, beside: { ...e.beside, x0: e.s.x1 + 10 + 40 * i } }));
    const chapter = line('Precision Medicine in Ischemic Heart Disease', 330, 113, '25');
    const segs = [chapter.s, chapter.n];
    assert.deepEqual(entriesAtCommonGap(segs, [chapter.n], ragged, new Set()), []);
  });

  it('writes the chapters of the fixture’s contents as entries, not headings', async () => {
    const h = await headings('tufte-book-ihd-precision-medicine-ch1.pdf');
    for (const t of [
      'Fundamentals of Machine Learning and Neural Networks',
      'Study I: Comorbidity Clustering in Ischemic Heart Disease',
      'Principal Findings, Limitations, and Future Perspectives',
    ])
      assert.ok(!h.includes(t), h.join(' | '));
    const md = await fixtureMarkdown('tufte-book-ihd-precision-medicine-ch1.pdf');
    assert.ok(md.includes('- Time-to-Event Prediction with Neural Networks\n'));
  });
});

describe('a contents entry’s label set apart on its row (a thesis’s `Appendix D`)', () => {
  it('goes into the entry; the entry’s own segment is written with it', () => {
    const label = seg('Appendix D', 470, { x: 72, x1: 133.5, bold: true });
    const entry = seg('Experiment Material Properties . . . . . 124', 470, { x: 145, x1: 541, bold: true });
    const out = {
      entries: new Map<Segment, string>([[entry, 'Experiment Material Properties']]),
      pageNumbers: new Set<Segment>(),
    };
    joinEntryLabels([label, entry], out);
    assert.equal(out.entries.get(label), 'Appendix D Experiment Material Properties');
    assert.ok(!out.entries.has(entry) && out.pageNumbers.has(entry));
  });

  it('makes no heading of a dot-led contents line', async () => {
    const h = await headings('thesis-fairhurst2023-ch1-2.pdf');
    assert.ok(!h.some((t) => /\.\s\.\s\./.test(t)), h.join(' | '));
    const md = await fixtureMarkdown('thesis-fairhurst2023-ch1-2.pdf');
    assert.ok(md.includes('- Appendix D Experiment Material Properties for Neutronics Calculation\n'));
  });
});

describe('heads over figures and sentences naming figures (white papers, formal specifications)', () => {
  it('reads `Figure 3.1 also shows …` as a sentence, not a caption', () => {
    const head = seg('Security properties', 110, { size: 14 });
    const pitch = 14.5;
    const sentence = seg('Figure 3.1 also shows proofs between the abstract spec and the', 130, { size: 12 });
    assert.equal(figureCaptionBelow(head, sentence, pitch), false);
    const caption = seg('Figure 3.1: The proofs of seL4.', 130, { size: 12 });
    assert.equal(figureCaptionBelow(head, caption, pitch), true);
  });

  it('keeps a display head over a figure and a bold head over a box in the type of heads before', async () => {
    const sel4 = await headings('whitepaper-sel4-microkernel-introduction.pdf');
    for (const t of ['Security properties', 'Ambient authority and the confused deputy'])
      assert.ok(sel4.includes(t), sel4.join(' | '));
    const iohk = await headings('iohkcover-multi-asset-ledger.pdf');
    assert.ok(iohk.includes('UTxO Helper Functions'), iohk.join(' | '));
  });
});

describe('numbered leads unlike the sections in case, and section names closed by a colon', () => {
  const caps = { size: 9, bold: true, face: null, caps: true, closer: '.' };
  it('tells a list’s item from a section by the case of the sections accepted', () => {
    const n = parseSectionNumber('4. Multi-Task Heads. Depending on the topology')!;
    assert.equal(unlikeKnownCase(n, [caps, caps, caps]), true);
    assert.equal(unlikeKnownCase(n, [caps]), false);
    assert.equal(unlikeKnownCase(n, [caps, { ...caps, caps: false }]), false);
    assert.equal(unlikeKnownCase(parseSectionNumber('4. EXPERIMENTS AND RESULTS')!, [caps, caps]), false);
  });

  it('writes an ICASSP paper’s bold list item numbered `4.` as text under `3. METHODOLOGY`', async () => {
    const h = await headings('spconf-crypto-stgcn-forecasting.pdf');
    assert.ok(!h.some((t) => t.startsWith('4. Multi-Task')), h.join(' | '));
    assert.ok(h.includes('4. EXPERIMENTS AND RESULTS'), h.join(' | '));
  });

  it('reads an unnumbered name closed by a colon as a label', async () => {
    assert.equal(colonLabel(null, 'Acknowledgments:'), true);
    assert.equal(colonLabel(null, 'Acknowledgments'), false);
    const h = await headings('book-several-complex-variables-ch1.pdf');
    assert.ok(!h.includes('Acknowledgments:'), h.join(' | '));
  });
});

describe('a head over a description list (a thesis’s list of manuscripts)', () => {
  it('finds the text on the row of a short label under the head', () => {
    const label = seg('title:', 272, { x: 76, x1: 93, size: 9 });
    const text = seg('‘Development and validation of a neural network-based survival', 272, {
      x: 121,
      x1: 364,
      size: 9,
    });
    assert.equal(textBesideLabel(label, [label, text]), text);
    // A long line below is the text itself; a line a column away is no label's text.
    assert.equal(textBesideLabel(text, [label, text]), undefined);
    const far = seg('text of the other column, far to the right', 272, { x: 320, x1: 560, size: 9 });
    assert.equal(textBesideLabel(label, [label, far]), undefined);
  });

  it('makes heads of tufte-book’s italic `Manuscript for Study II` over its fields', async () => {
    const h = await headings('tufte-book-ihd-precision-medicine-ch1.pdf');
    for (const t of ['Manuscript for Study I', 'Manuscript for Study II', 'Manuscript for Study III'])
      assert.ok(h.includes(t), h.join(' | '));
  });
});
