/**
 * Section numbering as a grammar (issue #30): the numbers accepted and rejected, the outline's
 * successors, and the layouts that rely on them (small constructed pages, as pdf-layout.ts makes them).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Segment } from '../../../../adapters/convert/pdf-layout.ts';
import { renderSegments } from '../../../../adapters/convert/pdf-markdown.ts';
import {
  advance,
  headingDepth,
  inSequence,
  isSuccessor,
  newNumbering,
  parseSectionNumber,
} from '../../../../adapters/convert/pdf-numbering.ts';
import { hasFormula } from '../../../../adapters/convert/pdf-math.ts';
import { capitalsSibling, faceRunIn, joinNumberLine } from '../../../../adapters/convert/pdf-outline.ts';
import { BODY, seg as line } from '../../../support/pdf-lines.ts';

/** Every line here carries one font run ('F1' unless given): the face rules look at runs. */
const seg: typeof line = (text, y, opts = {}) => line(text, y, { font: 'F1', ...opts });

describe('the numbering grammar', () => {
  it('accepts arabic, roman and letter parts mixed and nested, prefixes, words and closers', () => {
    const accepted: Array<[string, string, string, number]> = [
      // text, number, kind, parts
      ['2.A Letter subsection', '2.A', 'arabic', 2],
      ['3.B.1 Deeper', '3.B.1', 'arabic', 3],
      ['A.B.2. Appendix subsection', 'A.B.2', 'letter', 3],
      ['IV.C Roman then letter', 'IV.C', 'roman', 2],
      ['S2.1 Supplementary methods', 'S2.1', 'supplement', 2],
      ['A. Overview', 'A', 'letter', 1],
      ['1) Crest Factor Discussion', '1', 'arabic', 1],
      ['B) Second item heading', 'B', 'letter', 1],
      ['2.3.4.1.2 Five levels down', '2.3.4.1.2', 'arabic', 5],
      ['IV. RESULTS', 'IV', 'roman', 1],
      ['Chapter 3 Methods', '3', 'arabic', 1],
      ['APPENDIX B: PROOF OF THEOREM 2', 'B', 'appendix', 1],
      ['Part II Applications', 'II', 'roman', 1],
      ['Chapter 1', '1', 'arabic', 1],
      ['2.1 (n, d, λ)-regular graphs', '2.1', 'arabic', 2],
      ['3 β-decay rates', '3', 'arabic', 1],
    ];
    for (const [text, num, kind, parts] of accepted) {
      const n = parseSectionNumber(text);
      assert.ok(n, text);
      assert.equal(n.num, num, text);
      assert.equal(n.kind, kind, text);
      assert.equal(n.parts.length, parts, text);
    }
    assert.equal(parseSectionNumber('1) Crest Factor Discussion')!.closer, ')');
    assert.equal(parseSectionNumber('Chapter 1')!.rest, '');
  });

  it('rejects formulas, measurements, years, page numbers, captions, prose and deep parentheses', () => {
    for (const text of [
      'E A3 =',
      '2.5 ± 0.3',
      '2 = x + y',
      '3 A = B + C',
      '1.2 × 10',
      '12',
      '2019 was a good year',
      'The 2019 data',
      '1999. Smith J., Nature',
      'Figure 3. The setup',
      'Table 2: Results',
      'I think this is right',
      'X rays were observed',
      'Z boson decays',
      '2.1) Not a form',
      '2: Not a form',
      '3 12 15 18',
      'Page 3 of 9',
    ])
      assert.equal(parseSectionNumber(text), null, text);
  });

  it('keeps letters in sequence: appendices restart at A, a bibliography’s initials do not follow', () => {
    const seq = newNumbering();
    const take = (t: string) => {
      const n = parseSectionNumber(t)!;
      const ok = inSequence(n, seq);
      if (ok) advance(n, seq);
      return ok;
    };
    assert.ok(take('1 Introduction'));
    assert.ok(take('2 Method'));
    assert.ok(take('A Proofs'));
    assert.ok(take('B Data'));
    assert.ok(take('B.1 Sources'));
    assert.ok(!take('M. Dominik. Parameter degeneracies'), 'an initial far ahead');
    assert.ok(!take('A.3 Elsewhere'), 'a subsection of another appendix');
    assert.ok(take('Appendix D: Supplementary tables'), 'a worded appendix follows no counter');
    const revtex = newNumbering();
    for (const t of ['I. INTRODUCTION', 'A. Setup', 'B. Data', 'II. RESULTS'])
      advance(parseSectionNumber(t)!, revtex);
    assert.ok(inSequence(parseSectionNumber('A. Letters restart under a new section')!, revtex));
  });

  it('knows the next numbers of an outline', () => {
    const p = (t: string) => parseSectionNumber(`${t} Title`);
    const yes: Array<[string, string]> = [
      ['3.B', '3.B.1'],
      ['3.B.1', '3.B.2'],
      ['3.B.2', '3.C'],
      ['3.B.2', '4'],
      ['A.B.1', 'A.B.2'],
      ['A.B.2', 'A.C'],
      ['IV.C', 'IV.D'],
      ['2.1.3', '2.1.3.1'],
      ['2.1.3.1', '2.2'],
    ];
    for (const [a, b] of yes) assert.ok(isSuccessor(p(b)!, p(a)), `${a} → ${b}`);
    const no: Array<[string, string]> = [
      ['3.B', '3.B.2'],
      ['3.B.1', '3.B.3'],
      ['3.B.2', '5'],
      ['2.1', '3.1'],
      ['3.B', '3.2'],
      ['2', '2'],
    ];
    for (const [a, b] of no) assert.ok(!isSuccessor(p(b)!, p(a)), `${a} ↛ ${b}`);
    assert.ok(!isSuccessor(p('1')!, null));
  });

  it('gives the depth: words and appendices are top level, REVTeX letters and arabic parts go deeper', () => {
    assert.equal(headingDepth(parseSectionNumber('Chapter 2 Methods')!, false), 2);
    assert.equal(headingDepth(parseSectionNumber('Appendix A: Proof')!, true), 2);
    assert.equal(headingDepth(parseSectionNumber('A. Setup')!, true), 3);
    assert.equal(headingDepth(parseSectionNumber('1) Tests')!, true), 4);
    assert.equal(headingDepth(parseSectionNumber('A.B.2 Deep')!, false), 4);
    assert.equal(headingDepth(parseSectionNumber('2.3.4.1.2 Five')!, false), 6);
  });
});

