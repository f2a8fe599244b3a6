/**
 * Session 27 (qx28): text lost or cut. A paragraph's initial drawn as a picture (a drop cap), a
 * page set in landscape, a heading in a bold typewriter face of its own. On real fixture PDFs of
 * the tuning split, and on small synthetic inputs.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { convertPdf } from '../../../../adapters/convert/pdf.ts';
import { readingFrame } from '../../../../adapters/convert/pdf-qx28-rotated-pages.ts';
import { boldTypewriterHeads, mixedCaseName } from '../../../../adapters/convert/pdf-qx28-lone-faces.ts';
import { seg } from '../../../support/pdf-lines.ts';

const FIXTURES = path.join(import.meta.dirname, '../../../fixtures/convert/pdf');
const convert = async (name: string) => convertPdf(new Uint8Array(readFileSync(path.join(FIXTURES, name))));

describe('qx28: a paragraph opened by a drop cap drawn as a picture', () => {
  it('puts the initial back on the abstract and keeps the title whole', async () => {
    const { markdown } = await convert('thesis-altosaar2020-ch1-2.pdf');
    assert.match(markdown, /^# Probabilistic Modeling of Structure in Science/);
    assert.match(markdown, /## Abstract\n\nApplied machine learning relies/);
    assert.doesNotMatch(markdown, /^pplied /m);
  });
});

describe('qx28: a page set in landscape', () => {
  it('reads the turned page: its heading and text come out', async () => {
    const { markdown } = await convert('thesis-engel2020-coinductive-types.pdf');
    assert.match(markdown, /^#+ A\.1\. Proofs for Recursion and Corecursion$/m);
  });

  it('turns text running up the page upright, in its order, and leaves an upright page alone', () => {
    // Two lines running up the page (90° anticlockwise), the first further left, and a folio.
    const up = (str: string, x: number, y: number) => ({ str, transform: [0, 10, -10, 0, x, y] });
    const items = [
      up('First line of a table turned on its side, long enough', 100, 100),
      up('Second line of the same table, under the first one', 120, 100),
      { str: '12', transform: [10, 0, 0, 10, 300, 40] },
      { str: 'Figure 3: The table on its side, its caption upright', transform: [10, 0, 0, 10, 72, 300] },
    ];
    const frame = readingFrame(items, [0, 0, 612, 792]);
    assert.deepEqual(frame.view, [0, -612 - 792, 792, 0]);
    const [first, second] = frame.items.map((it) => it.transform);
    // Upright now; the first line above the second (a larger y is higher up).
    assert.deepEqual(first!.slice(0, 4), [10, 0, 0, 10]);
    assert.ok(first![5]! > second![5]!);
    // The folio in the foot band is left out; the upright caption comes under the turned text.
    assert.deepEqual(
      frame.items.map((it) => it.str.slice(0, 6)),
      ['First ', 'Second', 'Figure'],
    );
    const caption = frame.items[2]!.transform;
    assert.equal(caption[0], 10);
    assert.ok(caption[5]! < frame.view[3] - 612 && caption[5]! > frame.view[1]);
    // A plot's bin labels on their side, in digits, outnumber the upright characters, not the words.
    const bins = Array.from({ length: 12 }, (_, i) => up(`${i}.0-${i}.2`, 100 + 10 * i, 300));
    const words = [
      {
        str: 'Figure 2: Events per bin, with the words of the page upright',
        transform: [10, 0, 0, 10, 72, 300],
      },
    ];
    assert.deepEqual(readingFrame([...words, ...bins], [0, 0, 612, 792]).view, [0, 0, 612, 792]);
    const upright = [
      { str: 'A page of upright text, the most of it by far', transform: [10, 0, 0, 10, 72, 700] },
    ];
    const kept = readingFrame(
      [...upright, up('arXiv:2101.00001v1 [cs.LG] 1 Jan 2021', 20, 200)],
      [0, 0, 612, 792],
    );
    assert.equal(kept.items[0]!.transform[0], 10);
    assert.deepEqual(kept.view, [0, 0, 612, 792]);
  });
});

describe('qx28: a heading in a bold typewriter face used on one page only', () => {
  it('names the face, takes the line for a head, not program text', async () => {
    const { markdown } = await convert('scirep-scipy-fundamental-algorithms.pdf');
    assert.match(markdown, /^### cKDTree$/m);
  });

  it('keeps a glossary term over a list in typewriter, and a head over a paragraph not', () => {
    const body = 'the body text of the paper runs on over the full width of its column';
    const term = (text: string, y: number) => ({
      ...seg(text, y, { font: 'mono-bold', bold: true }),
      typewriter: true,
    });
    const head = term('cKDTree', 100);
    const glossary = term('Enemy', 200);
    const page = [
      head,
      seg(body, 114, { font: 'body', x1: 500 }),
      seg(body, 126, { font: 'body', x1: 500 }),
      glossary,
      seg(`• ${body}`, 214, { font: 'body', x: 90, x1: 500 }),
      seg(body, 226, { font: 'body', x1: 500 }),
    ];
    boldTypewriterHeads([page]);
    assert.equal(head.typewriter, false);
    assert.equal(glossary.typewriter, true);
  });

  it('tells a mixed-case name from a sentence opening in lower case', () => {
    assert.ok(mixedCaseName('cKDTree'));
    assert.ok(mixedCaseName('iPhone apps'));
    assert.ok(!mixedCaseName('checkconf'));
    assert.ok(!mixedCaseName('the results of the Survey'));
  });
});
