/**
 * `npm run bench:feedback`: what learning from ratings costs per digest run at 1,000 ratings.
 * A SQLite library (in a temporary folder) holds 1,100 real papers of the shared all-archives RSS
 * feed; a subscription has 1,000 of them rated (👍 when the abstract mentions "learning", 👎
 * otherwise, about a third 👍); the other 100 are the announcement's candidates. Measured, after a
 * warm-up: reading the ratings and their papers from the library, then rankWithFeedback with BM25
 * (interest scores over candidates + rated papers, tf-idf, logistic regression, scoring), and the
 * same ranking without ratings (today's cost) for comparison. Then the same with the cross-encoder
 * in MODELS_DIR (default the shared tiny random-weight test model: its cost is the pipeline's
 * overhead, not a real MiniLM's), where the rated papers' interest scores cost one reranking of
 * 1,100 pairs instead of 100.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseAnnounceFeed } from '../adapters/arxiv/rss.ts';
import { createBm25Reranker } from '../adapters/rank/bm25.ts';
import { rankWithFeedback, type RatedDoc } from '../adapters/rank/feedback/ranker.ts';
import { openSqliteStore } from '../adapters/store/sqlite/index.ts';
import { loadCrossEncoder } from '../adapters/rank/cross-encoder.ts';
import { errorMessage } from '../domain/errors.ts';

const RUNS = 5;
const RATINGS = 1000;
const corpusDir = path.resolve(import.meta.dirname, '../../shared/corpus');
const feed = parseAnnounceFeed(
  readFileSync(path.join(corpusDir, 'rss/rss_all-20-archives_2024-11-28.xml'), 'utf8'),
);
const papers = feed.items.map((i) => i.paper).slice(0, RATINGS + 100);
const rated = papers.slice(0, RATINGS);
const candidates = papers.slice(RATINGS).map((p) => ({ id: p.id, text: `${p.title}\n${p.abstract}` }));
const interest = 'machine learning';

const dir = mkdtempSync(path.join(os.tmpdir(), 'bench-feedback-'));
const store = openSqliteStore({ dataDir: dir });
try {
  await store.upsertPapers(papers, { topic: 'bench' });
  await store.upsertSubscription({ name: 'bench', categories: ['cs.LG'], interest });
  for (const p of rated)
    await store.setRating({
      subscription: 'bench',
      arxivId: p.id,
      rating: /learning/i.test(p.abstract) ? 'up' : 'down',
      source: 'web',
    });

  const read = async (): Promise<RatedDoc[]> => {
    const docs: RatedDoc[] = [];
    for (const r of await store.listRatings('bench')) {
      const p = await store.getPaper(r.arxivId);
      if (p) docs.push({ id: p.id, text: `${p.title}\n${p.abstract}`, rating: r.rating, seed: false });
    }
    return docs;
  };
  const reranker = createBm25Reranker();
  const docs = await read();
  await rankWithFeedback(interest, candidates, docs, reranker); // warm-up
  const times = { read: [] as number[], rank: [] as number[], none: [] as number[] };
  for (let i = 0; i < RUNS; i++) {
    let t = performance.now();
    await read();
    times.read.push(performance.now() - t);
    t = performance.now();
    await rankWithFeedback(interest, candidates, docs, reranker);
    times.rank.push(performance.now() - t);
    t = performance.now();
    await rankWithFeedback(interest, candidates, [], reranker);
    times.none.push(performance.now() - t);
  }
  const stat = (ms: number[]) => {
    const s = [...ms].sort((a, b) => a - b);
    return `median ${s[Math.floor(s.length / 2)]!.toFixed(1)} ms (min ${s[0]!.toFixed(1)}, max ${s.at(-1)!.toFixed(1)}; ${RUNS} runs)`;
  };
  const ups = docs.filter((d) => d.rating === 'up').length;
  console.log(
    `${RATINGS} ratings (${ups} up), ${candidates.length} candidates; node ${process.version}, ${process.arch}`,
  );
  console.log(`read ratings + papers (SQLite):      ${stat(times.read)}`);
  console.log(`rank with the model (train + score): ${stat(times.rank)}`);
  console.log(`rank without ratings (today):        ${stat(times.none)}`);

  const modelsDir = path.resolve(
    process.env.MODELS_DIR ?? path.resolve(import.meta.dirname, '../../shared/models'),
  );
  const model = process.env.RERANK_MODEL ?? 'opensearch-project__TinyXLMRoberta-CE-onnx';
  try {
    const ce = await loadCrossEncoder({
      model,
      modelsDir,
      dtype: process.env.RERANK_DTYPE ?? (model.includes('Tiny') ? 'fp32' : 'q8'),
      allowRemote: false,
      batchSize: 16,
    });
    await ce.rank(interest, candidates.slice(0, 16)); // warm-up
    const ceTimes = { rank: [] as number[], none: [] as number[] };
    for (let i = 0; i < 3; i++) {
      let t = performance.now();
      await rankWithFeedback(interest, candidates, docs, ce);
      ceTimes.rank.push(performance.now() - t);
      t = performance.now();
      await rankWithFeedback(interest, candidates, [], ce);
      ceTimes.none.push(performance.now() - t);
    }
    console.log(`cross-encoder ${model}:`);
    console.log(`  rank with the model:                ${stat(ceTimes.rank).replace('5 runs', '3 runs')}`);
    console.log(`  rank without ratings (today):       ${stat(ceTimes.none).replace('5 runs', '3 runs')}`);
  } catch (e) {
    console.log(`cross-encoder: not measured (${errorMessage(e)})`);
  }
} finally {
  await store.close();
  rmSync(dir, { recursive: true, force: true });
}
