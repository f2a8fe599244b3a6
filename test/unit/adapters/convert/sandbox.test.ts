/** convertInSandbox: conversion in a worker thread with time, size and memory limits. */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import {
  convertInSandbox,
  createConvertSandbox,
  prewarmConverter,
  type SandboxRun,
} from '../../../../adapters/convert/sandbox.ts';
import { isAppError } from '../../../../domain/errors.ts';
import { FIXTURES_DIR, corpus } from '../../../support/corpus.ts';

/** A page of the corpus's 1503.07589v1 with its text layer removed (scripts/make-pdf-fixtures.sh): a scan without OCR. */
const NO_TEXT = path.join(FIXTURES_DIR, 'pdf', 'no-text-layer.pdf');

const LIMITS = { timeoutMs: 60_000, maxBytes: 50 * 1024 * 1024, maxMemoryMb: 512 };

describe('convertInSandbox', () => {
  it('converts a PDF from a path in a worker', async () => {
    const r = await convertInSandbox({ kind: 'pdf', path: corpus('pdf', '1503.07589v1.pdf') }, LIMITS);
    assert.equal(r.pageCount, 47);
    assert.match(r.title ?? '', /^Combined Measurement of the Higgs Boson Mass in pp /);
    assert.ok(r.timings.totalMs > 0);
    // The first document on a new child paid for its start (Node, then pdf.js); the next one did not.
    assert.ok((r.timings.startMs ?? 0) > 0, `startMs ${r.timings.startMs}`);
    const again = await convertInSandbox({ kind: 'pdf', path: corpus('pdf', '1503.07589v1.pdf') }, LIMITS);
    assert.equal(again.timings.startMs, 0);
  });

  it("hands the paper's metadata title to the child: the PDF's title is the block that matches it", async () => {
    // Another large block of the same cover page, named as the metadata title, wins over the layout's pick.
    const r = await convertInSandbox(
      { kind: 'pdf', path: corpus('pdf', '1503.07589v1.pdf'), title: 'The ATLAS and CMS Collaborations' },
      LIMITS,
    );
    assert.match(r.title ?? '', /^The ATLAS and CMS Collaborations/);
  });

  it('converts HTML given as a string', async () => {
    const r = await convertInSandbox(
      { kind: 'html', data: readFileSync(corpus('html', 'engrafo_1707.08043.html'), 'utf8') },
      LIMITS,
    );
    assert.equal(
      r.title,
      'On Positive-Characteristic Semi-Parametric Local Reductions of Finitelly Generated $\\mathbb{Q}$-Algebras',
    );
  });

  it('stops a conversion that runs past the time limit', async () => {
    await assert.rejects(
      convertInSandbox(
        { kind: 'pdf', path: corpus('pdf', '1503.07589v1.pdf') },
        { ...LIMITS, timeoutMs: 200 },
      ),
      (e) => isAppError(e, 'CONVERT_TIMEOUT') && /longer than 200 ms/.test(e.message),
    );
  });

  it('refuses input over the size limit before starting', async () => {
    await assert.rejects(
      convertInSandbox(
        { kind: 'pdf', path: corpus('pdf', '1503.07589v1.pdf') },
        { ...LIMITS, maxBytes: 1024 * 1024 },
      ),
      (e) => isAppError(e, 'CONVERT_TOO_LARGE') && /over the 1048576-byte limit/.test(e.message),
    );
    await assert.rejects(
      convertInSandbox({ kind: 'html', data: 'x'.repeat(2000) }, { ...LIMITS, maxBytes: 1000 }),
      (e) => isAppError(e, 'CONVERT_TOO_LARGE'),
    );
  });

  it('reports truncated and non-PDF files as corrupt', async () => {
    const pdf = readFileSync(corpus('pdf', '1503.07589v1.pdf'));
    await assert.rejects(
      convertInSandbox({ kind: 'pdf', data: new Uint8Array(pdf.subarray(0, pdf.length / 2)) }, LIMITS),
      (e) => isAppError(e, 'CONVERT_CORRUPT') && /re-download/.test(e.message),
    );
    await assert.rejects(
      convertInSandbox({ kind: 'pdf', path: corpus('atom', 'id_list_1111.2011v2.xml') }, LIMITS),
      (e) => isAppError(e, 'CONVERT_CORRUPT'),
    );
  });

  it('passes CONVERT_NO_TEXT through from the worker', async () => {
    await assert.rejects(convertInSandbox({ kind: 'pdf', path: NO_TEXT }, LIMITS), (e) =>
      isAppError(e, 'CONVERT_NO_TEXT'),
    );
  });

  it('says which file is missing', async () => {
    await assert.rejects(
      convertInSandbox({ kind: 'pdf', path: corpus('pdf', 'nope.pdf') }, LIMITS),
      (e) => isAppError(e, 'NOT_FOUND') && /nope\.pdf/.test(e.message),
    );
  });
});

