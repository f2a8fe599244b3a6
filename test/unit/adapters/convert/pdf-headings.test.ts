/**
 * Heading rules of the PDF layout analysis on small constructed inputs (positioned segments, as
 * pdf-layout.ts produces them): a table of contents, run-in subsection headings, headings that
 * start with a symbol.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { contentsEntries, renderSegments } from '../../../../adapters/convert/pdf-markdown.ts';
import { BODY, seg } from '../../../support/pdf-lines.ts';

describe('table of contents', () => {
  const toc = [
    seg('Contents', 100, { size: 14 }),
    seg('1 Introduction', 130),
    seg('3', 130, { x: 520 }),
    seg('1.1 Challenges . . . . . . . . . . 3', 142),
    seg('2 Large Language Models', 154),
    seg('4', 154, { x: 520 }),
    seg('2.1 The Transformer . . . . . . . . . 4', 166),
    seg('3 Conclusions', 178),
    seg('9', 178, { x: 520 }),
  ];

  it('finds the entries with their page numbers, leaders and page numbers stripped', () => {
    const c = contentsEntries([toc]);
    assert.deepEqual(
      [...c.entries.values()],
      ['1 Introduction', '1.1 Challenges', '2 Large Language Models', '2.1 The Transformer', '3 Conclusions'],
    );
    assert.deepEqual(
      [...c.pageNumbers].map((s) => s.text),
      ['3', '4', '9'],
    );
  });

  it('renders the contents as a list, and the real headings after it still pass the numbering check', () => {
    const body = [
      seg('1 Introduction', 100, { page: 1, size: 12 }),
      seg(BODY, 130, { page: 1 }),
      seg('2 Large Language Models', 170, { page: 1, size: 12 }),
      seg(BODY, 200, { page: 1 }),
    ];
    const { markdown } = renderSegments([toc, body], [792, 792]);
    assert.match(markdown, /^- 1\.1 Challenges$/m);
    assert.doesNotMatch(markdown, /\. \. \./);
    assert.match(markdown, /^## 1 Introduction$/m);
    assert.match(markdown, /^## 2 Large Language Models$/m);
  });

  it('does not take a numbered list without page numbers for contents', () => {
    const list = [
      seg('1 First point of the argument', 100),
      seg('2 Second point', 112),
      seg('3 Third point', 124),
      seg('4 Fourth point', 136),
    ];
    assert.equal(contentsEntries([list]).entries.size, 0);
  });

  it('needs the page numbers to go up', () => {
    const table = [
      seg('1 Alpha 90', 100),
      seg('2 Beta 12', 112),
      seg('3 Gamma 80', 124),
      seg('4 Delta 7', 136),
      seg('5 Eps 60', 148),
    ];
    assert.equal(contentsEntries([table]).entries.size, 0);
  });
});

describe('heading forms', () => {
  it('splits a run-in numbered subsection heading from its paragraph', () => {
    const page = [
      seg('1. Introduction', 100, { size: 12 }),
      seg(BODY, 120),
      seg('2. Structural measures', 160, { size: 12 }),
      seg('2.1. Closeness centrality. The farness of a node u is the sum of the distances of u to all.', 190),
    ];
    const { markdown } = renderSegments([page], [792]);
    assert.match(markdown, /^### 2\.1\. Closeness centrality$/m);
    assert.match(markdown, /^The farness of a node u/m);
  });

  it('accepts a heading whose text starts with a Greek symbol or a bracketed tag', () => {
    const page = [
      seg('1 Introduction', 100, { size: 12 }),
      seg(BODY, 120),
      seg('1.1 β-multiplier analysis', 160, { size: 12 }),
      seg(BODY, 180),
      seg('1.2 [D1] Discover Relevant Citations', 220, { size: 12 }),
      seg(BODY, 240),
    ];
    const { markdown } = renderSegments([page], [792]);
    assert.match(markdown, /^### 1\.1 β-multiplier analysis$/m);
    assert.match(markdown, /^### 1\.2 \[D1\] Discover Relevant Citations$/m);
  });
});
