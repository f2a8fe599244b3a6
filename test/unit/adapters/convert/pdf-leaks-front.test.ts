/**
 * First-page furniture told by how it is set (issue #30, pdf-front-furniture.ts): notices behind a
 * footnote mark or in parentheses, journal citation lines, citation and licence labels with the
 * lines they head, the small-print box at the foot of page 1 or in its margin, and a title page
 * without body prose. Checked on constructed lines and on vendored real PDFs.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { isFrontMeta } from '../../../../adapters/convert/pdf-front.ts';
import { convertPdf } from '../../../../adapters/convert/pdf.ts';
import { renderSegments } from '../../../../adapters/convert/pdf-markdown.ts';
import { BODY, seg } from '../../../support/pdf-lines.ts';

const PDFS = path.resolve(import.meta.dirname, '../../../fixtures/convert/pdf');

/** The italic front-matter block under the title, and everything after it. */
function split(markdown: string): { front: string; body: string } {
  const blocks = markdown.split(/\n\n+/);
  const front = /^\*[^*]/.test(blocks[1] ?? '') ? blocks[1]! : '';
  return { front, body: blocks.slice(front ? 2 : 1).join('\n\n') };
}

async function convert(file: string): Promise<{ front: string; body: string }> {
  const { markdown } = await convertPdf(new Uint8Array(readFileSync(path.join(PDFS, file))));
  return split(markdown);
}

describe('front-matter lines told by their shape', () => {
  it('sees a notice behind a footnote mark, a control character or an opening parenthesis', () => {
    for (const t of [
      '(Received August 4, 2022)',
      '(Received May 1, 2023; Revised June 6, 2023; Accepted)',
      '\u0085 These authors contributed equally to this work.',
      '‡ These authors contributed equally to this work.',
    ])
      assert.ok(isFrontMeta(t), t);
  });

  it('sees journal citation lines, licence labels and citation labels', () => {
    for (const t of [
      'Annu. Rev. Astron. Astrophys. 2022.',
      'Annu. Rev. Astron. Astrophys. 2022. AA:1–42',
      'Phys. Rev. Lett. 120, 161101 (2018)',
      'Proc. Natl. Acad. Sci. USA 117, 2020',
      'Copyright statement. The software is licensed under MIT, the',
      'License: CC BY 4.0',
      'ACM Reference Format:',
      'How to cite this article: Smith J. 2020.',
      'Cite this article as: A. Author, Journal 5 (2020)',
    ])
      assert.ok(isFrontMeta(t), t);
  });

  it("sees a journal record's labels, the article's kind and a DOI inside a short line", () => {
    for (const t of [
      'Editor: Francis Ouellette, Ontario Institute for Cancer Research, CANADA',
      'Academic Editor: John Smith',
      'Published: June 22, 2017',
      'Data Availability Statement: All data are available from the repository.',
      'Funding: The authors received no specific funding for this work.',
      'Competing interests: The authors have declared that no competing interests exist.',
      'Correspondence: Markus Konkol (m.konkol@utwente.nl)',
      'journal homepage: www.elsevier.com/locate/jcp',
      'Contents lists available at ScienceDirect',
      'Edited by David Weitz, Harvard University, Cambridge, MA',
      'Communicated by A. Editor',
      'Available online 5 May 2020',
      'JEL classification: C11, C32',
      'Original content from this work may be used under the terms of the Creative Commons Attribution 4.0 licence.',
      'OPEN ACCESS',
      'RECEIVED',
      'RESEARCH ARTICLE',
      'Short Communication',
      'Accepted as a workshop paper at ICLR 2020',
      'Nature Communications | (2020) 11:1234 | https://doi.org/10.1038/s41467-020-12345-6',
      'Physical Review D 101, 012345 (2020)',
      'Nature 585, 357–362 (2020)',
      'Sensors 2021, Vol. 3, No. 2',
      'Submitted 4/19; Revised 3/20; Published 5/20',
    ])
      assert.ok(isFrontMeta(t), t);
  });

  it("sees where the paper appears, the manuscript's status and rights lines without a year", () => {
    for (const t of [
      'In Proceedings of the 2020 Conference on Things, Somewhere',
      'Appears in the Journal of Things',
      'To be presented at the Example Workshop',
      'Draft: March 3',
      'DRAFT',
      'Working paper, version of 5 May 2020',
      'Working Paper No. 12',
      'TECHNICAL REPORT TR-2020-01',
      'Camera-ready version',
      'This is a preprint of an article accepted in',
      "This is the author's version of the work.",
      'Author accepted manuscript',
      'This preprint has not been peer reviewed',
      'Copyright held by the owner/author(s).',
      'Publication rights licensed to ACM.',
      'All rights reserved.',
      'Personal use of this material is permitted. Permission from IEEE must be',
      'Open Access This article is licensed under a Creative Commons Attribution',
      'Supplementary Information The online version contains supplementary material available at',
    ])
      assert.ok(isFrontMeta(t), t);
  });

  it('leaves body lines that share a word or a shape with them', () => {
    for (const t of [
      'Funding agencies rarely support software maintenance',
      'Editors of the volume asked for shorter chapters',
      'Published work on this question is scarce, and the',
      'Open access to the data is the aim of this work',
      'The code and data are available at https://doi.org/10.5281/zenodo.1234567 and',
      'In 2020, 12 of the 30 samples (40%) were',
      'Fig. 1. Data from Phys. Rev. D 101, 012345 (2020)',
      '[3] A. Smith, Physical Review D 101, 012345 (2020)',
      'Drafting a policy is hard, and the',
      'Technical Report: A Study of Things in Large Networks',
      'Technical reports of this kind often',
      'In proceedings like these the judge',
      'This is a problem that',
      'All rights holders were asked',
      'Working papers in economics are',
      '(see Fig. 2) we received five samples in 2020',
      'Fig. 3. Results for 2020 and 2021',
      'J. Smith and A. Jones, 2019',
      'Licensed software is widely used in 2020',
      'Copyright law protects the expression of ideas',
      'Citation counts grow with the age of a paper',
    ])
      assert.ok(!isFrontMeta(t), t);
  });
});

