/**
 * Thesis title pages (issue #30): the kind of thesis (`Bachelor Thesis`) is a front-matter label,
 * never the title, even in the page's largest type; a double-spaced title keeps all its centred
 * lines; a title page of short display lines (names, dates, `in partial fulfilment of…`) is front
 * matter line by line. From the vendored tuning theses (KOMA scrreprt, a university `book` class).
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { convertPdf } from '../../../../adapters/convert/pdf.ts';
import { FIXTURES_DIR } from '../../../support/corpus.ts';

async function convert(file: string): Promise<string[]> {
  const pdf = readFileSync(path.join(FIXTURES_DIR, 'convert', 'pdf', file));
  return (await convertPdf(new Uint8Array(pdf), { maxPages: 3 })).markdown.split('\n\n');
}

describe('thesis title pages', () => {
  it('takes the bold title, not the larger `Bachelor Thesis` label above it', async () => {
    const blocks = await convert('scrreprt-boegle2022-ch1-2.pdf');
    assert.equal(blocks[0], '# Dangers and Prevalence of Client-Side Web API Manipulations');
    assert.match(blocks[1]!, /^\*Bachelor Thesis · presented by · /);
  });

  it('joins a double-spaced title in capitals over its three centred lines, the rest of its page in front', async () => {
    const blocks = await convert('thesis-lyttle2023-ch1.pdf');
    assert.equal(
      blocks[0],
      '# HIERARCHICALLY MODELLING MANY STARS TO IMPROVE INFERENCE WITH ASTEROSEISMOLOGY',
    );
    // Its group and college lines in title case are no prose: the page and its imprint are front matter.
    assert.match(blocks[1]!, /· Sun, Stars and Exoplanets Group · School of Physics and Astronomy · /);
    assert.match(blocks[1]!, /· © Copyright by ALEXANDER J\. LYTTLE, 2023 · /);
    assert.equal(blocks[2], '## ABSTRACT');
  });

  it('puts every line of a title page without prose in the front-matter block', async () => {
    const blocks = await convert('scrreprt-ahlers2024-ch1-2.pdf');
    assert.match(
      blocks[1]!,
      /^\*BACHELOR THESIS · in partial fulfilment of the requirements for the degree of · /,
    );
    assert.match(
      blocks[1]!,
      /Second assessor: · Prof\. Dr\. Jan Vahrenhold · Münster, September 17, 2024\*$/,
    );
    assert.equal(blocks[2], '## Abstract');
  });
});

describe('a thesis chapter opening', () => {
  it('joins `Chapter 1` and its double-spaced title over two centred lines into one heading', async () => {
    const pdf = readFileSync(path.join(FIXTURES_DIR, 'convert', 'pdf', 'thesis-lyttle2023-ch1.pdf'));
    const md = (await convertPdf(new Uint8Array(pdf), { maxPages: 20 })).markdown;
    assert.match(md, /^## Chapter 1 INFERRING STELLAR PARAMETERS WITH ASTEROSEISMOLOGY$/m);
    assert.doesNotMatch(md, /^#+ ASTEROSEISMOLOGY$/m);
  });
});
