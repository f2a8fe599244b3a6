/**
 * First-page front matter (issue #30): metadata lines told from body lines that look like them,
 * author and affiliation lines, the title's choice with and without the paper's metadata, a cover
 * page, and the metadata handed through the sandbox to the converter.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  isAffiliationLine,
  isFrontMeta,
  isInstitutionOrJournal,
} from '../../../../adapters/convert/pdf-front.ts';
import {
  authorSurnames,
  isAuthorLine,
  namesMetadataAuthors,
} from '../../../../adapters/convert/pdf-authors.ts';
import { renderSegments } from '../../../../adapters/convert/pdf-markdown.ts';
import { convertInSandbox } from '../../../../adapters/convert/sandbox.ts';
import { BODY, seg } from '../../../support/pdf-lines.ts';

describe('front-matter lines', () => {
  it('recognises report numbers, dates, submission notes, class headers, copyright, licence and conference lines', () => {
    for (const t of [
      'CERN-EP-2016-123',
      'LHCb-PAPER-2016-001',
      'FERMILAB-PUB-17-123-T',
      'arXiv:1503.07589v1',
      'Submitted to: Phys. Rev. D',
      'Preprint. Under review.',
      'Preprint submitted to Elsevier',
      '© 2024 IEEE',
      '978-1-5386-1234-5/18/$31.00 ©2018 IEEE',
      'December 6–10, 2023 ©2023 Association for Computational Linguistics',
      'This work is licensed under CC BY 4.0',
      'Copyright 2023 by the author(s).',
      'Printed 5 May 2020 (MN LaTeX style file v2.2)',
      'MNRAS 000, 1–15 (2023) Preprint 5 May 2023 Compiled using MNRAS LATEX style file v3.0',
      'Letter Vol. 45, No. 3 / 1 February 2020 / Optics Letters',
      'Prepared for submission to JCAP',
      'CMS PAPER HIG-14-042',
      '5 May 2020',
      'March 3rd, 2021',
      '2015/03/27',
      '(Dated: March 3, 2021)',
      'Date: May 5, 2020.',
      'Received: date / Accepted: date',
      'Received 25 July 2008; revised 3 August 2008',
      '2010 Mathematics Subject Classification. Primary 35Q30',
      'Key words and phrases. Weyl groups, tropical geometry',
      'A thesis submitted in partial fulfilment of the requirements for the degree of',
      '37th Conference on Neural Information Processing Systems (NeurIPS 2023).',
      'This thesis is submitted in partial fulfilment for the degree of',
      'Doctor of Philosophy (PhD)',
      'Submission as abstract reviewed paper for 5th International Conference on Spatial Audio, September 2019',
      'Version: 9. Juli 2025, submitted draft for the chapter 23 in',
      '1This paper should be cited as follows',
      'Mathematical Subject Classification (2010): 03C20, 03C98',
      '∗Corresponding author',
      'E-mail: jane@example.org',
    ])
      assert.ok(isFrontMeta(t), t);
  });

  it('leaves body lines that look like them alone', () => {
    for (const t of [
      // A sentence continued from the line above starts in lower case.
      'received considerable attention in recent years, and the',
      'published in the last decade have shown that the effect',
      'proceedings of the workshop were collected in one volume',
      // Capitalised, but prose.
      'Received signal strength is widely used for indoor localization',
      'Preprint servers such as arXiv have changed how physicists work',
      'Copyright law protects the expression of ideas, not the ideas',
      'May the best model win: a study of 2020 and beyond',
      'In 2020, the number of cases rose sharply in most countries',
      '1 Introduction',
      'Casilla 36-D',
      'TX 78712',
      '2D materials have been studied for a decade',
      'Version control systems such as git keep the history',
    ])
      assert.ok(!isFrontMeta(t), t);
  });

  it('tells author lines, with ORCID iDs and middle dots, from two-word headings', () => {
    for (const t of [
      'Jane Doe1[0000-0002-1825-0097] and John Smith2[0000-0001-2345-6789]',
      'Jane Doe1,2 · John Smith3 · Ann Lee1',
      'The ATLAS Collaboration',
      'Krzysztof Bolejko1,2 and Lars Andersson3,4',
    ])
      assert.ok(isAuthorLine(t), t);
    for (const t of ['Related Work', 'Experimental Setup', 'Fe and Ni']) assert.ok(!isAuthorLine(t), t);
  });

  it('tells affiliation and contact lines, numbered or not, from numbered headings', () => {
    for (const t of [
      '1 Department of Physics, Some University, City, Country',
      'a) Electronic mail: jane@example.org',
      '{abc,lncs}@uni-heidelberg.de',
      '2 Universidad de Chile, Casilla 36-D, Santiago',
      'Kavli Institute for Cosmology, Cambridge',
      'ORCID: 0000-0002-1825-0097',
    ])
      assert.ok(isAffiliationLine(t), t);
    for (const t of [
      '1 Introduction',
      '2.1 Laboratory measurements of dust',
      'Observations of the Galactic Centre',
      'Human-AI Collaboration in Writing',
    ])
      assert.ok(!isAffiliationLine(t) && !isInstitutionOrJournal(t), t);
  });

  it('matches a line of the metadata authors by their surnames', () => {
    const surnames = authorSurnames(['Jane Q. Doe', 'John Smith', 'Wei Li']);
    assert.ok(namesMetadataAuthors('J. Doe, J. Smith and W. Li', surnames));
    assert.ok(namesMetadataAuthors('Wei Li', surnames));
    assert.ok(!namesMetadataAuthors('Results of Smith and others on the bound', surnames));
    assert.ok(!namesMetadataAuthors('Wei Li', new Set()));
  });
});

describe('front matter on a page', () => {
  it('keeps a sentence whose next line starts with a metadata word in the body', () => {
    const page = [
      seg('A Study of Something Interesting', 60, { size: 18 }),
      seg('Abstract', 100, { bold: true }),
      seg('Networks of this kind have', 115),
      seg('received considerable attention in recent years and their study goes on', 127),
      seg(BODY, 139),
    ];
    const { markdown } = renderSegments([page], [792]);
    assert.doesNotMatch(markdown, /^\*/m);
    assert.match(markdown, /Networks of this kind have received considerable attention/);
  });

  it('moves everything above a large title to the front block and never takes a banner beside a report number', () => {
    const page = [
      // An institute's name in large type, on the row of a report number.
      seg('CERN', 50, { size: 22 }),
      seg('CERN-EP-2016-123', 50, { size: 10, x: 400 }),
      seg('Research Article', 70, { size: 11 }),
      seg('A Measurement of Something', 110, { size: 17 }),
      seg('The ATLAS Collaboration', 140, { size: 12 }),
      seg('Abstract', 180, { bold: true }),
      seg(BODY, 195),
    ];
    const { markdown, title } = renderSegments([page], [792]);
    assert.equal(title, 'A Measurement of Something');
    const blocks = markdown.split('\n\n');
    assert.equal(blocks[0], '# A Measurement of Something');
    assert.equal(blocks[1], '*CERN · CERN-EP-2016-123 · Research Article*');
    assert.doesNotMatch(markdown, /^#+ The ATLAS Collaboration/m);
  });

  it('keeps an author line wrapped over two rows, with ORCID iDs in minus signs, as text, not a formula', () => {
    const page = [
      seg('A Study of Something Interesting', 60, { size: 18 }),
      seg('Mary Ann Tan1,2[0000−0003−3634−3550], Etienne', 90),
      seg('Posthumus1,3[0000−0002−0006−7542], and Harald Sack1,2[0000−0001−7069−9804]', 102),
      seg('Abstract', 140, { bold: true }),
      seg(BODY, 155),
    ];
    const { markdown } = renderSegments([page], [792]);
    assert.doesNotMatch(markdown, /```equation/);
    assert.match(markdown, /Etienne Posthumus1,3/);
  });

  it('never makes a numbered affiliation line a heading', () => {
    const page = [
      seg('A Study of Something Interesting', 60, { size: 18 }),
      seg('Jane Doe1 and John Smith2', 90, { size: 11 }),
      seg('1 Department of Physics, Some University', 115, { size: 11, bold: true }),
      seg('2 Institute for Advanced Study, Princeton', 140, { size: 11, bold: true }),
      seg('Abstract', 180, { bold: true }),
      seg(BODY, 195),
      seg('1 Introduction', 240, { size: 12, bold: true }),
      seg(BODY, 260),
    ];
    const { markdown } = renderSegments([page], [792]);
    assert.doesNotMatch(markdown, /^#+ \d (?:Department|Institute)/m);
    assert.match(markdown, /^## 1 Introduction$/m);
  });

  it('takes the title below an author name set above it when the metadata names the author', () => {
    const page = [
      seg('Wei Li', 60, { size: 16 }),
      seg('A Study of Something Interesting', 80, { size: 16 }),
      seg('Abstract', 130, { bold: true }),
      seg(BODY, 145),
    ];
    assert.equal(renderSegments([page], [792]).title, 'Wei Li A Study of Something Interesting');
    assert.equal(
      renderSegments([page], [792], { authors: ['Wei Li'] }).title,
      'A Study of Something Interesting',
    );
  });

  it('picks the metadata title over larger type, and the layout title without metadata', () => {
    const page = [
      seg('Institute for Advanced Things', 50, { size: 22 }),
      seg('Annual Report Series', 80, { size: 20 }),
      seg('Real Title of the Paper', 130, { size: 16 }),
      seg('Jane Doe and John Smith', 160, { size: 11 }),
      seg(BODY, 220),
    ];
    assert.equal(
      renderSegments([page], [792], { title: 'Real title of the paper' }).title,
      'Real Title of the Paper',
    );
    // By layout alone the institute is refused and the topmost large type left is taken.
    assert.equal(renderSegments([page], [792]).title, 'Annual Report Series');
  });

  it('on a thesis title page, moves the institution and degree lines to the front block, and joins a chapter label to its title', () => {
    const cover = [
      seg('Probabilistic Modelling of Time Series', 150, { size: 20 }),
      seg('Jane Doe', 250, { size: 14 }),
      seg('School of Physics & Astronomy', 300, { size: 12 }),
      seg('This thesis is submitted in partial fulfilment for the degree of', 400, { size: 12 }),
      seg('Doctor of Philosophy (PhD)', 415, { size: 12 }),
      seg('at the University of Somewhere', 430, { size: 12 }),
      seg('March 11, 2023', 500, { size: 12 }),
    ];
    const chapter = [
      seg('Chapter 1', 100, { page: 1, size: 20, bold: true }),
      seg('Introduction', 140, { page: 1, size: 24, bold: true }),
      seg(BODY, 200, { page: 1 }),
      seg(BODY, 212, { page: 1 }),
    ];
    const { markdown, title } = renderSegments([cover, chapter], [792, 792]);
    assert.equal(title, 'Probabilistic Modelling of Time Series');
    assert.equal(
      markdown.split('\n\n')[1],
      // Set wholly in display type, the title page is front matter line by line (pdf-furniture.test.ts).
      '*Jane Doe · School of Physics & Astronomy · This thesis is submitted in partial fulfilment for the degree of · Doctor of Philosophy (PhD) · at the University of Somewhere · March 11, 2023*',
    );
    assert.match(markdown, /^## Chapter 1 Introduction$/m);
  });

  it('after a cover page, writes the title once and keeps page 2 metadata out of the body', () => {
    const cover = [
      seg('Accepted Manuscript', 60, { size: 14 }),
      seg('A Study of Something Interesting', 120, { size: 20 }),
      seg('Jane Doe, John Smith', 150, { size: 12 }),
      seg('To appear in: Journal of Things', 200, { size: 10 }),
      seg('Received date: 5 May 2020', 215, { size: 10 }),
    ];
    const first = [
      seg('A Study of Something', 80, { page: 1, size: 16 }),
      seg('Interesting', 100, { page: 1, size: 16 }),
      seg('Jane Doe and John Smith', 125, { page: 1, size: 11 }),
      seg('1 Department of Physics, Some University', 140, { page: 1, size: 9 }),
      seg('Submitted to Physical Review Letters', 155, { page: 1, size: 9 }),
      seg('Abstract', 190, { page: 1, bold: true }),
      seg(BODY, 205, { page: 1 }),
      seg('1 Introduction', 250, { page: 1, size: 12, bold: true }),
      seg(BODY, 270, { page: 1 }),
    ];
    const { markdown, title } = renderSegments([cover, first], [792, 792]);
    assert.equal(title, 'A Study of Something Interesting');
    assert.equal(markdown.match(/A Study of Something/g)?.length, 1, markdown);
    const blocks = markdown.split('\n\n');
    assert.match(blocks[1]!, /Accepted Manuscript/);
    assert.match(blocks[1]!, /Submitted to Physical Review Letters/);
    assert.equal(markdown.match(/Submitted to/g)?.length, 1);
    assert.doesNotMatch(markdown, /^#+ .*Department/m);
    assert.match(markdown, /^## 1 Introduction$/m);
  });
});

/** A one-page PDF of Helvetica lines (`[size, y, text]`, y from the bottom), with a correct xref table. */
function tinyPdf(lines: Array<[number, number, string]>): Uint8Array {
  const content = lines
    .map(([size, y, text]) => `BT /F1 ${size} Tf 72 ${y} Td (${text.replace(/[()\\]/g, '\\$&')}) Tj ET`)
    .join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 5 0 R >> >> /Contents 4 0 R >>',
    `<< /Length ${Buffer.byteLength(content)} >>\nstream\n${content}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
  ];
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(Buffer.byteLength(out));
    out += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out);
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const off of offsets) out += `${String(off).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return new Uint8Array(Buffer.from(out, 'latin1'));
}

describe('the metadata through the sandbox', () => {
  it("hands the paper's authors to the converter: a line of their names is not taken for the title", async () => {
    const body = 'This is the body text of the paper, which runs on for a while and says what was done here.';
    const data = tinyPdf([
      [16, 720, 'Wei Li'],
      [16, 700, 'A Study of Something Interesting'],
      ...Array.from({ length: 12 }, (_, i): [number, number, string] => [10, 640 - 12 * i, body]),
    ]);
    const limits = { timeoutMs: 60_000, maxBytes: 1024 * 1024, maxMemoryMb: 512 };
    const without = await convertInSandbox({ kind: 'pdf', data }, limits);
    assert.equal(without.title, 'Wei Li A Study of Something Interesting');
    const withAuthors = await convertInSandbox({ kind: 'pdf', data, authors: ['Wei Li'] }, limits);
    assert.equal(withAuthors.title, 'A Study of Something Interesting');
  });
});
