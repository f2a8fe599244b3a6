/**
 * Line rules of session 12 (issue #30), each a typographic principle rather than a paper's quirk:
 * a line-number ruler printed over the other column (an ACL review copy's gutter rulers), the top
 * of the text block that is no running-head slot (a paper without running heads whose first rows
 * stand apart on a few pages), unnumbered run-in leads (a paragraph's label is no heading; a named
 * section run in like the numbered ones was one until session 18 keeps it in its paragraph), and a heading at the top of a column a narrow gutter
 * away from the other column's line, and a heading hanging left of the text edge (no description
 * list's term), a numbered title's second line hung under the title, and a list item's lines
 * measured by their baselines, and a figure's panel titles. From vendored tuning papers and
 * constructed runs.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { buildSegments, type Segment, type TextRun } from '../../../../adapters/convert/pdf-layout.ts';
import { isDescriptionTerm } from '../../../../adapters/convert/pdf-spurious.ts';
import { wrapsUnderTitle } from '../../../../adapters/convert/pdf-ln12-wrap.ts';
import { runsOnAsParagraph } from '../../../../adapters/convert/pdf-list-items.ts';
import { isPanelTitle } from '../../../../adapters/convert/pdf-figure-labels.ts';
import { overprintsOtherColumn } from '../../../../adapters/convert/pdf-ln12-rulers.ts';
import { labelRunsOn, namedRunIn } from '../../../../adapters/convert/pdf-ln12-run-in.ts';
import { BODY, seg } from '../../../support/pdf-lines.ts';
import { fixtureMarkdown, markdownHeadings } from '../../../support/pdf-fixture-markdown.ts';

const markdown = fixtureMarkdown;
const headings = markdownHeadings;

/** A ruler number in 8 pt, left-aligned at x = 331 (ACL's review ruler beside the left column). */
const ruler = (n: number, y: number): TextRun => ({
  text: String(n),
  x: 331.2,
  y,
  width: 13.3,
  size: 8,
  font: 'f2',
});
/** A line of the right column, running through the ruler's strip. */
const line = (y: number, font = 'f1', size = 10.9): TextRun => ({
  text: 'training time. It would be ideal to devise a form of',
  x: 306.1,
  y,
  width: 218,
  size,
  font,
});

describe('a line-number ruler printed over the other column (ACL review copy)', () => {
  it('drops the gutter rulers, so headings are whole and the columns read apart', async () => {
    const md = await markdown('acl-riff-review.pdf');
    const hs = headings(md);
    for (const h of ['### Limitations', '### Ethics Statement', '## B Further Training Details'])
      assert.ok(hs.includes(h), `${h} in ${hs.join(' | ')}`);
    assert.ok(
      hs.every((h) => !/\d{3}$/.test(h)),
      `no ruler number glued to a heading: ${hs.join(' | ')}`,
    );
    // The left column's paragraph reads on without the right column's words inside it.
    assert.match(md, /Our paraphrase generator is pre-trained on semi-?\s?supervised paraphrases/);
  });

  it('tells a ruler from numbers inside text by consecutive values, its own type and baselines of its own', () => {
    const numbers = [0, 1, 2, 3, 4, 5].map((i) => ruler(624 + i, 643.4 + 13.55 * i));
    const crossing = [0, 1, 2, 3, 4, 5].map((i) => line(651.8 + 13.55 * i));
    assert.equal(overprintsOtherColumn(numbers, crossing), true);
    // Lines on the numbers' own baselines: the numbers are part of those lines (a table's column).
    assert.equal(
      overprintsOtherColumn(
        numbers,
        numbers.map((n) => line(n.y)),
      ),
      false,
    );
    // Numbers in the crossing text's own type, or not consecutive, or too few: no ruler.
    assert.equal(
      overprintsOtherColumn(
        numbers,
        crossing.map((r) => ({ ...r, font: 'f2', size: 8 })),
      ),
      false,
    );
    assert.equal(
      overprintsOtherColumn(
        numbers.map((n, i) => ({ ...n, text: String(624 + 2 * i) })),
        crossing,
      ),
      false,
    );
    assert.equal(overprintsOtherColumn(numbers.slice(0, 4), crossing), false);
  });
});

