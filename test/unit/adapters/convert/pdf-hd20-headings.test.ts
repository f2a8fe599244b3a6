/**
 * Heading rules of session 19, hd20 (issue #30): a chapter's label in any thesis language kept over
 * its title, headings wrapped at a stretched leading or closing on a formula, a running head that
 * repeats the title after a first page that is no cover, a capitals head at a column's foot, an
 * author–year reference list under its heading, REVTeX's stop-closed paragraph heads, and the
 * numbered lines that are no headings (a justified list item, a proof's step). Real fixture PDFs
 * for the outcome, constructed segments for the edges.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { segWith as seg } from '../../../support/pdf-lines.ts';
import { chapterOpenings } from '../../../../adapters/convert/pdf-hd20-chapter-openings.ts';
import { spreadLikeText } from '../../../../adapters/convert/pdf-hd20-spread-title.ts';
import { authorYearEntry } from '../../../../adapters/convert/pdf-hd20-entry-below.ts';
import { justifiedWithNext } from '../../../../adapters/convert/pdf-hd20-justified-item.ts';
import { unlikeKnownCloser } from '../../../../adapters/convert/pdf-ex19-number-style.ts';
import { parseSectionNumber } from '../../../../adapters/convert/pdf-numbering.ts';
import { fixtureSectionHeadings as headings } from '../../../support/pdf-fixture-markdown.ts';

describe('a thesis chapter’s label in any language', () => {
  it('keeps Italian `Capitolo N` over its title, and the sections numbered under it', async () => {
    const h = await headings('thesis-masotti2018-cplint-r.pdf');
    for (const t of [
      'Capitolo 1 Introduzione',
      'Capitolo 2 Strumenti e architettura',
      'Capitolo 3 Installazione e gestione degli strumenti',
      'Capitolo 4 Disegnare grafici R con Cplint on SWISH',
      '2.1.1 Comandi e operatori fondamentali',
      '2.4 rserve client',
      '5.2.2 kalman filter R',
    ])
      assert.ok(h.includes(t), h.join(' | '));
    assert.ok(!h.includes('SWISH') && !h.includes('Esempi'), h.join(' | '));
  });

  it('reads the chapter words as a number’s word, in their printed cases', () => {
    for (const t of ['Capitolo 2', 'KAPITEL 3', 'Chapitre 1', 'Capítulo 4', 'Hoofdstuk 5'])
      assert.equal(parseSectionNumber(t)?.rest, '', t);
  });

  it('keeps a display-size label that repeats at one height, not a body-size one', () => {
    const text = Array.from({ length: 9 }, (_, k) => seg(`line ${k}`, { top: 200 + 12 * k }));
    const label = seg('Capitolo 2', { size: 20.7 });
    const small = seg('Capitolo 2', { size: 10 });
    assert.ok(chapterOpenings([[label, ...text]]).has(label));
    assert.ok(!chapterOpenings([[small, ...text]]).has(small));
  });
});

describe('a large heading’s lines at the text’s stretched leading', () => {
  it('joins the second line of a chapter title and of a numbered section title', async () => {
    const h = await headings('thesis-ma2026-buyer-power-storage.pdf');
    assert.ok(h.includes('2.5 Apple Futures Market: The World’s Only Fresh-Fruit Futures'), h.join(' | '));
    assert.ok(!h.includes('Futures') && !h.includes('Utility') && !h.includes('Power'), h.join(' | '));
  });

  it('reaches as far as the body’s stretch puts the heading’s next baseline', () => {
    const doc = { bodySize: 10, pitch: 20 };
    const s = seg('Installazione e gestione degli', { size: 25, baseline: 240 });
    assert.ok(spreadLikeText(s, seg('strumenti', { size: 25, baseline: 290 }), doc));
    assert.ok(!spreadLikeText(s, seg('strumenti', { size: 25, baseline: 320 }), doc));
    assert.ok(!spreadLikeText(seg('Body', { baseline: 240 }), seg('text', { baseline: 260 }), doc));
  });
});

describe('headings at the edges of a page, a row or a formula', () => {
  it('reads LIPIcs’ short title on page 2 as a running head, not a cover’s title again', async () => {
    const h = await headings('lipics-ipec2024-crossing-minimization.pdf');
    assert.ok(h.includes('3 Methods') && h.includes('3.1 Reductions'), h.join(' | '));
    assert.ok(!h.some((t) => t.startsWith('OCMu64')), h.join(' | '));
  });

  it('wraps an appendix title under its own first word, closing on a formula’s variable', async () => {
    const h = await headings('snjnl-hard-disk-configuration-spaces.pdf');
    assert.ok(
      h.some((t) => t.startsWith('Appendix B Relations between the zk')),
      h.join(' | '),
    );
  });

  it('finds Frontiers’ back-matter heads set last on their page', async () => {
    const h = await headings('frontiers-immunology-tmh-epitopes.pdf');
    assert.ok(h.includes('SUPPLEMENTAL DATA') && h.includes('FIGURE CAPTIONS'), h.join(' | '));
  });
});

describe('an author–year reference list under its heading', () => {
  it('finds `References` over an entry justified apart at its stops', async () => {
    const h = await headings('elsarticle-linear-recurrent-networks.pdf');
    assert.ok(h.includes('References'), h.join(' | '));
  });

  it('wants the year in the first piece and the entry hanging under it', () => {
    const head = seg('References', { x0: 110, size: 12, bottom: 140 });
    const first = seg('Akaike, H., 1969.', { x0: 110, top: 149, bottom: 161, size: 12 });
    const hang = seg('the Institute of Statistical Mathematics 21', {
      x0: 122.5,
      top: 163,
      bottom: 175,
      size: 12,
    });
    const flush = { ...hang, x0: 110 };
    assert.ok(authorYearEntry(head, first, () => hang));
    assert.ok(!authorYearEntry(head, first, () => flush));
    assert.ok(!authorYearEntry(head, { ...first, text: 'Model A' }, () => hang));
  });
});

describe('REVTeX’s paragraph heads closed by a stop', () => {
  it('reads `a.`, `b.`, `c.` with authors and years in their titles', async () => {
    const h = await headings('revtex-secluded-majorana-sidm.pdf');
    for (const t of [
      'a. Kaplinghat, Tulin & Yu (2016) compilation',
      'b. Fornax globular-cluster timing (Read et al. 2019)',
      'c. Oman et al. (2015) diversity',
    ])
      assert.ok(h.includes(t), h.join(' | '));
  });

  it('keeps the hd19 heads and leaves a bold list lead alone', async () => {
    const h = await headings('revtex-prfluids-mixed-boundary-convection.pdf');
    assert.ok(h.includes('a. Classic ICs'), h.join(' | '));
    const c = await headings('icml-ctc-oracle-gap.pdf');
    assert.ok(!c.some((t) => t.startsWith('(1) Exhaustion')), c.join(' | '));
  });
});

describe('numbered lines that are no headings', () => {
  it('leaves a justified list item’s first line in its item', async () => {
    const h = await headings('revtex-secluded-majorana-sidm.pdf');
    assert.ok(!h.some((t) => t.startsWith('1. The DM–DM')), h.join(' | '));
  });

  it('tells a justified line from a ragged one', () => {
    const s = seg('1. The DM–DM self-interaction is an attractive', { x0: 330, x1: 562.09 });
    const next = seg('Yukawa potential V (r) = −αs e−mϕr/r, support-', {
      x0: 342,
      x1: 562.09,
      top: 111,
      bottom: 121,
      baseline: 119,
    });
    assert.ok(justifiedWithNext(s, () => next, 10, 11.5));
    assert.ok(!justifiedWithNext({ ...s, x1: 500 }, () => next, 10, 11.5));
    assert.ok(!justifiedWithNext({ ...s, bold: true }, () => next, 10, 11.5));
  });

  it('leaves a proof’s numbered step in its paragraph (`4.` under sections printed `4 Title`)', async () => {
    const h = await headings('tmlr-spectral-phase-transitions.pdf');
    assert.ok(h.includes('4 Main Results'), h.join(' | '));
    assert.ok(!h.some((t) => t.startsWith('4. Diagonal')), h.join(' | '));
    const n = parseSectionNumber('4. Diagonal resolvent entries')!;
    const style = {
      size: 12,
      bold: true,
      face: null,
      caps: false,
      smallCaps: false,
      kind: 'arabic' as const,
    };
    assert.ok(unlikeKnownCloser(n, [{ ...style, closer: '' }]));
    assert.ok(!unlikeKnownCloser(n, [{ ...style, closer: '.' }]));
    assert.ok(!unlikeKnownCloser(n, undefined));
    // IEEE numbers one depth `I.`, `A.` and `1)`: only a number of the same kind is compared.
    assert.ok(
      !unlikeKnownCloser(parseSectionNumber('1) Things:')!, [{ ...style, kind: 'roman', closer: '.' }]),
    );
  });

  it('keeps IEEE’s `1) Things:` run-in heads under `I.` and `A.` heads', async () => {
    const h = await headings('ieee-conf-wot-continuous-integration.pdf');
    assert.ok(
      h.some((t) => t.startsWith('1) Things')),
      h.join(' | '),
    );
  });
});
