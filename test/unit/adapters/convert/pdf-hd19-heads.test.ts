/**
 * Heading rules of session 18, hd19 (issue #30): labelled paragraph heads run in with no stop
 * (REVTeX's `a. Title`, LLNCS's `(1) Title`), a heading's title weighed as a formula without its
 * number, a title opening with a code name, a list of names under a large line, small capitals
 * made by scaling and an appendix that numbers its sections afresh. Real fixture
 * PDFs for the outcome, constructed segments and strings for the edges.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Segment } from '../../../../adapters/convert/pdf-layout.ts';
import { labelRunIn } from '../../../../adapters/convert/pdf-hd19-label-run-in.ts';
import { startsWithCodeName } from '../../../../adapters/convert/pdf-heading-text.ts';
import { figureTextBelow } from '../../../../adapters/convert/pdf-figure-labels.ts';
import { twoSizeCapitals } from '../../../../adapters/convert/pdf-outline.ts';
import { fixtureSectionHeadings as headings } from '../../../support/pdf-fixture-markdown.ts';

const seg = (text: string, x0: number, fonts: Segment['fonts'], extra: Partial<Segment> = {}): Segment => ({
  page: 0,
  text,
  x0,
  x1: x0 + 5 * text.length,
  top: 100,
  bottom: 110,
  baseline: 108,
  size: 10,
  fonts,
  ...extra,
});

describe('labelled paragraph heads run in with no stop', () => {
  it('finds REVTeX’s italic a. b. c. heads, each its own segment on the row', async () => {
    const h = await headings('revtex-prfluids-mixed-boundary-convection.pdf');
    for (const t of ['a. Classic ICs', 'b. TT-to-FT', 'c. Nu-based ICs'])
      assert.ok(h.includes(t), h.join(' | '));
  });

  it('finds LLNCS’s bold (1) (2) heads', async () => {
    const h = await headings('llncs-copatterns-idris.pdf');
    for (const t of ['(1) Codata Definitions', '(2) Definitions with Copatterns'])
      assert.ok(h.includes(t), h.join(' | '));
  });

  it('leaves a bold lead closed by a stop (a list of contributions) to the other rules', async () => {
    const h = await headings('icml-ctc-oracle-gap.pdf');
    assert.ok(!h.some((t) => t.startsWith('(1) Exhaustion')), h.join(' | '));
  });

  it('wants the label in the head’s face, the first of its series or the next', () => {
    const row = (label: string, labelFace: string) => [
      seg(label, 64, [{ font: labelFace, chars: 1 }]),
      seg('Classic ICs', 82, [{ font: 'it', chars: 10 }], { x1: 140 }),
      seg('Our first set of initial conditions', 142, [{ font: 'rm', chars: 30 }]),
    ];
    const last = new Map<string, number>();
    const a = labelRunIn(row('a.', 'it'), 0, 'rm', 'ended.', last);
    assert.equal(a?.head, 'a. Classic ICs');
    assert.equal(a?.rest, 'Our first set of initial conditions');
    // An enumerate label is set in the body face.
    assert.equal(labelRunIn(row('a.', 'rm'), 0, 'rm', 'ended.', last), null);
    // `c.` with no `b.` before it, or after a sentence left open.
    assert.equal(labelRunIn(row('c.', 'it'), 0, 'rm', 'ended.', new Map([['.a', 1]])), null);
    assert.ok(labelRunIn(row('b.', 'it'), 0, 'rm', 'ended.', new Map([['.a', 1]])));
    assert.equal(labelRunIn(row('a.', 'it'), 0, 'rm', 'the sentence goes on', last), null);
  });
});

describe('a heading with a formula or a code name in it', () => {
  it('finds ICML’s small-capitals head with a formula and a bold head opening with a code name', async () => {
    const h = await headings('icml-ctc-oracle-gap.pdf');
    assert.ok(
      h.some((t) => /^4\.4\.3\. THE LR= ?10−7 BRIDGE$/i.test(t)),
      h.join(' | '),
    );
    assert.ok(h.includes('B.2. nbest_scale Sensitivity'), h.join(' | '));
  });

  it('reads a code name only as an identifier joined by _ or .', () => {
    assert.ok(startsWithCodeName('nbest_scale Sensitivity'));
    assert.ok(startsWithCodeName('scipy.sparse matrices'));
    assert.ok(!startsWithCodeName('e.g. the case'));
    assert.ok(!startsWithCodeName('and the rest'));
  });
});

describe('a list of names under a large line', () => {
  it('finds AASTeX 7’s All Authors and Affiliations', async () => {
    const h = await headings('aastex-sampled-prior-compression.pdf');
    assert.ok(h.includes('All Authors and Affiliations'), h.join(' | '));
  });

  it('is no figure’s legend, in small type too', () => {
    const head = seg('All Authors and Affiliations', 224, [{ font: 'b', chars: 25 }], { size: 12 });
    const below = (text: string) =>
      seg(text, 67, [{ font: 'rm', chars: 10 }], { top: 112, bottom: 121, size: 9 });
    assert.ok(!figureTextBelow(head, below('G. M. Bernstein,1'), 10));
    assert.ok(!figureTextBelow(head, below('W. d’Assignies,2'), 10));
    assert.ok(figureTextBelow(head, below('Mode 2 Mode 7'), 10));
  });
});

describe('small capitals made by scaling, and an appendix numbered afresh', () => {
  it('finds ICLR’s unnumbered LLM USAGE ACKNOWLEDGEMENT and the appendix’s 1. … 6. after the references', async () => {
    const h = await headings('iclr-wan-anomaly-detection.pdf');
    for (const t of [
      'LLM USAGE ACKNOWLEDGEMENT',
      'APPENDIX: AI TOOLS, RESOURCES, AND PROJECT WORKFLOW',
      '1. PROJECT PLANNING AND TRACK SELECTION',
      '6. REPORT WRITING',
    ])
      assert.ok(h.includes(t), h.join(' | '));
  });

  it('tells capitals in two sizes by the line’s height over its main size', () => {
    const caps = (text: string, top: number) =>
      seg(text, 108, [{ font: 'rm', chars: 20 }], { top, bottom: 110, size: 9.6 });
    assert.ok(twoSizeCapitals(caps('LLM USAGE ACKNOWLEDGEMENT', 98)));
    assert.ok(!twoSizeCapitals(caps('MODEL ACCURACY', 100.4)));
    assert.ok(!twoSizeCapitals(caps('Usage acknowledgement', 98)));
  });
});
