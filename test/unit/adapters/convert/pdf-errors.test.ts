/**
 * The PDF converter's typed errors on damaged and password-protected files. The encrypted files
 * are two pages of a real corpus PDF encrypted by qpdf (scripts/make-pdf-fixtures.sh), committed so
 * the tests need no qpdf.
 */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { promisify } from 'node:util';
import { convertPdf } from '../../../../adapters/convert/pdf.ts';
import { convertInSandbox } from '../../../../adapters/convert/sandbox.ts';
import { isAppError } from '../../../../domain/errors.ts';
import { corpus, FIXTURES_DIR } from '../../../support/corpus.ts';
import { textPdf } from '../../../support/text-pdf.ts';

const SOURCE = corpus('pdf', '1503.07589v1.pdf');
const LIMITS = { timeoutMs: 60_000, maxBytes: 50 * 1024 * 1024, maxMemoryMb: 512 };
const BIN = path.resolve(import.meta.dirname, '../../../../bin/arxiv-radar');
const FIXTURES = path.resolve(import.meta.dirname, '../../../fixtures/pdf');

describe('convertPdf typed errors', () => {
  // Pages 3-4 of corpus/pdf/1503.07589v1.pdf (CC BY 3.0) encrypted by qpdf; the user password is "user-secret".
  const aes256 = path.join(FIXTURES, 'encrypted-aes256.pdf');
  const aes128 = path.join(FIXTURES, 'encrypted-aes128.pdf');
  const ownerOnly = path.join(FIXTURES, 'encrypted-owner-only.pdf');

  it('the fixtures really are encrypted with the standard security handler', () => {
    for (const [f, v] of [
      [aes256, 5],
      [aes128, 4],
      [ownerOnly, 5],
    ] as const) {
      const bytes = readFileSync(f).toString('latin1');
      assert.match(bytes, /\/Encrypt \d+ 0 R/, f);
      assert.match(
        bytes,
        new RegExp(`/Filter\\s*/Standard[\\s\\S]*?/V ${v}\\b|/V ${v}\\b[\\s\\S]*?/Filter\\s*/Standard`),
        f,
      );
    }
  });

  it('reports a PDF that needs a password to open as CONVERT_ENCRYPTED', async () => {
    for (const f of [aes256, aes128]) {
      await assert.rejects(
        convertPdf(readFileSync(f)),
        (e) => isAppError(e, 'CONVERT_ENCRYPTED') && /password-protected/.test(e.message),
        f,
      );
    }
  });

  it('keeps the code across the sandbox worker boundary', async () => {
    await assert.rejects(
      convertInSandbox({ kind: 'pdf', path: aes256 }, LIMITS),
      (e) => isAppError(e, 'CONVERT_ENCRYPTED') && /password-protected/.test(e.message),
    );
  });

  it('converts a PDF encrypted with an owner password only (opens without a password)', async () => {
    const r = await convertPdf(readFileSync(ownerOnly));
    assert.equal(r.pageCount, 2);
    assert.match(
      r.markdown,
      /The study of the mechanism of electroweak symmetry breaking is one of the principal goals of the CERN LHC program\./,
    );
  });

  it('reports truncated and non-PDF bytes as CONVERT_CORRUPT', async () => {
    const pdf = readFileSync(SOURCE);
    for (const bytes of [
      pdf.subarray(0, Math.floor(pdf.length / 2)),
      pdf.subarray(0, 1024),
      readFileSync(corpus('html', 'engrafo_1707.08043.html')),
    ]) {
      await assert.rejects(
        convertPdf(bytes),
        (e) => isAppError(e, 'CONVERT_CORRUPT') && /not a readable PDF/.test(e.message),
      );
    }
  });

  it('`arxiv-radar convert` on an encrypted PDF exits 1 with the reason', async () => {
    const err = await promisify(execFile)(BIN, ['convert', aes256]).then(
      () => null,
      (e: unknown) => e as { code: number; stdout: string; stderr: string },
    );
    assert.ok(err, 'convert fails');
    assert.equal(err.code, 1);
    assert.equal(err.stdout, '');
    assert.match(err.stderr, /^error: The PDF is password-protected; download an unencrypted copy\.$/m);
  });
});

describe('a text layer of formulas is text; one of punctuation soup is not', () => {
  // LaTeXML's test documents (test/fixtures/latexml): real pdflatex pages made mostly of formulas,
  // 45–47% letters once spaces are left out.
  for (const name of ['alignment_eqnarray', 'ams_amsdisplay', 'alignment_ncases']) {
    it(`converts ${name}.pdf rather than asking for OCR`, async () => {
      const r = await convertPdf(readFileSync(path.join(FIXTURES_DIR, 'latexml', `${name}.pdf`)));
      assert.ok(r.markdown.replace(/\s/g, '').length > 100, r.markdown);
    });
  }

  it('still reports a Type 3 font without ToUnicode (symbols in place of letters) as CONVERT_NO_TEXT', async () => {
    // What pdf.js reads from such a font (the shared corpus's 0706.3971: 6% letters), in 40 lines.
    const soup = '!"#$%&*+,-./:;<=>?@[]^_`{|}~ 0123 !#%&*+-/<=>?@^_|~ a!#%&*+,-./:;<>?@^_|~ 4567';
    const lines = Array.from({ length: 40 }, (_, i) => ({ text: soup, size: 10, y: 740 - 16 * i }));
    const r = await convertPdf(textPdf(lines)).catch((e: unknown) => e);
    assert.ok(isAppError(r, 'CONVERT_NO_TEXT'), String(r));
    assert.match((r as Error).message, /no usable text layer \(\d+ characters per page, [0-9]% letters\)/);
  });
});
