/**
 * Front-matter rules of session 12 (helper "fm12", issue #30): the text block's top is no
 * running-head slot, a title that speaks about an institution is still a title, a licence in
 * loosely leaded small print goes whole into the front block, and the notes of the title and the
 * authors are front matter. Each rule is checked on constructed lines and on the vendored real PDF
 * it was written on.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { isMarkedNameList } from '../../../../adapters/convert/pdf-authors.ts';
import { isFrontMeta, isInstitutionOrJournal } from '../../../../adapters/convert/pdf-front.ts';
import { titleNotes, titleWithoutNoteMark } from '../../../../adapters/convert/pdf-fm-notes.ts';
import type { Segment } from '../../../../adapters/convert/pdf-layout.ts';
import { renderSegments } from '../../../../adapters/convert/pdf-markdown.ts';
import { runningHeadSlots } from '../../../../adapters/convert/pdf-running-heads.ts';
import { convertPdf } from '../../../../adapters/convert/pdf.ts';
import { BODY, seg } from '../../../support/pdf-lines.ts';

const PDFS = path.resolve(import.meta.dirname, '../../../fixtures/convert/pdf');

/** The title (first heading), the italic front-matter block under it, the rest, and the headings. */
async function convert(
  file: string,
): Promise<{ title: string; front: string; body: string; heads: string[] }> {
  const { markdown } = await convertPdf(new Uint8Array(readFileSync(path.join(PDFS, file))));
  const blocks = markdown.split(/\n\n+/);
  const front = /^\*[^*]/.test(blocks[1] ?? '') ? blocks[1]! : '';
  const heads = markdown.split('\n').filter((l) => /^#{1,6} /.test(l));
  return {
    title: heads[0]?.replace(/^# /, '') ?? '',
    front,
    body: blocks.slice(front ? 2 : 1).join('\n\n'),
    heads: heads.slice(1).map((h) => h.replace(/^#+ /, '')),
  };
}

/** A page of text from y = 90 at a 12 pt pitch, opening on `first` (a heading set apart, or a line). */
function page(p: number, first: string, apart: boolean): Segment[] {
  const segs = [seg(first, 90, { page: p })];
  for (let i = 0; i < 20; i++) segs.push(seg(`${BODY} ${p} ${i}`, (apart ? 120 : 102) + 12 * i, { page: p }));
  return segs;
}

describe('the top of the text block is no running-head slot', () => {
  it('keeps headings that open pages when other pages open on a sentence carried over', () => {
    // Pages 0, 2, 4 open on a heading set apart; 1, 3, 5 on the end of a sentence from the page before.
    const pages = [0, 1, 2, 3, 4, 5].map((p) =>
      p % 2
        ? page(p, `carried over from page ${p - 1} and ends here.`, false)
        : page(p, `${p + 1} Methods`, true),
    );
    assert.equal(
      runningHeadSlots(
        pages,
        pages.map(() => 800),
      ).size,
      0,
    );
    // The same heights with a head on every page in capitals is a slot.
    const heads = [0, 1, 2, 3, 4, 5].map((p) => page(p, `CHAPTER 1. SECTION ${p}`, true));
    assert.equal(
      runningHeadSlots(
        heads,
        heads.map(() => 800),
      ).size,
      6,
    );
    // Heads in lower-case small capitals (classicthesis) sit apart from their text: still a slot.
    const small = [0, 1, 2, 3, 4, 5].map((p) =>
      page(p, p % 2 ? 'introduction and background' : 'chapter one', true),
    );
    assert.equal(
      runningHeadSlots(
        small,
        small.map(() => 800),
      ).size,
      6,
    );
  });

  it('keeps the first line of an ACL title and a subsection at the top of a page (acl-redacted)', async () => {
    const { title, heads } = await convert('acl-redacted-contextual-qa.pdf');
    assert.equal(title, 'Redacted Contextual Question Answering with Generative Large Language Models');
    assert.ok(heads.includes('3.1 Task outline'));
  });

  it('keeps an IEEE title and the sections that open its pages (ieee-pentago)', async () => {
    const { title, heads } = await convert('ieee-pentago.pdf');
    assert.match(title, /^Pentago is a First Player Win: Strongly Solving a Game Using Parallel/);
    for (const h of ['II. PROBLEM DEFINITION', 'VI. PERFORMANCE', 'IX. CONCLUSION'])
      assert.ok(heads.includes(h), h);
  });
});

describe('a title about an institution', () => {
  it('is a title when a preposition and an article stand before the institution word', () => {
    assert.ok(!isInstitutionOrJournal('Data Movement Model for the Vera C. Rubin Observatory'));
    assert.ok(!isInstitutionOrJournal('First Results from the Pierre Auger Observatory'));
    for (const t of [
      'European Southern Observatory',
      'Kavli Institute for the Physics and Mathematics of the Universe',
      'Department of Physics, University of the Witwatersrand',
      'EUROPEAN ORGANIZATION FOR NUCLEAR RESEARCH (CERN)',
    ])
      assert.ok(isInstitutionOrJournal(t), t);
  });

  it('takes the title of a paper about an observatory (webofc-rubin)', async () => {
    const { title } = await convert('webofc-rubin-data-movement.pdf');
    assert.equal(title, 'Data Movement Model for the Vera C. Rubin Observatory');
  });
});

describe('a licence in loosely leaded small print', () => {
  it("puts a journal margin box's whole licence into the front block (mdpi-algorithms)", async () => {
    const { front, body } = await convert('mdpi-algorithms-ann-flow-law.pdf');
    assert.match(
      front,
      /Copyright: © 2023 by the author\. Licensee MDPI, Basel, Switzerland\. This article is an open access article .*\(https:\/\/creativecommons\.org\/licenses\/by\/4\.0\/\)\./,
    );
    assert.doesNotMatch(body, /Licensee MDPI|creativecommons/);
  });
});

describe('notes of the title and of the authors', () => {
  const title = [seg('A Study of Things∗', 100, { size: 18 })];
  const authors = seg('Jane Doe†, John Smith', 130);
  const text = [seg('Abstract', 160, { bold: true }), seg(BODY, 175), seg(BODY, 187)];

  it('takes a foot note opening with a mark of the title or an author, with its second line', () => {
    const note = seg('∗The sources of this article are on', 700, { size: 8 });
    const more = seg('https://example.org/sources', 709, { size: 8 });
    const author = seg('†Now at Some Place', 720, { size: 8 });
    const pageSegs = [...title, authors, ...text, note, more, author];
    assert.deepEqual(
      titleNotes(pageSegs, title, new Set(title), 10).map((g) => g.map((s) => s.text)),
      [[note.text, more.text], [author.text]],
    );
  });

  it('leaves a note with a mark nobody above carries, a numbered note and a note above body text', () => {
    const other = seg('‡A note of the body', 700, { size: 8 });
    const numbered = seg('1See the appendix', 712, { size: 8 });
    const high = seg('∗The sources of this article are on', 300, { size: 8 });
    const pageSegs = [...title, authors, ...text, high, seg(BODY, 320), other, numbered];
    assert.deepEqual(titleNotes(pageSegs, title, new Set(title), 10), []);
  });

  it('drops the mark at the end of the title when a front note opens with it', () => {
    const note = [seg('∗The sources of this article are on', 700, { size: 8 })];
    assert.equal(titleWithoutNoteMark('A Study of Things∗', [note]), 'A Study of Things');
    assert.equal(titleWithoutNoteMark('Anytime Search with A∗', [note.slice(1)]), 'Anytime Search with A∗');
  });

  it("puts a title's note into the front block (scrartcl-cam16)", async () => {
    const { title, front, body } = await convert('scrartcl-cam16-color-model.pdf');
    assert.equal(title, 'Algorithmic improvements for the CIECAM02 and CAM16 color appearance models');
    assert.match(
      front,
      /∗The LaTeX sources of this article are on https:\/\/github\.com\/nschloe\/note-on-cam16/,
    );
    assert.doesNotMatch(body, /LaTeX sources of this article/);
  });
});

describe('an author list that opens with an initial', () => {
  it('is told from a lettered heading by the marks on its surnames', () => {
    for (const t of ['A. Smith1 and B. Jones2,⋆', 'J. Smith∗, K. Lee†']) assert.ok(isMarkedNameList(t), t);
    for (const t of ['A. Related Work and Future Directions', 'B. H2 and CO2 Lines', 'A. Doe and B. Roe'])
      assert.ok(!isMarkedNameList(t), t);
  });

  it('is no heading on page 1 (aa-vermin)', async () => {
    const { heads } = await convert('aa-vermin-debris-disk-opacity.pdf');
    assert.ok(!heads.some((h) => /Uthor/.test(h)), heads.join(' · '));
  });
});

describe('banners that are never the title', () => {
  it("reads a journal's name set alone as a journal, not a title", () => {
    for (const t of [
      'New Journal of Physics',
      'The Astronomical Journal',
      'Physical Review Letters',
      'The European Physical Journal C',
      'Chinese Physics Letters',
    ])
      assert.ok(isInstitutionOrJournal(t), t);
    for (const t of ['A Study of Journal Rankings', 'Journal Impact Factors Revisited'])
      assert.ok(!isInstitutionOrJournal(t), t);
  });

  it("takes the title below a journal's name in larger type", () => {
    const page = [
      seg('Chinese Physics Letters', 60, { size: 18 }),
      seg('Waves in a Shallow Channel of Variable Depth', 110, { size: 15 }),
      seg('Jane Doe and John Smith', 140),
      seg('Abstract', 170, { bold: true }),
      ...[0, 1, 2, 3, 4, 5].map((i) => seg(`${BODY} ${i}`, 185 + 12 * i)),
    ];
    assert.equal(renderSegments([page], [800]).title, 'Waves in a Shallow Channel of Variable Depth');
  });

  it("reads a review copy's header as front matter", () => {
    for (const t of [
      'CONFIDENTIAL REVIEW COPY. DO NOT DISTRIBUTE.',
      'ECCV-22 submission ID 1234',
      'Anonymous ACL submission',
      'Paper under double-blind review',
    ])
      assert.ok(isFrontMeta(t), t);
    for (const t of ['Do not distribute the code to', 'Anonymous reviewers helped us', 'ACL 2 results'])
      assert.ok(!isFrontMeta(t), t);
  });
});
