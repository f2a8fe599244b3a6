/**
 * Heading rules of session 12 (issue #30), studied on the fifth batch: a running-head slot is
 * measured by each column's own line pitch (two columns whose baselines interleave hid IEEE's
 * first row, `II. PROBLEM DEFINITION`, and the title), a heading that opens the second column
 * beside a line of the first is a segment of its own (KOMA-Script's sans-serif `2. Flaws and
 * fixes`), a bold head over text set a size below the body (MDPI's `Abbreviations`), and
 * `1. Introduction` opening the numbering after an affiliation's mark was taken for a number, a
 * section name over its first numbered subsection (AASTeX's `APPENDIX` over `A. SUPPLEMENTAL MATERIAL`), a bold head larger
 * than the body over indented text (JMLR's appendix), a subscript `0` that is no note mark (`H0`),
 * a list item whose subscripts deepen its line's box still running on into the next line, and a
 * figure's lettered panel titles side by side over its small labels.
 * Real fixture PDFs for the outcome, constructed lines and runs for the edges of each rule.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import {
  numberedHeadBelow,
  termSized,
  textLineBelow,
} from '../../../../adapters/convert/pdf-hd12-text-below.ts';
import { runsOnAsParagraph } from '../../../../adapters/convert/pdf-list-items.ts';
import { withoutNoteMark } from '../../../../adapters/convert/pdf-spurious.ts';
import { buildSegments, type Segment, type TextRun } from '../../../../adapters/convert/pdf-layout.ts';
import { inSequence, parseSectionNumber } from '../../../../adapters/convert/pdf-numbering.ts';
import { runningHeadSlots } from '../../../../adapters/convert/pdf-running-heads.ts';
import { convertPdf } from '../../../../adapters/convert/pdf.ts';
import { BODY, seg } from '../../../support/pdf-lines.ts';
import { isPanelTitle } from '../../../../adapters/convert/pdf-figure-labels.ts';

const PDFS = path.resolve(import.meta.dirname, '../../../fixtures/convert/pdf');

async function convert(file: string): Promise<{ title: string | null; headings: string[] }> {
  const { markdown, title } = await convertPdf(new Uint8Array(readFileSync(path.join(PDFS, file))));
  const headings = markdown
    .split('\n')
    .filter((l) => /^#{2,6} /.test(l))
    .map((l) => l.replace(/^#+ /, ''));
  return { title, headings };
}

/** A two-column page: left lines at 11 pt pitch from `y0`, right lines offset by half a pitch. */
function twoColumns(page: number, y0: number, first: [string, string]): Segment[] {
  const segs = [seg(first[0], y0, { page, x: 50 }), seg(first[1], y0, { page, x: 320 })];
  for (let i = 1; i < 30; i++) {
    segs.push(seg(`${BODY} left ${i} ${page}`, y0 + 11 * i, { page, x: 50, x1: 300 }));
    segs.push(seg(`${BODY} right ${i} ${page}`, y0 + 5.5 + 11 * i, { page, x: 320, x1: 570 }));
  }
  return segs;
}

describe('running-head slots in two columns', () => {
  it('keeps the first row of text when the columns interleave their baselines', () => {
    const pages = [0, 1, 2, 3, 4, 5].map((p) =>
      twoColumns(p, 66, [`Unlike the games solved to date ${p}`, `II. PROBLEM DEFINITION ${p}`]),
    );
    assert.equal(
      runningHeadSlots(
        pages,
        pages.map(() => 792),
      ).size,
      0,
    );
  });

  it('still drops a head set apart from two columns of text by more than their pitch', () => {
    const pages = [0, 1, 2, 3, 4, 5].map((p) => [
      seg(`IEEE TRANSACTIONS ON SOMETHING, PAGE ${p}`, 40, { page: p, x: 50, size: 8 }),
      ...twoColumns(p, 66, [`${BODY} a ${p}`, `${BODY} b ${p}`]),
    ]);
    const heads = runningHeadSlots(
      pages,
      pages.map(() => 792),
    );
    assert.equal(heads.size, 6);
    assert.ok([...heads].every((s) => s.text.startsWith('IEEE TRANSACTIONS')));
  });

  it('reads every section of an IEEE paper whose text starts at the same height on each page, and its title', async () => {
    const { title, headings } = await convert('ieee-pentago.pdf');
    assert.match(title ?? '', /^Pentago is a First Player Win: Strongly Solving a Game/);
    for (const h of ['II. PROBLEM DEFINITION', 'VII. CORRECTNESS AND FAULT DETECTION', 'IX. CONCLUSION'])
      assert.ok(headings.includes(h), h);
  });
});

/** A text run as pdf.js gives it (0.45 em per character, or `width`). */
function run(text: string, x: number, y: number, size: number, font: string, width?: number): TextRun {
  return { text, x, y, width: width ?? text.length * 0.45 * size, size, font };
}

