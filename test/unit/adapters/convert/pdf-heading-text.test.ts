/**
 * Heading rules that read a heading's text and its neighbours (adapters/convert/pdf-heading-text.ts
 * and the numbering grammar's title checks): constructed lines set in the geometry of the fixture
 * PDFs they come from, and two vendored fixture PDFs converted whole.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import {
  isOtherColumnLine,
  mostlyCapitals,
  spliceFragments,
  startsWithDigitWord,
  startsWithMixedCaseName,
} from '../../../../adapters/convert/pdf-heading-text.ts';
import { renderSegments } from '../../../../adapters/convert/pdf-markdown.ts';
import { isSuccessor, parseSectionNumber } from '../../../../adapters/convert/pdf-numbering.ts';
import { isForeignAbstractName, isSectionName } from '../../../../adapters/convert/pdf-heading-words.ts';
import { convertPdf } from '../../../../adapters/convert/pdf.ts';
import { FIXTURES_DIR } from '../../../support/corpus.ts';
import { BODY, seg } from '../../../support/pdf-lines.ts';

const headings = (md: string) => md.split('\n').filter((l) => /^#{2,6} /.test(l));
/** A line on page 2, after a first page with the title and the introduction (page 1 is front matter until its first heading). */
const on2: typeof seg = (text, y, opts = {}) => seg(text, y, { page: 1, ...opts });
const render = (page2: ReturnType<typeof seg>[]) =>
  renderSegments(
    [
      [
        seg('Title of the paper set large', 40, { size: 16 }),
        seg('1. Introduction', 100, { size: 12 }),
        seg(BODY, 125),
      ],
      page2,
    ],
    [792, 792],
  ).markdown;
/** Headings after the introduction. */
const later = (md: string) => headings(md).slice(1);

describe('what a section title may be', () => {
  it('needs a word: axis labels and a formula tail under a number are no title', () => {
    assert.equal(parseSectionNumber('H L'), null);
    assert.equal(parseSectionNumber('2 βc2 )'), null);
    assert.equal(parseSectionNumber('E. NiO and MnO')?.rest, 'NiO and MnO');
    assert.equal(parseSectionNumber('G. Self-consistency for Σ[G]')?.rest, 'Self-consistency for Σ[G]');
  });

  it('may start with a digit fused to a capital, not with a bare number', () => {
    assert.equal(parseSectionNumber('4.1 1-D Surface Mass Density Profiles')?.num, '4.1');
    assert.ok(startsWithDigitWord('3D Reconstruction'));
    assert.ok(!startsWithDigitWord('3 Dimensional'));
    assert.ok(!startsWithDigitWord('3Dimensional'));
    assert.equal(parseSectionNumber('2.5 3 = x'), null);
  });

  it('may start with a name in mixed case', () => {
    assert.ok(startsWithMixedCaseName('redMaPPer Clusters'));
    assert.ok(startsWithMixedCaseName('mRNA levels'));
    assert.ok(!startsWithMixedCaseName('we find that'));
  });

  it('drops the letter section that was only a figure label, so the next letters stay in sequence', () => {
    // cond-mat_0611002: `H L` (axis labels of a band structure) used to count as section H, and `E.`, `F.` after it were out of sequence.
    const md = render([
      on2('II. RESULTS', 70, { bold: true, size: 9 }),
      on2(BODY, 95),
      on2('D. ZnO and Cu2O', 130, { bold: true, size: 9 }),
      on2(BODY, 155),
      on2('H L', 190, { size: 9 }),
      on2(BODY, 215),
      on2('E. NiO and MnO', 250, { bold: true, size: 9 }),
      on2(BODY, 275),
    ]);
    assert.deepEqual(later(md), ['## II. RESULTS', '### D. ZnO and Cu2O', '### E. NiO and MnO']);
  });
});

describe('lower-case letter parts', () => {
  it('are parts below the first, and follow in the outline', () => {
    const sub = parseSectionNumber('2.1 Sources')!;
    const a = parseSectionNumber('2.1.a Point sources')!;
    const b = parseSectionNumber('2.1.b Line sources')!;
    assert.deepEqual(a.parts, ['2', '1', 'a']);
    assert.ok(isSuccessor(a, sub));
    assert.ok(isSuccessor(b, a));
    assert.ok(!isSuccessor(parseSectionNumber('2.1.c Planes')!, a));
    assert.equal(parseSectionNumber('e.g. this line'), null);
    assert.equal(parseSectionNumber('a.1 Lower-case first part'), null);
  });
});

