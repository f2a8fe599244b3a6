/**
 * Session 17, review "rv17" (issue #30): with slanted text kept (hd18), A&A's italic abstract labels
 * come back, and its empty closing label `Conclusions.` ran on into the `Key words.` line under it,
 * so the keywords joined the abstract. A keyword line is front matter, whether AMS's `Key words and
 * phrases:` or A&A's and SIAM's `Key words.`.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
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
