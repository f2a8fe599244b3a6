import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { XMLParser } from 'fast-xml-parser';
import { convertHtml } from '../../../activities/convert/html.ts';
import { extractiveSummary } from '../../../activities/summarize/extractive.ts';
import { isCitationOnly, rejectReason, splitSentences } from '../../../activities/summarize/text.ts';
import { corpus } from '../../support/corpus.ts';

/** Real entries of a recorded API response. */
function atomEntries(file: string): Array<{ title: string; abstract: string }> {
  const xml = readFileSync(corpus('atom', file), 'utf8');
  const feed = new XMLParser({ isArray: (n) => n === 'entry' }).parse(xml) as { feed: { entry: Array<{ title: string; summary: string }> } };
  return feed.feed.entry.map((e) => ({ title: String(e.title), abstract: String(e.summary) }));
}

/** Whitespace-normalised text, to check that summary sentences come from the source. */
const norm = (s: string) =>
  s
    .replace(/\\([%&#_$])/g, '$1')
    .replace(/\s+/g, ' ')
    .replace(/[*_`$]/g, '')
    .trim();

function assertWellFormed(summary: ReturnType<typeof extractiveSummary>, source: string): void {
  assert.equal(summary.method, 'extractive');
  assert.ok(summary.tldr.length > 0);
  const tldrSentences = splitSentences(summary.tldr);
  assert.ok(tldrSentences.length >= 1 && tldrSentences.length <= 3, `TL;DR has ${tldrSentences.length} sentences`);
  assert.ok(summary.keyPoints.length <= 5);
  const haystack = norm(source);
  for (const line of [...tldrSentences, ...summary.keyPoints]) {
    assert.equal(isCitationOnly(line), false, `citation-only line: ${line}`);
    assert.doesNotMatch(line, /\[\d+(?:,\s*\d+)*\]|\[EQ\]|\$|#page-/, `markup left in: ${line}`);
    // Every line is a (cleaned) sentence of the paper: its first 6 words appear in the source.
    const opening = line.split(' ').slice(0, 6).join(' ');
    assert.ok(haystack.includes(opening), `not from the paper: ${opening}`);
  }
}

describe('extractiveSummary on real abstracts (100-entry API feed)', () => {
  const entries = atomEntries('search_testing_start0_max100.xml');

  it('summarises every abstract with a 1-3 sentence TL;DR taken from it', () => {
    for (const e of entries) {
      const s = extractiveSummary(e);
      assertWellFormed(s, e.abstract);
    }
  });

  it('gives 3-5 key points for abstracts long enough to have them', () => {
    let checked = 0;
    for (const e of entries) {
      if (splitSentences(e.abstract).length < 6) continue;
      checked++;
      const s = extractiveSummary(e);
      assert.ok(s.keyPoints.length >= 3 && s.keyPoints.length <= 5, `${s.keyPoints.length} key points for "${e.title}"`);
    }
    assert.ok(checked > 20);
  });

  it('is deterministic', () => {
    const e = entries[7]!;
    assert.deepEqual(extractiveSummary(e), extractiveSummary(e));
  });
});

describe('extractiveSummary on real full text', () => {
  it('uses abstract, introduction and conclusion of a marker Markdown conversion (1804.07821)', () => {
    const md = readFileSync(corpus('truth/1804.07821v1.marker.md'), 'utf8');
    const s = extractiveSummary({ title: 'An Aggregated Multicolumn Dilated Convolution Network for Perspective-Free Counting', abstract: '', markdown: md });
    assertWellFormed(s, md.replace(/\s*\[\\\[\d+\\\]\]\([^)]*\)/g, '').replace(/<[^>]+>/g, ''));
    assert.match(s.tldr, /^We propose the use of dilated filters/);
    assert.ok(s.keyPoints.length >= 3);
    // Sentences beyond the abstract are used: the conclusion's "We have proposed ..." summary.
    assert.ok(s.keyPoints.some((k) => /AMDCN/.test(k)));
    // Nothing from Related Work, References or Acknowledgment.
    for (const k of s.keyPoints) assert.doesNotMatch(k, /Lempitsky|NSF|grant/i);
  });

  it('summarises TeX-derived text without an abstract and drops formula fragments (astro-ph/0001004)', () => {
    const body = readFileSync(corpus('truth/astro-ph_0001004.body.txt'), 'utf8');
    const s = extractiveSummary({ title: 'Theory of the Interaction of Planetary Nebulae with the Interstellar Medium', abstract: '', markdown: body });
    assertWellFormed(s, body);
    assert.ok(s.keyPoints.length >= 3);
    for (const k of [s.tldr, ...s.keyPoints]) assert.doesNotMatch(k, /\[formula\]/);
  });

  it('summarises the converter Markdown of real LaTeXML HTML (2501.11120)', () => {
    const { markdown } = convertHtml(readFileSync(corpus('html/2501.11120v1.html'), 'utf8'));
    const s = extractiveSummary({ title: '', abstract: '', markdown });
    assertWellFormed(s, markdown);
    assert.match(s.tldr, /^We study behavioral self-awareness/);
    assert.ok(s.keyPoints.length >= 3);
    for (const k of s.keyPoints) assert.doesNotMatch(k, /\[\^\d+\]/, 'footnote marker left in');
  });

  it('summarises a docling Markdown page excerpt (2305.03393 p. 9) without markup or citation fragments', () => {
    const md = readFileSync(corpus('truth/2305.03393v1-pg9.docling.md'), 'utf8');
    const s = extractiveSummary({ title: 'Optimized Table Tokenization for Table Structure Recognition', abstract: '', markdown: md });
    assertWellFormed(s, md);
    assert.ok(s.keyPoints.length >= 1);
  });
});

describe('fragment filters', () => {
  it('recognises citation-only fragments', () => {
    for (const c of ['[12]', '(Smith et al. 2019; Lee 2020).', 'See e.g. Tweedy & Kwitter 1994a,b.', 'Ref. [3, 4].']) {
      assert.equal(isCitationOnly(c), true, c);
    }
    assert.equal(isCitationOnly('Counting is a common problem in computer vision (e.g. traffic on the street).'), false);
  });

  it('rejects equations, captions and fragments but keeps prose', () => {
    assert.equal(rejectReason('x = \\frac{a}{b} + \\sum_i y_i^2 = 0 for all i'), 'equation');
    assert.equal(rejectReason('Figure 3: Density maps produced by the network on UCF.'), 'caption');
    assert.equal(rejectReason('and the results were good in all the settings we tried.'), 'fragment');
    assert.equal(rejectReason('Our experiments show that the network outperforms the state of the art.'), null);
  });

  it('splits sentences without breaking at et al., e.g. or decimals', () => {
    assert.deepEqual(splitSentences('Smith et al. showed 3.5 times more. E.g. this holds. Fig. 2 shows it.'), [
      'Smith et al. showed 3.5 times more.',
      'E.g. this holds.',
      'Fig. 2 shows it.',
    ]);
  });
});
