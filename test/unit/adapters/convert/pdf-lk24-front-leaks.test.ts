/**
 * Session 23 (lk24): front matter the first-page rules missed, read by how it is typeset: a running
 * head's words echoed under the title (arxiv.sty), author e-mail lines, an author's contact note
 * floated to page 2 (AASTeX's preprint style), a thesis's dedication and epigraph pages, and a
 * Spanish date with `del`; on real fixture PDFs of the tuning split.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { convertPdf } from '../../../../adapters/convert/pdf.ts';
import { isCoverRecord, isFrontMeta } from '../../../../adapters/convert/pdf-front.ts';
import { isContactOnly } from '../../../../adapters/convert/pdf-lk24-front-leaks.ts';
import { frontBlock, afterFrontBlock as body } from '../../../support/pdf-fixture-markdown.ts';

const FIXTURES = path.join(import.meta.dirname, '../../../fixtures/convert/pdf');
const convert = async (name: string) => convertPdf(new Uint8Array(readFileSync(path.join(FIXTURES, name))));

describe('PDF front matter the first-page rules missed (lk24)', () => {
  it('arxiv.sty: the running head’s words under the title are dropped; the e-mail lines go to the front block', async () => {
    const { markdown } = await convert('arxivsty-ibd-dispersal-julia.pdf');
    const rest = body(markdown);
    // The head's words stand alone under the title on page 1 (`\headeright`); the body names the package.
    assert.ok(!/^IDENTITYBYDESCENTDISPERSAL\.JL$/m.test(markdown));
    assert.match(rest, /Here we present IdentityByDescentDispersal\.jl, a Julia package/);
    const front = frontBlock(markdown);
    for (const mail of ['Curro.CampuzanoJimenez@uantwerpen.be', 'Hannes.Svardal@uantwerpen.be']) {
      assert.ok(front.includes(mail), mail);
      assert.ok(!rest.includes(mail), mail);
    }
    // The authors and their affiliations stay in the text.
    assert.match(rest, /Arthur Zwaenepoel Evolutionary Ecology Group/);
  });

  it('a list of addresses under the authors’ names is front matter; the names stay', async () => {
    const { markdown } = await convert('whitepaper-txvm-blockchain-transactions.pdf');
    assert.ok(frontBlock(markdown).includes('{bobg, cathie, dan, kr, oleg}@chain.com'));
    const rest = body(markdown);
    assert.ok(!rest.includes('@chain.com'));
    assert.match(rest, /Bob Glickstein, Cathie Yun, Dan Robinson, Keith Rarick, Oleg Andreev/);
  });

  it('an author’s contact note floated to the foot of page 2 is front matter', async () => {
    const { markdown } = await convert('aastex62-central-galaxy-sfh-shmr-scatter.pdf');
    assert.ok(frontBlock(markdown).includes('hahn.changhoon@gmail.com'));
    assert.ok(!body(markdown).includes('hahn.changhoon@gmail.com'));
  });

  it('a thesis’s dedication and epigraph pages are front matter; its acknowledgements stay', async () => {
    const { markdown } = await convert('thesis-clementino2017-ch1.pdf');
    const front = frontBlock(markdown);
    assert.match(front, /Dedico este trabalho à Deus/);
    assert.match(front, /Rumo a vitória!” \(Vitória - Dead Fish\)/);
    const rest = body(markdown);
    assert.ok(!rest.includes('Dedico este trabalho'));
    assert.ok(!rest.includes('O antigo inimigo'));
    assert.match(rest, /## Agradecimentos\n\nAgradeço ao meu orientador/);
  });

  it('a Spanish date with `del` before the year is front matter', async () => {
    const { markdown } = await convert('article-es-enso-topological-data-analysis.pdf');
    assert.ok(frontBlock(markdown).includes('16 de junio del 2023'));
    assert.ok(!body(markdown).includes('16 de junio del 2023'));
    for (const t of ['16 de junio del 2023', 'junio del 2023'])
      assert.ok(isCoverRecord(t) && isFrontMeta(t), t);
    assert.ok(!isCoverRecord('el 16 de junio del 2023 se midió'));
  });

  it('a contact line is e-mail addresses and nothing else', () => {
    for (const t of [
      'Curro.CampuzanoJimenez@uantwerpen.be',
      '{bobg, cathie, dan, kr, oleg}@chain.com',
      'E-mail: a@b.org, c@d.org',
      '∗ x.y@z.edu',
      'ORCID: 0000-0001-6443-9897',
    ])
      assert.ok(isContactOnly(t), t);
    for (const t of [
      'Jane Doe jane@x.org',
      'Contact jane@x.org for the data',
      'University of Antwerp, Belgium',
    ])
      assert.ok(!isContactOnly(t), t);
  });
});