describe('the top of the text block is no running-head slot (the rule of pdf-running-heads.ts)', () => {
  it('keeps a paper’s first rows where its text block starts (ACL camera-ready, no running heads)', async () => {
    const hs = headings(await markdown('acl-redacted-contextual-qa.pdf'));
    // The title's first line and a subsection at the top of a column stood apart from what follows.
    assert.equal(hs[0], '# Redacted Contextual Question Answering with Generative Large Language Models');
    assert.ok(hs.includes('### 3.1 Task outline'), hs.join(' | '));
  });
});

describe('unnumbered run-in leads', () => {
  // Session 18 (ex19): found as a run-in lead, it opens its paragraph as printed (the annotations list no
  // unnumbered run-in lead since session 17), no longer a heading.
  it('finds a named section run in like the numbered ones (SIAM `Acknowledgements. We…`), kept in its paragraph', async () => {
    const md = await markdown('siam-lattice-reduction.pdf');
    assert.ok(!headings(md).some((h) => h.includes('Acknowledgements')));
    assert.match(md, /\n\nAcknowledgements\. We would like to thank our colleagues/);
  });

  it('leaves a paragraph’s run-in label in its paragraph where sections stand on their own lines', async () => {
    const riff = headings(await markdown('acl-riff-review.pdf'));
    assert.ok(riff.includes('### 3.1 Setup'), riff.join(' | '));
    assert.ok(riff.every((h) => !/Pre-trained Models|Prompt Optimization/.test(h)));
    // CVPR's `Related Work.` paragraph head, set in bold at a paragraph's start.
    const cvpr = await markdown('cvpr-fusion-moves-review.pdf');
    assert.ok(!headings(cvpr).some((h) => /Related Work/.test(h)));
    assert.match(cvpr, /Related Work\. A natural approach/);
  });

  it('reads the bold lead of a line', () => {
    const lead = (text: string, boldLead: number) => ({
      ...seg(text, 100, { font: 'bold' }),
      boldLead,
    });
    assert.equal(labelRunsOn(lead('Datasets: We use seven tasks from the benchmark', 8)), true);
    assert.equal(labelRunsOn(lead('Related Work', 11)), false);
    assert.equal(labelRunsOn(lead('Main Results of the Study and More', 4)), false);
    assert.deepEqual(namedRunIn(lead('Acknowledgements. We thank our colleagues', 16), undefined, 'bold'), {
      num: '',
      title: 'Acknowledgements',
      rest: 'We thank our colleagues',
    });
    // Only where numbered heads are run in (their bold face known).
    assert.equal(
      namedRunIn(lead('Acknowledgements. We thank our colleagues', 16), undefined, undefined),
      null,
    );
    // A phrase of three words or more in that face is an unnumbered run-in head; a label is not.
    assert.equal(
      namedRunIn(lead('Convolutional network model for the graph. To model', 36), undefined, 'bold')?.title,
      'Convolutional network model for the graph',
    );
    assert.equal(namedRunIn(lead('Convolutional network model. To model', 26), undefined, 'other'), null);
    assert.equal(namedRunIn(lead('Remark. This holds', 6), undefined, 'bold'), null);
    assert.equal(namedRunIn(lead('Theorem 2.1 of Birkhoff. Every', 20), undefined, 'bold'), null);
    // Not a section name, or inside a running sentence: no heading.
    assert.equal(namedRunIn(lead('Datasets. We use seven tasks', 8), undefined, 'bold'), null);
    assert.equal(namedRunIn(lead('Acknowledgements. We thank', 16), 'as shown by the', 'bold'), null);
    // After a sentence closed with a footnote's mark, it is.
    assert.notEqual(namedRunIn(lead('Acknowledgements. We thank', 16), 'as shown.27', 'bold'), null);
  });

  it('finds amsart’s unnumbered run-in subsection in the numbered ones’ face, kept in its paragraph', async () => {
    const md = await markdown('amsart-equational-theories.pdf');
    assert.ok(!headings(md).some((h) => h.includes('Convolutional neural network model')));
    assert.match(md, /\n\nConvolutional neural network model for the implication graph\. To model/);
  });
});

