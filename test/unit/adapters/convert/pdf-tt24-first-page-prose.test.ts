/**
 * Session 23 (tt24): first-page prose the abstract score counts. An unlabelled abstract set in bold
 * (Science's template) is a paragraph, not a title page's display lines; and a compound broken at
 * its own hyphen at a line's end (`galaxy-` / `galaxy`) keeps the hyphen when the paper prints it so
 * elsewhere. On real fixture PDFs and on constructed lines.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { convertPdf } from '../../../../adapters/convert/pdf.ts';
import type { Segment } from '../../../../adapters/convert/pdf-layout.ts';
import { hasBoldParagraph } from '../../../../adapters/convert/pdf-tt24-bold-paragraph.ts';
import { keepPrintedHyphens } from '../../../../adapters/convert/pdf-tt24-printed-hyphens.ts';
import { joinLines } from '../../../../adapters/convert/text.ts';
import { frontBlock } from '../../../support/pdf-fixture-markdown.ts';

const FIXTURES = path.join(import.meta.dirname, '../../../fixtures/convert/pdf');
const convert = async (name: string, maxPages?: number) =>
  convertPdf(new Uint8Array(readFileSync(path.join(FIXTURES, name))), maxPages ? { maxPages } : {});

const line = (text: string, top: number, x1 = 511, bold = true): Segment => ({
  page: 0,
  text,
  x0: 101,
  x1,
  top,
  bottom: top + 12,
  baseline: top + 10,
  size: 12,
  bold,
});
const prose = (t: string) => t.split(/\s+/).length >= 6;

describe('PDF front matter: an abstract set in bold', () => {
  it('keeps Science’s bold abstract out of the front block, as one paragraph', async () => {
    const r = await convert('sciencemag-five-parameters.pdf', 2);
    assert.doesNotMatch(frontBlock(r.markdown), /cosmological model/);
    assert.match(
      r.markdown,
      /^The standard cosmological model, with its six independent parameters, successfully describes/m,
    );
  });

  it('reads three wrapped bold lines of prose as a paragraph, short display lines not', () => {
    const para = [
      line('The standard cosmological model, with its six independent parameters, suc-', 429),
      line('cessfully describes our observable Universe. One of these parameters, the optical', 450),
      line('depth to reionization represents the scatterings that the photons will experience', 472),
    ];
    assert.ok(hasBoldParagraph(para, 12, prose, () => false));
    // Display lines: apart from each other, or short.
    const apart = para.map((s, i) => ({ ...s, top: 429 + 60 * i, bottom: 441 + 60 * i }));
    assert.ok(!hasBoldParagraph(apart, 12, prose, () => false));
    // Not bold: the text face's prose is told elsewhere.
    assert.ok(
      !hasBoldParagraph(
        para.map((s) => ({ ...s, bold: false })),
        12,
        prose,
        () => false,
      ),
    );
  });
});

describe('PDF text: a compound broken at its own hyphen', () => {
  it('keeps `galaxy-galaxy` and `well-described`, printed so elsewhere in the paper', async () => {
    const r = await convert('mnras-jianbing.pdf');
    assert.doesNotMatch(r.markdown, /galaxygalaxy|welldescribed|crossvalidation/);
    assert.match(r.markdown, /stacked galaxy-galaxy lensing profiles/);
  });

  it('joins a word TeX broke, and a compound the paper never prints with its hyphen', () => {
    const render = (paras: string[][]) =>
      keepPrintedHyphens(() => ({
        markdown: paras.map((p) => p.reduce((a, b) => joinLines(a, b))).join('\n\n'),
      })).markdown;
    assert.equal(
      render([['a cross-', 'validation score'], ['by cross-validation']]),
      'a cross-validation score\n\nby cross-validation',
    );
    assert.equal(render([['a convo-', 'lution'], ['the convolution']]), 'a convolution\n\nthe convolution');
    // Printed whole elsewhere as well: the paper's own spelling varies, the join stays.
    assert.equal(
      render([['a cross-', 'validation'], ['cross-validation and crossvalidation']]),
      'a crossvalidation\n\ncross-validation and crossvalidation',
    );
    assert.equal(render([['meta-', 'analytic']]), 'metaanalytic');
  });
});
