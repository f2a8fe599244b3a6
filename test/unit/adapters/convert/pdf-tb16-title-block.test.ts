/**
 * The title block (pdf-tb16-title-block.ts): every line between the title and the abstract is front
 * matter and never a heading; no block where its lower bound is unsure (an unlabelled abstract, a
 * column beside the abstract); a page of metadata lines alone before the title page.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { convertPdf } from '../../../../adapters/convert/pdf.ts';
import { isFrontMeta } from '../../../../adapters/convert/pdf-front.ts';
import { isMetadataPage, titleBlock } from '../../../../adapters/convert/pdf-tb16-title-block.ts';
import { BODY, seg } from '../../../support/pdf-lines.ts';

const PDFS = path.resolve(import.meta.dirname, '../../../fixtures/convert/pdf');

async function convert(file: string): Promise<{ title: string; front: string; body: string }> {
  const { markdown } = await convertPdf(new Uint8Array(readFileSync(path.join(PDFS, file))));
  const blocks = markdown.split(/\n\n+/);
  const front = /^\*[^*]/.test(blocks[1] ?? '') ? blocks[1]! : '';
  return { title: blocks[0]!, front, body: blocks.slice(front ? 2 : 1).join('\n\n') };
}

describe('the title block', () => {
  const title = seg('A Title of Some Paper', 100, { size: 17, x: 150 });
  const text = (groups: { text: string }[][]) => groups.map((g) => g.map((s) => s.text).join(' | '));

  it('takes every line between the title and the abstract label, author and affiliation blocks aside', () => {
    const author = [seg('Jane Doe', 130, { x: 200 }), seg('1', 128, { x: 245, size: 7 })];
    const affiliation = seg('1 Department of Physics, Some University, Some Town', 142, { x: 180 });
    const page = [
      title,
      ...author,
      affiliation,
      seg('Submitted to Some Journal on 2024/12/20.', 170, { x: 72 }),
      seg('Paper ID 1234', 182, { x: 72 }),
      seg('Abstract', 200, { x: 72, bold: true }),
      seg(BODY, 212),
    ];
    const block = titleBlock([page], [title], new Set());
    assert.deepEqual(text(block.front), ['Submitted to Some Journal on 2024/12/20. | Paper ID 1234']);
    assert.deepEqual([...block.kept], [...author, affiliation]);
  });

  it('does nothing above an unlabelled abstract or beside a column set higher than the bound', () => {
    const unlabelled = [
      title,
      seg('Jane Doe', 130),
      seg(BODY, 160, { x1: 540 }),
      seg(BODY, 172, { x1: 540 }),
    ];
    assert.deepEqual(
      titleBlock([[...unlabelled, seg('I. INTRODUCTION', 200)]], [title], new Set()).front,
      [],
    );
    const twoColumn = [title, seg('Jane Doe', 130), seg('Abstract', 300), seg(BODY, 160, { x: 320 })];
    assert.deepEqual(titleBlock([twoColumn], [title], new Set()).front, []);
  });

  it('sends the submission dates above the abstract to the front block (article-euler-inversion-gji)', async () => {
    const { front, body } = await convert('article-euler-inversion-gji.pdf');
    for (const t of ['Submitted for publication to Geophysical', 'Resubmitted to Geophysical Journal']) {
      assert.ok(front.includes(t), t);
      assert.ok(!body.includes(t), t);
    }
  });

  it('never makes a heading of an affiliation line (llncs-pythran-openmp)', async () => {
    const { front, body } = await convert('llncs-pythran-openmp.pdf');
    assert.match(front, /Télécom Bretagne, Plouzané, France/);
    // The author line kept in the text stays apart from the abstract below it.
    assert.match(body, /^Serge Guelton1,2 and Pierrick Brunet2\n\nAbstract\. /);
    assert.ok(!/^#+ \d .*(École|Télécom)/mu.test(body), body.slice(0, 400));
  });

  it('finds the title on page 2 after a page of metadata lines alone (aastex-mab-perdita)', async () => {
    assert.ok(
      isMetadataPage(
        [
          seg('Draft version July 10, 2023', 70),
          seg('Corresponding author: A. Person', 100),
          seg('a@b.edu', 112),
        ],
        isFrontMeta,
      ),
    );
    assert.ok(!isMetadataPage([seg('Draft version July 10, 2023', 70), seg(BODY, 100)], isFrontMeta));
    const { title, front } = await convert('aastex-mab-perdita.pdf');
    assert.equal(title, '# Keck Near-Infrared Detections of Mab and Perdita');
    assert.match(front, /Typeset using LATEX preprint style/);
  });
});
