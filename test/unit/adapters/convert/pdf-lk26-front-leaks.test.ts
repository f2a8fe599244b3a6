/**
 * Session 25 (lk26): front matter the earlier rules left in the text, and a title cut by a margin
 * box. IOP's margin labels beside the title (`RECEIVED`, `REVISED` and their dates) no longer join
 * or bar the title's lines; SciPost's code address under the abstract, a US dissertation's abstract
 * page record, a dedication too short for lk24's rule, a copyright page's `by` and name, and TU Wien's
 * English degree formula are front matter. On real fixture PDFs of the tuning split, and on small
 * synthetic lines.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { convertPdf } from '../../../../adapters/convert/pdf.ts';
import type { Segment, TextRun } from '../../../../adapters/convert/pdf-layout.ts';
import { apartBySize } from '../../../../adapters/convert/pdf-lk26-size-apart.ts';
import { frontUrlLines } from '../../../../adapters/convert/pdf-lk26-front-url.ts';
import { shortPrelimPages } from '../../../../adapters/convert/pdf-lk26-thesis-prelims.ts';
import { segAtTop } from '../../../support/pdf-lines.ts';
import { frontBlock, afterFrontBlock as body } from '../../../support/pdf-fixture-markdown.ts';

const FIXTURES = path.join(import.meta.dirname, '../../../fixtures/convert/pdf');
const convert = async (name: string) => convertPdf(new Uint8Array(readFileSync(path.join(FIXTURES, name))));

/** A line of page `page` at `top`, 10 pt, from `x0` to `x1`. */
const line = (text: string, top: number, x0 = 85, x1 = 510, page = 0): Segment =>
  segAtTop(text, top, { x0, x1, page });

const run = (text: string, x: number, width: number, size: number): TextRun => ({
  text,
  x,
  y: 100,
  width,
  size,
});

describe('PDF front matter left in the text, and a title beside a margin box (lk26)', () => {
  it('IOP: the margin labels beside the title are front matter, and the title is the first heading', async () => {
    const { markdown } = await convert('iop-coronary-vessel-meshing.pdf');
    assert.match(
      markdown,
      /^# A Computational Image-to-Mesh Pipeline for Cardiac Vascular Segmentation and Bioprinting-Oriented STL Generation from CT Angiography\n/,
    );
    assert.match(frontBlock(markdown), /RECEIVED · dd Month yyyy/);
    assert.ok(!frontBlock(markdown).includes('Pipeline for Cardiac'));
  });

  it('a run in type half as large again, half an em away, is another line; an index or a mark is not', () => {
    // A margin date (9 pt) 13 pt left of a 17 pt title line.
    assert.ok(apartBySize(run('dd Month yyyy', 48, 63, 9), run('Segmentation and', 124, 120, 17.2), 13));
    // A footnote mark or an index against its word, and a lone symbol beside a large operator.
    assert.ok(!apartBySize(run('Title', 100, 40, 17.2), run('ab', 140.5, 6, 7), 0.5));
    assert.ok(!apartBySize(run('∑', 100, 12, 17.2), run('i', 121, 3, 7), 9));
  });

  it('SciPost: the code address under the abstract is front matter, its use in the text stays', async () => {
    const { markdown } = await convert('scipost-disorder-dis-high-orders.pdf');
    assert.ok(frontBlock(markdown).includes('https://github.com/alexanderkarlberg/disorder'));
    const rest = body(markdown);
    assert.ok(!rest.slice(0, rest.indexOf('## Contents')).includes('github.com'));
    assert.match(rest, /can be obtained from\n\nhttps:\/\/github\.com\/alexanderkarlberg\/disorder\n/);
  });

  it('an address is front matter only centred, apart and not run into by a sentence', () => {
    const text = [
      line('the last line of the abstract, closed by a stop.', 100),
      line('More text of the page', 300),
    ];
    const url = line('https://example.org/code', 125, 230, 365);
    assert.deepEqual(
      frontUrlLines([...text, url], new Set(), 10).map((g) => g[0]!.text),
      ['https://example.org/code'],
    );
    // A sentence that runs into it, a left-aligned address, or one under the first section keep it.
    const open = line('the code of this paper can be obtained from the', 112);
    assert.deepEqual(frontUrlLines([...text, open, url], new Set(), 10), []);
    assert.deepEqual(
      frontUrlLines([...text, line('https://example.org/code', 125, 85, 220)], new Set(), 10),
      [],
    );
    assert.deepEqual(frontUrlLines([...text, line('1 Introduction', 60), url], new Set(), 10), []);
  });

  it('ucbthesis: the abstract page’s record, the copyright page’s name and the dedication are front matter', async () => {
    const { markdown } = await convert('thesis-phillips2019-ch4-6.pdf');
    const front = frontBlock(markdown);
    for (const l of [
      'Quantitative Optical Microscopy Using Coded Illumination',
      'Doctor of Philosophy in Applied Science and Technology',
      'by Zachary Fitzgerald Phillips',
      'For Mandie',
    ])
      assert.ok(front.includes(l), l);
    const rest = body(markdown);
    assert.ok(!rest.includes('For Mandie'));
    assert.ok(!rest.includes('Doctor of Philosophy in'));
    assert.match(rest, /^\n\n## Abstract\n\nQuantitative optical microscopy continues/);
  });

  it('a few short lines before the contents are front matter; not after it, nor a heading or prose', () => {
    const title = line('A Title', 100, 200, 400);
    const pages = [
      [title],
      [line('For Someone', 300, 250, 330, 1)],
      [line('Contents', 100, 85, 160, 2), line('1 Introduction . . . . 1', 120, 85, 510, 2)],
      [line('Figure label', 300, 250, 330, 3)],
    ];
    assert.deepEqual(
      shortPrelimPages(pages, [title], [], 10).map((g) => g.map((s) => s.text)),
      [['For Someone']],
    );
    const prose = [line('we thank the many people who helped us along the way', 300, 85, 510, 1)];
    assert.deepEqual(shortPrelimPages([pages[0]!, prose, pages[2]!, pages[3]!], [title], [], 10), []);
    // A heading over a notice another rule took (a report's `DISCLAIMER`) stays a heading.
    const notice = line('This document was prepared as an account of work sponsored by', 320, 85, 510, 1);
    const disclaimer = [line('DISCLAIMER', 300, 250, 330, 1), notice];
    assert.deepEqual(shortPrelimPages([pages[0]!, disclaimer, pages[2]!], [title], [[notice]], 10), []);
  });

  it('TU Wien: the English title page’s degree formula and the lines under it are front matter', async () => {
    const { markdown } = await convert('thesis-nirschl2018-elektra-crypto.pdf');
    const front = frontBlock(markdown);
    for (const l of [
      'submitted in partial fulfillment of the requirements for the degree of',
      'to the Faculty of Informatics',
      'Advisor: DI Markus Raab',
      'Vienna, 6th May, 2018',
    ])
      assert.ok(front.includes(l), l);
    assert.ok(!body(markdown).includes('partial fulfillment'));
  });
});
