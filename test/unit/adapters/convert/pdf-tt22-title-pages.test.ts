/**
 * Session 21 (tt22): title pages and covers. A genre line over a thesis's title in another face, a
 * course's notes titled `Lecture Notes: …`, a bold notice paragraph that is no heading, and the foot
 * notes of a report's own title page after its cover and a blank verso; on real fixture PDFs.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { convertPdf } from '../../../../adapters/convert/pdf.ts';
import { frontBlock, afterFrontBlock as body } from '../../../support/pdf-fixture-markdown.ts';

const FIXTURES = path.join(import.meta.dirname, '../../../fixtures/convert/pdf');
const convert = async (name: string, maxPages?: number) =>
  convertPdf(new Uint8Array(readFileSync(path.join(FIXTURES, name))), maxPages ? { maxPages } : {});

describe('PDF title page: the title block keeps one face', () => {
  it('a genre line in roman over a bold title is front matter, not the title (TU Graz thesis)', async () => {
    const r = await convert('thesis-khalimov2018-ch1.pdf', 3);
    assert.equal(r.title, 'Reactive Synthesis: branching logic & parameterized systems');
    assert.match(r.markdown, /^# Reactive Synthesis: branching logic & parameterized systems$/m);
    assert.match(frontBlock(r.markdown), /^\*Dissertation · Ayrat Khalimov · /);
  });

  it('a title in growing sizes of one face still opens with its smaller first lines', async () => {
    const r = await convert('thesis-caasenbrood2024-ch1.pdf', 4);
    assert.match(r.markdown, /^# Design, Modeling, and Control Strategies for Soft Robots$/m);
  });

  it('a course’s `Lecture Notes:` line opens the title; a series is `Lecture Notes in …` (KOMA scrbook)', async () => {
    const r = await convert('scrbook-hwsec-lecture-notes.pdf', 3);
    assert.equal(r.title, 'Lecture Notes: Hardware and Embedded Systems Security');
    assert.match(frontBlock(r.markdown), /^\*David Oswald · April 27, 2023\*$/);
  });
});

describe('PDF headings: a sentence that runs on in its own face is prose', () => {
  it('a bold notice paragraph stays one paragraph (scrbook lecture notes)', async () => {
    const { markdown } = await convert('scrbook-hwsec-lecture-notes.pdf');
    assert.doesNotMatch(markdown, /^#+ Hence, the definitions/m);
    assert.match(
      markdown,
      /^Hence, the definitions\/algorithms given here are to be understood as educational and must not be implemented straight away in a real system!$/m,
    );
    assert.match(markdown, /^#+ 3\.1 The RSA System$/m);
  });
});

describe('PDF front matter: the report’s own title page after a cover and a blank verso', () => {
  it('its author notes and unmarked funding note join the front block (Inria research report)', async () => {
    const { markdown } = await convert('report-inria-pencil-language-spec.pdf', 4);
    const front = frontBlock(markdown);
    assert.match(front, /∗ École Normale Supérieure de Paris/);
    assert.match(front, /† Katholieke Universiteit Leuven/);
    assert.match(front, /This work was partly supported by the European FP7 project CARP id\. 287767\./);
    assert.ok(!body(markdown).includes('FP7 project'));
    assert.ok(!body(markdown).includes('Katholieke'));
    // The abstract and key words stay in the text.
    assert.match(body(markdown), /^Programming accelerators such as GPUs/m);
  });
});
