/**
 * The PDF's outline as a heading signal (pdf-bm13-bookmarks.ts): read from real fixture PDFs with
 * and without one, matched to the lines it points at, and bounded on hostile outlines (a cycle,
 * thousands of entries) written at test time.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { convertPdf, layoutPdf } from '../../../../adapters/convert/pdf.ts';
import {
  MAX_BOOKMARKS,
  matchBookmarks,
  titleKey,
  type Bookmark,
} from '../../../../adapters/convert/pdf-bm13-bookmarks.ts';
import { renderSegments } from '../../../../adapters/convert/pdf-markdown.ts';
import { BODY, seg } from '../../../support/pdf-lines.ts';

const FIXTURES = path.join(import.meta.dirname, '../../../fixtures/convert/pdf');
const fixture = (name: string) => new Uint8Array(readFileSync(path.join(FIXTURES, name)));
const headings = (md: string) => md.split('\n').filter((l) => l.startsWith('#'));

describe('PDF bookmarks: reading the outline', () => {
  it('resolves a hyperref outline to pages and a y just above each heading', async () => {
    // ICLR's template sets its headings in small capitals the layout rules do not all take.
    const layout = await layoutPdf(fixture('iclr-deepsphere.pdf'));
    assert.equal(layout.bookmarks.length, 19);
    const intro = layout.bookmarks[0]!;
    assert.deepEqual([intro.title, intro.depth, intro.page], ['Introduction', 0, 0]);
    const line = layout.pages[0]!.find((s) => s.text === '1 INTRODUCTION')!;
    assert.ok(
      intro.y !== null && line.top - intro.y >= 0 && line.top - intro.y < 15,
      `${intro.y} vs ${line.top}`,
    );
    assert.deepEqual(
      layout.bookmarks
        .filter((b) => b.depth === 1)
        .map((b) => b.title.slice(0, 12))
        .slice(0, 3),
      ['Problem form', 'Finding the ', 'Analysis of '],
    );
  });

  it('reads none from a PDF without an outline', async () => {
    const layout = await layoutPdf(fixture('copernicus-gmd-magnetic-ellipsoids.pdf'));
    assert.deepEqual(layout.bookmarks, []);
  });

  it('makes headings of the lines the outline names that the layout rules missed', async () => {
    const { markdown } = await convertPdf(fixture('iclr-deepsphere.pdf'));
    const h = headings(markdown);
    for (const want of [
      '### 4.1 3D OBJECTS RECOGNITION',
      '## A PROOF OF THEOREM 3.1',
      '## C EXPERIMENTAL DETAILS',
      '### C.1 3D OBJECTS RECOGNITION',
    ])
      assert.ok(h.includes(want), `${want} in ${h.join(' | ')}`);
  });

  it('stays bounded on an outline with a cycle and thousands of entries', async () => {
    const layout = await layoutPdf(outlinePdf(5000));
    assert.ok(layout.bookmarks.length <= MAX_BOOKMARKS);
    assert.ok(layout.bookmarks.length > 100);
    const head = layout.bookmarks.find((b) => b.title === 'Results')!;
    const line = layout.pages[0]!.find((s) => s.text === 'Results')!;
    assert.ok(head.y !== null && Math.abs(line.top - head.y) < 15);
    // A broken destination (a page that does not exist) is skipped, never an error.
    assert.ok(!layout.bookmarks.some((b) => b.title === 'Nowhere'));
  });
});

describe('PDF bookmarks: matching lines', () => {
  const bm = (title: string, y: number | null, depth = 0, page = 0): Bookmark => ({ title, depth, page, y });
  const para = (y0: number, n: number) => Array.from({ length: n }, (_, k) => seg(BODY, y0 + 12 * k));

  it('keys titles without their number, case, spacing, accents and hyphenation', () => {
    assert.equal(titleKey('3.2 Multi-Scale  Fusion'), titleKey('Multiscale fusion'));
    assert.equal(titleKey('IV. RÉSULTATS'), titleKey('Résultats'));
    assert.equal(titleKey('A.1 Proofs'), 'proofs');
  });

  it('matches the line at the destination, joins a wrapped title, and ignores a figure bookmark', () => {
    const heading = seg('Results in the plain', 120);
    const wrap = seg('setting of the model', 132);
    const page = [...para(60, 4), heading, wrap, ...para(150, 6)];
    const hits = matchBookmarks(
      [bm('Results in the plain setting of the model', 110), bm('Figure 3: a plot', 200)],
      [page],
      10,
    );
    assert.deepEqual([...hits.keys()], [heading]);
    assert.deepEqual(hits.get(heading)!.wraps, [wrap]);
    const md = renderSegments([page], [792], {
      bookmarks: [bm('Results in the plain setting of the model', 110)],
    }).markdown;
    assert.ok(md.includes('## Results in the plain setting of the model\n'), md);
    // Without the outline the same two lines are body text.
    assert.ok(!renderSegments([page], [792]).markdown.includes('## Results'));
  });

  it('takes the nearest line at or below y when the title repeats, and a line only when unique without y', () => {
    const early = seg('Discussion', 100);
    const late = seg('Discussion', 400);
    const page = [...para(40, 4), early, ...para(112, 20), late, ...para(412, 4)];
    assert.deepEqual([...matchBookmarks([bm('Discussion', 390)], [page], 10).keys()], [late]);
    assert.equal(matchBookmarks([bm('Discussion', null)], [page], 10).size, 0);
    assert.deepEqual([...matchBookmarks([bm('2 Discussion', null)], [[early]], 10).keys()], [early]);
  });

  it('leaves run-in heads, sentences and far-away lines alone', () => {
    const runIn = seg('Acknowledgments.', 100);
    const sentence = seg('We use the Kwant package to build the Hamiltonian of the system, which we', 200);
    const far = seg('Methods', 600);
    const page = [runIn, ...para(112, 4), sentence, ...para(212, 4), far];
    const hits = matchBookmarks(
      [
        bm('Acknowledgments', 95),
        bm('We use Kwant to build the Hamiltonian of the system', 195),
        bm('Methods', 100),
      ],
      [page],
      10,
    );
    assert.equal(hits.size, 0);
  });

  it('finds a chapter title far below its anchor only by its exact text', () => {
    // A book class sinks a chapter's title a hundred points below the top the bookmark names.
    const chapter = seg('Binaural Synthesis and Experimental Setup', 183, { size: 20 });
    const page = [chapter, ...para(220, 10)];
    assert.deepEqual(
      [...matchBookmarks([bm('Binaural Synthesis and Experimental Setup', 78)], [page], 10).keys()],
      [chapter],
    );
    // A prefix or a loose word match that far away is not taken.
    const first = seg('Binaural Synthesis and Experimental', 183, { size: 20 });
    const wrap = seg('Setup', 205, { size: 20 });
    assert.equal(
      matchBookmarks([bm('Binaural Synthesis and Experimental Setup', 78)], [[first, wrap]], 10).size,
      0,
    );
    assert.equal(
      matchBookmarks([bm('Binaural Synthesis and Experimental Setup', 170)], [[first, wrap]], 10).size,
      1,
    );
  });

  it('takes a numbered display heading closed by a stop (SIAM), not an unnumbered one', () => {
    const numbered = seg('2. Methods.', 100);
    const hits = matchBookmarks(
      [bm('Methods', 92), bm('Funding', 192)],
      [[numbered, ...para(112, 6), seg('Funding.', 200)]],
      10,
    );
    assert.deepEqual([...hits.keys()], [numbered]);
  });

  it('does not take a run-in head for a loosely matching title', () => {
    // SIAM runs text in after a section's stop: most of the line's words are the title's, but it is no title.
    const runIn = seg('4. Conjectural well-posedness for the regularized problem. Theorem 6.3,', 100);
    const title = 'Conjectural well-posedness for the regularized problem';
    assert.equal(matchBookmarks([bm(title, 92)], [[runIn]], 10).size, 0);
    const exact = seg('4. Conjectural well-posedness for the regularized problem', 100);
    assert.equal(matchBookmarks([bm(title, 92)], [[exact]], 10).get(exact)?.exact, true);
  });

  it('accepts a title whose math the bookmark spells differently', () => {
    const line = seg('4.2 Scaling of σ2 with the number of trajectories', 100);
    const hits = matchBookmarks(
      [bm('Scaling of sigma2 with the number of trajectories', 92, 1)],
      [[line]],
      10,
    );
    assert.equal(hits.get(line)?.depth, 1);
    assert.equal(hits.get(line)?.exact, false);
  });
});

/**
 * A one-page PDF with a `Results` heading and an outline of `entries` entries: the first points at
 * the heading (XYZ), one at a page that does not exist, and the last one's /Next points back at
 * the first (a cycle).
 */
