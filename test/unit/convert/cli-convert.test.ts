/** `arxiv-radar convert` end to end: the real bin, the sandbox worker, stdout and exit codes. */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import path from 'node:path';
import { describe, it } from 'node:test';
import { promisify } from 'node:util';
import { FIXTURES_DIR, corpus } from '../../support/corpus.ts';

const BIN = path.resolve(import.meta.dirname, '../../../bin/arxiv-radar');
const run = promisify(execFile);

async function cli(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(BIN, args, { maxBuffer: 32 * 1024 * 1024 });
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
    assert.ok(r.stdout.startsWith('# Combined Measurement of the Higgs Boson Mass in pp '), r.stdout.slice(0, 200));
    assert.match(r.stdout, /\n## Abstract\n\nA measurement of the Higgs boson mass is presented/);
  });

  it('adds structure with --json', async () => {
    const r = await cli('convert', corpus('html', 'engrafo_1707.08043.html'), '--json');
    assert.equal(r.code, 0, r.stderr);
    const j = JSON.parse(r.stdout) as { title: string; sections: Array<{ level: number; title: string }>; pageCount: null; warnings: string[]; timings: { totalMs: number } };
    const title = 'On Positive-Characteristic Semi-Parametric Local Reductions of Finitelly Generated $\\mathbb{Q}$-Algebras';
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
    assert.match(bad.stderr, /expected a \.pdf or \.html file/);
  });
});
