/**
 * Heading rules of session 25, hd26 (issue #30), on the twenty-eighth batch (tuning): a numbered head
 * in scaled capitals wraps under its title whatever its lines' sizes; a line of a listing numbered
 * line by line is no head; a bare `S` is no supplement number; a lower-case title in bold sibling
 * type counts; an unnumbered display head may open with `3D`; a list of figures' entry run on into
 * its caption is no run-in head, and `Chapter 4` may open the numbering; an unnumbered bold head may
 * be a lower-case name; a line-end hyphen's piece vouches for no accent split.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { listingLine } from '../../../../adapters/convert/pdf-hd26-listing-lines.ts';
import { wrapsInScaledCaps } from '../../../../adapters/convert/pdf-hd26-scaled-caps.ts';
import { splitFusedAccents } from '../../../../adapters/convert/pdf-hd24-accent-space.ts';
import { inSequence, parseSectionNumber } from '../../../../adapters/convert/pdf-numbering.ts';
import {
  fixtureMarkdown,
  fixtureSectionHeadings as headings,
} from '../../../support/pdf-fixture-markdown.ts';
import { seg } from '../../../support/pdf-lines.ts';

describe('a numbered head in scaled capitals', () => {
  it('joins its wrapped lines, the first one ending on a comma too', async () => {
    const h = await headings('icml-kfac-from-scratch.pdf');
    assert.ok(h.includes('4.1.1. KRONECKER PRODUCTS ARE COMPUTATIONALLY EFFICIENT'), h.join(' | '));
    assert.ok(h.includes('4.1.2. KRONECKER PRODUCTS NATURALLY EMERGE IN CURVATURE MATRICES'), h.join(' | '));
    assert.ok(
      h.includes('2.4.4. PARTIAL LINEARIZATION, GENERALIZED GAUSS-NEWTONS (GGNS), GGNVPS'),
      h.join(' | '),
    );
  });

  it('takes a capitals line hung under the title past the number, at the smaller size', () => {
    const head = seg('4.1.1. KRONECKER PRODUCTS ARE', 100, { size: 10, font: 'f2' });
    const wrap = seg('COMPUTATIONALLY EFFICIENT', 112, { size: 8, x: 100, font: 'f2' });
    assert.equal(wrapsInScaledCaps(head, wrap, head.text), true);
    // Flush under the number, or a line in lower case, is no such wrap.
    assert.equal(
      wrapsInScaledCaps(head, seg('COMPUTATIONALLY EFFICIENT', 112, { size: 8, font: 'f2' }), head.text),
      false,
    );
    assert.equal(
      wrapsInScaledCaps(head, seg('Instead of working with', 112, { x: 100, font: 'f2' }), head.text),
      false,
    );
  });
});

describe('a listing numbered line by line', () => {
  it('takes no short line of it for a section (`7 Rules:`, `8 Task:`)', async () => {
    const h = await headings('acl-question-recency-demands.pdf');
    assert.ok(!h.some((t) => /^\d+ (?:Rules|Task):$/.test(t)), h.join(' | '));
    assert.ok(h.includes('B.1.10 Non-stationary three-event (temporal-only)'), h.join(' | '));
  });

  it('reads the numbers one less above and one more below at the same left edge', () => {
    const line = seg('7 Rules:', 100, { size: 8 });
    const n = parseSectionNumber(line.text)!;
    const segs = [
      seg('6', 90, { size: 5 }),
      line,
      seg('8 - Must involve EXACTLY THREE events.', 110, { size: 8 }),
    ];
    assert.equal(listingLine(line, n, segs, 11), true);
    // A section with its text below is no listing line.
    const text = [
      seg('6', 90, { size: 5 }),
      line,
      seg('The rules below apply to every event.', 110, { size: 8 }),
    ];
    assert.equal(listingLine(line, n, text, 11), false);
  });
});

describe('a notation list and a lower-case section title', () => {
  it('reads a bare S as a letter, no supplement number', () => {
    assert.equal(parseSectionNumber('S Bed slope [1]'), null);
    assert.equal(parseSectionNumber('S2.1 Data')?.kind, 'supplement');
  });

  it('finds `7 notation` in its bold siblings’ type and no symbol entry as a head', async () => {
    const h = await headings('copernicus-esurf-turbidity-inversion.pdf');
    assert.ok(h.includes('7 notation'), h.join(' | '));
    assert.ok(!h.includes('S Bed slope [1]'), h.join(' | '));
  });
});

describe('a thesis’s list of figures and its chapters', () => {
  it('keeps an entry run on into its caption out of the heads, and finds `3D-Printed Approach`', async () => {
    const h = await headings('thesis-phillips2019-ch4-6.pdf');
    assert.ok(!h.some((t) => /^3\.3 High throughput/.test(t)), h.join(' | '));
    assert.ok(!h.some((t) => /^4\.7 Image results/.test(t)), h.join(' | '));
    assert.ok(h.includes('3D-Printed Approach'), h.join(' | '));
    assert.ok(h.includes('Chapter 4 Fabrication of Coded Illumination Devices'), h.join(' | '));
  });

  it('lets a division word open the numbering at any number', () => {
    const seq = { arabic: 0, roman: 0, letter: 0 };
    assert.equal(inSequence(parseSectionNumber('Chapter 4')!, seq), true);
    assert.equal(inSequence(parseSectionNumber('4 Results')!, seq), false);
  });
});

describe('an unnumbered bold head named in lower case', () => {
  it('finds a plugin’s methods and a library set as bold heads of their own', async () => {
    const h = await headings('thesis-nirschl2018-elektra-crypto.pdf');
    for (const name of ['open', 'close', 'set', 'get', 'checkconf', 'libgcrypt'])
      assert.ok(h.includes(name), `${name}: ${h.join(' | ')}`);
  });
});

describe('a word broken at a line-end hyphen', () => {
  it('vouches for no split after an accent (`dicioná-` / `rio`)', async () => {
    const md = await fixtureMarkdown('article-pt-vaccine-doses-dataset.pdf');
    assert.match(md, /^### 4\.3 Dicionário de Dados$/m);
    assert.ok(!/relató rios|catá logo/.test(md));
  });

  it('leaves a word whose pieces stand alone only at hyphen breaks whole', () => {
    const lines = [
      'dicioná-',
      'rio de dados e relató-',
      'rios e catá-',
      'logo, o Ministé-',
      'rio; dicionário, relatórios, catálogo, Ministério.',
    ].map((t, k) => seg(t, 100 + 12 * k));
    splitFusedAccents([lines]);
    assert.equal(lines[4]!.text, 'rio; dicionário, relatórios, catálogo, Ministério.');
  });
});
