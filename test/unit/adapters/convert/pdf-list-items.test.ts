/**
 * A numbered list item in body type that wraps (`2. Which obstacles prevent … from doing` / `OS?`)
 * is no heading, so it neither becomes one nor takes section 2's number from the real heading
 * (`2 Methodology`). From the vendored Copernicus tuning paper and from constructed lines.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { wrapsIntoSentence } from '../../../../adapters/convert/pdf-list-items.ts';
import { convertPdf } from '../../../../adapters/convert/pdf.ts';
import { FIXTURES_DIR } from '../../../support/corpus.ts';
import { seg } from '../../../support/pdf-lines.ts';

describe('numbered list items that wrap', () => {
  it('keeps the research questions of the Copernicus paper in the text and finds its section 2', async () => {
    const pdf = readFileSync(path.join(FIXTURES_DIR, 'convert', 'pdf', 'copernicus-open-science-survey.pdf'));
    const md = (await convertPdf(new Uint8Array(pdf))).markdown;
    const heads = md.split('\n').filter((l) => l.startsWith('#'));
    assert.ok(heads.includes('## 2 Methodology'), heads.join(' / '));
    assert.ok(!heads.some((h) => /^#+ 2\. Which obstacles/.test(h)));
  });

  it('tells a wrapped sentence from a heading with a paragraph below', () => {
    const item = seg('2. Which obstacles prevent researchers from doing', 100, { x: 80 });
    assert.ok(wrapsIntoSentence(item, seg('OS?', 112, { x: 80 }), 10, 12));
    // A heading: a line of text below after the heading's space, or a sentence running on.
    assert.ok(!wrapsIntoSentence(item, seg('OS?', 124, { x: 80 }), 10, 12));
    assert.ok(!wrapsIntoSentence(item, seg('The obstacles we found are many and', 112, { x: 80 }), 10, 12));
    assert.ok(!wrapsIntoSentence({ ...item, bold: true }, seg('OS?', 112, { x: 80 }), 10, 12));
  });
});
