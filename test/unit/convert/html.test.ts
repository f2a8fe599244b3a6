/** LaTeXML HTML (arXiv /html, ar5iv, LaTeXML's own test outputs, Engrafo) → Markdown. */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { convertHtml } from '../../../activities/convert/html.ts';
import { corpus } from '../../support/corpus.ts';

const html = (name: string) => readFileSync(corpus('html', name), 'utf8');

describe('convertHtml', () => {
  const full = convertHtml(html('2501.11120v1.html'));

  it('turns the full arXiv page into headed Markdown without page chrome', () => {
    assert.equal(full.title, 'Tell me about yourself: LLMs are aware of their learned behaviors');
    assert.ok(full.markdown.startsWith('# Tell me about yourself: LLMs are aware of their learned behaviors\n'));
    assert.equal(full.pageCount, null);
    const titles = full.sections.map((s) => s.title);
    assert.ok(titles.includes('Abstract'));
    assert.ok(titles.some((t) => /^1\s*Introduction$/.test(t)), titles.slice(0, 5).join(' | '));
    assert.ok(titles.includes('References'));
    assert.ok(full.sections.some((s) => s.level === 3), 'subsections are ###');
    // The navbar TOC and page footer are dropped.
    assert.doesNotMatch(full.markdown, /ltx_|Report issue|Toggle navigation|<\/?[a-z]+[ >]/);
  });

  it('renders inline math from alttext as $…$', () => {
    assert.ok(full.markdown.includes('$\\varphi_{T}$'));
    const ar5iv = convertHtml(html('1706.03762_ar5iv_excerpt.html'));
    assert.equal(ar5iv.title, 'Attention Is All You Need');
    assert.ok(ar5iv.markdown.includes('$h_{t-1}$'));
  });

  it('renders display equations as $$…$$', () => {
    const mixed = convertHtml(html('latexml-test_mixedmath.xml'));
    assert.ok(mixed.markdown.includes('$$\\frac{1}{(1+a_{0})}$$'));
    assert.ok(mixed.markdown.includes('$$\\int_{a}^{b}F(x)dx$$'));
    const lex = convertHtml(html('latexml-test_lexmath.xml'));
    assert.ok(lex.markdown.includes('$\\bm{x}$'));
    assert.match(lex.markdown, /\$\$\\begin\{array\}/);
  });

  it('makes tables Markdown tables, keeps captions, footnotes and the bibliography', () => {
    assert.ok(full.markdown.includes('| --- | --- | --- | --- |'));
    assert.match(full.markdown, /^\| \*Make Me Say\* game \(Section 3\.2\) \|/m);
    assert.match(full.markdown, /^\*Figure 1:/m);
    assert.match(full.markdown, /\[\^1\]/);
    assert.match(full.markdown, /^\[\^1\]: We replicate some of our experiments on open-weight models/m);
    const refs = full.markdown.slice(full.markdown.indexOf('## References'));
    assert.ok(refs.split('\n').filter((l) => l.startsWith('- ')).length >= 40);
    assert.match(refs, /^- Allen-Zhu & Li \(2023\)/m);
  });

  it('handles the arXiv-native excerpt with its synthetic chrome', () => {
    const r = convertHtml(html('2412.19437v2_native_excerpt.html'));
    assert.equal(r.title, 'DeepSeek-V3 Technical Report');
    assert.ok(r.sections.some((s) => s.title === 'Abstract'));
    assert.doesNotMatch(r.markdown, /abs\/0000\.00000|onclick/);
  });

  it('takes Engrafo math from MathJax aria-labels and says so', () => {
    const r = convertHtml(html('engrafo_1707.08043.html'));
    assert.ok(r.markdown.includes('$k\\left[x_{1},\\ldots,x_{n}\\right]$'));
    assert.ok(r.title?.includes('$\\mathbb{Q}$-Algebras'));
    assert.equal(r.warnings.length, 1);
  });
});
