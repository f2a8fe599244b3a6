/** The topic document (CLI `topics <name>`, MCP `papers://{topic}`), byte for byte. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Paper } from '../../../domain/paper.ts';
import { formatTopicMarkdown } from '../../../domain/topic-markdown.ts';

const paper = (over: Partial<Paper>): Paper => ({
  id: '1111.2011',
  version: 2,
  title: 'Quantum Criticality',
  abstract: 'An abstract.',
  authors: [
    { name: 'James M. Murray', affiliations: [] },
    { name: 'Adrian Del Maestro', affiliations: [] },
  ],
  categories: ['cond-mat.str-el', 'cond-mat.stat-mech'],
  primaryCategory: 'cond-mat.str-el',
  published: '2011-11-08T21:00:02Z',
  updated: '2012-03-01T10:00:00Z',
  doi: null,
  journalRef: null,
  comment: null,
  license: null,
  links: { abs: 'https://arxiv.org/abs/1111.2011v2', pdf: 'https://arxiv.org/pdf/1111.2011v2', html: null },
  withdrawn: false,
  ...over,
});

describe('formatTopicMarkdown', () => {
  it('writes a heading, a count and one section per paper in the given order', () => {
    const md = formatTopicMarkdown('quantum criticality', [
      paper({}),
      paper({
        id: 'cond-mat/0607501',
        version: null,
        title: '  A *bold*   [claim]\n  on  <lattices> #1 | `x`_y \\ ',
        abstract: '  Two\n  lines   of text.  ',
        authors: [{ name: 'R_G Melko', affiliations: [] }],
        categories: ['cond-mat.str-el'],
        published: '2006-07-19T00:00:00Z',
        links: { abs: 'https://arxiv.org/abs/cond-mat/0607501', pdf: null, html: null },
      }),
    ]);
    assert.equal(
      md,
      [
        '# quantum criticality',
        '',
        '2 papers.',
        '',
        '## 1. Quantum Criticality',
        '',
        '- **Authors:** James M. Murray, Adrian Del Maestro',
        '- **arXiv:** [1111.2011v2](https://arxiv.org/abs/1111.2011v2)',
        '- **Published:** 2011-11-08',
        '- **Categories:** cond-mat.str-el, cond-mat.stat-mech',
        '- **PDF:** https://arxiv.org/pdf/1111.2011v2',
        '',
        '> An abstract.',
        '',
        '## 2. A \\*bold\\* \\[claim\\] on \\<lattices\\> \\#1 \\| \\`x\\`\\_y \\\\',
        '',
        '- **Authors:** R\\_G Melko',
        '- **arXiv:** [cond-mat/0607501](https://arxiv.org/abs/cond-mat/0607501)',
        '- **Published:** 2006-07-19',
        '- **Categories:** cond-mat.str-el',
        '',
        '> Two lines of text.',
        '',
      ].join('\n'),
    );
  });

  it('says "1 paper." for one, "0 papers." for none, and escapes the topic name', () => {
    assert.match(formatTopicMarkdown('x', [paper({})]), /^# x\n\n1 paper\.\n\n## 1\. /);
    assert.equal(formatTopicMarkdown('a_b #c', []), '# a\\_b \\#c\n\n0 papers.\n');
  });
});
