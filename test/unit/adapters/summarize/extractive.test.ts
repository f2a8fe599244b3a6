import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { XMLParser } from 'fast-xml-parser';
import { convertHtml } from '../../../../adapters/convert/html.ts';
import { convertPdf } from '../../../../adapters/convert/pdf.ts';
import { extractiveSummary } from '../../../../adapters/summarize/extractive.ts';
import { isCitationOnly, rejectReason, splitSentences } from '../../../../adapters/summarize/text.ts';
import { corpus } from '../../../support/corpus.ts';

/** Real entries of a recorded API response. */
function atomEntries(file: string): Array<{ title: string; abstract: string }> {
  const xml = readFileSync(corpus('atom', file), 'utf8');
  const feed = new XMLParser({ isArray: (n) => n === 'entry' }).parse(xml) as {
    feed: { entry: Array<{ title: string; summary: string }> };
  };
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
  assert.ok(
    tldrSentences.length >= 1 && tldrSentences.length <= 3,
    `TL;DR has ${tldrSentences.length} sentences`,
  );
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
      assert.ok(
        s.keyPoints.length >= 3 && s.keyPoints.length <= 5,
        `${s.keyPoints.length} key points for "${e.title}"`,
      );
    }
    assert.ok(checked > 20);
  });
});

describe('extractiveSummary sentence choice', () => {
  it('opens the TL;DR with the first sentence and adds the contribution and result sentences, in reading order', () => {
    const sentences = [
      'Graph coloring is a classic problem in combinatorics with many applications in scheduling.',
      'Many heuristics exist for it and they are widely used in practice today.',
      'The weather was pleasant during most of the conference week in Lisbon.',
      'We propose a local search algorithm for graph coloring that escapes plateaus by recoloring whole classes.',
      'Our experiments show that it outperforms the state of the art on the standard DIMACS benchmarks.',
      'Some implementation details are given in the appendix of the paper.',
    ];
    const s = extractiveSummary({ title: 'Local search for graph coloring', abstract: sentences.join(' ') });
    assert.equal(s.tldr, [sentences[0], sentences[3], sentences[4]].join(' '));
    // Key points never repeat the TL;DR; a short abstract still gives three.
    assert.deepEqual(s.keyPoints.slice().sort(), [sentences[1], sentences[2], sentences[5]].sort());
  });
});

describe('extractiveSummary on real full text', () => {
  // The corpus full texts the repository may redistribute: 1503.07589v1 (CC BY 3.0) as a PDF and
  // 1707.08043 (CC BY 4.0) as Engrafo's LaTeXML HTML.
  it('uses abstract and body of the converter Markdown of a real PDF (1503.07589)', async () => {
    const { markdown } = await convertPdf(new Uint8Array(readFileSync(corpus('pdf', '1503.07589v1.pdf'))));
    const s = extractiveSummary({
      title:
        'Combined Measurement of the Higgs Boson Mass in pp Collisions at √s = 7 and 8 TeV with the ATLAS and CMS Experiments',
      abstract: '',
      markdown,
    });
    assertWellFormed(s, markdown);
    assert.match(s.tldr, /^A measurement of the Higgs boson mass is presented/);
    assert.ok(s.keyPoints.length >= 3);
    // Nothing from the references, the acknowledgments or the 5,000-name author lists.
    for (const k of s.keyPoints)
      assert.doesNotMatch(k, /Phys\. Rev|We thank CERN|University of|Institute of/i);
  });

  it('summarises the converter Markdown of real LaTeXML HTML (1707.08043)', () => {
    const { markdown } = convertHtml(readFileSync(corpus('html', 'engrafo_1707.08043.html'), 'utf8'));
    const s = extractiveSummary({ title: '', abstract: '', markdown });
    assertWellFormed(s, markdown);
    // Engrafo heads the abstract "Abstract." and the summary opens with the introduction instead.
    assert.match(
      s.tldr,
      /^In this article we present a characterization of the fact that a finite system of polynomial equations/,
    );
    assert.ok(s.keyPoints.length >= 3);
    for (const k of s.keyPoints) assert.doesNotMatch(k, /\[\^\d+\]/, 'footnote marker left in');
  });
});

describe('fragment filters', () => {
  it('recognises citation-only fragments', () => {
    for (const c of [
      '[12]',
      '(Smith et al. 2019; Lee 2020).',
      'See e.g. Tweedy & Kwitter 1994a,b.',
      'Ref. [3, 4].',
    ]) {
      assert.equal(isCitationOnly(c), true, c);
    }
    assert.equal(
      isCitationOnly('Counting is a common problem in computer vision (e.g. traffic on the street).'),
      false,
    );
  });

  it('rejects equations, captions and fragments but keeps prose', () => {
    assert.equal(rejectReason('x = \\frac{a}{b} + \\sum_i y_i^2 = 0 for all i'), 'equation');
    assert.equal(rejectReason('Figure 3: Density maps produced by the network on UCF.'), 'caption');
    assert.equal(rejectReason('and the results were good in all the settings we tried.'), 'fragment');
    assert.equal(
      rejectReason('Our experiments show that the network outperforms the state of the art.'),
      null,
    );
  });

  it('splits sentences without breaking at et al., e.g. or decimals', () => {
    assert.deepEqual(
      splitSentences('Smith et al. showed 3.5 times more. E.g. this holds. Fig. 2 shows it.'),
      ['Smith et al. showed 3.5 times more.', 'E.g. this holds.', 'Fig. 2 shows it.'],
    );
  });
});