describe('front-matter blocks of real first pages', () => {
  it('ACM sigconf: the reference-format block and the licence box at the foot of the column', async () => {
    const { front, body } = await convert('acm-sigconf-fma-challenge.pdf');
    assert.match(front, /^\*ACM Reference Format: Michaël Defferrard/);
    assert.match(front, /This paper is published under the Creative Commons Attribution 4\.0/);
    assert.doesNotMatch(body, /Reference Format|published under the Creative Commons|doi\.org\/10\.1145/);
    // The body line right above the box (another size) stays in the body.
    assert.match(body, /users who find it useful to discuss musical categories \[3\]\./);
    assert.doesNotMatch(front, /users who find it useful/);
  });

  it('ACM acmsmall: the citation under its label, the author note and licence at the foot', async () => {
    const { front, body } = await convert('acm-acmsmall-cscw-paper-lengths.pdf');
    assert.match(front, /ACM Reference Format: R\. Stuart Geiger\. 2019\./);
    assert.doesNotMatch(body, /Geiger\. 2019\. The Rise and Fall|doi\.org\/10\.1145\/3359324/);
    assert.match(body, /papers added a mean of/);
  });

  it('Annual Reviews: the margin box with the journal citation, DOI and copyright', async () => {
    const { front, body } = await convert('annurev-gp-regression.pdf');
    assert.match(front, /Annu\. Rev\. Astron\. Astrophys\. 2022\. AA:1–42/);
    assert.doesNotMatch(body, /Annu\. Rev\. Astron|AA:1–42/);
  });

  it('Copernicus: a copyright statement and the line that continues it', async () => {
    const { front, body } = await convert('copernicus-open-science-survey.pdf');
    assert.match(front, /Copyright statement\. .* the report under CC-BY, and the dataset under CC0\./);
    assert.doesNotMatch(body, /Copyright statement|dataset under CC0/);
  });

  it('AASTeX: the received date in parentheses', async () => {
    const { front, body } = await convert('aastex-obliquity.pdf');
    assert.match(front, /\(Received May 1, 2023/);
    assert.doesNotMatch(body, /Received May 1, 2023/);
  });

  it('a white paper whose first page has no prose: every line but the title is front matter', async () => {
    const { front, body } = await convert('jhep-hsf-eppsu-software.pdf');
    assert.match(front, /Prepared by the HEP Software Foundation/);
    assert.match(front, /Edited by:/);
    assert.match(front, /endorsed by the following experiments/);
    assert.match(body, /^## 1 Preamble/);
  });
});

describe("the paper's own first page after a cover page", () => {
  it('its licence box at the foot goes to the front block, its body stays', () => {
    const cover = [
      seg('EUROPEAN LABORATORY FOR THINGS', 40, { size: 12 }),
      seg('A Measurement of Something Rather Interesting', 120, { size: 18 }),
      seg('The Example Collaboration', 160, { size: 12 }),
      seg('Abstract', 200, { bold: true }),
      ...Array.from({ length: 4 }, (_, i) => seg(BODY, 215 + 12 * i)),
    ];
    const first = [
      seg('A Measurement of Something Rather Interesting', 60, { page: 1, size: 14 }),
      seg('1 Introduction', 100, { page: 1, bold: true }),
      ...Array.from({ length: 30 }, (_, i) => seg(BODY, 115 + 12 * i, { page: 1 })),
      seg('This paper is published under an example licence that lets anyone', 712, { page: 1, size: 7 }),
      seg('read it and share it with the appropriate attribution.', 720, { page: 1, size: 7 }),
      seg('WWW ’18 Companion, April 23–27, 2018, Lyon, France', 728, { page: 1, size: 7 }),
    ];
    const { markdown } = renderSegments([cover, first, [seg(BODY, 60, { page: 2 })]], [792, 792, 792]);
    const { front, body } = split(markdown);
    assert.match(
      front,
      /This paper is published under an example licence .* attribution\. · WWW ’18 Companion/,
    );
    assert.doesNotMatch(body, /published under an example licence|appropriate attribution|WWW ’18/);
    assert.match(body, /## 1 Introduction/);
  });
});

describe('front-matter blocks that must not grow', () => {
  it('a small-print abstract ending in a copyright line keeps its prose in the body (the body follows below)', () => {
    const page = [
      seg('A Study of Something Interesting', 60, { size: 18 }),
      seg('Mary Smith and John Jones', 85, { size: 11 }),
      seg('We study the effect of a thing on another thing and find that it grows', 120, { size: 8 }),
      seg('with the size of the sample in all the cases that we have looked at here', 129, { size: 8 }),
      seg('© 2005 Elsevier B.V. All rights reserved.', 138, { size: 8 }),
      seg('1. Introduction', 170, { bold: true }),
      seg(BODY, 185),
      seg(BODY, 197),
    ];
    const { markdown } = renderSegments([page, [seg(BODY, 60, { page: 1 })]], [792, 792]);
    const { front, body } = split(markdown);
    assert.match(front, /© 2005 Elsevier/);
    assert.match(body, /We study the effect of a thing/);
  });

  it('a first page with prose in it is no title page, even without an abstract heading', () => {
    const page = [
      seg('A Study of Something Interesting', 60, { size: 18 }),
      seg('Mary Smith and John Jones', 85, { size: 11 }),
      seg('we study the effect of a thing on another thing and find that it grows', 120),
      seg(BODY, 132),
    ];
    const { markdown } = renderSegments([page, [seg(BODY, 60, { page: 1 })]], [792, 792]);
    const { front, body } = split(markdown);
    assert.equal(front, '');
    assert.match(body, /we study the effect of a thing/);
  });

  it('nor is one whose text is set larger than the small print that fills the other pages', () => {
    const page = [
      seg('A Study of Something Interesting', 60, { size: 18 }),
      seg('Mary Smith and John Jones', 85, { size: 11 }),
      seg('we study the effect of a thing on another thing and find that it grows', 120, { size: 10 }),
      ...Array.from({ length: 8 }, (_, i) => seg(BODY, 133 + 13 * i, { size: 10 })),
    ];
    const refs = Array.from({ length: 60 }, (_, i) =>
      seg(`[${i + 1}] ${BODY}`, 60 + 10 * i, { page: 1, size: 8 }),
    );
    const { markdown } = renderSegments([page, refs], [792, 792]);
    const { front, body } = split(markdown);
    assert.equal(front, '');
    assert.match(body, /we study the effect of a thing/);
  });
});