describe('prewarmConverter', () => {
  it('a pool with the same memory limit takes the process started ahead; one with another limit starts its own', async () => {
    const pid = prewarmConverter(448);
    assert.ok(pid);
    const runs: SandboxRun[] = [];
    const other = createConvertSandbox({
      limits: { ...LIMITS, maxMemoryMb: 480 },
      onRun: (r) => runs.push(r),
    });
    const same = createConvertSandbox({
      limits: { ...LIMITS, maxMemoryMb: 448 },
      onRun: (r) => runs.push(r),
    });
    try {
      const html = readFileSync(corpus('html', 'engrafo_1707.08043.html'), 'utf8');
      await other.convert({ kind: 'html', data: html });
      assert.notEqual(runs[0]!.pid, pid, 'another limit: not the prewarmed process');
      const r = await same.convert({ kind: 'html', data: html });
      assert.equal(runs[1]!.pid, pid, 'the same limit: the prewarmed process');
      assert.match(r.title ?? '', /^On Positive-Characteristic/);
      // Taken once: the next prewarm starts a new process.
      const next = prewarmConverter(448);
      assert.notEqual(next, pid);
      const third = createConvertSandbox({
        limits: { ...LIMITS, maxMemoryMb: 448 },
        onRun: (x) => runs.push(x),
      });
      await third.convert({ kind: 'html', data: html });
      assert.equal(runs[2]!.pid, next);
      await third.close();
    } finally {
      await other.close();
      await same.close();
    }
  });
});

describe('converter children never outlive their parent (issue 28)', () => {
  it('kill -9 of the process that started a warm converter child: the child exits by itself', async () => {
    const { spawn } = await import('node:child_process');
    const { descendantPids, isAlive } = await import('../../../support/cli.ts');
    const repo = path.resolve(import.meta.dirname, '../../../..');
    const script = `
      const { createConvertSandbox } = await import(${JSON.stringify(path.join(repo, 'adapters/convert/sandbox.ts'))});
      const pool = createConvertSandbox({ limits: { timeoutMs: 60000, maxBytes: 1e7, maxMemoryMb: 256 }, idleMs: 600000 });
      await pool.convert({ kind: 'html', data: '<html><body><h1>T</h1><p>x</p></body></html>' });
      console.log('warm');
      setInterval(() => {}, 1000);`;
    const parent = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      cwd: repo,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    await new Promise<void>((resolve, reject) => {
      parent.stdout.on('data', (d: Buffer) => d.toString().includes('warm') && resolve());
      parent.once('exit', (code) => reject(new Error(`the parent exited early (${code})`)));
    });
    const children = descendantPids(parent.pid!);
    assert.ok(children.length >= 1, 'a warm converter child runs');
    parent.kill('SIGKILL');
    const killedAt = Date.now();
    while (children.some(isAlive) && Date.now() - killedAt < 10_000)
      await new Promise((r) => setTimeout(r, 50));
    assert.deepEqual(children.filter(isAlive), []);
    console.log(`converter child gone ${Date.now() - killedAt} ms after kill -9 of its parent`);
  });
});