describe('a heading at a column edge beside the other column’s line (narrow gutter)', () => {
  it('splits the row where a run in another face starts at the second column’s edge', async () => {
    const hs = headings(await markdown('scrartcl-cam16-color-model.pdf'));
    for (const h of [
      '## 2. Flaws and fixes',
      '### 2.1. Step 3, forward model',
      '### 2.4. Steps 2 and 3, inverse model',
    ])
      assert.ok(hs.includes(h), `${h} in ${hs.join(' | ')}`);
  });

  it('needs the other face or size: a short run in the line’s own type at that edge stays on the line', () => {
    const body = (text: string, x: number, y: number, font = 'body'): TextRun => ({
      text,
      x,
      y,
      width: text.length * 5,
      size: 10.9,
      font,
    });
    // Eight lines of the second column start at x = 302.6; the first column ends ~10 pt before.
    const runs = [0, 1, 2, 3, 4, 5, 6, 7, 8].flatMap((i) => [
      body('thought of as a successor to the popular', 89.3, 100 + 13.5 * i),
      body('the right column carries its own running text', 302.6, 100 + 13.5 * i),
    ]);
    const texts = (extra: TextRun[]) => buildSegments([...runs, ...extra], 0).map((s) => s.text);
    // In another face (and size) the run opens the second column's line.
    const heading = { ...body('2. Flaws and fixes', 302.6, 250, 'bold'), size: 13.5 };
    assert.ok(
      texts([body('thought of as a successor to the popular', 89.3, 250), heading]).includes(
        '2. Flaws and fixes',
      ),
    );
    // In the line's own face and size, 4 pt after it, it goes on the line (a larger size alone would split it: pdf-layout.ts).
    const own = body('2. Flaws and fixes', 302.6, 250);
    assert.ok(
      !texts([body('thought of as a successor to the popular', 93.6, 250), own]).includes(
        '2. Flaws and fixes',
      ),
    );
  });
});

describe('a heading that hangs out left of the text over two lines at the text edge', () => {
  it('is no description term when the lines under it start where the page’s text does (JMLR appendix)', async () => {
    const hs = headings(await markdown('jmlr-wcp-enkf-matheron.pdf'));
    assert.ok(hs.includes('### Dirac Functionals and Empirical Measures'), hs.join(' | '));
  });

  it('is one when the lines under it are indented past the page’s text edge', () => {
    const term = seg('Global', 100, { x: 72, bold: true });
    const d1 = seg('the description of the term, set as an indented block', 112, { x: 90 });
    const d2 = seg('and its second line at the same indent as its first one', 124, { x: 90 });
    const below = (l: Segment) => [term, d1, d2][[term, d1, d2].indexOf(l) + 1];
    const prose = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9].map((i) => seg(BODY, 200 + 12 * i, { x: 72 }));
    assert.ok(isDescriptionTerm(term, below, 12, [term, d1, d2, ...prose]));
    // The same three lines on a page whose text starts at 90: the `term` hangs out, a heading.
    const indented = prose.map((l) => ({ ...l, x0: 90 }));
    assert.ok(!isDescriptionTerm(term, below, 12, [term, d1, d2, ...indented]));
  });
});

describe('a numbered heading wrapped under its own title', () => {
  it('joins the second line hung under the title in the number’s face (ACL appendix A.2.1)', async () => {
    const hs = headings(await markdown('acl-redacted-contextual-qa.pdf'));
    assert.ok(
      hs.includes('#### A.2.1 It’s Always Sunny in Philadelphia S15E07 - The Gang Goes Bowling'),
      hs.join(' | '),
    );
  });

  it('needs the number’s face, an indent within the number and a quad, and no stop', () => {
    const head = {
      ...seg('A.2.1 A Title in Italics', 100, { x: 70.9, size: 10.9 }),
      fonts: [
        { font: 'bold', chars: 3, number: true },
        { font: 'bolditalic', chars: 16 },
      ],
    };
    const line = (text: string, x: number, font = 'bold') => ({
      ...seg(text, 113.6, { x, size: 10.9 }),
      fonts: [{ font, chars: text.length }],
    });
    assert.ok(wrapsUnderTitle(head, line('S15E07 - The Gang', 106), head.text));
    assert.ok(!wrapsUnderTitle(head, line('S15E07 - The Gang', 106, 'body'), head.text));
    assert.ok(!wrapsUnderTitle(head, line('S15E07 - The Gang', 70.9), head.text));
    assert.ok(!wrapsUnderTitle(head, line('S15E07 - The Gang', 200), head.text));
    assert.ok(!wrapsUnderTitle(head, line('Datasets:', 106), head.text));
    assert.ok(
      !wrapsUnderTitle({ ...head, fonts: [{ font: 'bold', chars: 19 }] }, line('S15E07', 106), head.text),
    );
  });
});

