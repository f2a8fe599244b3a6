/**
 * Hostile input: decompression and text-operator bombs, thousands of blank pages, deep nesting and
 * reference cycles (written at test time by test/support/hostile-pdf.ts), and paths that are not
 * regular files. Each must end with a clear error naming its cause, with the converting child's
 * peak resident memory — measured by the parent from /proc — within the limit plus a margin for
 * one poll period. Time is bounded by the configured timeout, not asserted.
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { createConvertSandbox, type SandboxRun } from '../../../../adapters/convert/sandbox.ts';
import { isAppError } from '../../../../domain/errors.ts';
import { corpus } from '../../../support/corpus.ts';
import { HOSTILE_KINDS, writeHostilePdf, type HostileKind } from '../../../support/hostile-pdf.ts';

// 5000 blank pages take ~10 s on a quiet machine and 74 s were seen at load 15 on two cores.
const LIMITS = { timeoutMs: 300_000, maxBytes: 50 * 1024 * 1024, maxMemoryMb: 384 };
/** One 10 ms poll of page faults at a few GB/s, plus the kernel's accounting granularity. */
const MARGIN_MB = 64;

const EXPECTED: Record<HostileKind, { code: string; message: RegExp }> = {
  'deflate-bomb': {
    code: 'CONVERT_TOO_LARGE',
    message: /exceeded the 384 MB memory limit \(CONVERT_MAX_MEMORY_MB\)/,
  },
  'text-bomb': { code: 'CONVERT_TOO_LARGE', message: /Page 1 has more than 200000 pieces of text/ },
  // No text on any page: the honest answer.
  'blank-pages': { code: 'CONVERT_NO_TEXT', message: /no usable text layer \(0 characters per page/ },
  'deep-nesting': { code: 'CONVERT_CORRUPT', message: /nests arrays or dictionaries too deeply/ },
  'page-cycle': { code: 'CONVERT_CORRUPT', message: /circular reference/ },
  // pdf.js paints the self-painting form once ("Loop"), so the page has 4 characters of text.
  'xobject-cycle': { code: 'CONVERT_NO_TEXT', message: /\(4 characters per page/ },
};

describe('hostile PDFs in the sandbox', () => {
  let dir = '';
  const runs: SandboxRun[] = [];
  const sandbox = createConvertSandbox({ limits: LIMITS, maxChildren: 1, onRun: (r) => runs.push(r) });
  const file = (kind: HostileKind) => path.join(dir, `${kind}.pdf`);

  before(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'hostile-pdf-'));
    for (const kind of HOSTILE_KINDS) await writeHostilePdf(kind, file(kind));
  });
  after(async () => {
    await sandbox.close();
    rmSync(dir, { recursive: true, force: true });
  });

  for (const kind of HOSTILE_KINDS) {
    it(`${kind}: ${EXPECTED[kind].code}, peak RSS within the limit`, async () => {
      await assert.rejects(sandbox.convert({ kind: 'pdf', path: file(kind) }), (e) => {
        assert.ok(isAppError(e), String(e));
        assert.equal(e.code, EXPECTED[kind].code, e.message);
        assert.match(e.message, EXPECTED[kind].message);
        if (kind.endsWith('bomb')) assert.doesNotMatch(e.message, /text layer|OCR/);
        return true;
      });
      const run = runs.at(-1)!;
      assert.ok(run.peakRssMb > 0, 'peak RSS measured');
      assert.ok(
        run.peakRssMb <= LIMITS.maxMemoryMb + MARGIN_MB,
        `peak ${run.peakRssMb} MB > ${LIMITS.maxMemoryMb} + ${MARGIN_MB} MB`,
      );
    });
  }

  it('converts a real paper correctly right after ten bombs in a row', async () => {
    const before = runs.length;
    for (let i = 0; i < 10; i++) {
      const kind = i % 2 ? 'text-bomb' : 'deflate-bomb';
      await assert.rejects(sandbox.convert({ kind: 'pdf', path: file(kind) }), (e) =>
        isAppError(e, 'CONVERT_TOO_LARGE'),
      );
    }
    const bombs = runs.slice(before);
    assert.equal(bombs.length, 10);
    for (const run of bombs) {
      assert.ok(run.replaced, 'a child that hit a limit is replaced');
      assert.ok(run.peakRssMb <= LIMITS.maxMemoryMb + MARGIN_MB, `peak ${run.peakRssMb} MB`);
    }
    assert.equal(new Set(bombs.map((r) => r.pid)).size, 10, 'every bomb ran in a fresh child');
    const r = await sandbox.convert({ kind: 'pdf', path: corpus('pdf', '1503.07589v1.pdf') });
    assert.equal(r.pageCount, 47);
    assert.match(r.title ?? '', /^Combined Measurement of the Higgs Boson Mass in pp /);
    // The healthy child is kept warm for the next document.
    const ok = runs.at(-1)!;
    assert.equal(ok.outcome, 'ok');
    assert.equal(ok.replaced, false);
    await sandbox.convert({ kind: 'pdf', path: corpus('pdf', '1503.07589v1.pdf') });
    assert.equal(runs.at(-1)!.pid, ok.pid);
  });
});