function outlinePdf(entries: number): Uint8Array {
  const text = [
    'BT /F1 14 Tf 72 700 Td (Results) Tj ET',
    ...Array.from(
      { length: 12 },
      (_, k) =>
        `BT /F1 10 Tf 72 ${680 - 14 * k} Td (This is the text of the paper and it is in the body of the page for the test ${k}.) Tj ET`,
    ),
  ].join('\n');
  const objs: string[] = [
    '<< /Type /Catalog /Pages 2 0 R /Outlines 5 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 << /Type /Font /Subtype /Type1 /BaseFont /Helvetica >> >> >> /Contents 4 0 R >>',
    `<< /Length ${text.length} >>\nstream\n${text}\nendstream`,
    `<< /Type /Outlines /First 6 0 R /Last ${5 + entries} 0 R /Count ${entries} >>`,
  ];
  for (let k = 0; k < entries; k++) {
    const id = 6 + k;
    const title = k === 0 ? 'Results' : k === 1 ? 'Nowhere' : `Entry ${k}`;
    const dest = k === 1 ? '[99 0 R /XYZ 0 700 0]' : '[3 0 R /XYZ 72 716 0]';
    const next = k + 1 < entries ? id + 1 : 6;
    objs.push(`<< /Title (${title}) /Parent 5 0 R /Dest ${dest} /Next ${next} 0 R >>`);
  }
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objs.forEach((body, k) => {
    offsets.push(Buffer.byteLength(out));
    out += `${k + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out);
  out += `xref\n0 ${objs.length + 1}\n0000000000 65535 f \n`;
  for (const o of offsets) out += `${String(o).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objs.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return new Uint8Array(Buffer.from(out, 'latin1'));
}
