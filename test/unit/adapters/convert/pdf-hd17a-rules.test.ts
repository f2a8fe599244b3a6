/**
 * Heading rules of session 16, hd17a (issue #30): a thesis's unnumbered display title that wraps
 * onto a second line, a subsection title in its siblings' style that names years, contents
 * entries that wrap or keep their leaders apart, and a supplement's title naming the paper (never headings). Real fixture PDFs for the outcome,
 * constructed lines for the edges of each rule.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { hangsUnderLargeTitle } from '../../../../adapters/convert/pdf-hd14-heading-wrap.ts';
import { namesPaperTitle } from '../../../../adapters/convert/pdf-hd17a-companion-title.ts';
import { joinWrappedEntries, leadersBeside } from '../../../../adapters/convert/pdf-hd17a-contents-wraps.ts';
import { fixtureMarkdown, markdownHeadings } from '../../../support/pdf-fixture-markdown.ts';
import { seg } from '../../../support/pdf-lines.ts';

const BODY = 10;

const ENTRY = /^\d{1,2}(?:\.\d{1,2}){0,3}\.?\s+\S/;

describe('session 16 (hd17a) on real papers', () => {
  it("joins the thesis's two-line chapter titles and keeps its lists of figures out of the outline", async () => {
    const md = await fixtureMarkdown('thesis-ukhov2017-uncertainty.pdf');
    const heads = markdownHeadings(md);
    for (const h of ['Analysis and Design under Process Uncertainty', 'Analysis under Workload Uncertainty'])
      assert.ok(heads.includes(`## ${h}`), `${h} in\n${heads.join('\n')}`);
    assert.ok(!heads.some((h) => /^#+ (?:Process Uncertainty|Uncertainty)$/.test(h)), heads.join('\n'));
    // List-of-figures entries wrapped over two lines, their page number on the second.
    assert.ok(!heads.some((h) => /First three levels|Accuracy of the proposed solution \(blue\)/.test(h)));
    assert.ok(
      md.includes('- 6.2 First three levels of the one-dimensional open Newton–Cotes grid with new nodes'),
    );
  });

  it('keeps a Copernicus subsection whose title names years', async () => {
    const heads = markdownHeadings(await fixtureMarkdown('copernicus-essd-madagascar-deforestation.pdf'));
    assert.ok(
      heads.includes('### 4.2 Dynamics of forest-cover in Madagascar from 1953 to 2014'),
      heads.join('\n'),
    );
  });

  it("writes a REVTeX supplement's own title as text, not as a section", async () => {
    const heads = markdownHeadings(await fixtureMarkdown('revtex-msd-diffusion-uncertainty.pdf'));
    assert.ok(!heads.some((h) => h.includes('Supplemental Material')), heads.join('\n'));
    assert.ok(heads.includes('### S-II: Estimating σ2[xi]: variance rescaling versus block renormalisation'));
  });

  it('reads a contents entry whose leaders and page number are a run of their own as an entry', async () => {
    const md = await fixtureMarkdown('thesis-bercx2020-ch1.pdf');
    assert.ok(!markdownHeadings(md).some((h) => h.includes('Kinetic barriers')));
    assert.ok(md.includes('- 3.3.3 Kinetic barriers - dimer workflow'));
  });
});

describe('namesPaperTitle', () => {
  const title =
    'Accurate Estimation of Diffusion Coefficients and their Uncertainties from Computer Simulation';
  it("takes a supplement's title that quotes the paper's opening words", () => {
    assert.ok(
      namesPaperTitle(
        'Supplemental Material for “Accurate Estimation of Diffusion Coefficients and their',
        title,
      ),
    );
    assert.ok(namesPaperTitle('Response to referees: Accurate estimation of diffusion coefficients', title));
  });
  it('not a section sharing a few of its words, nor a short title', () => {
    assert.ok(!namesPaperTitle('2 Estimation of Diffusion Coefficients', title));
    // A section titled like the paper, with or without its number.
    assert.ok(!namesPaperTitle('4 BUILD SYSTEMS À LA CARTE', 'Build Systems à la Carte'));
    assert.ok(!namesPaperTitle('Accurate Estimation of Diffusion Coefficients and their', title));
    assert.ok(!namesPaperTitle('4 Results: Accurate Estimation of Diffusion Coefficients and their', title));
    assert.ok(!namesPaperTitle('Supplemental Material for “Deep Sets”', 'Deep Sets'));
    assert.ok(!namesPaperTitle('Supplemental Material', null));
  });
});

describe('hangsUnderLargeTitle for an unnumbered display title', () => {
  const head = seg('Analysis and Design under', 224, { size: 20.7, x: 166, font: 'f2' });
  it('takes the line flush under it in the same display size and face', () => {
    assert.ok(
      hangsUnderLargeTitle(
        head,
        seg('Process Uncertainty', 251, { size: 20.7, x: 167, font: 'f2' }),
        head.text,
        BODY,
      ),
    );
  });
  it('not in body size, nor a title one step above the body, nor one indented', () => {
    assert.ok(
      !hangsUnderLargeTitle(
        head,
        seg('Process Uncertainty', 251, { size: BODY, x: 167, font: 'f2' }),
        head.text,
        BODY,
      ),
    );
    const step = seg('Analysis and Design under', 224, { size: 1.3 * BODY, x: 166, font: 'f2' });
    assert.ok(
      !hangsUnderLargeTitle(
        step,
        seg('Process', 251, { size: 1.3 * BODY, x: 166, font: 'f2' }),
        step.text,
        BODY,
      ),
    );
    assert.ok(
      !hangsUnderLargeTitle(
        head,
        seg('Process Uncertainty', 251, { size: 20.7, x: 220, font: 'f2' }),
        head.text,
        BODY,
      ),
    );
  });
});

describe('contents entries that wrap or set their leaders apart', () => {
  it('finds the leaders and page number beside a title, on its baseline only', () => {
    const title = seg('3.3.3 Kinetic barriers - dimer workflow', 734, { x: 113 });
    const leaders = seg('. . . . . . . . 39', 734, { x: 321 });
    assert.deepEqual(leadersBeside(title, [title, leaders]), { cell: leaders, page: 39 });
    assert.equal(leadersBeside(title, [title, seg('. . . . 39', 760, { x: 321 })]), null);
    assert.equal(leadersBeside(title, [title, seg('and 39', 734, { x: 321 })]), null);
  });

  it("gives a wrapped entry's second line to the numbered line above it", () => {
    const first = seg('6.2 First three levels of the grid', 288, { x: 143 });
    const second = seg('with new nodes (solid)', 300, { x: 165 });
    const entries = new Map([[second, 'with new nodes (solid)']]);
    const consumed = new Set<typeof first>();
    joinWrappedEntries([first, second], entries, consumed, ENTRY);
    assert.equal(entries.get(first), '6.2 First three levels of the grid with new nodes (solid)');
    assert.ok(!entries.has(second) && consumed.has(second));
  });

  it('leaves a numbered line whose next line starts at its own edge (a new paragraph)', () => {
    const first = seg('6.2 First three levels of the grid', 288, { x: 143 });
    const second = seg('with new nodes (solid)', 300, { x: 143 });
    const entries = new Map([[second, 'with new nodes (solid)']]);
    joinWrappedEntries([first, second], entries, new Set(), ENTRY);
    assert.ok(!entries.has(first));
  });
});
