/**
 * Title choice, session 18 (tt19): a title that opens with a number, and a title's lines gathered
 * across what looks like an author line (an open phrase above it, or the title's own face at its
 * leading) and across a double-spaced title's wider gaps, on real fixture PDFs.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { convertPdf } from '../../../../adapters/convert/pdf.ts';
import { renderSegments } from '../../../../adapters/convert/pdf-markdown.ts';
import { overAddress } from '../../../../adapters/convert/pdf-tt19-name-address.ts';
import { doubleSpaced, leavesPhraseOpen } from '../../../../adapters/convert/pdf-tt19-title-lines.ts';
import { BODY, seg } from '../../../support/pdf-lines.ts';

const FIXTURES = path.join(import.meta.dirname, '../../../fixtures/convert/pdf');
const title = async (name: string) =>
  (await convertPdf(new Uint8Array(readFileSync(path.join(FIXTURES, name))), { maxPages: 2 })).title;

describe('PDF title: evidence from type, not from a line’s first character', () => {
  it('takes a course project’s title that opens with its course number, not the author’s name below it', async () => {
    assert.equal(
      await title('article-bitrate-selection.pdf'),
      '6.829 Final Project: A comparison of bit rate selection algorithms',
    );
  });
});

describe('PDF title: a line that opens with a number', () => {
  it('is no title when another line of its type opens with a number too (numbered section heads)', () => {
    const page = [
      seg('1 Introduction and Overview of It', 100, { size: 12 }),
      seg(BODY, 120),
      seg('2 Related Work on the Problem', 160, { size: 12 }),
      seg(BODY, 180),
    ];
    assert.equal(renderSegments([page], [792]).title, null);
  });
});

describe('PDF title: evidence that a title line goes on', () => {
  it('an open phrase at a line’s end; a double-spaced page', () => {
    assert.equal(leavesPhraseOpen('The Anatomy of the CTC Oracle Gap:'), true);
    assert.equal(leavesPhraseOpen('Meaningfully reducing consumption of meat and'), true);
    assert.equal(leavesPhraseOpen('An open-source full 3D electromagnetic modeler for 1D VTI'), false);
    const lines = (pitch: number) => Array.from({ length: 8 }, (_, k) => seg(BODY, 200 + pitch * k));
    assert.equal(doubleSpaced(lines(24), 10), true);
    assert.equal(doubleSpaced(lines(12), 10), false);
  });
});

describe('PDF title: a name over an e-mail address', () => {
  it('reads a lone name right over an address as an author, not a title', () => {
    const name = seg('Colleen Josephson', 145, { size: 12, x: 194 });
    const mail = seg('cjoseph@mit.edu', 159, { size: 12, x: 195 });
    const title = seg('A comparison of bit rate selection algorithms', 117, { size: 17, x: 78, x1: 534 });
    assert.equal(overAddress(name, [title, name, mail]), true);
    assert.equal(overAddress(title, [title, name, mail]), false);
    // An address further down (a contact line under the abstract) says nothing of the line.
    assert.equal(overAddress(name, [name, seg('cjoseph@mit.edu', 200, { size: 12, x: 195 })]), false);
  });
});

describe('PDF title: all of its lines', () => {
  it('joins the line after a colon even when its title-case words around `and` read as two names', async () => {
    assert.equal(
      await title('icml-ctc-oracle-gap.pdf'),
      'The Anatomy of the CTC Oracle Gap: Acoustic Exhaustion and Linguistic Recovery',
    );
  });

  it('joins a SIAM title’s last capitals line with its note mark at the title’s leading', async () => {
    assert.equal(
      await title('siam-parameter-dependent-trace-estimation.pdf'),
      'STOCHASTIC TRACE ESTIMATION FOR PARAMETER-DEPENDENT MATRICES APPLIED TO SPECTRAL DENSITY APPROXIMATION',
    );
  });

  it('joins a double-spaced title’s lines, and stops at the author line in the same face', async () => {
    assert.equal(
      await title('snjnl-meat-reduction-meta.pdf'),
      'Meaningfully reducing consumption of meat and animal products is an unsolved problem: A meta-analysis',
    );
    assert.equal(
      await title('geophysics-empymod-em-modeler.pdf'),
      'An open-source full 3D electromagnetic modeler for 1D VTI media in Python: empymod',
    );
    assert.equal(
      await title('plos-rang-reproducible-r.pdf'),
      'rang: Reconstructing reproducible R computational environments',
    );
  });
});