describe('the outline on a page', () => {
  it('joins a chapter number on its own line to its title, and nests the sections under it', () => {
    const page = [
      seg('Chapter 1', 100, { page: 1, size: 24, bold: true }),
      seg('Introduction', 140, { page: 1, size: 24, bold: true }),
      seg('1.1 Context', 200, { page: 1, size: 17, bold: true }),
      seg(BODY, 230, { page: 1 }),
    ];
    assert.equal(joinNumberLine(page[0]!, page[1])?.text, 'Chapter 1 Introduction');
    assert.equal(joinNumberLine(page[2]!, page[3]), null);
    const cover = [seg('A Thesis About Things', 100, { size: 20 }), seg(BODY, 200)];
    const { markdown } = renderSegments([cover, page], [792, 792]);
    assert.match(markdown, /^## Chapter 1 Introduction$/m);
    assert.match(markdown, /^### 1\.1 Context$/m);
    assert.doesNotMatch(markdown, /^## Introduction$/m);
  });

  it('finds deep subsections that follow their parent in a heading face, without space above', () => {
    const page = [
      seg('A Paper About Models', 60, { size: 18 }),
      seg('1 Introduction', 100, { size: 12, bold: true, font: 'B' }),
      seg(BODY, 120),
      seg('2 Model', 150, { size: 12, bold: true, font: 'B' }),
      seg(BODY, 170),
      seg('2.A The prior', 182, { font: 'I' }),
      seg(BODY, 194),
      seg('2.A.1 Its support', 206, { font: 'I' }),
      seg(BODY, 218),
      seg('2.A.2 Its moments', 230, { font: 'I' }),
      seg(BODY, 242),
      // Out of the outline at a depth with no known style, or in the body face: no heading.
      seg('2.A.2.3.1 Not the next number', 254, { font: 'I' }),
      seg(BODY, 266),
      seg('2.B Body face line', 278),
      seg(BODY, 290),
    ];
    const { markdown } = renderSegments([page], [792]);
    assert.match(markdown, /^### 2\.A The prior$/m);
    assert.match(markdown, /^#### 2\.A\.1 Its support$/m);
    assert.match(markdown, /^#### 2\.A\.2 Its moments$/m);
    assert.doesNotMatch(markdown, /^#+ 2\.A\.2\.3/m);
    // A title may start with any capital: an umlaut, a bold-italic math letter (`𝑬Tmiss`).
    const deep = [
      seg('A Paper About Models', 60, { size: 18 }),
      seg('4 Reconstruction', 100, { size: 12, bold: true }),
      seg(BODY, 120),
      seg('4.1 Überblick', 150, { size: 11, bold: true }),
      seg(BODY, 170),
      seg('4.1.1 𝑬Tmiss', 200, { bold: true }),
      seg(BODY, 220),
    ];
    const out = renderSegments([deep], [792]).markdown;
    assert.match(out, /^### 4\.1 Überblick$/m);
    assert.match(out, /^#### 4\.1\.1 𝑬Tmiss$/m);
    assert.doesNotMatch(markdown, /^#+ 2\.B/m);
  });

  it('takes IEEE’s small-capital siblings and italic run-in subsections, not a list or a bibliography', () => {
    const small = { size: 8 };
    const italic = (text: string, head: number, y: number): Segment => ({
      ...seg(text, y),
      fonts: [
        { font: 'I', chars: head },
        { font: 'F1', chars: text.replace(/[^\p{L}\p{N}]/gu, '').length - head },
      ],
    });
    const page = [
      seg('I. INTRODUCTION', 100, small),
      seg(BODY, 115),
      seg('A. Setup', 140, { font: 'I' }),
      seg(BODY, 155),
      // `1Crest Factor` is 12 letters and digits in italics.
      italic('1) Crest Factor: An ideal shifter keeps the crest factor of the signal', 12, 180),
      seg(BODY, 192),
      seg('1) we first look at a list item in the body', 220),
      seg(BODY, 232),
      seg('OPEN SCIENCE', 260, small),
      seg(BODY, 275),
      seg('II. REFERENCES', 300, small),
      seg('M. Dominik. Parameter degeneracies and predictability', 320, small),
      seg('A. Einstein. On the electrodynamics of moving bodies', 332, small),
    ];
    const r = faceRunIn(page[4]!, 'F1');
    assert.equal(r?.head, '1) Crest Factor');
    assert.match(r?.rest ?? '', /^An ideal shifter/);
    assert.equal(faceRunIn(page[6]!, 'F1'), null);
    const { markdown } = renderSegments([page], [792]);
    assert.match(markdown, /^## I\. INTRODUCTION$/m);
    assert.match(markdown, /^### A\. Setup$/m);
    assert.match(markdown, /^#### 1\) Crest Factor$/m);
    assert.match(markdown, /^An ideal shifter keeps/m);
    assert.doesNotMatch(markdown, /^#+ 1\) we first/m);
    assert.match(markdown, /^## OPEN SCIENCE$/m);
    assert.doesNotMatch(markdown, /^#+ M\. Dominik/m);
    assert.doesNotMatch(markdown, /^#+ A\. Einstein/m);
  });

  it('needs capitals in the known headings’ own size for an unnumbered sibling', () => {
    const known = [{ size: 8, bold: false, face: 'F1', caps: true }];
    assert.ok(capitalsSibling(seg('ACKNOWLEDGMENT', 100, { size: 8 }), known, 10));
    assert.ok(!capitalsSibling(seg('Acknowledgment', 100, { size: 8 }), known, 10));
    assert.ok(!capitalsSibling(seg('ACKNOWLEDGMENT', 100, { size: 10 }), known, 10));
    assert.ok(!capitalsSibling(seg('LOUD BODY TEXT', 100), [{ ...known[0]!, size: 10 }], 10));
  });
});

describe('formulas and articles are not headings', () => {
  it('tells a formula written with words from a heading with one operator', () => {
    assert.ok(hasFormula('Likert ∼ Reencountered + Specter + Global + Linear + (1|Participant)'));
    assert.ok(hasFormula('y = a + b'));
    assert.ok(!hasFormula('LoRA + Prompt Tuning (LPT)'));
    assert.ok(!hasFormula('3.3.1. β−multiplier with resistor (Fig. 2.a)'));
  });

  it('keeps a bold formula line and a front-page `A PREPRINT` out of the outline', () => {
    const page = [
      seg('A PREPRINT', 40, { size: 9 }),
      seg('A Paper About Models', 80, { size: 18 }),
      seg(BODY, 120),
      seg('1 Introduction', 150, { size: 12, bold: true }),
      seg(BODY, 170),
      seg('Likert ∼ Reencountered + Specter + Global + (1|P)', 200, { bold: true }),
      seg(BODY, 215),
      seg(BODY, 227),
    ];
    const { markdown } = renderSegments([page], [792]);
    assert.match(markdown, /^## 1 Introduction$/m);
    assert.doesNotMatch(markdown, /^#+ A PREPRINT/m);
    assert.doesNotMatch(markdown, /^#+ Likert/m);
  });
});

describe('what looks numbered but is not a section', () => {
  it('skips numbered affiliations in the front matter and a list item’s bold lead, keeps the sections in sequence', () => {
    const lead = (text: string, head: number, y: number): Segment => ({
      ...seg(text, y),
      fonts: [
        { font: 'F1', chars: 1, number: true },
        { font: 'B', chars: head },
        { font: 'F1', chars: text.replace(/[^\p{L}\p{N}]/gu, '').length - head - 1 },
      ],
    });
    const page = [
      seg('A Knowledge Graph of Things', 60, { size: 16 }),
      seg('1 Leibniz Institute for Information Infrastructure, Germany', 90, { size: 9 }),
      seg('2 Karlsruhe Institute of Technology, Germany', 110, { size: 9 }),
      seg('Abstract. We describe a knowledge graph and the services that are built on it.', 140, { size: 9 }),
      seg('1 Introduction', 180, { size: 12, bold: true, font: 'B' }),
      seg(BODY, 200),
      lead('1.1. Ontology layer. A mapping of the metadata to a common model', 24, 212),
      seg(BODY, 224),
      seg('2 Related Work', 260, { size: 12, bold: true, font: 'B' }),
      seg(BODY, 280),
    ];
    const { markdown } = renderSegments([page], [792]);
    assert.doesNotMatch(markdown, /^#+ \d Leibniz|^#+ \d Karlsruhe/m);
    assert.doesNotMatch(markdown, /^#+ 1\.1\. Ontology/m);
    assert.match(markdown, /^## 1 Introduction$/m);
    assert.match(markdown, /^## 2 Related Work$/m);
  });

  it('takes a numbered small-capital heading with an accent set apart beside it, as a sibling of the known ones', () => {
    const small = { size: 8 };
    const page = [
      seg('I. EINLEITUNG', 100, small),
      seg(BODY, 115),
      seg('II. GRUNDLAGEN', 140, small),
      seg(BODY, 155),
      seg(BODY, 167),
      // Right under the text, and the diaeresis of `Ü` a segment of its own on the same row.
      { ...seg('¨', 178.5, { x: 140 }), x1: 143 },
      seg('III. SIMULATIONEN FUR DIE WFS', 179, small),
      seg(BODY, 191),
    ];
    const { markdown } = renderSegments([page], [792]);
    assert.match(markdown, /^## III\. SIMULATIONEN FUR DIE WFS$/m);
  });
});