/** A page of two columns (left edge 89, right edge 303) with `extra` runs on it. */
function columnsPage(rows: number, extra: TextRun[]): TextRun[] {
  const runs: TextRun[] = [...extra];
  for (let i = 0; i < rows; i++) {
    runs.push(run('a line of the left column of text here, full', 89, 100 + 13.5 * i, 10.9, 'body', 204));
    runs.push(run('a line of the right column of text, full', 303, 100 + 13.5 * i, 10.9, 'body', 205));
  }
  return runs;
}

describe('a heading opening the second column beside a line of the first', () => {
  it('is a segment of its own when set larger than the line', () => {
    const y = 100 + 13.5 * 20 + 2;
    const runs = columnsPage(20, [
      run('thought of as a successor to the ever so', 89, y, 10.9, 'body', 204),
      run('2. Flaws and fixes', 303, y, 13.5, 'bold'),
    ]);
    const texts = buildSegments(runs, 0).map((s) => s.text);
    assert.ok(texts.includes('2. Flaws and fixes'));
    assert.ok(texts.includes('thought of as a successor to the ever so'));
  });

  it('is a segment of its own when its number is in another face, at a column edge fewer lines share', () => {
    const y = 100 + 13.5 * 4 + 2;
    const runs = columnsPage(4, [
      run('(See the note at', 220, y, 10.9, 'body', 73),
      run('A.1. Forward model', 303, y, 11.2, 'bold'),
    ]);
    assert.ok(buildSegments(runs, 0).some((s) => s.text === 'A.1. Forward model'));
  });

  it('leaves a short run of the line’s own face and size joined (a formula’s piece at the edge)', () => {
    const y = 100 + 13.5 * 20 + 2;
    const runs = columnsPage(20, [
      run('where the sum runs over all of', 89, y, 10.9, 'body', 204),
      run('i and j', 303, y, 10.9, 'body'),
    ]);
    assert.ok(buildSegments(runs, 0).some((s) => s.text === 'where the sum runs over all of i and j'));
  });

  it('reads every section of a KOMA-Script two-column note', async () => {
    const { headings } = await convert('scrartcl-cam16-color-model.pdf');
    assert.deepEqual(headings, [
      '1. Introduction',
      '2. Flaws and fixes',
      '2.1. Step 3, forward model',
      '2.2. Linear combinations, forward model',
      '2.3. Step 9, forward model',
      '2.4. Steps 2 and 3, inverse model',
      'A. Full model',
      'A.1. Forward model',
      'A.2. Inverse model',
      'References',
    ]);
  });
});

describe('text a size below the body under a bold head', () => {
  it('counts a line of prose in small type, not footnote type or a table’s cells', () => {
    const body = 10;
    assert.ok(
      textLineBelow(seg('The following abbreviations are used in this manuscript:', 0, { size: 9 }), body),
    );
    assert.ok(textLineBelow(seg(BODY, 0, { size: 10.5 }), body));
    assert.ok(
      !textLineBelow(seg('The following abbreviations are used in this manuscript:', 0, { size: 8 }), body),
    );
    assert.ok(!textLineBelow(seg('ANN 3-7-4-1 0.953 12.5 RMSE 0.41', 0, { size: 9 }), body));
    assert.ok(!textLineBelow(seg('Short line in small', 0, { size: 9 }), body));
  });

  it('reads MDPI’s back-matter head over its small text', async () => {
    const { headings } = await convert('mdpi-algorithms-ann-flow-law.pdf');
    assert.ok(headings.includes('Abbreviations'));
    assert.ok(headings.includes('Appendix A. ANN Flow Law Coefficients'));
    assert.ok(!headings.some((h) => /^(Funding|Conflicts of Interest)/.test(h)));
  });
});

describe('the introduction opens the numbering', () => {
  it('accepts `1. Introduction` after a number taken from the front matter, and nothing else at 1', () => {
    const seq = { arabic: 1, roman: 0, letter: 1 };
    assert.ok(inSequence(parseSectionNumber('1. Introduction')!, seq));
    assert.ok(inSequence(parseSectionNumber('1 Einleitung')!, seq));
    assert.ok(!inSequence(parseSectionNumber('1. Results')!, seq));
    assert.ok(!inSequence(parseSectionNumber('1.1 Introduction')!, { arabic: 2, roman: 0, letter: 0 }));
  });

  it('reads the first section of an A&A paper whose affiliation line was numbered', async () => {
    const { headings } = await convert('aa-vermin-debris-disk-opacity.pdf');
    assert.ok(headings.includes('1. Introduction'));
    assert.ok(headings.indexOf('1. Introduction') < headings.indexOf('2. Observations'));
  });
});

