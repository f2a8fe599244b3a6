/**
 * Heading rules of session 22, hd23 (issue #30), on the twenty-third and twenty-fourth batches
 * (tuning now): a letter and digits fused (MNRAS's appendix subsection `B12`) read as a two-part
 * section number; stacked heads (a head over its first subsection's head, two section names one
 * over the other); a short sentence under a head is no table cell; the contents' name in other
 * languages and elsarticle's `Highlights` in the closed classes of section names.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  fusedNumberBefore,
  isBareNumber,
  parseSectionNumber,
} from '../../../../adapters/convert/pdf-numbering.ts';
import { fixtureSectionHeadings as headings } from '../../../support/pdf-fixture-markdown.ts';

describe('a letter and digits fused as a section number', () => {
  it('reads `B12` as the letter and its arabic part', () => {
    const n = parseSectionNumber('B12 Results for the ELVIS pairs');
    assert.deepEqual(n && { num: n.num, parts: n.parts, kind: n.kind }, {
      num: 'B12',
      parts: ['B', '12'],
      kind: 'letter',
    });
    assert.deepEqual(parseSectionNumber('C3.2 Further tests')?.parts, ['C', '3', '2']);
    // Joined to a title a quad away, but no bare number (a cell `F1`, a symbol `H1` in a formula).
    assert.ok(fusedNumberBefore('B1', 'Illustris-1-Dark, M31, ', 10.6, 8.97));
    assert.ok(!fusedNumberBefore('F1', 'PR-AUC', 11.9, 9.96));
    assert.ok(!isBareNumber('B1') && isBareNumber('S2'));
    // A supplement's number keeps its prefix; a fused designation before a sentence is no number.
    assert.equal(parseSectionNumber('S2 Methods')?.kind, 'supplement');
    assert.equal(parseSectionNumber('E1 and E2 are the energies'), null);
  });

  it('keeps every appendix subsection of the MNRAS paper with its number', async () => {
    const h = await headings('mnras-local-group-satellite-asphericity.pdf');
    for (const t of [
      'B1 Illustris-1-Dark, M31, Ns = 11',
      'B3 Illustris-1, M31, Ns = 11',
      'B9 Illustris-1, M31, Ns = 12',
      'B30 ELVIS, MW, Ns = 15',
    ])
      assert.ok(h.includes(t), h.join(' | '));
    assert.ok(!h.includes('Illustris-1, M31, Ns = 11'), h.join(' | '));
  });
});

describe('stacked heads and declarations', () => {
  it('keeps BMC’s stacked heads and its one-sentence declarations', async () => {
    const h = await headings('bmc-chloroplast-assembly-benchmark.pdf');
    for (const t of [
      'Evaluation Criteria',
      'Computational Resources',
      'Funding',
      'Ethics approval',
      'Tables',
      'Additional Files',
    ])
      assert.ok(h.includes(t), h.join(' | '));
    assert.ok(!h.includes('Tables Additional Files'), h.join(' | '));
  });
});

describe('section names of the front matter and other languages', () => {
  it('heads elsarticle’s highlights page and a Spanish contents', async () => {
    assert.ok((await headings('elsarticle-llm-data-harmonization.pdf')).includes('Highlights'));
    assert.ok((await headings('thesis-es-helicopter-simulator-ch1-2.pdf')).includes('Índice general'));
  });
});
