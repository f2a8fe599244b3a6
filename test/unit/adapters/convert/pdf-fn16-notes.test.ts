/**
 * Title-page notes and furniture of session 16 (helper "fn16", issue #30): a note whose symbol mark
 * the author block sets a space after the name (REVTeX's `Caputo,1, ∗`, `\thanks` after `Pav `), a
 * foot note of the title page that holds a contact whatever its mark, a correspondence label with
 * its mark and the contact lines under it, and acmart's venue line in the first page's foot box:
 * each is front matter, in the italic block under the title, never in the body.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { isFrontMeta } from '../../../../adapters/convert/pdf-front.ts';
import { convertPdf } from '../../../../adapters/convert/pdf.ts';

const PDFS = path.resolve(import.meta.dirname, '../../../fixtures/convert/pdf');

/** The italic front-matter block under the title, and the rest of the Markdown. */
async function frontAndBody(file: string): Promise<{ front: string; body: string }> {
  const { markdown } = await convertPdf(new Uint8Array(readFileSync(path.join(PDFS, file))));
  const blocks = markdown.split(/\n\n+/);
  const at = blocks.findIndex((b, i) => i > 0 && /^\*[^*]/.test(b));
  assert.ok(at > 0 && at <= 2, 'a front-matter block right under the title');
  return { front: blocks[at]!, body: blocks.filter((_, i) => i !== at).join('\n\n') };
}

describe('fn16: title-page notes and furniture are front matter', () => {
  it('REVTeX author notes marked `Caputo,1, ∗` (a space before the mark), with e-mail and ORCID', async () => {
    const { front, body } = await frontAndBody('revtex-prd-dark-photon-inhomogeneities.pdf');
    for (const note of ['∗ andrea.caputo@uv.es; ORCID: 0000-0003-1122-6606', '§ ruderman@nyu.edu']) {
      assert.ok(front.includes(note), note);
      assert.ok(!body.includes(note), note);
    }
  });

  it('a `\\thanks` note of an author set `Steven E. Pav ∗`', async () => {
    const { front, body } = await frontAndBody('article-finance-portfolio-quality-bounds.pdf');
    assert.match(front, /∗steven@gilgamath\.com The author thanks/);
    assert.ok(!body.includes('gilgamath'));
    assert.match(body, /resulting in a feasible portfolio of dubious value/);
  });

  it("Frontiers' `Correspondence*:` label with the name and e-mail under it", async () => {
    const { front, body } = await frontAndBody('frontiers-neuroscience-meg-dics-connectivity.pdf');
    assert.match(front, /Correspondence\\?\*: · Marijn van Vliet marijn\.vanvliet@aalto\.fi/);
    assert.ok(!body.includes('marijn.vanvliet@aalto.fi'));
  });

  it("acmart's venue line and the rest of its foot box", async () => {
    const { front, body } = await frontAndBody('acm-sigconf-intermittent-sensing.pdf');
    assert.match(front, /IPSN’20, April 2020, Sydney, Australia 2020\./);
    assert.ok(!body.includes('IPSN’20, April 2020'));
  });

  it('the venue line is a closed shape: acronym, apostrophe year, month and year', () => {
    assert.ok(isFrontMeta('IPSN’20, April 2020, Sydney, Australia'));
    assert.ok(isFrontMeta("SenSys '21, November 15–17, 2021, Coimbra, Portugal"));
    assert.ok(!isFrontMeta('IPSN’s design, April results show 2020 gains'));
    assert.ok(!isFrontMeta('Smith’20, which we follow here, reports 2020 data'));
  });
});
