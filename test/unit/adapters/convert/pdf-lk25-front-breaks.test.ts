/**
 * Session 24 (lk25): a contact note of several lines under its label (Frontiers' `Correspondence*:`
 * over names, postal addresses and e-mails) is front matter whole; and where a skipped line (an
 * author's e-mail in `arxiv.sty`'s author block) separated two lines, the paragraph breaks there.
 * A thesis’s licence notice on a page of its own is front matter. On real fixture PDFs of the
 * tuning split, and on small synthetic lines.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { convertPdf } from '../../../../adapters/convert/pdf.ts';
import type { Segment } from '../../../../adapters/convert/pdf-layout.ts';
import { contactLabelBlock } from '../../../../adapters/convert/pdf-lk25-contact-label.ts';
import { licencePages } from '../../../../adapters/convert/pdf-lk25-licence-page.ts';
import { skippedBetween } from '../../../../adapters/convert/pdf-lk25-skipped-break.ts';
import { frontBlock, afterFrontBlock as body } from '../../../support/pdf-fixture-markdown.ts';

const FIXTURES = path.join(import.meta.dirname, '../../../fixtures/convert/pdf');
const convert = async (name: string) => convertPdf(new Uint8Array(readFileSync(path.join(FIXTURES, name))));

/** A line of page 1 at `top`, 12 pt, from x 45 to `x1`. */
const line = (text: string, top: number, x0 = 45, x1 = 400): Segment => ({
  page: 0,
  text,
  x0,
  x1,
  top,
  bottom: top + 12,
  baseline: top + 10,
  size: 12,
});

describe('PDF contact notes and the breaks skipped lines leave (lk25)', () => {
  it('Frontiers: the correspondence note’s names and addresses go to the front block with its e-mails', async () => {
    const { markdown } = await convert('frontiers-astrocyte-calcium-toolkit.pdf');
    const front = frontBlock(markdown);
    assert.match(front, /Correspondence\\\*: · Eric Herlenius, CMM Center for Molecular Medicine/);
    assert.ok(front.includes('Sweden, jan.reising@ki.se'));
    const rest = body(markdown);
    assert.ok(!rest.includes('CMM Center for Molecular Medicine L8:05'));
    // The authors and their affiliations stay in the text, the abstract follows.
    assert.match(rest, /Jan Philipp Reising 1,2∗, Ana Cristina Gonzalez-Sanchez/);
    assert.match(rest, /## ABSTRACT\n\nThe Astrocytic Calcium Signaling Toolkit/);
  });

  it('a label’s block is a note only down to its last contact, and never when prose comes first', () => {
    const label = line('Correspondence*:', 100, 45, 140);
    const page = [
      label,
      line('Ann Author, Some Institute, 12 Long Street, 171 76 Stockholm,', 112),
      line('Sweden, ann@example.org', 124),
      line('A line set right under the note but holding no contact at all', 136),
    ];
    assert.deepEqual(
      contactLabelBlock(page, label, new Set()).map((s) => s.text),
      ['Ann Author, Some Institute, 12 Long Street, 171 76 Stockholm,', 'Sweden, ann@example.org'],
    );
    const prose = [
      label,
      line('we thank the reviewers for their many helpful comments on the text and', 112),
      line('ann@example.org', 124),
    ];
    assert.deepEqual(contactLabelBlock(prose, label, new Set()), []);
  });

  it('arxiv.sty: each author stays a paragraph of its own once the e-mail lines between them are gone', async () => {
    const { markdown } = await convert('arxivsty-ibd-dispersal-julia.pdf');
    const rest = body(markdown);
    assert.match(
      rest,
      /\nFrancisco Campuzano Jiménez Evolutionary Ecology Group, Department of Biology University of Antwerp, Belgium\n\nArthur Zwaenepoel Evolutionary/,
    );
    assert.match(
      rest,
      /Hannes Svardal Evolutionary Ecology Group, Department of Biology University of Antwerp, Belgium\n\nNaturalis Biodiversity Center, Leiden, Netherlands\n\nKeywords/,
    );
    assert.ok(!rest.includes('@uantwerpen.be'));
  });

  it('a skipped line separates only lines above and below it in its own column', () => {
    const prev = line('University of Antwerp, Belgium', 213);
    const mail = line('someone@example.org', 235);
    assert.ok(skippedBetween(prev, mail, line('Arthur Zwaenepoel', 267)));
    // A note at the foot of the first column does not split a paragraph that goes on at the top of the second.
    const foot = line('someone@example.org', 700, 45, 290);
    assert.ok(
      !skippedBetween(line('the end of column one', 680, 45, 290), foot, line('goes on', 80, 310, 550)),
    );
    // Nor before a line that opens in lower case: the sentence goes on under what was skipped.
    assert.ok(!skippedBetween(prev, mail, line('in data structures. Regions can also be passed', 267)));
    // Nor does a line beside the paragraph, in the other column.
    assert.ok(!skippedBetween(prev, line('other column', 230, 420, 550), line('next', 250)));
  });

  it('a thesis’s licence notice on a page of its own, after the contents lists, is front matter', async () => {
    const { markdown } = await convert('thesis-masotti2018-cplint-r.pdf');
    assert.match(frontBlock(markdown), /distribuita con licenza Creative Commons/);
    assert.ok(!body(markdown).includes('distribuita con licenza'));
    // The body's own use of the word stays (`cplint r è distribuita sotto forma di pack`).
    assert.match(body(markdown), /distribuita sotto forma di pack/);
  });

  it('a licence notice page is a few lines naming the licence; a photo credit or a page of text is not', () => {
    const page = (...texts: string[]) => texts.map((t, i) => ({ ...line(t, 100 + 14 * i), page: 1 }));
    const notice = page(
      'This work is licensed under a Creative Commons',
      'Attribution 4.0 International License.',
      'v',
    );
    assert.deepEqual(
      licencePages([[], notice], new Set()).map((g) => g.map((s) => s.text)),
      [['This work is licensed under a Creative Commons', 'Attribution 4.0 International License.']],
    );
    const credit = page('Figure 2: Photo by A. Author, Creative Commons licence CC BY 2.0');
    const text = page('one', 'two', 'three', 'four', 'Creative Commons licence');
    assert.deepEqual(licencePages([[], credit, text], new Set()), []);
  });
});
