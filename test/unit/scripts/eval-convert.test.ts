/**
 * The hand-annotation scoring of `npm run eval:convert` (scripts/eval-convert.ts): first-page
 * furniture counts as a leak outside the front-matter block under the title, and every annotated PDF
 * vendored in test/fixtures/convert/pdf is there and listed with its SHA-256 in test/fixtures/MANIFEST.md.
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import {
  annotatedPdfPath,
  fencedLines,
  furnitureBodyUses,
  listings,
  loadAnnotations,
  selectAnnotations,
  scoreAnnotation,
  withoutPrintedRepeats,
  type Annotation,
} from '../../../scripts/eval-convert.ts';
import { FIXTURES_DIR } from '../../support/corpus.ts';

const paper: Annotation = {
  file: 'x.pdf',
  title: 'A Study of Things',
  headings: ['1 Introduction', '2 Results'],
  runningLines: [],
  split: 'held-out',
  frontMatterLines: ['CERN-EP-2025-032', 'Submitted to: JHEP'],
};

describe('scoreAnnotation: first-page furniture', () => {
  it('allows front-matter lines in the italic block under the title', () => {
    const md =
      '# A Study of Things\n\n*CERN-EP-2025-032 · Submitted to: JHEP*\n\n## 1 Introduction\n\nText.\n\n## 2 Results\n\nMore.';
    const s = scoreAnnotation(paper, md, 3);
    assert.equal(s.leaks, 0);
    assert.equal(s.headingRecall, 1);
    assert.equal(s.titleFirst, true);
  });

  it('counts each front-matter line found in the body as a leak', () => {
    const md =
      '# A Study of Things\n\nCERN-EP-2025-032\n\nSubmitted to: JHEP\n\n## 1 Introduction\n\nText.\n\n## 2 Results\n\nSubmitted to: JHEP';
    assert.equal(scoreAnnotation(paper, md, 3).leaks, 3);
  });

  it('does not take a later italic paragraph for the front-matter block', () => {
    const md =
      '# A Study of Things\n\nAbstract text.\n\n*Submitted to: JHEP*\n\n## 1 Introduction\n\n## 2 Results';
    assert.equal(scoreAnnotation(paper, md, 3).leaks, 1);
  });
});

describe('scoreAnnotation: a running head that repeats a heading', () => {
  // A chapter-name running head `1. Introduction`, and the thesis's own heading `3.1 Introduction`.
  const thesis: Annotation = {
    ...paper,
    headings: ['1 Introduction', '3 Methods', '3.1 Introduction'],
    runningLines: ['1. Introduction'],
    frontMatterLines: [],
  };
  const body =
    '# A Study of Things\n\n## 1 Introduction\n\nText.\n\n## 3 Methods\n\n### 3.1 Introduction\n\nMore.';

  it('does not count the annotated heading itself as a print of the running head', () => {
    assert.equal(scoreAnnotation(thesis, body, 9).leaks, 0);
  });

  it('still counts the running head left as a paragraph, or glued to a heading', () => {
    // Once is allowed (the title or an author line); twice is one leak.
    const twice = `${body}\n\n1. Introduction\n\nText.\n\n1. Introduction\n\nMore.`;
    assert.equal(scoreAnnotation(thesis, twice, 9).leaks, 1);
    const glued = body.replace('### 3.1 Introduction', '### 3.1 Introduction 1. Introduction');
    // Glued, the line is no longer the heading's own print: both prints count, one is allowed.
    assert.equal(scoreAnnotation(thesis, glued, 9).leaks, 1);
  });
});

describe('scoreAnnotation: extra headings', () => {
  it('counts headings after the title that match no annotated heading', () => {
    const md =
      '# A Study of Things\n\n## 1. Introduction\n\nText.\n\n## 1. We propose a thing\n\n**Table 2**\n\n## 2 Results\n\nMore.';
    const s = scoreAnnotation(paper, md, 3);
    assert.equal(s.headingRecall, 1);
    assert.equal(s.extraHeadings, 2);
    assert.deepEqual(s.extras, ['1. We propose a thing', 'Table 2']);
  });

  it('leaves out the title, abstract and keywords labels, and matches by the recall prefix', () => {
    const long: Annotation = {
      ...paper,
      headings: ['3 A heading long enough to be cut at thirty characters'],
    };
    const md =
      '# A Study of Things\n\n## Abstract\n\nText.\n\n**Keywords:** x\n\n## Index Terms\n\n## III. A heading long enough to be cut at thirty chars';
    const s = scoreAnnotation(long, md, 3);
    assert.equal(s.headingRecall, 1);
    assert.equal(s.extraHeadings, 0);
  });

  it('leaves out abstract and keywords labels in other languages, but not words that start like them', () => {
    const md =
      '# A Study of Things\n\n## Resumo\n\n## Palavras-chave\n\n## Zusammenfassung\n\n## Tiivistelmä\n\n' +
      '## Аннотация\n\n## 1 Introduction\n\n## Resumption of the model\n\n## 2 Results';
    assert.deepEqual(scoreAnnotation(paper, md, 3).extras, ['Resumption of the model']);
  });

  it('counts a spurious heading even when it repeats an annotated one with other words', () => {
    const md = '# A Study of Things\n\n## 1 Introduction\n\n## Introductory remarks\n\n## 2 Results';
    assert.deepEqual(scoreAnnotation(paper, md, 3).extras, ['Introductory remarks']);
  });

  it('does not count a comment line of a fenced code block as a heading, for either converter', () => {
    const md =
      '# A Study of Things\n\n## 1 Introduction\n\n```equation\n# Note: src size is (seq_len, batch)\n```\n\n' +
      '```\n**bold in code**\n\n## 2 Results\n```\n\n## 2 Results\n\n~~~~\n# still code\n~~~\n# and here\n~~~~';
    const s = scoreAnnotation(paper, md, 3);
    assert.deepEqual(s.extras, []);
    assert.equal(s.headingRecall, 1);
    assert.deepEqual(
      fencedLines(md.split('\n'))
        .flatMap((f, i) => (f ? [md.split('\n')[i]] : []))
        .filter((l) => l!.startsWith('#')),
      ['# Note: src size is (seq_len, batch)', '## 2 Results', '# still code', '# and here'],
    );
  });
});

describe('vendored annotated PDFs (test/fixtures/convert/pdf)', () => {
  const dir = path.join(FIXTURES_DIR, 'convert', 'pdf');
  const vendored = loadAnnotations().filter((a) => a.dir === 'fixtures');
  const manifest = readFileSync(path.join(FIXTURES_DIR, 'MANIFEST.md'), 'utf8');

  it('every one is annotated, present and listed with its SHA-256', () => {
    assert.ok(vendored.length >= 6, `only ${vendored.length} vendored annotated papers`);
    const files = readdirSync(dir).filter((f) => f.endsWith('.pdf'));
    assert.deepEqual([...files].sort(), vendored.map((a) => a.file).sort());
    for (const a of vendored) {
      const file = annotatedPdfPath(a);
      assert.equal(path.dirname(file), dir);
      assert.ok(existsSync(file), file);
      const sha = createHash('sha256').update(readFileSync(file)).digest('hex');
      assert.ok(manifest.includes(`\`convert/pdf/${a.file}\``), `${a.file} not in MANIFEST.md`);
      assert.ok(manifest.includes(sha), `${a.file}: SHA-256 ${sha} not in MANIFEST.md`);
      assert.ok(a.headings.length > 0 && a.title.length > 0, a.file);
    }
  });
});

describe('scoreAnnotation: running lines a paper prints again in its own right', () => {
  const thesis: Annotation = { ...paper, runningLines: ['E. BUELER', '2 Background'] };

  it('does not count a running author name in the reference list or the address block after it', () => {
    const md =
      '# A Study of Things\n\nE. Bueler\n\n## 1 Introduction\n\nText.\n\n## References\n\n- [1] E. Bueler, Ice, 2021.\n\n- E. Bueler, Fairbanks';
    const s = scoreAnnotation(thesis, md, 3);
    assert.equal(s.leaks, 0);
    assert.equal(s.leaksAnywhere, 2);
  });

  it('does not count a section-named running head in the contents list', () => {
    const md =
      '# A Study of Things\n\n## Contents\n\n- 1 Introduction\n\n- 2 Background\n\n## 1 Introduction\n\nText.\n\n## 2 Background\n\nMore.';
    assert.equal(scoreAnnotation(thesis, md, 3).leaks, 0);
  });

  it('still counts a running head that leaks into the body, and into a heading after the lists end', () => {
    const md =
      '# A Study of Things\n\nE. Bueler\n\n## Contents\n\n- 2 Background\n\n## 2 Background\n\nMore text 2 Background here.\n\n## References\n\n- E. Bueler, Ice.\n\n## A Appendix\n\nE. BUELER\n\nText.';
    const s = scoreAnnotation(thesis, md, 3);
    assert.equal(s.leaks, 2);
    assert.deepEqual(withoutPrintedRepeats(md).includes('- 2 Background'), false);
  });
});

describe('scoreAnnotation: a copyright holder cited in the reference list', () => {
  it('counts a front-matter line in the reference list only in the old, anywhere count', () => {
    const withCopyright: Annotation = { ...paper, frontMatterLines: ['© Niels Mündler;'] };
    const md =
      '# A Study of Things\n\n*© Niels Mündler; licensed under CC-BY 4.0*\n\n## 1 Introduction\n\n## 2 Results\n\n## References\n\n- Niels Mündler. B-trees, 2021.';
    const s = scoreAnnotation(withCopyright, md, 3);
    assert.equal(s.leaks, 0);
    assert.equal(s.leaksAnywhere, 1);
    assert.equal(scoreAnnotation(withCopyright, md.replace('## References', 'Niels Mündler'), 3).leaks, 2);
  });
});

describe('scoreAnnotation and listings: --leaks lists what the leak count is made of', () => {
  const running: Annotation = { ...paper, runningLines: ['A Study of Things'] };
  const md =
    '# A Study of Things\n\n*CERN-EP-2025-032*\n\n## 1 Introduction\n\nA Study of Things\n\nText.\n\n3\n\n## 2 Results\n\nA Study of Things\n\nSubmitted to: JHEP';

  it('names each leaked line with its kind and count, and they add up to the leak count', () => {
    const s = scoreAnnotation(running, md, 5);
    assert.deepEqual(s.leaked, [
      'running "A Study of Things" ×2',
      'front matter "Submitted to: JHEP"',
      'page number "3"',
    ]);
    assert.equal(s.leaks, 4);
    assert.deepEqual(
      scoreAnnotation(paper, '# A Study of Things\n\n## 1 Introduction\n\n## 2 Results', 3).leaked,
      [],
    );
  });

  it('lists them with --leaks, the held-out papers only with --held-out too', () => {
    const ours = scoreAnnotation(running, md, 5);
    const rows = [
      { file: 'tuned.pdf', split: 'tuning' as const, ours },
      { file: 'unseen.pdf', split: 'held-out' as const, ours },
    ];
    assert.deepEqual(listings(rows, ['--missed']), []);
    const listed = listings(rows, ['--leaks']);
    assert.deepEqual(listed, [
      '- tuned.pdf leaks: running "A Study of Things" ×2 · front matter "Submitted to: JHEP" · page number "3"',
    ]);
    assert.equal(listings(rows, ['--leaks', '--held-out']).length, 2);
  });
});

describe("scoreAnnotation: furniture lines that are also the paper's own words", () => {
  const market: Annotation = {
    ...paper,
    title: 'Market Making on Exchanges',
    runningLines: ['Automated Market Making'],
    frontMatterLines: ['Review'],
  };
  // What pdftotext prints: a running head with its page number on pages 2 and 3, the phrase twice in
  // sentences (once across a line break), the label once, the word once more, and a reference list.
  const text = [
    'Review\nMarket Making on Exchanges\nAbstract. Automated market making is a strategy.\n',
    'Automated Market Making 2\nWe review how automated\nmarket making works.\n',
    '3 Automated Market Making\nMore text.\nReferences\n[1] Automated market making: a review.\n',
  ].join('\f');

  it('counts the uses in sentences, not the prints, not the reference list', () => {
    const uses = furnitureBodyUses(market, [text]);
    assert.equal(uses.get('Automated Market Making'), 2);
    assert.equal(uses.get('Review'), 1);
  });

  it("allows the paper's own uses and still counts the line glued into a paragraph once more", () => {
    const uses = furnitureBodyUses(market, [text]);
    const body =
      '# Market Making on Exchanges\n\n*Review*\n\nAutomated market making is a strategy.\n\n## 1 Introduction\n\nWe review how automated market making works.';
    assert.equal(scoreAnnotation(market, body, 3, uses).leaks, 0);
    const glued = body.replace('We review', 'Automated Market Making We review');
    const s = scoreAnnotation(market, glued, 3, uses);
    assert.equal(s.leaks, 1);
    assert.deepEqual(s.leaked, ['running "Automated Market Making"']);
    assert.equal(scoreAnnotation(market, `${body}\n\nReview`, 3, uses).leaks, 1);
    // Without the counts the scorer is the one before session 15: every use past the first is a leak.
    assert.equal(scoreAnnotation(market, body, 3).leaks, 2);
  });

  it('takes the smallest count of several extractions: a missed print is no use', () => {
    // `-layout` glues a running head to the column text beside it on the same row.
    const glued = text.replace('Automated Market Making 2\n', 'Automated Market Making 2   ');
    assert.equal(furnitureBodyUses(market, [glued]).get('Automated Market Making'), 3);
    assert.equal(furnitureBodyUses(market, [glued, text]).get('Automated Market Making'), 2);
  });
});

describe('furnitureBodyUses: the running title printed as the title', () => {
  it('counts the title once and a sentence using it, not the title and author lines as one print', () => {
    const digest: Annotation = { ...paper, runningLines: ['TED DUNNING', 'THE SIZE OF A t-DIGEST'] };
    const text = [
      'THE SIZE OF A t-DIGEST\nTED DUNNING\nAbstract. Text.\n',
      '2\nTED DUNNING\nWe compute the size of a t-digest\nfor k2.\n',
      'THE SIZE OF A t-DIGEST\n3\nMore.\n',
    ].join('\f');
    const uses = furnitureBodyUses(digest, [text]);
    assert.equal(uses.get('THE SIZE OF A t-DIGEST'), 2);
    assert.equal(uses.get('TED DUNNING'), 1);
  });
});

describe('furnitureBodyUses: a book with a contents list (rl18)', () => {
  const book: Annotation = { ...paper, frontMatterLines: ['DIME ANALYTICS'] };
  const text = [
    'D I M E A N A LY T I C S\npublished by dime analytics\n',
    'Contents\n11 Chapter 1\n21 Bibliography\n',
    'We thank the members of DIME Analytics and\nthe founders of DIME Analyt-\nics for their help.\n',
    'Bibliography\nDIME Analytics (2020). A handbook.\n',
  ].join('\f');

  it('counts the uses up to the reference list, not the contents entry naming it, across a broken word', () => {
    assert.equal(furnitureBodyUses(book, [text]).get('DIME ANALYTICS'), 2);
  });

  it("takes the title's print of a front-matter line's words as the paper's own", () => {
    const md = '# The DIME Analytics Data Handbook\n\n*DIME ANALYTICS*\n\nWe thank DIME Analytics.';
    assert.equal(
      scoreAnnotation(
        { ...book, title: 'The DIME Analytics Data Handbook' },
        md,
        4,
        new Map([['DIME ANALYTICS', 1]]),
      ).leaks,
      0,
    );
    assert.equal(
      scoreAnnotation(
        { ...book, title: 'The DIME Analytics Data Handbook' },
        `${md}\n\nDIME ANALYTICS`,
        4,
        new Map([['DIME ANALYTICS', 1]]),
      ).leaks,
      1,
    );
  });
});

describe('furnitureBodyUses on a real PDF: the MDPI article-kind label "Review"', () => {
  const mdpi = loadAnnotations().find((a) => a.file === 'mdpi-brainsci-spiking-motifs.pdf')!;
  let text = '';
  try {
    text = execFileSync('pdftotext', [annotatedPdfPath(mdpi), '-'], { encoding: 'utf8', stdio: 'pipe' });
  } catch {
    // pdftotext (poppler-utils) is installed by .ci/run; without it there is nothing to check.
  }

  it(
    "allows the word in the paper's sentences and counts the label leaked as its own paragraph",
    { skip: !text },
    () => {
      const uses = furnitureBodyUses(mdpi, [text]);
      assert.equal(uses.get('Review'), 18);
      // The paper's own text up to its reference list, the label left out, as Markdown paragraphs.
      const body = text.slice(0, text.search(/^References\s*$/m)).replace(/^Review\n/m, '');
      const md = `# ${mdpi.title}\n\n${body.split(/\n\s*\n/).join('\n\n')}`;
      const leakedReview = (m: string) =>
        scoreAnnotation(mdpi, m, 35, uses).leaked.filter((l) => l.startsWith('front matter "Review"'));
      assert.deepEqual(leakedReview(md), []);
      assert.deepEqual(leakedReview(md.replace('\n\n', '\n\nReview\n\n')), ['front matter "Review"']);
    },
  );
});

describe('selectAnnotations: the reserve batch is never scored', () => {
  const paper = (file: string, split: Annotation['split']): Annotation => ({
    file,
    split,
    title: 'T',
    headings: ['1 Introduction'],
    runningLines: [],
  });
  const all = [
    paper('a.pdf', 'original'),
    paper('b.pdf', 'tuning'),
    paper('c.pdf', 'held-out'),
    paper('d.pdf', 'reserve'),
  ];

  it('scores every split but reserve by default, and the splits and files asked for', () => {
    assert.deepEqual(
      selectAnnotations(all).map((a) => a.file),
      ['a.pdf', 'b.pdf', 'c.pdf'],
    );
    assert.deepEqual(
      selectAnnotations(all, 'original,tuning').map((a) => a.file),
      ['a.pdf', 'b.pdf'],
    );
    assert.deepEqual(
      selectAnnotations(all, undefined, 'c.pdf,b.pdf').map((a) => a.file),
      ['b.pdf', 'c.pdf'],
    );
  });

  it('leaves a reserve paper out even when its split or file is named', () => {
    assert.deepEqual(selectAnnotations(all, 'reserve'), []);
    assert.deepEqual(selectAnnotations(all, undefined, 'd.pdf'), []);
  });
});
