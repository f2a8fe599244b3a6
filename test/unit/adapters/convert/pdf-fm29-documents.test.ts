/**
 * Session 28 (fm29): the title and the record lines of documents that are not journal articles. A
 * specification titled by one name (BLAKE3) has that name as its title; an ICASSP `spconf` report
 * whose title and author block share one size has its title; a specification's version line and
 * project address, and a white paper's citation block and notices on the page after its title page
 * (seL4), are front matter. On real fixture PDFs of the tuning split and on small synthetic lines.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Segment } from '../../../../adapters/convert/pdf-layout.ts';
import { isVersionLine } from '../../../../adapters/convert/pdf-fm29-version-lines.ts';
import { isNoticeLine } from '../../../../adapters/convert/pdf-fm29-after-title-page.ts';
import { printedNameTitle } from '../../../../adapters/convert/pdf-fm29-name-title.ts';
import { endsTitleByWeight } from '../../../../adapters/convert/pdf-fm29-title-weight.ts';
import { segAtTop } from '../../../support/pdf-lines.ts';
import { fixtureFrontAndBody, fixtureMarkdown } from '../../../support/pdf-fixture-markdown.ts';

const line = (text: string, top: number, extra: Partial<Segment> = {}): Segment => segAtTop(text, top, extra);

describe('PDF documents that are not journal articles: title and record lines (fm29)', () => {
  it('BLAKE3: a title that is one name, the metadata title, printed alone in the largest type', async () => {
    const md = await fixtureMarkdown('whitepaper-blake3-hash-spec.pdf');
    assert.match(md, /^# BLAKE3\n/);
  });

  it('a one-word info title counts only when page 1 prints it alone in display type', () => {
    const page = [
      line('BLAKE3', 100, { size: 25 }),
      line('one function, fast everywhere', 130, { size: 14 }),
    ];
    assert.equal(printedNameTitle('BLAKE3', page, 11), 'BLAKE3');
    // A placeholder the page does not print, a name set no larger than a heading, a journal's name.
    assert.equal(printedNameTitle('main', page, 11), undefined);
    assert.equal(printedNameTitle('BLAKE3', page, 20), undefined);
    assert.equal(printedNameTitle('Nature', [line('nature', 100, { size: 30 })], 10), undefined);
    // Two lines share the largest type: the name is one of several display lines, not the title alone.
    const two = [line('BLAKE3', 100, { size: 25 }), line('Whitepaper', 140, { size: 25 })];
    assert.equal(printedNameTitle('BLAKE3', two, 11), undefined);
  });

  it('spconf: a title in bold capitals over an author block of its size is the title alone', async () => {
    const md = await fixtureMarkdown('spconf-crypto-stgcn-forecasting.pdf');
    assert.match(
      md,
      /^# CRYPTOGRAPH ANALYTICS: A SPATIO-TEMPORAL GRAPH CONVOLUTIONAL ENSEMBLE PLATFORM FOR MULTI-ASSET CRYPTOCURRENCY FORECASTING\n/,
    );
  });

  it('a line in the title size but another weight and face, set off from it, ends the title', () => {
    const face = (s: Segment) => s.fonts?.[0]?.font ?? null;
    const bold = { size: 12, bold: true, fonts: [{ font: 'B', chars: 40 }] };
    const roman = { size: 12, fonts: [{ font: 'R', chars: 30 }] };
    const title = [line('A TITLE IN BOLD CAPITALS OVER', 90, bold), line('TWO LINES', 101, bold)];
    assert.ok(endsTitleByWeight(line('Jane Doe', 126, roman), title, face));
    // Right under the title, at its own leading, a roman line is its subtitle.
    assert.ok(!endsTitleByWeight(line('a subtitle in roman', 112, roman), title, face));
    // A title line that leaves its phrase open goes on, whatever the type below.
    const open = [line('A STUDY OF', 90, bold)];
    assert.ok(!endsTitleByWeight(line('Something in roman', 110, roman), open, face));
  });

  it('BLAKE3: the version line at the foot of page 1 and the project address are front matter', async () => {
    const { front, body } = await fixtureFrontAndBody('whitepaper-blake3-hash-spec.pdf');
    assert.match(front, /Version 20211102174100\./);
    assert.match(front, /https:\/\/blake3\.io/);
    assert.ok(!body.includes('Version 20211102174100'));
    assert.ok(!body.includes('https://blake3.io'));
  });

  it('seL4: the citation block and the notices on the page after the title page are front matter', async () => {
    const { front, body } = await fixtureFrontAndBody('whitepaper-sel4-microkernel-introduction.pdf');
    for (const t of [
      'Reference Format:',
      'White paper. The seL4 Foundation, Revision 1.4 of 2025-01-08.',
      'Copyright © 2020 seL4 Project a Series of LF Projects, LLC.',
      'seL4 is a trademark of LF Projects, LLC.',
    ]) {
      assert.ok(front.includes(t), t);
      assert.ok(!body.includes(t), t);
    }
    // The abstract and the keywords on that page stay in the text.
    assert.match(body, /## Abstract\n\nThis whitepaper provides an introduction/);
    assert.match(body, /seL4, microkernel, performance/);
  });

  it('version and revision lines, in several languages, and what is no such line', () => {
    for (const t of [
      'Version 1.0',
      'Version 20211102174100.',
      'Revision 1.4 of 2025-01-08',
      'Rev. 3, 12 May 2020',
      'Versión 2.1',
      'Fassung 3 vom 1. März 2021',
      'Wersja 2.0',
    ])
      assert.ok(isVersionLine(t), t);
    for (const t of ['Version 2 of the protocol is faster', 'Version history', 'Revision of the model'])
      assert.ok(!isVersionLine(t), t);
  });

  it('licence notices stated by their verb and trademark notices, and sentences that are neither', () => {
    for (const t of [
      'Distributed under the Creative Commons Attribution-ShareAlike 4.0 International (CC BY-SA 4.0) License.',
      'Released under the MIT License.',
      'seL4 is a trademark of LF Projects, LLC.',
      'All other trademarks are the property of their respective owners.',
      'Diffusé sous licence CC BY 4.0',
    ])
      assert.ok(isNoticeLine(t), t);
    for (const t of [
      'The data were released under embargo in 2020 and the licence',
      'We distributed the survey under supervision',
    ])
      assert.ok(!isNoticeLine(t), t);
  });
});
