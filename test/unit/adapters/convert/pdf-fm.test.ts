/**
 * First-page furniture and running lines of the session-11 tuning batch (helper "fm", issue #30):
 * each rule is checked on constructed lines and on the vendored real PDF it was written on.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { isFrontMeta } from '../../../../adapters/convert/pdf-front.ts';
import { convertPdf } from '../../../../adapters/convert/pdf.ts';

const PDFS = path.resolve(import.meta.dirname, '../../../fixtures/convert/pdf');

/** The italic front-matter block under the title, and everything after it. */
async function convert(file: string): Promise<{ front: string; body: string }> {
  const { markdown } = await convertPdf(new Uint8Array(readFileSync(path.join(PDFS, file))));
  const blocks = markdown.split(/\n\n+/);
  const front = /^\*[^*]/.test(blocks[1] ?? '') ? blocks[1]! : '';
  return { front, body: blocks.slice(front ? 2 : 1).join('\n\n') };
}

describe('front matter of the session-11 tuning batch', () => {
  it("reads a class's placeholder dates as a received/accepted line", () => {
    for (const t of ['Received XX / Accepted XX', 'Received xxxx; accepted yyyy', 'Accepted XXX'])
      assert.ok(isFrontMeta(t), t);
    for (const t of ['Received XL-band signals were', 'Accepted x values are']) assert.ok(!isFrontMeta(t), t);
  });

  it('reads a submission date like a received date', () => {
    for (const t of ['Submitted: 21 October 2015; Accepted: 27 June 2016.', 'Submitted on 3 May 2021'])
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
});
