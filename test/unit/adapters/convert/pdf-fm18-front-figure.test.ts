/**
 * Session 17, helper "fm18" (issue #30): title-page notes that leaked, and a figure's labels that
 * became headings. A workshop footer wrapped so that its `(NeurIPS 2019)` opens the second line,
 * amsart/LMCS's `e-mail address:` under each address, eLife/LiveCoMS's `*For correspondence:` with a
 * line of e-mail addresses under it: each is front matter. A flowchart's labels, scaled to a size
 * half a point off the body's, are text inside a figure, never headings.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { isFrontMeta } from '../../../../adapters/convert/pdf-front.ts';
import { convertPdf } from '../../../../adapters/convert/pdf.ts';

const PDFS = path.resolve(import.meta.dirname, '../../../fixtures/convert/pdf');

async function markdownOf(file: string): Promise<string> {
  return (await convertPdf(new Uint8Array(readFileSync(path.join(PDFS, file))))).markdown;
}

/** The italic front-matter block under the title, and the rest of the Markdown. */
function frontAndBody(markdown: string): { front: string; body: string } {
  const blocks = markdown.split(/\n\n+/);
  const at = blocks.findIndex((b, i) => i > 0 && /^\*[^*]/.test(b));
  assert.ok(at > 0 && at <= 2, 'a front-matter block right under the title');
  return { front: blocks[at]!, body: blocks.filter((_, i) => i !== at).join('\n\n') };
}

describe('fm18: title-page notes are front matter', () => {
  it('a NeurIPS workshop footer whose `(NeurIPS 2019)` opens its second line', async () => {
    const { front, body } = frontAndBody(await markdownOf('neurips-responsible-xai-guidelines.pdf'));
    assert.match(front, /Robust AI in Financial Services Workshop at the 33rd Conference/);
    assert.ok(!body.includes('Financial Services Workshop'));
  });

  it("LMCS's `e-mail address:` lines under the addresses, the addresses kept as text", async () => {
    const { front, body } = frontAndBody(await markdownOf('lmcs-bpmn-graph-transformation.pdf'));
    assert.match(front, /e-mail address: tkra@hvl\.no, aru@hvl\.no/);
    assert.match(front, /e-mail address: harald\.koenig@fhdw\.de/);
    assert.ok(!body.includes('e-mail address'));
    assert.match(body, /Western Norway University of Applied Sciences/);
  });

  it("LiveCoMS's `*For correspondence:` and the full line of e-mail addresses under it", async () => {
    const { front, body } = frontAndBody(await markdownOf('livecoms-molecular-simulation-foundations.pdf'));
    assert.match(front, /For correspondence: · efrem\.braun@berkeley\.edu \(EB\)/);
    assert.ok(!body.includes('efrem.braun@berkeley.edu'));
  });

  it('the shapes: contact labels, workshop names with small words, a bracketed venue', () => {
    assert.ok(isFrontMeta('e-mail address: harald.koenig@fhdw.de'));
    assert.ok(isFrontMeta('E-mail addresses: a@b.org, c@d.org'));
    assert.ok(isFrontMeta('Robust AI in Financial Services Workshop at NeurIPS 2019'));
    assert.ok(isFrontMeta('(NeurIPS 2019), Vancouver, Canada.'));
    // A sentence that runs on from the line above, or merely names a venue, is not.
    assert.ok(!isFrontMeta('in the workshop held at the conference in 2019 we showed'));
    assert.ok(!isFrontMeta('(NeurIPS) and other venues since 2019 report'));
  });
});

describe('fm18: a flowchart is no heading', () => {
  it("LiveCoMS's equilibration flowchart (labels at 11.9 and 8.6 pt beside 9 pt text)", async () => {
    const md = await markdownOf('livecoms-molecular-simulation-foundations.pdf');
    const heads = md.split('\n').filter((l) => /^#{1,6} /.test(l));
    for (const label of ['Suggested equilibration workflow', 'NVT', 'NPT', 'NVE NVE'])
      assert.ok(!heads.some((h) => h.replace(/^#+ /, '') === label), label);
    // The real headings around it stay.
    assert.ok(heads.includes('#### 4.3.5 Production'));
    assert.ok(heads.includes('### 4.4 Thermostats'));
  });
});

/**
 * Review rv17: with slanted text kept (hd18), A&A's italic abstract labels come back, and its empty
 * closing label `Conclusions.` ran on into the `Key words.` line under it, so the keywords joined the
 * abstract. A keyword line is front matter, AMS's `Key words and phrases:` or A&A's and SIAM's
 * `Key words.`.
 */
describe('rv17: a keyword line is front matter', () => {
  it("A&A's `Key words.` under an empty `Conclusions.` label stays out of the abstract", async () => {
    const { front, body } = frontAndBody(await markdownOf('aa-betapic-exocomet-cn.pdf'));
    assert.match(front, /Key words\. comets — transits/);
    assert.ok(!body.includes('Key words'));
    assert.match(body, /\nConclusions\.\n\n## 1\. Introduction/);
  });

  it("SIAM's `Key words.` line joins the front block", async () => {
    const { front, body } = frontAndBody(await markdownOf('siam-lattice-reduction.pdf'));
    assert.match(front, /Key words\. matrix, projection/);
    assert.ok(!body.includes('Key words'));
  });
});
