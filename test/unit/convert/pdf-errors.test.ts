/**
 * The PDF converter's typed errors on damaged and password-protected files. Encrypted copies of a
 * real corpus PDF are made at test time with qpdf (installed by .ci/run), never hand-written.
 */
import assert from 'node:assert/strict';
import { execFile, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { promisify } from 'node:util';
import { convertPdf } from '../../../activities/convert/pdf.ts';
import { convertInSandbox } from '../../../activities/convert/sandbox.ts';
import { isAppError } from '../../../lib/errors.ts';
import { corpus } from '../../support/corpus.ts';

const SOURCE = corpus('pdf', '1111.2011v2.pdf');
const TITLE = 'Quantum Criticality for Extended Nodes on a Bethe Lattice in the Large Connectivity Limit';
const LIMITS = { timeoutMs: 60_000, maxBytes: 50 * 1024 * 1024, maxMemoryMb: 512 };
const BIN = path.resolve(import.meta.dirname, '../../../bin/arxiv-radar');

/** `qpdf --encrypt USER OWNER BITS -- SOURCE out` (AES: 256-bit is AESv3, 128-bit AESv2); qpdf exits 3 for warnings with a usable output. */
function encrypt(out: string, user: string, bits: 128 | 256): string {
  const aes = bits === 128 ? ['--use-aes=y'] : [];
  const r = spawnSync('qpdf', ['--encrypt', user, 'owner-secret', String(bits), ...aes, '--', SOURCE, out], { encoding: 'utf8' });
  if (r.error) throw new Error(`qpdf is needed to make encrypted test PDFs (apt-get install qpdf): ${r.error.message}`);
  assert.ok(r.status === 0 || r.status === 3, `qpdf failed: ${r.stderr}`);
  return out;
}

describe('convertPdf typed errors', () => {
  let dir: string;
  let aes256: string;
  let aes128: string;
  let ownerOnly: string;
  before(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'arxiv-radar-pdf-errors-'));
    aes256 = encrypt(path.join(dir, 'aes256.pdf'), 'user-secret', 256);
    aes128 = encrypt(path.join(dir, 'aes128.pdf'), 'user-secret', 128);
    ownerOnly = encrypt(path.join(dir, 'owner-only.pdf'), '', 256);
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('the encrypted copies really are encrypted', () => {
    for (const f of [aes256, aes128, ownerOnly]) {
      const r = spawnSync('qpdf', ['--show-encryption', '--password=owner-secret', f], { encoding: 'utf8' });
      assert.equal(r.status, 0, r.stderr);
      assert.match(r.stdout, /^file encryption method: AESv[23]$/m, f);
    }
  });

  it('reports a PDF that needs a password to open as CONVERT_ENCRYPTED', async () => {
    for (const f of [aes256, aes128]) {
      await assert.rejects(convertPdf(readFileSync(f)), (e) => isAppError(e, 'CONVERT_ENCRYPTED') && /password-protected/.test(e.message), f);
    }
  });

  it('keeps the code across the sandbox worker boundary', async () => {
    await assert.rejects(convertInSandbox({ kind: 'pdf', path: aes256 }, LIMITS), (e) => isAppError(e, 'CONVERT_ENCRYPTED') && /password-protected/.test(e.message));
  });

  it('converts a PDF encrypted with an owner password only (opens without a password)', async () => {
    const r = await convertPdf(readFileSync(ownerOnly));
    assert.equal(r.title, TITLE);
    assert.equal(r.pageCount, 8);
  });

  it('reports truncated and non-PDF bytes as CONVERT_CORRUPT', async () => {
    const pdf = readFileSync(SOURCE);
    for (const bytes of [pdf.subarray(0, Math.floor(pdf.length / 2)), pdf.subarray(0, 1024), readFileSync(corpus('html', '1706.03762_ar5iv_excerpt.html'))]) {
      await assert.rejects(convertPdf(bytes), (e) => isAppError(e, 'CONVERT_CORRUPT') && /not a readable PDF/.test(e.message));
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
