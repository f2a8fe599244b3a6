/** `arxiv-radar convert` end to end: the real bin, the sandbox child process, stdout and exit codes. */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { promisify } from 'node:util';
import { FIXTURES_DIR, corpus } from '../../support/corpus.ts';
import { writeHostilePdf } from '../../support/hostile-pdf.ts';
import { gzip, tar } from '../../support/tar.ts';

const BIN = path.resolve(import.meta.dirname, '../../../bin/arxiv-radar');
const run = promisify(execFile);

async function cli(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return await cliWith({}, ...args);
}

async function cliWith(
  env: Record<string, string>,
  ...args: string[]
): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(BIN, args, {
      maxBuffer: 32 * 1024 * 1024,
      env: { ...process.env, ...env },
    });
    return { code: 0, stdout, stderr };
  } catch (e) {
    const err = e as { code: number; stdout: string; stderr: string };
    return { code: err.code, stdout: err.stdout, stderr: err.stderr };
  }
}

describe('arxiv-radar convert', () => {
  it('prints Markdown of a PDF', async () => {
    const r = await cli('convert', corpus('pdf', '1503.07589v1.pdf'));
    assert.equal(r.code, 0, r.stderr);
    assert.ok(
      r.stdout.startsWith('# Combined Measurement of the Higgs Boson Mass in pp '),
      r.stdout.slice(0, 200),
    );
    assert.match(r.stdout, /\n## Abstract\n\nA measurement of the Higgs boson mass is presented/);
  });

  it('adds structure with --json', async () => {
    const r = await cli('convert', corpus('html', 'engrafo_1707.08043.html'), '--json');
    assert.equal(r.code, 0, r.stderr);
    const j = JSON.parse(r.stdout) as {
      title: string;
      sections: Array<{ level: number; title: string }>;
      pageCount: null;
      warnings: string[];
      timings: { totalMs: number };
    };
    const title =
      'On Positive-Characteristic Semi-Parametric Local Reductions of Finitelly Generated $\\mathbb{Q}$-Algebras';
    assert.equal(j.title, title);
    assert.deepEqual(j.sections[0], { level: 1, title });
    assert.equal(j.pageCount, null);
    assert.ok(Array.isArray(j.warnings) && typeof j.timings.totalMs === 'number');
  });

  it('fails with a clear message for a PDF without a text layer and for unknown file types', async () => {
    const noText = await cli('convert', path.join(FIXTURES_DIR, 'pdf', 'no-text-layer.pdf'));
    assert.notEqual(noText.code, 0);
    assert.match(noText.stderr, /no usable text layer/);
    const bad = await cli('convert', path.join(FIXTURES_DIR, 'MANIFEST.md'));
    assert.equal(bad.code, 2);
    assert.match(bad.stderr, /expected a \.pdf, \.html, \.tar\.gz, \.gz or \.tex file/);
  });

  it('converts a LaTeX source: an arXiv e-print (.tar.gz), a single .tex, and refuses a hostile archive', async () => {
    const r = await cli('convert', path.join(FIXTURES_DIR, 'latex', 'gp-review-araa.tar.gz'));
    assert.equal(r.code, 0, r.stderr);
    assert.ok(
      r.stdout.startsWith('# Gaussian Process Regression for astronomical time-series'),
      r.stdout.slice(0, 200),
    );
    assert.match(r.stdout, /\n\$\$[^\n]+\$\$\n/);
    const dir = mkdtempSync(path.join(tmpdir(), 'cli-convert-'));
    try {
      const tex = path.join(dir, 'note.tex');
      writeFileSync(
        tex,
        '\\documentclass{article}\\newcommand{\\R}{\\mathbb{R}}\\begin{document}\\section{One}Let $x \\in \\R$.\\end{document}',
      );
      const single = await cli('convert', tex);
      assert.equal(single.code, 0, single.stderr);
      assert.equal(single.stdout, '## 1 One\n\nLet $x \\in \\mathbb{R}$.\n');
      const slip = path.join(dir, 'slip.tar.gz');
      writeFileSync(slip, gzip(tar([['../outside.tex', '\\documentclass{article}']])));
      const refused = await cli('convert', slip);
      assert.notEqual(refused.code, 0);
      assert.match(refused.stderr, /path leaving the archive/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('refuses a /dev/zero symlink named x.pdf and a directory with a clear message, exit 2', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'cli-convert-'));
    try {
      symlinkSync('/dev/zero', path.join(dir, 'x.pdf'));
      const zero = await cli('convert', path.join(dir, 'x.pdf'));
      assert.equal(zero.code, 2, zero.stderr);
      assert.match(zero.stderr, /x\.pdf is a character device, not a regular file/);
      mkdirSync(path.join(dir, 'folder.pdf'));
      const folder = await cli('convert', path.join(dir, 'folder.pdf'));
      assert.equal(folder.code, 2, folder.stderr);
      assert.match(folder.stderr, /folder\.pdf is a directory, not a regular file/);
      assert.doesNotMatch(folder.stderr, /EISDIR/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('names the memory limit when a decompression bomb hits it', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'cli-convert-'));
    try {
      const bomb = await writeHostilePdf('deflate-bomb', path.join(dir, 'bomb.pdf'));
      const r = await cliWith({ CONVERT_MAX_MEMORY_MB: '256' }, 'convert', bomb);
      assert.notEqual(r.code, 0);
      assert.match(r.stderr, /exceeded the 256 MB memory limit \(CONVERT_MAX_MEMORY_MB\)/);
      assert.doesNotMatch(r.stderr, /text layer/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
