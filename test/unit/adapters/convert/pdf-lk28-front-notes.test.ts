/**
 * Session 27 (lk28): front notes set in a known note's style (IEEE Access's funding note under
 * `Corresponding author: …`), and a two-page paper's page-2 head under a draft's crop marks. On real fixture PDFs of the tuning split, and on small synthetic lines.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { addNotesInNoteStyle } from '../../../../adapters/convert/pdf-lk28-note-style.ts';
import { fixtureFrontAndBody, fixtureMarkdown } from '../../../support/pdf-fixture-markdown.ts';
import { seg } from '../../../support/pdf-lines.ts';

describe('pdf-lk28-note-style: notes in a front note’s style', () => {
  it('sends IEEE Access’s funding note under the corresponding author to the front matter', async () => {
    const { front, body } = await fixtureFrontAndBody('ieee-access-union-find-decoder.pdf');
    assert.match(
      front,
      /Corresponding author: M\. S\. Hu[^·]*· This work was partially supported by the Netherlands/,
    );
    assert.doesNotMatch(body, /partially supported by/);
    // The author names and their affiliations stay in the text, as before.
    assert.match(body, /M\. S\. HU1, AND D\. ELKOUSS2/);
    assert.match(body, /Department of Physics, Delft University of Technology/);
  });

  const note = seg('Corresponding author: A. Author (email: a@b.org).', 230, { size: 7.7, font: 'R' });
  const funding = [
    seg('This work was supported by the National Science Foundation, as part of the', 240, {
      size: 7.7,
      font: 'R',
    }),
    seg('programme (grant 12345).', 249, { size: 7.7, font: 'R' }),
  ];

  it('takes the kept lines that go on under the note in its size, face and left edge', () => {
    const front = [[note]];
    addNotesInNoteStyle(front, [note, ...funding], new Set(funding), 10);
    assert.deepEqual(front, [[note], funding]);
  });

  it('leaves lines in another size, another face, off the left edge or far below, and any after a break', () => {
    for (const other of [
      seg('This work was supported by the Foundation.', 240, { size: 6.6, font: 'R' }),
      seg('This work was supported by the Foundation.', 240, { size: 7.7, font: 'I' }),
      seg('This work was supported by the Foundation.', 240, { size: 7.7, font: 'R', x: 90 }),
      seg('This work was supported by the Foundation.', 260, { size: 7.7, font: 'R' }),
    ]) {
      const front = [[note]];
      addNotesInNoteStyle(front, [note, other, ...funding.slice(1)], new Set([other, ...funding]), 10);
      assert.deepEqual(front, [[note]]);
    }
  });

  it('leaves a note in text type, lines the title block did not keep, and a line of names', () => {
    const big = seg('Corresponding author: A. Author.', 230, { size: 10, font: 'R' });
    const under = seg('This work was supported by the Foundation.', 242, { size: 10, font: 'R' });
    const front1 = [[big]];
    addNotesInNoteStyle(front1, [big, under], new Set([under]), 10);
    assert.deepEqual(front1, [[big]]);
    const front2 = [[note]];
    addNotesInNoteStyle(front2, [note, ...funding], new Set(), 10);
    assert.deepEqual(front2, [[note]]);
    const names = seg('Ada Lovelace, Charles Babbage', 240, { size: 7.7, font: 'R' });
    const front3 = [[note]];
    addNotesInNoteStyle(front3, [note, names], new Set([names]), 10);
    assert.deepEqual(front3, [[note]]);
  });
});

describe('pdf-layout: a two-page paper’s head under a draft’s crop marks', () => {
  it('drops page 2’s draft line that repeats page 1’s though crop marks stand in a row above it', async () => {
    // OUP's Bioinformatics draft: `“paper” — 2021/7/22 — 14:56 — page 2 — #2` under the corner `i` marks.
    const md = await fixtureMarkdown('bioinfo-skater-kinship.pdf');
    assert.doesNotMatch(md, /page 2 — #2/);
    assert.match(md, /### 2\.1 Pedigree parsing, manipulation, and analysis/);
  });
});