describe('section names in other languages', () => {
  it('are a closed class; the abstract is told apart', () => {
    for (const w of [
      'ZUSAMMENFASSUNG',
      'Einleitung',
      'LITERATUR',
      'Danksagung',
      'Remerciements',
      'Conclusiones',
    ])
      assert.ok(isSectionName(w), w);
    assert.ok(!isSectionName('Wellenfeldsynthese'));
    assert.ok(isForeignAbstractName('ZUSAMMENFASSUNG'));
    assert.ok(isForeignAbstractName('Résumé:'));
    assert.ok(!isForeignAbstractName('EINLEITUNG'));
  });

  it('make a heading on page 1, and the abstract under it stays front matter', () => {
    // ieee-journal-wfs-chapter-de: `ZUSAMMENFASSUNG` in small capitals below the body size, then the abstract, then `I. EINLEITUNG`.
    const page = [
      seg('Kapitel: Wellenfeldsynthese', 60, { size: 24 }),
      seg('ZUSAMMENFASSUNG', 279.6, { size: 8, x: 130 }),
      seg(`${BODY}.`, 296.7),
      seg('I. EINLEITUNG', 340, { size: 8, x: 140 }),
      seg(BODY, 360),
    ];
    const md = renderSegments([page], [792]).markdown;
    assert.deepEqual(headings(md), ['## ZUSAMMENFASSUNG', '## I. EINLEITUNG']);
  });
});

describe('a heading in the style of its siblings', () => {
  it('may end with a stop (1407.7587v1: `VII. … HARD CONFINEMENT r ≤ R.`), and the next numbers follow', () => {
    const head = (text: string, y: number) => on2(text, y, { bold: true, size: 9, x: 150 });
    const md = render([
      head('II. EXACT SOLUTIONS', 100),
      on2(BODY, 125),
      head('III. APPROXIMATE SOLUTIONS', 160),
      on2(BODY, 185),
      head('IV. SOLUTIONS WITH HARD CONFINEMENT r ≤ R.', 220),
      on2(BODY, 245),
      head('V. CONCLUSION', 280),
      on2(BODY, 305),
    ]);
    assert.deepEqual(later(md), [
      '## II. EXACT SOLUTIONS',
      '## III. APPROXIMATE SOLUTIONS',
      '## IV. SOLUTIONS WITH HARD CONFINEMENT r ≤ R.',
      '## V. CONCLUSION',
    ]);
  });

  it('but a sentence after a number in body type stays text', () => {
    const md = render([on2(`${BODY}.`, 100), on2('2. We did this. Then that.', 125)]);
    assert.deepEqual(later(md), []);
  });
});

describe('capitals that run on', () => {
  it('counts a heading line in capitals with one name in mixed case', () => {
    assert.ok(mostlyCapitals('BETWEEN THE HSC AND SDSS redMaPPer CLUSTERS'));
    assert.ok(!mostlyCapitals('Between the HSC and SDSS clusters we find'));
    assert.ok(!mostlyCapitals('CLUSTERS'));
  });
});

describe('the other column beside a heading', () => {
  // 2212.08410v3: `References` (bold, 12 pt) at x 306 beside the left column's line ending at x 289, 5 pt higher.
  const left = seg('be attributed to the task requiring specific factual', 662.6, {
    x: 71,
    x1: 289,
    size: 10.9,
  });
  const head = seg('References', 654.1, { x: 306, x1: 362, size: 12, bold: true });

  it('is a line of the neighbouring column, not a cell of the same row', () => {
    assert.ok(isOtherColumnLine(left, head));
    // A short cell on the same baseline is a table row.
    assert.ok(!isOtherColumnLine(seg('MAE', 654.1, { x: 270, x1: 290, size: 12, bold: true }), head));
  });

  it('leaves the heading alone on its row', () => {
    const page = [
      seg('Title of the paper set large', 40, { size: 16 }),
      seg('7 Conclusion', 100, { size: 12, bold: true, x: 306 }),
      seg(BODY, 125, { x: 306, x1: 526, size: 10.9 }),
      left,
      head,
      seg('BIG-bench collaboration. 2021. Beyond the imitation', 672.7, { x: 306, x1: 524 }),
    ];
    assert.ok(headings(renderSegments([page], [792]).markdown).includes('## References'));
  });
});

