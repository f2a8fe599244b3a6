/**
 * Front matter and running heads of session 13 (helper "lk13", issue #30): a thesis's preliminary
 * pages after its title page, author notes above the abstract, a foot box's lines indented past a
 * logo, and the mirrored running head of a two-sided layout. Each rule is checked on constructed
 * lines and on the vendored real PDF it was written on.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import {
  authorNoteLines,
  loneLineAboveFirstSection,
} from '../../../../adapters/convert/pdf-lk13-front-notes.ts';
import { mirroredHeads, type Seen } from '../../../../adapters/convert/pdf-lk13-mirror-heads.ts';
import { preliminaryPages } from '../../../../adapters/convert/pdf-lk13-prelims.ts';
import type { Segment } from '../../../../adapters/convert/pdf-layout.ts';
import { convertPdf } from '../../../../adapters/convert/pdf.ts';
import { BODY, seg } from '../../../support/pdf-lines.ts';

const PDFS = path.resolve(import.meta.dirname, '../../../fixtures/convert/pdf');

/** The italic front-matter block under the title, the rest, and the headings after the title. */
async function convert(file: string): Promise<{ front: string; body: string; heads: string[] }> {
  const { markdown } = await convertPdf(new Uint8Array(readFileSync(path.join(PDFS, file))));
  const blocks = markdown.split(/\n\n+/);
  const front = /^\*[^*]/.test(blocks[1] ?? '') ? blocks[1]! : '';
  const heads = markdown.split('\n').filter((l) => /^#{1,6} /.test(l));
  return {
    front,
    body: blocks.slice(front ? 2 : 1).join('\n\n'),
    heads: heads.slice(1).map((h) => h.replace(/^#+ /, '')),
  };
}

describe('a thesis’s preliminary pages after its title page', () => {
  const title = [seg('A Study of Waves in the Upper Atmosphere', 200, { size: 14 })];
  const cover = [
    ...title,
    seg('BOSTON UNIVERSITY', 100, { size: 14 }),
    seg('Dissertation', 150, { size: 14 }),
  ];
  const copyright = [
    seg('© 2017 by', 600, { page: 1, size: 14 }),
    seg('JANE DOE', 620, { page: 1, size: 14 }),
  ];
  const approval = [
    seg('Approved by', 100, { page: 2, size: 14 }),
    seg('First Reader', 180, { page: 2 }),
    seg('John Roe, Ph.D.', 200, { page: 2 }),
  ];
  const abstractPage = [
    seg('A Study of Waves in the Upper Atmosphere', 100, { page: 3, size: 14 }),
    seg('JANE DOE', 140, { page: 3, size: 14 }),
    seg('Boston University, College of Engineering, 2017', 170, { page: 3, size: 14 }),
    seg('ABSTRACT', 220, { page: 3 }),
    seg(`${BODY} and more.`, 250, { page: 3 }),
  ];
  const chapter = [seg('Chapter 1', 100, { page: 4, size: 20 }), seg(BODY, 150, { page: 4 })];
  const pages = [cover, copyright, approval, abstractPage, chapter];
  const taken = new Set(cover.filter((s) => !title.includes(s)));

  it('takes the copyright and approval pages whole and the abstract page down to its label', () => {
    const got = preliminaryPages(pages, title, taken, 10, false);
    assert.deepEqual(
      got.groups.map((g) => g[0]!.text),
      [
        '© 2017 by',
        'JANE DOE',
        'Approved by',
        'First Reader',
        'John Roe, Ph.D.',
        'JANE DOE',
        'Boston University, College of Engineering, 2017',
      ],
    );
    assert.deepEqual(
      got.repeatedTitle.map((s) => s.text),
      ['A Study of Waves in the Upper Atmosphere'],
    );
  });

  it('stops at a page with prose or a section name, starts on page 3 after a cover page, and does nothing after a page 1 with body', () => {
    const prose = [
      seg(`${BODY} and it goes on.`, 100, { page: 1 }),
      seg(`${BODY} and ends.`, 112, { page: 1 }),
    ];
    assert.equal(
      preliminaryPages([cover, prose, approval, chapter], title, taken, 10, false).groups.length,
      0,
    );
    const contents = [seg('Contents', 100, { page: 1, size: 14 }), seg('1 Introduction', 130, { page: 1 })];
    assert.equal(
      preliminaryPages([cover, contents, approval, chapter], title, taken, 10, false).groups.length,
      0,
    );
    // After a cover page, page 2 is the cover logic's: the preliminary pages start on page 3 (lk13b).
    assert.deepEqual(
      preliminaryPages(pages, title, taken, 10, true).groups.map((g) => g[0]!.text),
      [
        'Approved by',
        'First Reader',
        'John Roe, Ph.D.',
        'JANE DOE',
        'Boston University, College of Engineering, 2017',
      ],
    );
    assert.equal(preliminaryPages(pages, title, new Set<Segment>(), 10, false).groups.length, 0);
  });

  it('puts the real thesis’s copyright, approval and abstract-page lines in the front block', async () => {
    const { front, body, heads } = await convert('thesis-hirsch2017-ch1.pdf');
    for (const line of [
      'All rights reserved',
      'Approved by',
      'Fourth Reader',
      'Major Professor: Joshua L. Semeter',
    ])
      assert.ok(front.includes(line), line);
    assert.ok(!body.includes('Professor of Electrical and Computer Engineering'));
    assert.equal(heads[0], 'ABSTRACT');
    assert.ok(body.startsWith('## ABSTRACT\n\nDuring geomagnetic storms'));
  });
});

describe('author notes between the author block and the abstract', () => {
  const title = [seg('Evaluating Sampling Methods', 100, { size: 14 })];
  const page = [
    ...title,
    seg('Lucy Vass1¤, Jean Schwartz2,*', 130),
    seg('¤Current Address: Leeds, UK', 170),
    seg('* jean.schwartz@example.ac.uk', 182),
    seg('Abstract', 210, { size: 14, bold: true }),
    seg(BODY, 230),
    seg('* an item of a list set below the abstract', 250),
  ];

  it('takes lines opening with a note symbol and lines that are an e-mail address alone, above the abstract only', () => {
    assert.deepEqual(
      authorNoteLines(page, title, new Set()).map((g) => g[0]!.text),
      ['¤Current Address: Leeds, UK', '* jean.schwartz@example.ac.uk'],
    );
    assert.deepEqual(authorNoteLines(page, title, new Set([page[2]!])).length, 1);
  });

  it('takes nothing without an abstract label, where the front matter’s end is not sure', () => {
    assert.deepEqual(
      authorNoteLines(
        page.filter((s) => s.text !== 'Abstract'),
        title,
        new Set(),
      ),
      [],
    );
  });

  it('moves the real PLOS paper’s current-address and e-mail lines to the front block', async () => {
    const { front, body } = await convert('plos-flux-sampling-methods.pdf');
    assert.ok(front.includes('¤Current Address:'));
    assert.ok(front.includes('Jean-marc.Schwartz@manchester.ac.uk'));
    assert.ok(!body.includes('Current Address'));
  });
});

describe('a lone line between the abstract and the first section heading', () => {
  const page = (gapAbove: number) => [
    seg('Abstract. The set of finite words is itself well-quasi-ordered and', 100, { size: 9 }),
    seg('it has found numerous applications.', 111, { size: 9 }),
    seg('This document uses knowledge: a notion points to its definition.', 111 + gapAbove),
    seg('1 Introduction', 160, { size: 12, bold: true }),
    seg(BODY, 180),
  ];

  it('is front matter when set apart from the abstract above it', () => {
    assert.deepEqual(
      loneLineAboveFirstSection(page(30), new Set(), 10).map((g) => g[0]!.text),
      ['This document uses knowledge: a notion points to its definition.'],
    );
  });

  it('stays when it carries on the abstract at its leading, or with no abstract or no first section', () => {
    assert.deepEqual(loneLineAboveFirstSection(page(11), new Set(), 10), []);
    assert.deepEqual(loneLineAboveFirstSection(page(30).slice(1), new Set(), 10), []);
    assert.deepEqual(
      loneLineAboveFirstSection(
        page(30).filter((s) => s.text !== '1 Introduction'),
        new Set(),
        10,
      ),
      [],
    );
  });

  it('moves the real LNCS paper’s note above its introduction to the front block', async () => {
    const { front, body } = await convert('lncs-wqo-word-languages.pdf');
    assert.ok(front.includes('This document uses knowledge'));
    assert.ok(!body.includes('This document uses knowledge'));
    assert.ok(body.includes('## 1 Introduction'));
  });
});

describe('a foot box whose lines are indented past a logo', () => {
  it('keeps the real LIPIcs paper’s series and publisher lines in the front block', async () => {
    const { front, body } = await convert('lipics-iws2022-bplustrees.pdf');
    assert.ok(front.includes('Leibniz International Proceedings in Informatics'));
    assert.ok(
      front.includes('Schloss Dagstuhl – Leibniz-Zentrum für Informatik, Dagstuhl Publishing, Germany'),
    );
    assert.ok(!body.includes('Leibniz International Proceedings in Informatics'));
    assert.equal(front.match(/Niels Mündler; licensed/g)?.length, 1);
  });
});

describe('the mirrored running head of a two-sided layout', () => {
  const seen = new Map<string, Seen[]>([
    ['s. scaringi et al.', [1, 3, 5].map((page) => ({ page, y: 0.037 }))],
    ['lisa cvs', [2, 4].map((page) => ({ page, y: 0.037 }))],
    ['results', [2, 3].map((page) => ({ page, y: 0.037 }))],
    ['figure #', [2, 4].map((page) => ({ page, y: 0.2 }))],
  ]);

  it('is a line repeated on two other pages in the slot another head repeats in', () => {
    const mirrored = mirroredHeads(seen, 3);
    assert.equal(mirrored('lisa cvs', 0.037), true);
    // On a page of the confirmed head too: not its mirror.
    assert.equal(mirrored('results', 0.037), false);
    // Elsewhere than the slot.
    assert.equal(mirrored('figure #', 0.2), false);
    assert.equal(mirroredHeads(new Map([['lisa cvs', seen.get('lisa cvs')!]]), 3)('lisa cvs', 0.037), false);
  });

  it('drops the real MNRAS paper’s odd-page head, which repeats on two pages only', async () => {
    const { body, heads } = await convert('mnras-cv-lisa-sources.pdf');
    assert.ok(!heads.includes('LISA CVs'));
    assert.ok(!/(?:^|\n)(?:## )?LISA CVs\n/.test(body));
  });
});
