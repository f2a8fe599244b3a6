/** LaTeXML HTML (arXiv /html, ar5iv, LaTeXML's own test outputs, Engrafo) → Markdown. */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { convertHtml } from '../../../../adapters/convert/html.ts';
import { corpus } from '../../../support/corpus.ts';

const html = (name: string) => readFileSync(corpus('html', name), 'utf8');

describe('convertHtml', () => {
  // Engrafo's rendering of 1707.08043 (CC BY 4.0): the one complete LaTeXML page of a paper that the
  // repository may redistribute. arXiv's own /html pages in ../shared/corpus are not redistributable.
  const full = convertHtml(html('engrafo_1707.08043.html'));

  it('turns a full LaTeXML page into headed Markdown without page chrome', () => {
    assert.equal(
      full.title,
      'On Positive-Characteristic Semi-Parametric Local Reductions of Finitelly Generated $\\mathbb{Q}$-Algebras',
    );
    assert.ok(full.markdown.startsWith(`# ${full.title}\n`));
    assert.equal(full.pageCount, null);
    const titles = full.sections.map((s) => s.title);
    assert.deepEqual(
      full.sections.filter((s) => s.level === 2).map((s) => s.title),
      [
        'Abstract.',
        'Introduction',
        '1. Preliminary facts',
        '2. Main Result',
        'acknowledgements',
        'References',
      ],
    );
    assert.ok(titles.includes('**Theorem 2.1**.'), 'theorem-like blocks become their own headings');
    // Engrafo's scripts, styles and MathJax markup are dropped.
    assert.doesNotMatch(full.markdown, /ltx_|MJXc|font-face|<\/?[a-z]+[ >]/);
  });

  it('renders inline math from alttext as $…$', () => {
    const lex = convertHtml(html('latexml-test_lexmath.xml'));
    assert.ok(lex.markdown.includes('$\\bm{x}$'));
    assert.match(lex.markdown, /[^$]\$[^$\n]+\$[^$]/, 'inline math sits in running text');
  });

  it('renders display equations as $$…$$', () => {
    const mixed = convertHtml(html('latexml-test_mixedmath.xml'));
    assert.ok(mixed.markdown.includes('$$\\frac{1}{(1+a_{0})}$$'));
    assert.ok(mixed.markdown.includes('$$\\int_{a}^{b}F(x)dx$$'));
    const lex = convertHtml(html('latexml-test_lexmath.xml'));
    assert.match(lex.markdown, /\$\$\\begin\{array\}/);
  });

  it('keeps enumerations, footnotes and the bibliography', () => {
    assert.match(full.markdown, /^1\. Let \$I\$ be an ideal of/m);
    assert.match(full.markdown, /radical ideal\[\^1\]/);
    assert.match(full.markdown, /^\[\^1\]: This paper should be cited as follows/m);
    const refs = full.markdown.slice(full.markdown.indexOf('## References'));
    assert.equal(refs.split('\n').filter((l) => l.startsWith('- ')).length, 10);
    assert.match(
      refs,
      /^- \[1\] M\. Artin, \*Algebraic approximation of structures over complete local rings\*/m,
    );
  });

  it('takes Engrafo math from MathJax aria-labels and says so', () => {
    assert.ok(full.markdown.includes('$k\\left[x_{1},\\ldots,x_{n}\\right]$'));
    assert.ok(full.title?.includes('$\\mathbb{Q}$-Algebras'));
    assert.equal(full.warnings.length, 1);
  });
});
