/**
 * Session 14, second round (helper "lk15b", issue #30): a title page's display lines that read like
 * prose (a degree formula in lower-case words, the title's translation on a line of its own) are
 * front matter, a line of an abstract or a paragraph that begins with a decimal number is no
 * footnote, a running head printed once that repeats a heading's words is dropped, and a URL line
 * that carries on an abstract's sentence stays in it. Each rule is checked on constructed lines and on the vendored real PDF it was studied on.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { titlePageDisplayLine } from '../../../../adapters/convert/pdf-lk15b-display-lines.ts';
import { headingEchoes } from '../../../../adapters/convert/pdf-lk15b-heading-echo.ts';
import { continuesSentence } from '../../../../adapters/convert/pdf-lk15b-run-on.ts';
import { fixtureFrontAndBody, fixtureMarkdown } from '../../../support/pdf-fixture-markdown.ts';
import { BODY, seg } from '../../../support/pdf-lines.ts';

/** Two pages of body text set on a 400 pt measure from x = 100 (centre 300). */
const bodyPages = [1, 2].map((page) =>
  Array.from({ length: 20 }, (_, i) => seg(BODY, 100 + 14 * i, { page, x: 100, x1: 500 })),
);

describe('a title page’s display lines', () => {
  it('are the centred lines well short of the measure and the lines standing alone without a stop', () => {
    const formula = seg('Thesis presented to obtain the degree of doctor in the sciences', 300, {
      x: 170,
      x1: 430,
    });
    const formula2 = seg('at the university of the town to be defended by', 314, { x: 190, x1: 410 });
    const alone = seg('Une traduction du titre de la thèse en une autre langue', 200, { x: 100, x1: 500 });
    const first = [formula, formula2, alone];
    const display = titlePageDisplayLine([first, ...bodyPages], 10);
    for (const s of first) assert.equal(display(s), true, s.text);
  });

  it('are not a paragraph’s lines that fill the measure, nor a short line set flush left among them', () => {
    const para = [0, 1, 2].map((i) => seg(BODY, 300 + 14 * i, { x: 100, x1: 500 }));
    const last = seg('and the paragraph ends here on a short line.', 342, { x: 100, x1: 320 });
    const first = [...para, last];
    const display = titlePageDisplayLine([first, ...bodyPages], 10);
    for (const s of first) assert.equal(display(s), false, s.text);
  });

  it('calls nothing centred when the body is set in two columns', () => {
    const twoCol = [1, 2].map((page) =>
      [100, 320].flatMap((x) =>
        Array.from({ length: 20 }, (_, i) => seg(BODY, 100 + 14 * i, { page, x, x1: x + 190 })),
      ),
    );
    const short = seg('a line short of the column and set at its centre', 300, { x: 150, x1: 250 });
    const below = seg('another line just below it so that it is not alone', 314, { x: 100, x1: 290 });
    const display = titlePageDisplayLine([[short, below], ...twoCol], 10);
    assert.equal(display(short), false);
  });

  it('puts a Dutch thesis title page wholly in the front block, its degree formula and translated title too', async () => {
    const { front, body } = await fixtureFrontAndBody('thesis-bercx2020-ch1.pdf');
    for (const line of [
      'Geautomatiseerde in silico ontwikkeling',
      'Proefschrift voorgelegd tot het behalen van de graad van',
      'aan de Universiteit Antwerpen te verdedigen door',
      'Antwerpen, maart 2020',
    ]) {
      assert.ok(front.includes(line), line);
      assert.ok(!body.includes(line), line);
    }
  });
});

describe('a line that begins with a decimal number', () => {
  it('continues the abstract it belongs to instead of opening a footnote at the foot of page 1', async () => {
    const md = await fixtureMarkdown('snjnl-meat-reduction-meta.pdf');
    assert.match(md, /\[0\.11, 0\.38\]\), but it remains unclear/);
    assert.doesNotMatch(md, /^> 0\.38\]\)/m);
  });
});

describe('a running head that echoes a heading', () => {
  const chapter = seg('In Silico Materials Design', 200, { page: 0, size: 24 });
  const section = seg('1.3 Guide to this thesis', 300, { page: 0, size: 14 });
  const page = (head: string, gap: number) => [
    seg(head, 40, { page: 1 }),
    ...[0, 1, 2].map((i) => seg(BODY, 40 + gap + 14 * i, { page: 1 })),
  ];

  it('is the top line of its page, set apart, repeating a larger heading’s words in capitals', () => {
    for (const head of ['CHAPTER 1. IN SILICO MATERIALS DESIGN', '1.3. GUIDE TO THIS THESIS']) {
      const p = page(head, 32);
      assert.deepEqual([...headingEchoes([[chapter, section], p], [792, 792], 10)], [p[0]], head);
    }
  });

  it('is not a top line that runs on into the text below, nor one that repeats no heading', () => {
    const close = page('CHAPTER 1. IN SILICO MATERIALS DESIGN', 12);
    assert.equal(headingEchoes([[chapter, section], close], [792, 792], 10).size, 0);
    const other = page('A LINE THAT NAMES NO HEADING', 32);
    assert.equal(headingEchoes([[chapter, section], other], [792, 792], 10).size, 0);
  });

  it('leaves no chapter or section running head in the body of a thesis chapter printed once each', async () => {
    const md = await fixtureMarkdown('thesis-bercx2020-ch1.pdf');
    assert.doesNotMatch(md, /^CHAPTER 1\. IN SILICO MATERIALS DESIGN$/m);
    assert.doesNotMatch(md, /^1\.3\. GUIDE TO THIS THESIS$/m);
    assert.match(md, /^### 1\.3 Guide to this thesis$/m);
  });
});

describe('a metadata-looking line that carries on a sentence', () => {
  const open = seg('the analysis workflow for the work presented is available at', 100, { size: 9 });
  const url = seg('https://github.com/user/repository (DOI: 10.5281/zenodo.1) under a licence.', 110, {
    size: 9,
  });

  it('continues prose left open just above it, in the same size and column', () => {
    assert.equal(continuesSentence(open, url), true);
  });

  it('does not continue a closed sentence, an affiliation, a line far below or in another size, nor open a notice', () => {
    const closed = seg('the analysis workflow for the work presented is available here.', 100, { size: 9 });
    const affiliation = seg('Department of Chemistry, University of Bath, Claverton Down', 100, { size: 9 });
    assert.equal(continuesSentence(closed, url), false);
    assert.equal(continuesSentence(affiliation, url), false);
    assert.equal(continuesSentence(open, seg(url.text, 140, { size: 9 })), false);
    assert.equal(continuesSentence(open, seg(url.text, 110, { size: 7 })), false);
    assert.equal(continuesSentence(undefined, url), false);
    // A notice opens with its sign, never as the sentence's next word.
    assert.equal(
      continuesSentence(open, seg('© 2005 Elsevier B.V. All rights reserved.', 110, { size: 9 })),
      false,
    );
  });

  it('keeps a REVTeX abstract’s closing URL and licence in the abstract, out of the front block', async () => {
    const { front, body } = await fixtureFrontAndBody('revtex-md-scattering-oer.pdf');
    assert.doesNotMatch(front, /sim\\_and\\_scat|CC BY-SA/);
    assert.match(body, /is available at https:\/\/github\.com\/arm61\/sim_and_scat_paper/);
  });
});
