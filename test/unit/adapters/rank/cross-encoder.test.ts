import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { pino } from 'pino';
import { createReranker, loadCrossEncoder } from '../../../../adapters/rank/cross-encoder.ts';
import { isAppError } from '../../../../domain/errors.ts';
import { MODELS_DIR } from '../../../support/corpus.ts';

const TINY = {
  model: 'opensearch-project__TinyXLMRoberta-CE-onnx',
  modelsDir: MODELS_DIR,
  dtype: 'fp32',
  allowRemote: false,
};

const DOCS = [
  {
    id: '1706.03762',
    text: 'Attention Is All You Need. The dominant sequence transduction models are based on complex recurrent networks.',
  },
  { id: 'bread', text: 'Banana bread: mash three bananas, fold in flour and bake for an hour.' },
  { id: 'long', text: `A very long abstract. ${'Transformers scale with data and compute. '.repeat(40)}` },
  { id: 'short', text: 'Graphs.' },
  { id: 'empty', text: '' },
];

/** A logger that records warnings, to count them. */
function recordingLogger(): { logger: pino.Logger; warnings: string[] } {
  const warnings: string[] = [];
  const logger = pino(
    { level: 'warn' },
    { write: (line: string) => void warnings.push(String((JSON.parse(line) as { msg: string }).msg)) },
  );
  return { logger, warnings };
}

describe('loadCrossEncoder (tiny offline model)', () => {
  it('scores every pair, batched scores equal one-by-one scores, order follows scores', async () => {
    const batched = await loadCrossEncoder({ ...TINY, batchSize: 3 });
    assert.equal(batched.kind, 'cross-encoder');
    const ranked = await batched.rank('how do transformers work', DOCS);
    assert.equal(ranked.length, DOCS.length);
    assert.deepEqual(new Set(ranked.map((r) => r.id)), new Set(DOCS.map((d) => d.id)));
    for (const r of ranked) assert.ok(Number.isFinite(r.score), `score of ${r.id} is ${r.score}`);
    for (let i = 1; i < ranked.length; i++) assert.ok(ranked[i - 1]!.score >= ranked[i]!.score);

    const single = await loadCrossEncoder({ ...TINY, batchSize: 1 });
    for (const doc of DOCS) {
      const [one] = await single.rank('how do transformers work', [doc]);
      const inBatch = ranked.find((r) => r.id === doc.id);
      assert.ok(one && inBatch);
      assert.ok(Math.abs(one.score - inBatch.score) < 1e-5, `${doc.id}: ${one.score} vs ${inBatch.score}`);
    }
  });

  it('returns an empty list for no candidates', async () => {
    const r = await loadCrossEncoder(TINY);
    assert.deepEqual(await r.rank('anything', []), []);
  });

  it('fails with NOT_FOUND naming the missing weights when the dtype file is absent', async () => {
    await assert.rejects(
      loadCrossEncoder({ ...TINY, dtype: 'q8' }),
      (e: unknown) => isAppError(e, 'NOT_FOUND') && /model_quantized\.onnx/.test(e.message),
    );
  });
});

describe('createReranker', () => {
  const emptyDir = mkdtempSync(path.join(os.tmpdir(), 'arxiv-radar-models-'));
  after(() => rmSync(emptyDir, { recursive: true, force: true }));

  it('uses the cross-encoder when the model loads, without warning', async () => {
    const { logger, warnings } = recordingLogger();
    const r = await createReranker({ ...TINY, logger });
    assert.equal(r.kind, 'cross-encoder');
    assert.equal(warnings.length, 0);
  });

  it('falls back to BM25 with exactly one warning when no model is present, and still ranks', async () => {
    const { logger, warnings } = recordingLogger();
    const r = await createReranker({
      model: 'Xenova/ms-marco-MiniLM-L-6-v2',
      modelsDir: emptyDir,
      dtype: 'q8',
      allowRemote: false,
      logger,
    });
    assert.equal(r.kind, 'bm25');
    const ranked = await r.rank('attention in recurrent networks', DOCS);
    await r.rank('banana', DOCS);
    assert.equal(ranked[0]!.id, '1706.03762');
    assert.equal(warnings.length, 1);
    assert.equal(
      warnings[0],
      `no reranker model found in ${path.join(emptyDir, 'Xenova/ms-marco-MiniLM-L-6-v2')}; ranking with BM25. ` +
        'Put the ONNX files there (tokenizer.json, config.json, onnx/model_quantized.onnx) or set RERANK_MODEL',
    );
  });

  it('says a missing model once per process: later fallbacks for the same folder log at debug only', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'arxiv-radar-models-once-'));
    try {
      const opts = {
        model: 'Xenova/ms-marco-MiniLM-L-6-v2',
        modelsDir: dir,
        dtype: 'q8',
        allowRemote: false,
      };
      const calls = [recordingLogger(), recordingLogger(), recordingLogger()];
      for (const { logger } of calls) assert.equal((await createReranker({ ...opts, logger })).kind, 'bm25');
      assert.deepEqual(
        calls.map((c) => c.warnings.length),
        [1, 0, 0],
      );
      // Another dtype is another file to put there: said once too.
      const fp32 = recordingLogger();
      await createReranker({ ...opts, dtype: 'fp32', logger: fp32.logger });
      assert.match(fp32.warnings[0] ?? '', /onnx\/model\.onnx\) or set RERANK_MODEL$/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('falls back when only the tokenizer exists (real MiniLM tokenizer, no weights)', async () => {
    const { logger, warnings } = recordingLogger();
    const r = await createReranker({
      model: 'Xenova__ms-marco-MiniLM-L-6-v2',
      modelsDir: path.join(MODELS_DIR, '_tokenizer_only'),
      dtype: 'q8',
      allowRemote: false,
      logger,
    });
    assert.equal(r.kind, 'bm25');
    assert.equal(warnings.length, 1);
  });
});