describe('a numbered list item whose lines hold math', () => {
  it('runs on as a paragraph though a subscript stretches its line into the next (REVTeX list)', async () => {
    const hs = headings(await markdown('revtex-rl-decoders.pdf'));
    assert.ok(
      hs.every((h) => !/If action/.test(h)),
      hs.join(' | '),
    );
  });

  it('measures the step between lines by their baselines', () => {
    const first = {
      ...seg('2. If action At is the request new syndrome action, then the', 163.2),
      bottom: 166.1,
    };
    const second = {
      ...seg('hidden state is not updated, i.e. the state stays the same,', 174.7),
      top: 165.5,
    };
    second.x1 = first.x1;
    assert.ok(runsOnAsParagraph(first, () => second, 11.5));
    // A line a blank line further down is no run-on.
    const far = { ...second, baseline: 196, top: 188, bottom: 198 };
    assert.ok(!runsOnAsParagraph(first, () => far, 11.5));
  });
});

describe('AASTeX back matter: a section name over a numbered heading, a label in a face of its own', () => {
  it('takes `APPENDIX` over `A. SUPPLEMENTAL MATERIAL` as a heading, and `Facility: TESS` as text', async () => {
    const md = await markdown('aastex-young-stellar-flares.pdf');
    const hs = headings(md);
    assert.ok(hs.includes('## APPENDIX'), hs.join(' | '));
    assert.ok(hs.includes('## A. SUPPLEMENTAL MATERIAL'));
    assert.ok(!hs.some((h) => /Facility/.test(h)));
    assert.match(md, /\nFacility: TESS\n/);
  });

  it('reads a label in a face of its own as a run-in lead', () => {
    const line = (text: string, fonts: Array<[string, number]>) => ({
      ...seg(text, 100),
      fonts: fonts.map(([font, chars]) => ({ font, chars })),
    });
    assert.ok(
      labelRunsOn(
        line('Facility: TESS', [
          ['label', 8],
          ['body', 4],
        ]),
      ),
    );
    assert.ok(!labelRunsOn(line('Results and Discussion', [['bold', 20]])));
    assert.ok(
      !labelRunsOn(
        line('Theorem of Pythagoras', [
          ['bold', 7],
          ['body', 12],
        ]),
      ),
    );
  });
});

describe('a figure’s panel titles', () => {
  it('are no headings: numbered lines side by side on one row over figure text', async () => {
    const hs = headings(await markdown('article-clever-materials.pdf'));
    assert.ok(!hs.some((h) => /Intended workflow|Spurious shortcut/.test(h)), hs.join(' | '));
    assert.ok(hs.includes('### 2.1 MOF Thermal Stability'));
  });

  it('needs a sibling on the row and small figure text under the line', () => {
    const a = seg('A. Intended workflow', 106, { x: 134, bold: true });
    const b = seg('B. Spurious shortcut', 106, { x: 366, bold: true });
    const small = seg('Chemical', 151, { x: 161, size: 8 });
    assert.ok(isPanelTitle(a, [a, b, small], 10));
    assert.ok(!isPanelTitle(a, [a, small], 10));
    const text = seg(BODY, 120, { x: 134 });
    assert.ok(!isPanelTitle(a, [a, b, text], 10));
  });
});

describe('a contents page whose leaders and page numbers are runs of their own', () => {
  it('reads it as contents, a long entry’s number ending its line included (elsarticle supplement)', async () => {
    const md = await markdown('elsarticle-broad-ranges.pdf');
    // Before, `Introduction … 2` was a heading and its `2` opened the next entry's text.
    assert.ok(!headings(md).includes('## Introduction'));
    assert.doesNotMatch(md, /\n2 System Cost and Capacity Distribution of Least-Cost Solutions 3\n/);
    assert.match(md, /- Capacity Distributions at Minimal Onshore Wind and Transmission Grid\n/);
  });
});
