/** Retrieval chunks and the `get` document, on real conversions and a real Atom record. */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { parseAtomFeed } from '../../../../adapters/arxiv/atom.ts';
import { chunkMarkdown } from '../../../../adapters/convert/chunks.ts';
import { convertHtml } from '../../../../adapters/convert/html.ts';
import { convertPdf } from '../../../../adapters/convert/pdf.ts';
import { renderPaperMarkdown } from '../../../../app/capabilities/render.ts';
import { corpus } from '../../../support/corpus.ts';

// The Atom record of 1111.2011v2. The corpus holds no paper that has both an Atom record and a full
// text the repository may redistribute, so the PDF body below is another paper's (1503.07589v1,
// CC BY 3.0): renderPaperMarkdown drops the body's title and abstract by structure, not by content.
const paper = parseAtomFeed(readFileSync(corpus('atom', 'id_list_1111.2011v2.xml'), 'utf8')).papers[0]!;

describe('chunkMarkdown', () => {
  const md = convertHtml(readFileSync(corpus('html', 'engrafo_1707.08043.html'), 'utf8')).markdown;
  const chunks = chunkMarkdown(md, { maxChars: 1500, overlapChars: 150 });
  const TITLE =
    'On Positive-Characteristic Semi-Parametric Local Reductions of Finitelly Generated $\\mathbb{Q}$-Algebras';

  it('keeps the heading path of every chunk', () => {
    assert.ok(chunks.length > 15, `${chunks.length} chunks`);
    assert.deepEqual(
      chunks.map((c) => c.index),
      chunks.map((_, i) => i),
    );
    for (const c of chunks) assert.equal(c.sectionPath[0], TITLE);
    const sub = chunks.find((c) => c.sectionPath.length >= 3);
    assert.ok(sub, 'some chunk sits in a subsection');
    assert.ok(
      chunks.some((c) => c.sectionPath.includes('Abstract.') && c.text.includes('semi-parametric lifting')),
    );
  });

  it('respects the size limit and overlaps within a section', () => {
    for (const c of chunks) assert.ok(c.text.length <= 1500, `chunk ${c.index} has ${c.text.length} chars`);
    const sameSection = chunks.findIndex(
      (c, i) => i > 0 && c.sectionPath.join('/') === chunks[i - 1]!.sectionPath.join('/'),
    );
    assert.ok(sameSection > 0);
    const prevTail = chunks[sameSection - 1]!.text.slice(-60);
    assert.ok(
      chunks[sameSection]!.text.includes(prevTail.slice(prevTail.indexOf(' ') + 1)),
      'overlap carried over',
    );
  });
});

describe('renderPaperMarkdown', () => {
  it('puts metadata and the API abstract before the PDF full text, without duplicates', async () => {
    const body = await convertPdf(new Uint8Array(readFileSync(corpus('pdf', '1503.07589v1.pdf'))));
    const md = renderPaperMarkdown(paper, { markdown: body.markdown, source: 'pdf' });
    const lines = md.split('\n');
    assert.equal(
      lines[0],
      '# Quantum Criticality for Extended Nodes on a Bethe Lattice in the Large Connectivity Limit',
    );
    assert.match(md, /\*\*Authors:\*\* James M\. Murray, Adrian Del Maestro, Zlatko Tesanovic/);
    assert.match(md, /\*\*arXiv:\*\* 1111\.2011v2 \[cond-mat\.str-el\]/);
    assert.match(md, /\*\*Published:\*\* 2011-11-08/);
    assert.match(md, /\*\*Abstract page:\*\* https:\/\/arxiv\.org\/abs\/1111\.2011v2/);
    assert.match(md, /\*\*License:\*\* not stated/);
    assert.ok(md.indexOf('## Abstract') < md.indexOf('## Full text (from arXiv PDF)'));
    assert.equal(lines.filter((l) => l.startsWith('# ')).length, 1, 'the body title is dropped');
    assert.doesNotMatch(md, /Combined Measurement of the Higgs Boson Mass/, 'the body title is dropped');
    assert.equal(md.match(/^## Abstract$/gm)?.length, 1, 'the body abstract section is skipped');
    assert.doesNotMatch(md, /A measurement of the Higgs boson mass is presented/);
    assert.match(md, /^### Acknowledgments$/m, 'body headings sit below the paper title');
    assert.match(md, /^### Acknowledgments\n\nWe thank CERN for the very successful operation of the LHC/m);
  });

  it('prints the one-line note when there is no body', () => {
    const md = renderPaperMarkdown(
      paper,
      null,
      'The PDF is damaged: Invalid PDF structure.;\nre-download it.',
    );
    assert.match(
      md,
      /\n> Full text unavailable: The PDF is damaged: Invalid PDF structure\.; re-download it\.\n$/,
    );
    assert.doesNotMatch(md, /Full text \(from/);
  });
});
