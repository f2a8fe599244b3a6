/**
 * Session 20 (tt21): a title whose words read as names, page 1's unmarked foot notes, a running head
 * told by its page number, where footnotes begin under small-print text, reference entries handed
 * over in pieces, and a word broken in capitals; on real fixture PDFs.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { convertPdf } from '../../../../adapters/convert/pdf.ts';
import { joinLines } from '../../../../adapters/convert/text.ts';
import { frontBlock, afterFrontBlock as body } from '../../../support/pdf-fixture-markdown.ts';

const FIXTURES = path.join(import.meta.dirname, '../../../fixtures/convert/pdf');
const convert = async (name: string, maxPages?: number) =>
  convertPdf(new Uint8Array(readFileSync(path.join(FIXTURES, name))), maxPages ? { maxPages } : {});

describe('PDF title: a title whose words read as names', () => {
  it('is the first line, with the author line under it in smaller type (Econometric Society)', async () => {
    const r = await convert('econsocart-hedonic-assets.pdf', 2);
    assert.equal(r.title, 'PUBLIC GOODS, PECUNIARY EXTERNALITIES, AND HEDONIC ASSETS');
    assert.match(r.markdown, /^## 1\. INTRODUCTION$/m);
    // The corresponding author's and the funding note (a \thanks without a mark) go with the title.
    const front = frontBlock(r.markdown);
    assert.match(front, /Douglas Patton: patton\.douglas@epa\.gov/);
    assert.match(
      front,
      /This research was supported in part by an appointment to the ORISE Fellowship Program/,
    );
    assert.ok(!body(r.markdown).includes('ORISE Fellowship Program'));
  });
});

describe('PDF front matter: page 1’s foot notes without a mark', () => {
  it('a course line in ICML’s venue slot, under the affiliation note, leaves the text whole', async () => {
    const { markdown } = await convert('icml-lora-rank-placement.pdf', 2);
    assert.match(frontBlock(markdown), / · PCS5022 – Neural Networks and Deep Learning · /);
    assert.ok(!body(markdown).includes('PCS5022'));
    assert.match(markdown, /late blocks respond differently when given more rank\?/);
  });
});

describe('PDF furniture: a head row told by its page number', () => {
  it('a short two-sided paper’s heads beside their page numbers, under a draft stamp', async () => {
    const { markdown } = await convert('bioinfo-genome-edit-graphs.pdf');
    assert.ok(!markdown.includes('Schutte et al.'));
    assert.doesNotMatch(markdown, /^2 Here we describe/m);
    // Page 3's head `FantasticLamp` no longer ends a paragraph of page 2.
    assert.match(markdown, /beyond singleplex data, as it could be further developed/);
    assert.match(markdown, /Nature genetics, 49\(11\), 1654–1660\.$/m);
  });
});

describe('PDF footnotes: a reference list set small is no footnote', () => {
  it('an entry’s last line opening with a number stays in a double-spaced thesis bibliography', async () => {
    const { markdown } = await convert('thesis-ma2026-buyer-power-storage.pdf');
    assert.match(
      markdown,
      /in the Amazon,” Journal of Development Economics, 2022, 155, 102757\.\n\n- Bellemare, Marc F, “Agricultural Value Chains/,
    );
    assert.doesNotMatch(markdown, /^> 102757\./m);
  });

  it('an AASTeX entry broken at the foot of a column stays whole', async () => {
    const { markdown } = await convert('aastex-legwork.pdf');
    assert.match(markdown, /^- Fang, X\., Thompson, T\. A\., & Hirata, C\. M\. 2019, ApJ, 875, 75, doi:/m);
  });

  it('a footnote under body text is still a footnote', async () => {
    const { markdown } = await convert('icml-lora-rank-placement.pdf');
    assert.match(markdown, /^> \d/m);
  });
});

describe('PDF reference entries', () => {
  it('a line handed over in pieces and a year in brackets do not open entries (REVTeX)', async () => {
    const { markdown } = await convert('revtex-qroute.pdf');
    assert.match(
      markdown,
      /^- \[26\] P\. Ramachandran, B\. Zoph, and Q\. V\. Le, “Searching for Activation Functions,” arXiv e-prints \(2017\), arXiv:1710\.05941 \[cs\.NE\]\.$/m,
    );
  });
});

describe('joinLines in capitals', () => {
  it('joins a word broken at a hyphen when both lines are capitals alone', () => {
    assert.equal(joinLines('DOMINATES MODEL COM-', 'PLEXITY'), 'DOMINATES MODEL COMPLEXITY');
    assert.equal(joinLines('the US-', 'UK deal'), 'the US-UK deal');
    assert.equal(joinLines('Navier-', 'Stokes'), 'Navier-Stokes');
  });

  it('in an ICLR title set in capitals', async () => {
    const r = await convert('iclr-wan-anomaly-detection.pdf', 1);
    assert.equal(
      r.title,
      'ML-BASED ENTERPRISE WAN ANOMALY DETECTION: FEATURE ENGINEERING DOMINATES MODEL COMPLEXITY',
    );
  });
});
