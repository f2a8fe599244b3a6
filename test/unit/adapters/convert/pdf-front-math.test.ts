/**
 * Rules that must hold on papers the converter has never seen (issue #30, and #29's PDF item):
 * section numbers as a grammar, first-page front matter, the title, author lines, formulas. Small
 * constructed inputs for each rule, and the vendored CERN preprint (1503.07589, CC BY 3.0) whose
 * first page carries a banner, report numbers, a date, "Submitted to" and a licence line.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { convertPdf } from '../../../../adapters/convert/pdf.ts';
import { isFrontMeta, isInstitutionOrJournal } from '../../../../adapters/convert/pdf-front.ts';
import { isAuthorLine } from '../../../../adapters/convert/pdf-authors.ts';
import type { Segment } from '../../../../adapters/convert/pdf-layout.ts';
import { renderSegments } from '../../../../adapters/convert/pdf-markdown.ts';
import { isDisplayEquation, isMathLine } from '../../../../adapters/convert/pdf-math.ts';
import {
  advance,
  headingDepth,
  inSequence,
  newNumbering,
  parseSectionNumber,
  type Numbering,
} from '../../../../adapters/convert/pdf-numbering.ts';
import { extractiveSummary } from '../../../../adapters/summarize/extractive.ts';
import { rejectReason } from '../../../../adapters/summarize/text.ts';
import { BODY, seg } from '../../../support/pdf-lines.ts';

describe('section numbers as a grammar', () => {
  it('parses arabic, roman and letter parts, mixed and nested, and supplement numbers', () => {
    const forms: Array<[string, string, string]> = [
      ['2.A. Letter subsection', '2.A', 'arabic'],
      ['3.B.1 Deeper still', '3.B.1', 'arabic'],
      ['A.B.2. Appendix subsection', 'A.B.2', 'letter'],
      ['IV.C. Roman then letter', 'IV.C', 'roman'],
      ['S2.1 Supplementary methods', 'S2.1', 'supplement'],
      ['IV. RESULTS', 'IV', 'roman'],
      ['A Dataset Usage and Licenses', 'A', 'letter'],
      ['4.1.2 Commonsense Reasoning', '4.1.2', 'arabic'],
    ];
    for (const [text, num, kind] of forms) {
      const n = parseSectionNumber(text);
      assert.ok(n, text);
      assert.equal(n.num, num, text);
      assert.equal(n.kind, kind, text);
    }
  });

  it('leaves prose alone: a pronoun, a lone letter without its dot, a year', () => {
    for (const text of ['I think this is right', 'X rays were observed', 'Z boson decays', 'The 2019 data'])
      assert.equal(parseSectionNumber(text), null, text);
  });

  it('keeps section order and lets REVTeX sub-subsections restart under each roman section', () => {
    const seq: Numbering = newNumbering();
    const take = (t: string) => {
      const n = parseSectionNumber(t)!;
      const ok = inSequence(n, seq);
      if (ok) advance(n, seq);
      return ok;
    };
    assert.ok(take('I. THEORY'));
    assert.ok(take('A. Overview'));
    assert.ok(take('1. Smearing method'));
    assert.ok(take('2. Offset method'));
    assert.ok(take('II. NUMERICAL RESULTS'));
    assert.ok(take('D. ZnO and Cu2O'));
    assert.ok(take('1. ZnO'), 'arabic numbering restarts in a new subsection');
    assert.ok(!take('IV. SUMMARY'), 'a skipped roman number is not a heading');
    const arabic: Numbering = newNumbering();
    advance(parseSectionNumber('2 Method')!, arabic);
    assert.ok(inSequence(parseSectionNumber('2.A Letter part')!, arabic));
    assert.ok(!inSequence(parseSectionNumber('5.B Elsewhere')!, arabic));
  });

  it('nests headings by depth: roman sections, their letters, their arabic parts', () => {
    assert.equal(headingDepth(parseSectionNumber('II. Method')!, true), 2);
    assert.equal(headingDepth(parseSectionNumber('B. Data')!, true), 3);
    assert.equal(headingDepth(parseSectionNumber('1. Smearing')!, true), 4);
    assert.equal(headingDepth(parseSectionNumber('3.B.1 Deep')!, false), 4);
  });

  it('renders lettered subsections under arabic sections as headings, and a sibling set in the same style', () => {
    const page = [
      seg('2 Method', 100, { size: 12, bold: true }),
      seg(BODY, 120),
      seg('2.A Sampling', 150, { size: 11, bold: true }),
      seg(BODY, 170),
      seg(BODY, 182),
      // Set right under the text, without space above: its style matches 2.A's.
      seg('2.B Estimation', 194, { size: 11, bold: true }),
      seg(BODY, 214),
      seg('2.B.1 The estimator', 244, { size: 10, bold: true }),
      seg(BODY, 264),
    ];
    const { markdown } = renderSegments([page], [792]);
    assert.match(markdown, /^## 2 Method$/m);
    assert.match(markdown, /^### 2\.A Sampling$/m);
    assert.match(markdown, /^### 2\.B Estimation$/m);
    assert.match(markdown, /^#### 2\.B\.1 The estimator$/m);
  });
});

describe('siblings by face', () => {
  it('accepts a numbered line without space above when it is set in the face of a known heading of its depth, not in the body face', () => {
    const face = (sg: Segment, font: string) => ({ ...sg, fonts: [{ font, chars: sg.text.length }] });
    const page = [
      face(seg('1 Introduction', 100, { size: 12, bold: true }), 'F3'),
      face(seg(BODY, 120), 'F1'),
      face(seg('1.1 First italic subsection', 150), 'F2'),
      face(seg(BODY, 170), 'F1'),
      face(seg(BODY, 182), 'F1'),
      face(seg('1.2 Second italic subsection', 194), 'F2'),
      face(seg(BODY, 206), 'F1'),
      face(seg('1.3 In the body face', 218), 'F1'),
      face(seg(BODY, 230), 'F1'),
    ];
    const { markdown } = renderSegments([page], [792]);
    assert.match(markdown, /^### 1\.1 First italic subsection$/m);
    assert.match(markdown, /^### 1\.2 Second italic subsection$/m);
    assert.doesNotMatch(markdown, /^#+ 1\.3/m);
  });
});

describe('first-page front matter', () => {
  it('recognises metadata lines of real first pages', () => {
    for (const t of [
      'CERN-PH-EP/2015-075',
      '2015/03/27',
      'CMS-HIG-14-042 ATLAS-HIGG-2014-14',
      'Submitted to Physical Review Letters',
      '©c 2015 CERN for the benefit of the ATLAS and CMS Collaborations. CC-BY-3.0 license',
      'Preprint. Under review.',
      'Accepted XXX. Received YYY; in original form ZZZ',
      'Received 25 July 2008',
      'Published as a conference paper at ICLR 2024',
      'CHI ’23, April 23–28, 2023, Hamburg, Germany',
      'EUROPEAN ORGANIZATION FOR NUCLEAR RESEARCH (CERN)',
      'arXiv:1503.07589v1',
    ])
      assert.ok(isFrontMeta(t), t);
    for (const t of [
      'The study of the mechanism of electroweak symmetry breaking is one of the goals',
      '1 Introduction',
      'Results and Discussion',
      'Combined Measurement of the Higgs Boson Mass',
    ])
      assert.ok(!isFrontMeta(t), t);
  });

  it('tells journal, institution and author lines from titles', () => {
    assert.ok(isInstitutionOrJournal('Journal of Cosmology and Astroparticle Physics'));
    assert.ok(isInstitutionOrJournal('EUROPEAN ORGANIZATION FOR NUCLEAR RESEARCH (CERN)'));
    assert.ok(isInstitutionOrJournal('Max Planck Institute for Astronomy'));
    assert.ok(!isInstitutionOrJournal('Apparent and average accelerations of the Universe'));
    for (const t of [
      'Jane Doe, John Smith and Ann Lee',
      'Krzysztof Bolejko1,2 and Lars Andersson3,4',
      'Guanhua Huang∗1 Yichen He∗1 Peiyuan Feng1',
      'The ATLAS and CMS Collaborations∗',
    ])
      assert.ok(isAuthorLine(t), t);
    for (const t of ['Related Work', 'Fe and Ni', 'Experimental Setup', 'Results and Discussion'])
      assert.ok(!isAuthorLine(t), t);
  });

  it('takes the title below a journal banner set in large type, and moves the metadata to one block', () => {
    const page = [
      seg('Journal of Physics Letters', 60, { size: 20 }),
      seg('Received 25 July 2008', 90, { size: 9 }),
      seg('A Study of Something Interesting', 130, { size: 18 }),
      seg('Jane Doe1 and John Smith2', 160, { size: 12 }),
      seg('1 Department of Physics, Some University', 175, { size: 9 }),
      seg('Abstract', 210, { size: 10, bold: true }),
      seg(BODY, 225),
      seg('Submitted to Physical Review Letters', 260, { size: 9 }),
      seg('1 Introduction', 300, { size: 12, bold: true }),
      seg(BODY, 320),
    ];
    const { markdown, title } = renderSegments([page], [792]);
    assert.equal(title, 'A Study of Something Interesting');
    const lines = markdown.split('\n\n');
    assert.equal(lines[0], '# A Study of Something Interesting');
    // The journal's banner is front matter too.
    assert.equal(
      lines[1],
      '*Journal of Physics Letters · Received 25 July 2008 · Submitted to Physical Review Letters*',
    );
    assert.equal(markdown.match(/Submitted to/g)?.length, 1);
    assert.doesNotMatch(markdown, /^#+ Jane Doe/m);
    assert.match(markdown, /^## 1 Introduction$/m);
  });

  it('takes a notice in small print with the lines that continue it, and an address is no report number', () => {
    const page = [
      seg('A Study of Something Interesting', 100, { size: 18 }),
      seg('Casilla 36-D', 130, { size: 9 }),
      seg(BODY, 200),
      seg(BODY, 212),
      seg('Permission to make digital or hard copies of all or part of this work for personal or', 700, {
        size: 8,
      }),
      seg('classroom use is granted without fee provided that copies are not made', 709, { size: 8 }),
      seg(BODY, 740),
    ];
    const { markdown } = renderSegments([page], [792]);
    assert.equal(
      markdown.split('\n\n')[1],
      '*Permission to make digital or hard copies of all or part of this work for personal or classroom use is granted without fee provided that copies are not made*',
    );
    assert.match(markdown, /^Casilla 36-D/m);
  });

  it('prefers the block that matches the metadata title', () => {
    const page = [
      seg('Institute for Advanced Things', 60, { size: 20 }),
      seg('Real Title of the Paper', 130, { size: 16 }),
      seg('Other Large Words', 150, { size: 16 }),
      seg(BODY, 220),
    ];
    assert.equal(
      renderSegments([page], [792], { title: 'Real title of the paper' }).title,
      'Real Title of the Paper',
    );
    assert.equal(renderSegments([page], [792]).title, 'Real Title of the Paper Other Large Words');
  });
});

describe('formulas in a PDF text layer', () => {
  it('tells mostly-math lines from headings and prose', () => {
    for (const t of ['E A3 =', 'E A = √', '∫ ∞ ψ(s) ds = 0', 'x = a + b (12)', 'B2 − 4AC'])
      assert.ok(isMathLine(t), t);
    for (const t of [
      '3.2 Results',
      'The case of A(1)',
      'Fe and Ni',
      '3.3.1. β−multiplier with resistor (Fig. 2.a)',
      'Higgs boson is mH = 125.09 ± 0.21 (stat.) ± 0.11 (syst.) GeV.',
      'Yuan Lin†1',
    ])
      assert.ok(!isMathLine(t), t);
    assert.ok(isDisplayEquation('ψ(r) = Yℓm(θ, φ) r exp(−g(r)) (3)'));
    assert.ok(!isDisplayEquation('x y z'), 'a row of single letters without an operator may be table cells');
  });

  it('never makes a formula a heading, and fences display equations one line each', () => {
    const page = [
      seg('1 Introduction', 100, { size: 12, bold: true }),
      seg(BODY, 120),
      seg('E A3 =', 150, { size: 12, bold: true }),
      seg('We then obtain the bound', 170),
      seg('f (x) = ∫ g(t) dt (4)', 190, { x: 200 }),
      seg('which holds for every x in the domain of the function considered here', 210),
    ];
    const { markdown } = renderSegments([page], [792]);
    assert.doesNotMatch(markdown, /^#+ E A3/m);
    assert.match(markdown, /^```equation\nf \(x\) = ∫ g\(t\) dt \(4\)\n```$/m);
    assert.match(markdown, /which holds for every x/);
  });

  it('keeps fenced equations and formula fragments out of the TL;DR and key points', () => {
    const markdown = [
      '# A Paper',
      '## Abstract',
      'We propose a new estimator for the tail of a distribution. We show that the estimator is consistent under mild conditions. Experiments show that it outperforms the usual estimators on real data.',
      '## 1 Introduction',
      'That is, the integral ∫ T ∫ T.',
      '```equation\nE A3 = ∫ ∞ ψ(s) ds − λ s (2)\n```',
      'We prove that the estimator converges at the optimal rate for every distribution in the class.',
    ].join('\n\n');
    const s = extractiveSummary({ title: 'A Paper', abstract: '', markdown });
    for (const line of [s.tldr, ...s.keyPoints]) {
      assert.doesNotMatch(line, /∫|ψ|E A3/, line);
    }
    assert.equal(rejectReason('That is, the integral ∫ T ∫ T.'), 'equation');
    assert.equal(
      rejectReason('Our experiments show that the network outperforms the state of the art.'),
      null,
    );
  });
});

describe('a CERN preprint cover page (1503.07589, vendored)', () => {
  const file = path.resolve(import.meta.dirname, '../../../fixtures/corpus/pdf/1503.07589v1.pdf');

  it('has the real title first, the first-page metadata in one block, and no author or running-head lines as headings', async () => {
    const { markdown, title } = await convertPdf(new Uint8Array(readFileSync(file)));
    assert.match(
      title ?? '',
      /^Combined Measurement of the Higgs Boson Mass in pp Collisions at √ s = 7 and 8 TeV with the ATLAS and CMS Experiments$/,
    );
    const blocks = markdown.split('\n\n');
    assert.match(
      blocks[1]!,
      /^\*EUROPEAN ORGANIZATION FOR NUCLEAR RESEARCH \(CERN\) · CERN-PH-EP\/2015-075 · 2015\/03\/27 · .*Submitted to Physical Review Letters · .*CC-BY-3\.0 license · ∗See appendices A and B for lists of collaboration members\.\*$/,
    );
    const body = blocks.slice(2).join('\n\n');
    for (const meta of ['CERN-PH-EP/2015-075', 'Submitted to Physical Review Letters', 'CC-BY-3.0 license'])
      assert.ok(!body.includes(meta), meta);
    assert.doesNotMatch(markdown, /^#+ The ATLAS and CMS Collaborations/m);
    assert.doesNotMatch(markdown, /^#+ Experiments$/m);
    // The appendices' running heads (page number and section name) appear once each, as their heading.
    assert.equal(markdown.match(/^## A The ATLAS Collaboration$/gm)?.length, 1);
    assert.equal(markdown.match(/^## B The CMS Collaboration$/gm)?.length, 1);
  });
});