describe('section names over what a table cell or description would be', () => {
  it('tells a section name’s first numbered subsection from a table cell under it', () => {
    const name = seg('APPENDIX', 500, { x: 279 });
    assert.ok(numberedHeadBelow(name, seg('A. SUPPLEMENTAL MATERIAL', 536, { x: 228 }), 12.5));
    // At the row pitch it is a table's next row; without a number it is a cell.
    assert.ok(!numberedHeadBelow(name, seg('A. SUPPLEMENTAL MATERIAL', 512, { x: 228 }), 12.5));
    assert.ok(!numberedHeadBelow(name, seg('SUPPLEMENTAL MATERIAL', 536, { x: 228 }), 12.5));
  });

  it('takes a term for a description only in the text’s size', () => {
    assert.ok(termSized(seg('Global', 0, { size: 10 }), 10));
    assert.ok(!termSized(seg('Dirac Functionals and Empirical Measures', 0, { size: 10.9 }), 10));
  });

  it('reads the AASTeX appendix and the JMLR appendix heads', async () => {
    const aas = (await convert('aastex-young-stellar-flares.pdf')).headings;
    assert.ok(
      aas.indexOf('APPENDIX') >= 0 && aas.indexOf('APPENDIX') + 1 === aas.indexOf('A. SUPPLEMENTAL MATERIAL'),
    );
    const jmlr = (await convert('jmlr-wcp-enkf-matheron.pdf')).headings;
    assert.ok(jmlr.includes('Dirac Functionals and Empirical Measures'));
  });
});

describe('a subscript zero is no note mark', () => {
  it('keeps `H0` whole although a line of the page starts with `0 `', () => {
    const head = {
      ...seg('3.1 Inference of H0', 300, { size: 12 }),
      fonts: [
        { font: 'bold', chars: 15 },
        { font: 'sub', chars: 1, number: true },
      ],
    };
    const tick = seg('0 20 40 60', 400, { size: 8 });
    assert.equal(withoutNoteMark(head, [head, tick]), '3.1 Inference of H0');
    // A real mark `1` with its footnote still goes.
    const noted = { ...head, text: '3.1 Inference of H1' };
    assert.equal(
      withoutNoteMark(noted, [noted, seg('1 A footnote.', 700, { size: 8 })]),
      '3.1 Inference of H',
    );
  });

  it('reads the Springer Nature subsection titles with their subscripts', async () => {
    const { headings } = await convert('snjnl-cosmology-figaro.pdf');
    assert.ok(headings.includes('3.1 Inference of H0'));
  });
});

describe('a numbered list item with subscripts runs on into its next line', () => {
  it('is a paragraph although the boxes of the two lines overlap', () => {
    // REVTeX's `2. If action At is …, then the` / `hidden state is not updated, i.e. S…`: the subscripts
    // push the first line's bottom below the top of the next one.
    const first = {
      ...seg('2. If action At is the request new syndrome action, then the', 155, { x: 330, x1: 562 }),
      bottom: 159,
    };
    const next = seg('hidden state is not updated, i.e. Shidden,t+1 = Shidden,t,', 166, { x: 342, x1: 563 });
    assert.ok(next.top < first.bottom - 0.5);
    assert.ok(runsOnAsParagraph(first, () => next, 11.5));
    // A line on the same baseline's row is no next line.
    const beside = { ...next, baseline: 158, top: 150 };
    assert.ok(!runsOnAsParagraph(first, () => beside, 11.5));
  });

  it('keeps a REVTeX list item out of the outline', async () => {
    const { headings } = await convert('revtex-rl-decoders.pdf');
    assert.ok(!headings.some((h) => /^2\. If action/.test(h)));
    assert.ok(headings.includes('B. Request New Syndrome or Repeated Pauli Flip'));
  });
});

describe('a figure’s panel titles', () => {
  const a = { ...seg('A. Intended workflow', 98.8, { x: 134, bold: true }) };
  const b = { ...seg('B. Spurious shortcut', 97.7, { x: 366, bold: true }) };
  const label = seg('Chemical', 145, { x: 161, size: 8 });

  it('are no headings: numbered alike on one row, over the figure’s small labels', () => {
    const label2 = seg('Chemical', 145, { x: 393, size: 8 });
    assert.ok(isPanelTitle(a, [a, b, label, label2], 10.9));
    assert.ok(isPanelTitle(b, [a, b, label, label2], 10.9));
  });

  it('leaves a heading over text, and a heading alone on its row over a figure', () => {
    const text = seg(BODY, 112, { x: 134 });
    assert.ok(!isPanelTitle(a, [a, b, text], 10.9));
    assert.ok(!isPanelTitle(a, [a, label], 10.9));
    // A number of another depth beside it (`A.1. Data` in the other column) is no panel pair.
    const sub = { ...seg('A.1. Data', 98.8, { x: 366, bold: true }) };
    assert.ok(!isPanelTitle(a, [a, sub, label], 10.9));
  });

  it('keeps the panel titles of a preprint’s figure out of its outline', async () => {
    const { headings } = await convert('article-clever-materials.pdf');
    assert.ok(!headings.some((h) => /Intended workflow|Spurious shortcut/.test(h)));
    assert.ok(headings.includes('2.1 MOF Thermal Stability'));
  });
});
