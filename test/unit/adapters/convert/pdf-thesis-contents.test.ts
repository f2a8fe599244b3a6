/**
 * A thesis's table of contents (issue #30): chapter-level entries with a blank line above them
 * (KOMA `scrreprt`) and dot leaders pdf.js kept apart from a long entry are contents, not headings
 * or text. From the vendored tuning theses; constructed lines check the leaders alone.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { convertPdf } from '../../../../adapters/convert/pdf.ts';
import { leaderRuns, pageNumberCells } from '../../../../adapters/convert/pdf-contents.ts';
import { FIXTURES_DIR } from '../../../support/corpus.ts';
import { seg } from '../../../support/pdf-lines.ts';

async function blocks(file: string, maxPages: number): Promise<string[]> {
  const pdf = readFileSync(path.join(FIXTURES_DIR, 'convert', 'pdf', file));
  return (await convertPdf(new Uint8Array(pdf), { maxPages })).markdown.trim().split('\n\n');
}

describe('a thesis table of contents', () => {
  it('takes back-matter entries set a blank line below the list as entries, and drops leaders set apart', async () => {
    const b = await blocks('scrreprt-ahlers2024-ch1-2.pdf', 6);
    const at = b.indexOf('- 2.6 Existing Solutions and their Limitations');
    assert.ok(at > 0, b.join('\n'));
    assert.deepEqual(b.slice(at + 1, at + 3), ['- Bibliography', '- Declaration of Academic Integrity']);
    assert.ok(!b.some((x) => /^(?:\. ){3,}/.test(x)));
    assert.equal(b.filter((x) => x === '## Bibliography').length, 0);
  });

  it('keeps an unnumbered back-matter heading of the body once its contents line is an entry', async () => {
    const b = await blocks('scrreprt-boegle2022-ch1-2.pdf', 8);
    assert.ok(b.includes('- References'));
    assert.ok(b.includes('- Acronyms'));
    // The abstract no longer starts with the page number set beside the last entry.
    assert.ok(b.some((x) => x.startsWith('Modern web browsers offer')));
  });

  it('takes front-matter entries with roman page numbers (`Abstract … i`) as entries, their numbers dropped', async () => {
    const b = await blocks('thesis-lyttle2023-ch1.pdf', 10);
    const at = b.indexOf('- Abstract');
    assert.ok(at > 0, b.join('\n'));
    assert.deepEqual(b.slice(at, at + 6), [
      '- Abstract',
      '- Acknowledgements',
      '- Contents',
      '- List of Figures',
      '- List of Tables',
      '- 1 Inferring Stellar Parameters with Asteroseismology',
    ]);
    assert.ok(!b.some((x) => /^(?:i|v|vii|ix|xi)$/.test(x)));
  });

  it('joins a contents line whose number, title and page are set apart (classicthesis), and reads it as an entry', async () => {
    const b = await blocks('thesis-ito2018-ch1-2.pdf', 8);
    const at = b.indexOf('- Acronyms');
    assert.ok(at > 0, b.join('\n'));
    assert.deepEqual(b.slice(at + 1, at + 5), [
      '- 1 INTRODUCTION',
      '- 1.1 Overview of Dissertation',
      '- 2 REQUIRING CHANGE',
      '- 2.1 The Peril of Silos',
    ]);
  });

  it('takes a leader-ended line of a contents page whose page number is gone as an entry', async () => {
    const b = await blocks('thesis-wierstorf2014-ch4.pdf', 8);
    assert.ok(b.includes('- 4.3 Simulation of Loudspeaker Arrays'), b.join('\n'));
    assert.ok(b.includes('- 4.4 Coloration Experiments'));
  });

  it('reads lower-case roman numerals as page-number cells, and nothing else', () => {
    const cells = ['i', 'iv', 'vii', 'xii', 'xiv', 'xl', 'iiii', 'vx', 'ivy', 'I'].map((t, k) =>
      seg(t, 100 + 20 * k),
    );
    assert.deepEqual(
      pageNumberCells(cells, []).map((s) => s.text),
      ['i', 'iv', 'vii', 'xii', 'xiv', 'xl'],
    );
  });

  it('drops a run of leaders only on an entry row, right of it', () => {
    const entry = seg('2.6 Existing Solutions and their Limitations', 400, { x: 105 });
    const leaders = seg('. . . . . . . . .', 400, { x: 330 });
    const text = seg('. . . and so on', 430, { x: 105 });
    const apart = seg('. . . . . .', 460, { x: 330 });
    const got = leaderRuns([entry, leaders, text, apart], new Map([[entry, entry.text]]));
    assert.deepEqual(got, [leaders]);
  });
});
