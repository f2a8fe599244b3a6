/**
 * Session 23 (tt24): title blocks in two sizes. A subtitle the metadata title spells (LIPIcs'
 * `M.Sc. Thesis`, two capitalised words under the title, the authors' names in large type right
 * under it), and a one-word name in larger type over its subtitle (`TxVM`); on real fixture PDFs
 * and on constructed lines.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { convertPdf } from '../../../../adapters/convert/pdf.ts';
import { printedInfoTitle } from '../../../../adapters/convert/pdf-bm13-info-title.ts';
import type { Segment } from '../../../../adapters/convert/pdf-layout.ts';
import { nameOverTitle } from '../../../../adapters/convert/pdf-tt24-title-heads.ts';
import { frontBlock } from '../../../support/pdf-fixture-markdown.ts';

const FIXTURES = path.join(import.meta.dirname, '../../../fixtures/convert/pdf');
const convert = async (name: string, maxPages?: number) =>
  convertPdf(new Uint8Array(readFileSync(path.join(FIXTURES, name))), maxPages ? { maxPages } : {});

const seg = (text: string, x0: number, x1: number, top: number, size: number, bold = false): Segment => ({
  page: 0,
  text,
  x0,
  x1,
  top,
  bottom: top + size,
  baseline: top + 0.8 * size,
  size,
  bold,
});

describe('PDF title: a subtitle the metadata title spells', () => {
  it('joins LIPIcs’ `M.Sc. Thesis` under the title, out of the front block', async () => {
    const r = await convert('lipics-conditional-xpath-separation.pdf', 2);
    assert.match(r.markdown, /^# On the Separation of Conditional XPath M\.Sc\. Thesis$/m);
    assert.doesNotMatch(frontBlock(r.markdown), /M\.Sc\. Thesis/);
  });

  it('takes the info title printed by a block’s first lines, the names in large type under them', () => {
    const page = [
      seg('On the Separation of Conditional XPath', 91, 409, 68, 17.2, true),
      seg('M.Sc. Thesis', 91, 163, 86, 12, true),
      seg('V.R. Sathiyanarayana', 90, 245, 107, 12, true),
      seg('Chennai Mathematical Institute', 91, 220, 122, 9),
    ];
    const info = 'On the Separation of Conditional XPath and M.Sc. Thesis';
    assert.equal(printedInfoTitle(info, page, 10), info);
    // A block that never prints the title alone still gives none.
    assert.equal(printedInfoTitle('On Separation by Games and Trees', page, 10), undefined);
  });
});

describe('PDF title: a one-word name over its subtitle', () => {
  it('heads the title with `TxVM`, set alone in larger type over the subtitle', async () => {
    const r = await convert('whitepaper-txvm-blockchain-transactions.pdf', 2);
    assert.match(r.markdown, /^# TxVM A New Design for Blockchain Transactions$/m);
    assert.doesNotMatch(frontBlock(r.markdown), /TxVM/);
  });

  it('takes no word set apart from the title, beside other text, or smaller than it', () => {
    const title = seg('A New Design for Blockchain Transactions', 196, 415, 181, 12);
    const usable = () => true;
    assert.ok(nameOverTitle(title, [seg('TxVM', 282, 329, 163, 17.2), title], usable));
    // A banner well above the title.
    assert.equal(nameOverTitle(title, [seg('TxVM', 282, 329, 140, 17.2), title], usable), null);
    // A word on a row with other text (a logo beside a journal's name).
    const row = [seg('TxVM', 282, 329, 163, 17.2), seg('Journal', 400, 450, 163, 17.2), title];
    assert.equal(nameOverTitle(title, row, usable), null);
    // A kicker in smaller type.
    assert.equal(nameOverTitle(title, [seg('Article', 282, 322, 170, 10), title], usable), null);
    // Two words: the title's first line, gathered as such.
    assert.equal(nameOverTitle(title, [seg('Tx VM', 270, 340, 163, 17.2), title], usable), null);
  });
});
