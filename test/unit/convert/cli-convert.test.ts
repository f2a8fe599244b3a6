/** `arxiv-radar convert` end to end: the real bin, the sandbox worker, stdout and exit codes. */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import path from 'node:path';
import { describe, it } from 'node:test';
import { promisify } from 'node:util';
import { corpus } from '../../support/corpus.ts';

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
    const r = await cli('convert', corpus('pdf', '2304.02623v1.pdf'));
    assert.equal(r.code, 0, r.stderr);
    assert.ok(r.stdout.startsWith('# Beyond Summarization: Designing AI Support for Real-World Expository Writing Tasks\n'));
  });

  it('adds structure with --json', async () => {
    const r = await cli('convert', corpus('html', '1706.03762_ar5iv_excerpt.html'), '--json');
    assert.equal(r.code, 0, r.stderr);
    const j = JSON.parse(r.stdout) as { title: string; sections: Array<{ level: number; title: string }>; pageCount: null; warnings: string[]; timings: { totalMs: number } };
    assert.equal(j.title, 'Attention Is All You Need');
    assert.deepEqual(j.sections[0], { level: 1, title: 'Attention Is All You Need' });
    assert.equal(j.pageCount, null);
    assert.ok(Array.isArray(j.warnings) && typeof j.timings.totalMs === 'number');
  });

  it('fails with a clear message for a PDF without a text layer and for unknown file types', async () => {
    const noText = await cli('convert', corpus('pdf', '0706.3971.pdf'));
    assert.notEqual(noText.code, 0);
    assert.match(noText.stderr, /no usable text layer/);
    const bad = await cli('convert', corpus('MANIFEST.md'));
    assert.equal(bad.code, 2);
    assert.match(bad.stderr, /expected a \.pdf or \.html file/);
  });
});