describe('fragments set apart over a heading', () => {
  it('puts a raised index back after the letter under it (math_0607661: `A(1)N−1`)', () => {
    const s = seg('4.1 The case of AN−1', 350.5, { x: 64, x1: 196, size: 14.35 });
    const index = seg('(1)', 343.7, { x: 177, x1: 189, size: 9.96 });
    assert.equal(spliceFragments(s, [index]), '4.1 The case of A(1)N−1');
  });

  it('puts a spacing accent on the capital under it (ieee-journal-wfs-chapter-de: `FÜR`)', () => {
    const s = seg('IV. SIMULATIONEN FUR DIE WFS EINER VIRTUELLEN', 569.8, { x: 322, x1: 553, size: 8 });
    const accent = seg('¨', 569, { x: 416, x1: 419, size: 10 });
    assert.equal(spliceFragments(s, [accent]), 'IV. SIMULATIONEN FÜR DIE WFS EINER VIRTUELLEN');
  });

  it('puts each of several indices in one fragment at its place, in the room it took (cond-mat_0611002: `G0W0`)', () => {
    const s = seg('APPENDIX A: HOW TO JUSTIFY G W', 653.9, { x: 77, x1: 271, size: 9 });
    const subs = seg('0 0', 650.1, { x: 258, x1: 276, size: 6 });
    assert.equal(spliceFragments(s, [subs]), 'APPENDIX A: HOW TO JUSTIFY G0W0');
  });

  it('a fragment before the heading neither stands beside it nor takes the space above it; three lines make one heading', () => {
    // cond-mat_0611002: the subscripts `0 0` come before `APPENDIX A: …` in reading order, 4 pt into its row.
    const md = render([
      on2('I. THEORY', 520, { bold: true, size: 9, x: 100 }),
      on2(`${BODY}.`, 612.8, { x: 54, x1: 232 }),
      on2('0 0', 650.1, { x: 258, x1: 276, size: 6 }),
      on2('APPENDIX A: HOW TO JUSTIFY G W', 653.9, { x: 77, x1: 271, size: 9, bold: true }),
      on2('APPROXIMATION FROM Σ[G]? — Z FACTOR', 664.4, { x: 61, x1: 292, size: 9, bold: true }),
      on2('CANCELLATION', 674.9, { x: 133, x1: 220, size: 9, bold: true }),
      on2(BODY, 700),
    ]);
    assert.deepEqual(later(md), [
      '## I. THEORY',
      '## APPENDIX A: HOW TO JUSTIFY G0W0 APPROXIMATION FROM Σ[G]? — Z FACTOR CANCELLATION',
    ]);
    assert.doesNotMatch(md, /^0 0$/m);
  });

  it('writes the heading with its index, and no paragraph of the index alone', () => {
    const md = render([
      on2('2 Examples', 300, { size: 14.35 }),
      on2(`${BODY}.`, 320),
      on2('(1)', 343.7, { x: 177, x1: 189, size: 9.96 }),
      on2('2.1 The case of AN−1', 350.5, { x: 64, x1: 196, size: 14.35 }),
      on2(BODY, 375),
    ]);
    assert.match(md, /^### 2\.1 The case of A\(1\)N−1$/m);
    assert.doesNotMatch(md, /^\(1\)$/m);
  });
});

describe('on vendored fixture PDFs', () => {
  const pdf = (name: string) => new Uint8Array(readFileSync(path.join(FIXTURES_DIR, 'convert', 'pdf', name)));

  it('mnras-jianbing: a title in mixed case, one after `1-D`, appendix titles over two lines', async () => {
    const h = headings((await convertPdf(pdf('mnras-jianbing.pdf'))).markdown);
    assert.ok(h.includes('#### 3.3.1 redMaPPer Clusters'), h.join('\n'));
    assert.ok(h.includes('### 4.1 1-D Surface Mass Density Profiles'));
    assert.ok(
      h.includes('## APPENDIX F: THE COMPARISON OF ∆Σ PROFILE BETWEEN THE HSC AND SDSS redMaPPer CLUSTERS'),
    );
  });

  it('ieee-journal-wfs-chapter-de: the accent of `FÜR` set apart over its heading', async () => {
    const h = headings((await convertPdf(pdf('ieee-journal-wfs-chapter-de.pdf'))).markdown);
    assert.ok(h.includes('## IV. SIMULATIONEN FÜR DIE WFS EINER VIRTUELLEN PUNKTQUELLE'), h.join('\n'));
  });
});