describe('sandbox input that is not a regular file, and limits that cannot work', () => {
  let dir = '';
  const sandbox = createConvertSandbox({ limits: { ...LIMITS, maxBytes: 1024 * 1024 }, maxChildren: 1 });
  before(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'hostile-input-'));
  });
  after(async () => {
    await sandbox.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('refuses a symlink to /dev/zero named x.pdf (stat says size 0)', async () => {
    const link = path.join(dir, 'x.pdf');
    symlinkSync('/dev/zero', link);
    await assert.rejects(
      sandbox.convert({ kind: 'pdf', path: link }),
      (e) =>
        isAppError(e, 'INVALID_INPUT') && /x\.pdf is a character device, not a regular file/.test(e.message),
    );
  });

  it('refuses a FIFO without waiting for a writer', async () => {
    const fifo = path.join(dir, 'pipe.pdf');
    execFileSync('mkfifo', [fifo]);
    await assert.rejects(
      sandbox.convert({ kind: 'pdf', path: fifo }),
      (e) => isAppError(e, 'INVALID_INPUT') && /is a FIFO \(named pipe\), not a regular file/.test(e.message),
    );
  });

  it('refuses a directory with a clear message (no raw EISDIR)', async () => {
    const d = path.join(dir, 'folder.pdf');
    mkdirSync(d);
    await assert.rejects(
      sandbox.convert({ kind: 'pdf', path: d }),
      (e) =>
        isAppError(e, 'INVALID_INPUT') &&
        /is a directory, not a regular file/.test(e.message) &&
        !/EISDIR/.test(e.message),
    );
  });

  it('refuses a file over CONVERT_MAX_BYTES', async () => {
    const big = path.join(dir, 'big.pdf');
    writeFileSync(big, Buffer.alloc(1024 * 1024 + 1, 0x20));
    await assert.rejects(
      sandbox.convert({ kind: 'pdf', path: big }),
      (e) =>
        isAppError(e, 'CONVERT_TOO_LARGE') &&
        /1048577 bytes, over the 1048576-byte limit \(CONVERT_MAX_BYTES\)/.test(e.message),
    );
  });

  it('says when CONVERT_MAX_MEMORY_MB is below what the converter itself needs', async () => {
    const tiny = createConvertSandbox({ limits: { ...LIMITS, maxMemoryMb: 64 }, maxChildren: 1 });
    await assert.rejects(
      tiny.convert({ kind: 'pdf', path: corpus('pdf', '1503.07589v1.pdf') }),
      (e) =>
        isAppError(e, 'CONFIG_INVALID') &&
        /CONVERT_MAX_MEMORY_MB=64 is below what the converter process takes/.test(e.message),
    );
    await tiny.close();
  });

  it('stops reading at the byte limit when the size stat() gives is wrong', async () => {
    // /proc files say size 0 and hold more: the read itself must count.
    const small = createConvertSandbox({ limits: { ...LIMITS, maxBytes: 1024 }, maxChildren: 1 });
    const link = path.join(dir, 'maps.pdf');
    symlinkSync('/proc/self/maps', link);
    await assert.rejects(
      small.convert({ kind: 'pdf', path: link }),
      (e) =>
        isAppError(e, 'CONVERT_TOO_LARGE') &&
        /larger than its size says \(more than 1024 bytes read\)/.test(e.message),
    );
    await small.close();
  });
});
