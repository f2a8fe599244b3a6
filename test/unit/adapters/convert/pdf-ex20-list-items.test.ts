/**
 * Rule of session 19, ex20 (issue #30): a paper that sets its sections unnumbered, in a type of
 * their own, numbers only its lists. PLOS's `Ten simple rules` prints a numbered list in body type
 * under its unnumbered `Rule 9: …` heads; its items are text, while the unnumbered heads and the
 * annotated `System libraries` subsection stay headings. And letter-spacing smaller than the text is
 * a listing's fixed columns, never display type.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { fixtureMarkdown, markdownHeadings } from '../../../support/pdf-fixture-markdown.ts';

describe('session 19 (ex20) on real papers', () => {
  it('reads a numbered list in body type under unnumbered heads as text (PLOS)', async () => {
    const md = await fixtureMarkdown('plos-ten-rules-dockerfiles.pdf');
    const heads = markdownHeadings(md);
    for (const item of [
      'Language-specific libraries or modules',
      'Entrypoint and default command',
      '5. Labels',
    ])
      assert.ok(!heads.some((h) => h.includes(item)), `${item}\n${heads.join('\n')}`);
    assert.ok(md.includes('Language-specific libraries or modules'), 'the item stays in the text');
    assert.ok(heads.includes('## Rule 9: Order the instructions'), heads.join('\n'));
    assert.ok(
      heads.some((h) => /^#+ System libraries$/.test(h)),
      heads.join('\n'),
    );
  });

  it('keeps the numbered sections of a paper that also has unnumbered front heads (thesis, numbered chapters)', async () => {
    const heads = markdownHeadings(await fixtureMarkdown('thesis-ito2018-ch1-2.pdf'));
    assert.ok(!heads.some((h) => h.includes('X.25')), heads.join('\n'));
    assert.ok(heads.filter((h) => /^#+ \d+(?:\.\d+)+ /.test(h)).length >= 5, heads.join('\n'));
  });
});

describe('session 19 (ex20): a code listing set on fixed columns', () => {
  it('is no display title: `return out` in 7 pt under 10 pt text stays a line of the listing (NeurIPS report)', async () => {
    const md = await fixtureMarkdown('neurips-minimal-time-series-transformer.pdf');
    assert.ok(!markdownHeadings(md).some((h) => h.includes('return out')), markdownHeadings(md).join('\n'));
    assert.ok(/^return out$/m.test(md), 'the listing line is kept, written solid');
    assert.ok(markdownHeadings(md).includes('### 2.2 Minimal time series transformer - MiTS-Transformer'));
  });
});
