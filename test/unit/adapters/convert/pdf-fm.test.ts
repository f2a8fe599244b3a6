/**
 * First-page furniture and running lines of the session-11 tuning batch (helper "fm", issue #30):
 * each rule is checked on constructed lines and on the vendored real PDF it was written on.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { isFrontMeta } from '../../../../adapters/convert/pdf-front.ts';
import { bannerRowmates, withLeadingMarks } from '../../../../adapters/convert/pdf-fm-rows.ts';
import { BODY, seg } from '../../../support/pdf-lines.ts';
import { fixtureFrontAndBody } from '../../../support/pdf-fixture-markdown.ts';

const convert = fixtureFrontAndBody;

describe('front matter of the session-11 tuning batch', () => {
  it("reads a class's placeholder dates as a received/accepted line", () => {
    for (const t of ['Received XX / Accepted XX', 'Received xxxx; accepted yyyy', 'Accepted XXX'])
      assert.ok(isFrontMeta(t), t);
    for (const t of ['Received XL-band signals were', 'Accepted x values are']) assert.ok(!isFrontMeta(t), t);
  });

  it('reads a submission date and a dated version line like a received date', () => {
    for (const t of [
      'Submitted: 21 October 2015; Accepted: 27 June 2016.',
      'Submitted on 3 May 2021',
      'Version October 7, 2018 submitted to Remote Sens.',
    ])
      assert.ok(isFrontMeta(t), t);
    assert.ok(!isFrontMeta('Submitted manuscripts are reviewed by two referees'));
  });

  it('puts an A&A submission line into the front block (aa-upper-scorpius-age)', async () => {
    const { front, body } = await convert('aa-upper-scorpius-age.pdf');
    assert.match(front, /Submitted: 21 October 2015/);
    assert.doesNotMatch(body, /Submitted: 21 October/);
  });

  it('puts A&A placeholder dates into the front block (aa-symboltz)', async () => {
    const { front, body } = await convert('aa-symboltz.pdf');
    assert.match(front, /Received XX \/ Accepted XX/);
    assert.doesNotMatch(body, /Received XX/);
  });

  it('takes the cells beside a metadata line in the first or last row of page 1', () => {
    const footer = seg('Submitted to Remote Sens., pages 1 – 13', 790, { size: 8 });
    const cell = seg('www.mdpi.com/journal/remotesensing', 790, { size: 8, x: 376 });
    const body = [seg(BODY, 600), seg(BODY, 612), seg('www.example.org/data', 624, { x: 376 })];
    const rowmate = bannerRowmates([...body, footer, cell], 10, isFrontMeta);
    assert.ok(rowmate(cell));
    // A cell of a body row, and a foot row without a metadata line, stay.
    assert.ok(!rowmate(body[2]!));
    const plain = seg('Some footnote text', 790, { size: 8 });
    assert.ok(!bannerRowmates([...body, plain, cell], 10, isFrontMeta)(cell));
    // Two columns' footnotes on the last row: a note beside a contact note is the column's text.
    const note = seg('⋆ Email: someone@example.org', 790, { size: 8 });
    const url = seg('1 https://github.com/example/code', 790, { size: 8, x: 376 });
    assert.ok(!bannerRowmates([...body, note, url], 10, isFrontMeta)(url));
  });

  it('moves a lone footnote mark with the front-matter line it opens', () => {
    const mark = seg('*', 233, { x: 81, x1: 85 });
    const line = seg('Correspondence: someone@example.org', 233, { x: 97 });
    const other = seg('*', 400, { x: 81, x1: 85 });
    const page = [mark, line, seg(BODY, 300), other];
    assert.deepEqual(withLeadingMarks(page, [[line]]), [[mark, line]]);
  });

  it('puts an MDPI footer row and its version line into the front block (mdpi-sentinel-landsat-builtup)', async () => {
    const { front, body } = await convert('mdpi-sentinel-landsat-builtup.pdf');
    assert.match(front, /www\.mdpi\.com\/journal\/remotesensing/);
    assert.match(front, /Version October 7, 2018/);
    assert.doesNotMatch(body, /www\.mdpi\.com/);
    assert.match(body, /^Yann Forget/);
    assert.match(body, /\n\nAbstract: The rapid/);
  });

  it("reads a review copy's submission number as metadata", () => {
    for (const t of ['Paper ID 1881', 'Submission #123', 'Paper No. 42']) assert.ok(isFrontMeta(t), t);
    for (const t of ['Paper ID numbers are assigned by the system', 'Submission 3 of the challenge'])
      assert.ok(!isFrontMeta(t), t);
  });

  it("puts a CVPR review copy's paper ID into the front block (cvpr-fusion-moves-review)", async () => {
    const { front, body } = await convert('cvpr-fusion-moves-review.pdf');
    assert.match(front, /Paper ID 1881/);
    assert.doesNotMatch(body, /Paper ID/);
  });

  it('reads the closed class of author notes and review-copy and proceedings notices as metadata', () => {
    for (const t of [
      '*Equal contribution 1Department of Computer Science, University of X',
      '∗Equal contribution.',
      '†Work done during an internship at Example Labs.',
      'Work was performed while at Example University.',
      'Correspondence to: Jane Doe <jane@example.org>.',
      '∗Speaker',
      'Preliminary work. Under review by the International Conference on Machine Learning (ICML). Do not distribute.',
      'This CVPR paper is the Open Access version, provided by the Computer Vision Foundation.',
      'Except for this watermark, it is identical to the accepted version;',
      'Content from this work may be used under the terms of the Creative Commons Attribution 3.0 licence.',
      'Published under licence by IOP Publishing Ltd',
      'Letter to the Editor',
    ])
      assert.ok(isFrontMeta(t), t);
    for (const t of [
      'Equally, the contribution of each term is bounded',
      'Work on this problem began in the 1970s',
      'The speaker model is trained on',
      'Preliminary results show that the method',
      'Content from the archive was used to build the corpus',
    ])
      assert.ok(!isFrontMeta(t), t);
  });
});
