/**
 * Rules of session 18, ex19 (issue #30): lines the converter promoted that are no headings. A line
 * left open (`…, and`, `… during`) is an item's or a footnote's first line; a subsection number in
 * plain type closed unlike its accepted siblings (`2.3` under `2.1.`, `2.2.`), or with a leading
 * zero (`2.02`), is a table's row; a header cell has its row on either side; an unnumbered lead run
 * into its paragraph stays in the paragraph. Real fixture PDFs for the outcome, constructed lines
 * for the edges of each rule.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { endsOpen } from '../../../../adapters/convert/pdf-ex19-open-ends.ts';
import { unlikeNumberedSiblings } from '../../../../adapters/convert/pdf-ex19-number-style.ts';
import { inHeaderRow } from '../../../../adapters/convert/pdf-ex19-header-row.ts';
import { parseSectionNumber } from '../../../../adapters/convert/pdf-numbering.ts';
import { fixtureMarkdown, markdownHeadings } from '../../../support/pdf-fixture-markdown.ts';
import { seg } from '../../../support/pdf-lines.ts';

describe('session 18 (ex19) on real papers', () => {
  it("keeps AASTeX's parameter-table rows (`2.3 Initial gas mass`, `2.02 Greggio …`) out of the headings", async () => {
    const heads = markdownHeadings(await fixtureMarkdown('aastex-sn-ia-delay-time-distribution.pdf'));
    for (const row of ['2.3 Initial gas mass', '2.1 CCSN yield', '2.02 Greggio', '2.50 Rajamuthukumar'])
      assert.ok(!heads.some((h) => h.includes(row)), `${row}\n${heads.join('\n')}`);
    assert.ok(heads.includes('### 2.3. Star Formation Histories'), heads.join('\n'));
    assert.ok(heads.includes('#### 2.2.1. The Minimum SN Ia Delay Time'), heads.join('\n'));
  });

  it("reads REVTeX's wrapped list item and AASTeX's footnote as text, not headings", async () => {
    const md = await fixtureMarkdown('revtex-prfluids-mixed-boundary-convection.pdf');
    assert.ok(!markdownHeadings(md).some((h) => h.includes('Changes to the simulation')));
    assert.ok(md.includes('Changes to the simulation energy reservoir, and'));
    const imr = markdownHeadings(await fixtureMarkdown('aastex-imrphenomd-recalibration.pdf'));
    assert.ok(!imr.some((h) => h.includes('Note, however')), imr.join('\n'));
    assert.ok(imr.includes('## 4. DISCUSSION AND CONCLUSION'), imr.join('\n'));
  });

  it('takes the last cell of a header row for a cell (MDPI `Value`, amsart `method`)', async () => {
    const mdpi = markdownHeadings(await fixtureMarkdown('mdpi-robotics-parallel-robot-synthesis.pdf'));
    assert.ok(mdpi.filter((h) => h.endsWith(' Value')).length <= 1, mdpi.join('\n'));
    const amsart = markdownHeadings(await fixtureMarkdown('amsart-glacier-multigrid.pdf'));
    assert.ok(!amsart.some((h) => /^#+ method$/.test(h)), amsart.join('\n'));
  });

  it("leaves SIAM's run-in `Acknowledgments.` in its paragraph", async () => {
    const md = await fixtureMarkdown('siam-parameter-dependent-trace-estimation.pdf');
    assert.ok(!markdownHeadings(md).some((h) => /Acknowledgments/.test(h)));
    assert.match(md, /\nAcknowledgments\. The authors gratefully acknowledge/);
  });
});

describe('endsOpen', () => {
  it('is a line stopped on a comma, a conjunction or a preposition', () => {
    assert.ok(endsOpen('1. Changes to the simulation energy reservoir, and'));
    assert.ok(endsOpen('4 Note, however, that the mismatch was never directly used during'));
    assert.ok(endsOpen('Results for the'));
    assert.ok(endsOpen('2.1 Inputs;'));
  });
  it('is not a closed title, nor a word that merely ends like one', () => {
    for (const t of [
      '2.1 Research and Development',
      'Built-in',
      'Log in',
      'Appendix A',
      'Randomand',
      'Sign-off',
    ])
      assert.ok(!endsOpen(t), t);
  });
});

describe('unlikeNumberedSiblings', () => {
  const n = (t: string) => parseSectionNumber(t)!;
  const dotted = [{ size: 10, bold: false, face: 'F1', caps: false, closer: '.' }];
  it('turns away a plain subsection number closed otherwise than the accepted ones of its depth', () => {
    assert.ok(unlikeNumberedSiblings(n('2.3 Initial gas mass'), false, dotted));
  });
  it('keeps one closed alike, one in bold or larger type, a section number, or one with no sibling yet', () => {
    assert.ok(!unlikeNumberedSiblings(n('2.3. Star Formation Histories'), false, dotted));
    assert.ok(!unlikeNumberedSiblings(n('2.3 Initial gas mass'), true, dotted));
    assert.ok(!unlikeNumberedSiblings(n('2 Methods'), false, [{ ...dotted[0]!, closer: '.' }]));
    assert.ok(!unlikeNumberedSiblings(n('2.3 Initial gas mass'), false, undefined));
    assert.ok(
      !unlikeNumberedSiblings(n('2.3 Initial gas mass'), false, [{ ...dotted[0]!, closer: undefined }]),
    );
  });
  it('reads a leading-zero part as a decimal, not a number', () => {
    assert.equal(parseSectionNumber('2.02 Greggio (2005, WIDE DD)'), null);
    assert.ok(parseSectionNumber('2.10 Results'));
  });
});

describe('inHeaderRow', () => {
  it("takes a bold header's last cell, with its row on the left only, for a cell", () => {
    const value = seg('Value', 100, { x: 451, bold: true });
    const row = [
      seg('Constraint', 100, { x: 179, bold: true }),
      seg('Section 3.2.2', 100, { x: 297, bold: true }),
      value,
    ];
    assert.ok(inHeaderRow(value, row, () => false));
    assert.ok(inHeaderRow(value, row.slice(1), () => true));
    assert.ok(!inHeaderRow(value, row.slice(1), () => false));
  });
  it('needs two plain cells beside a plain line, the nearer within 12 em', () => {
    const method = seg('method', 100, { x: 131, x1: 166, size: 12 });
    const cells = [seg('rate ρ', 100, { x: 248, size: 12 }), seg('iterations', 100, { x: 330, size: 12 })];
    assert.ok(inHeaderRow(method, [method, ...cells], () => true));
    assert.ok(!inHeaderRow(method, [method, cells[0]!], () => true));
    // A heading across the gutter from the other column's short last line and an equation number.
    const far = [seg('(3)', 100, { x: 500 }), seg('end of a line.', 100, { x: 420 })];
    assert.ok(!inHeaderRow(method, [method, ...far], () => true));
  });
});
