/**
 * `npm run bench:rank`: time to rerank 100 candidates (titles + abstracts of the shared 100-entry
 * feed) with the cross-encoder in MODELS_DIR (RERANK_MODEL, RERANK_DTYPE) and with BM25 on the
 * same input. With the tiny test model this measures the pipeline's own overhead (tokenising,
 * batching, ONNX session calls); with a real MiniLM it measures real reranking cost.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseAtomFeed } from '../adapters/arxiv/atom.ts';
import { bm25Rank } from '../adapters/rank/bm25.ts';
import { loadCrossEncoder } from '../adapters/rank/cross-encoder.ts';
import { errorMessage } from '../domain/errors.ts';

const RUNS = 5;
const corpusDir = path.resolve(import.meta.dirname, '../../shared/corpus');
const modelsDir = path.resolve(
  process.env.MODELS_DIR ?? path.resolve(import.meta.dirname, '../../shared/models'),
);
const model = process.env.RERANK_MODEL ?? 'opensearch-project__TinyXLMRoberta-CE-onnx';
const dtype = process.env.RERANK_DTYPE ?? (model.includes('Tiny') ? 'fp32' : 'q8');
const batchSize = Number(process.env.RERANK_BATCH ?? 16);

const { papers } = parseAtomFeed(
  readFileSync(path.join(corpusDir, 'atom/search_testing_start0_max100.xml'), 'utf8'),
);
const docs = papers.map((p) => ({ id: p.id, text: `${p.title}. ${p.abstract}` }));
const query = 'automated test generation for deep learning systems';

function stats(ms: number[]): string {
  const s = [...ms].sort((a, b) => a - b);
  const median = s[Math.floor(s.length / 2)]!;
  return `median ${median.toFixed(1)} ms, min ${s[0]!.toFixed(1)} ms, max ${s.at(-1)!.toFixed(1)} ms (${RUNS} runs)`;
}

async function time(fn: () => Promise<unknown> | unknown): Promise<number> {
  const t = performance.now();
  await fn();
  return performance.now() - t;
}

console.log(`rerank ${docs.length} candidates; query "${query}"; node ${process.version}, ${process.arch}`);

const bm25 = [];
for (let i = 0; i < RUNS; i++) bm25.push(await time(() => bm25Rank(query, docs)));
console.log(`BM25:           ${stats(bm25)}`);

try {
  let reranker: Awaited<ReturnType<typeof loadCrossEncoder>> | undefined;
  const loadMs = await time(async () => {
    reranker = await loadCrossEncoder({ model, modelsDir, dtype, allowRemote: false, batchSize });
  });
  console.log(
    `cross-encoder:  ${model} (${dtype}) from ${modelsDir}, batch ${batchSize}; load ${loadMs.toFixed(1)} ms`,
  );
  await reranker!.rank(query, docs.slice(0, batchSize)); // warm-up: first ONNX run allocates
  const ce = [];
  for (let i = 0; i < RUNS; i++) ce.push(await time(() => reranker!.rank(query, docs)));
  console.log(`cross-encoder:  ${stats(ce)}`);
} catch (e) {
  console.log(`cross-encoder:  not measured (${errorMessage(e)})`);
}
