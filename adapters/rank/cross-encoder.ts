/**
 * Cross-encoder reranking with transformers.js: each (query, document) pair goes through a
 * sequence-classification model whose single logit is the relevance score. Runs locally on CPU;
 * the model is read from `modelsDir` or, when allowed, downloaded once into it from the hub.
 * `createReranker` degrades to BM25 when no model can be had, so a digest never fails for want
 * of a model.
 */
import path from 'node:path';
import { AppError, errorMessage } from '../../domain/errors.ts';
import { silentLogger, type Logger } from '../../lib/logger.ts';
import { createBm25Reranker } from './bm25.ts';
import type { Reranker } from '../../app/ports/ranker.ts';

export interface CrossEncoderOptions {
  /** Hub model id (`Xenova/ms-marco-MiniLM-L-6-v2`) or a folder name under `modelsDir`. */
  model: string;
  /** Where models live (`<modelsDir>/<model>/onnx/model*.onnx`) and where downloads go. */
  modelsDir: string;
  /** ONNX weights variant: q8 reads `onnx/model_quantized.onnx`, fp32 reads `onnx/model.onnx`. */
  dtype: string;
  /** Hub base URL (HF_ENDPOINT), for mirrors. */
  hfEndpoint?: string;
  /** False keeps everything offline: a missing model is an error instead of a download. */
  allowRemote: boolean;
  /** Pairs per forward pass. Bounded so memory stays flat on 100+ candidates. */
  batchSize?: number;
  logger?: Logger;
}

const DEFAULT_BATCH_SIZE = 16;

/** Loads tokenizer and model and returns a cross-encoder Reranker; throws AppError('NOT_FOUND') when unavailable. */
export async function loadCrossEncoder(opts: CrossEncoderOptions): Promise<Reranker> {
  const logger = opts.logger ?? silentLogger;
  const batchSize = Math.max(1, opts.batchSize ?? DEFAULT_BATCH_SIZE);
  const hf = await import('@huggingface/transformers');
  // transformers.js is configured through a process-wide `env` object; every loader sets the
  // same values from config, so sharing it is harmless.
  hf.env.localModelPath = withSlash(opts.modelsDir);
  hf.env.cacheDir = opts.modelsDir;
  hf.env.allowLocalModels = true;
  hf.env.allowRemoteModels = opts.allowRemote;
  if (opts.hfEndpoint) hf.env.remoteHost = withSlash(opts.hfEndpoint);

  const started = Date.now();
  let tokenizer: Awaited<ReturnType<typeof hf.AutoTokenizer.from_pretrained>>;
  let model: Awaited<ReturnType<typeof hf.AutoModelForSequenceClassification.from_pretrained>>;
  try {
    tokenizer = await hf.AutoTokenizer.from_pretrained(opts.model);
    model = await hf.AutoModelForSequenceClassification.from_pretrained(opts.model, {
      dtype: opts.dtype as 'fp32',
      device: 'cpu',
    });
  } catch (e) {
    const where = path.join(opts.modelsDir, opts.model);
    const weights = weightsFile(opts.dtype);
    throw new AppError(
      'NOT_FOUND',
      `Cross-encoder ${opts.model} (dtype ${opts.dtype}) could not be loaded from ${where}` +
        `${opts.allowRemote ? ` or downloaded from ${opts.hfEndpoint ?? 'the hub'}` : ' (downloads disabled)'}: ${errorMessage(e)}. ` +
        `Put tokenizer.json, config.json and ${weights} there, or allow downloads.`,
      { cause: e },
    );
  }
  logger.debug({ model: opts.model, dtype: opts.dtype, ms: Date.now() - started }, 'cross-encoder loaded');

  return {
    kind: 'cross-encoder',
    async rank(query, docs) {
      const scores: number[] = [];
      for (let i = 0; i < docs.length; i += batchSize) {
        const batch = docs.slice(i, i + batchSize);
        // Truncation cuts the pair to the tokenizer's model_max_length (512 for MiniLM), from the
        // longer member first, so the query survives a long abstract.
        const inputs = tokenizer(
          batch.map(() => query),
          { text_pair: batch.map((d) => d.text), padding: true, truncation: true },
        );
        const output = (await model(inputs)) as { logits: { dims: number[]; data: ArrayLike<number> } };
        const [rows, cols] = output.logits.dims;
        if (rows !== batch.length || cols === undefined || cols < 1) {
          throw new AppError(
            'INVALID_INPUT',
            `Model ${opts.model} returned logits of shape [${output.logits.dims.join(', ')}]; expected [${batch.length}, 1]: is it a cross-encoder?`,
          );
        }
        // One logit per pair (ms-marco style); with several labels the last one is "relevant".
        for (let r = 0; r < rows; r++) scores.push(Number(output.logits.data[r * cols + (cols - 1)]));
      }
      return docs
        .map((d, index) => ({ id: d.id, score: scores[index] ?? Number.NEGATIVE_INFINITY, index }))
        .sort((a, b) => b.score - a.score || a.index - b.index)
        .map(({ id, score }) => ({ id, score }));
    },
  };
}

// Models already reported missing in this process: the fallback is said once, not on every call.
const reportedMissing = new Set<string>();

/**
 * The reranker a digest uses: the cross-encoder when it loads, otherwise BM25. A missing model
 * is an expected, lasting condition: it is said once per process (per model and folder) as a
 * warning saying what to do, then only at debug. Never throws for a missing model.
 */
export async function createReranker(opts: CrossEncoderOptions & { logger: Logger }): Promise<Reranker> {
  try {
    return await loadCrossEncoder(opts);
  } catch (e) {
    const where = path.join(opts.modelsDir, opts.model);
    const reason = errorMessage(e instanceof Error && e.cause !== undefined ? e.cause : e);
    const key = `${where}\0${opts.dtype}`;
    if (reportedMissing.has(key)) {
      opts.logger.debug({ reason }, `reranker model still missing in ${where}; ranking with BM25`);
    } else {
      reportedMissing.add(key);
      opts.logger.warn(
        { reason },
        `no reranker model found in ${where}; ranking with BM25. ` +
          `Put the ONNX files there (tokenizer.json, config.json, ${weightsFile(opts.dtype)}) or set RERANK_MODEL`,
      );
    }
    return createBm25Reranker();
  }
}

/** The ONNX weights file transformers.js reads for a dtype. */
function weightsFile(dtype: string): string {
  return dtype === 'fp32'
    ? 'onnx/model.onnx'
    : dtype === 'q8'
      ? 'onnx/model_quantized.onnx'
      : `onnx/model_${dtype}.onnx`;
}

function withSlash(p: string): string {
  return p.endsWith('/') ? p : `${p}/`;
}
