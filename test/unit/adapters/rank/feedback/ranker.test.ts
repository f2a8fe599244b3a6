/**
 * The feedback ranker on real papers (the recorded all-archives RSS feed): without ratings it is
 * the reranker's ranking exactly; ratings move papers like the 👍 ones up and like the 👎 ones
 * down, with a weight that grows with their number; every pick says why.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { parseAnnounceFeed } from '../../../../../adapters/arxiv/rss.ts';
import { bm25Rank, createBm25Reranker } from '../../../../../adapters/rank/bm25.ts';
import {
  BLEND_HALF_WEIGHT_RATINGS,
  passesFloor,
  rankWithFeedback,
  type RatedDoc,
} from '../../../../../adapters/rank/feedback/ranker.ts';
import { corpus } from '../../../../support/corpus.ts';

const papers = parseAnnounceFeed(readFileSync(corpus('rss', 'rss_all-20-archives_2024-11-28.xml'), 'utf8'))
  .items.filter((i) => i.announceType === 'new' && i.paper.categories.some((c) => c.startsWith('cs.')))
  .map((i) => i.paper);
const doc = (p: (typeof papers)[number]) => ({ id: p.id, text: `${p.title}\n${p.abstract}` });
const graph = (p: (typeof papers)[number]) => /\bgraph/i.test(`${p.title} ${p.abstract}`);
// Candidates: 60 papers; rated ones come from elsewhere in the feed (as from earlier digests).
const candidates = papers.slice(0, 60).map(doc);
const history = papers.slice(60, 200);
const INTEREST = 'machine learning';

describe('rankWithFeedback', () => {
  it('without ratings returns the reranker ranking exactly: same order, same scores, "matches your interest"', async () => {
    const reranker = createBm25Reranker();
    const ranked = await rankWithFeedback(INTEREST, candidates, [], reranker);
    const plain = bm25Rank(INTEREST, candidates);
    assert.deepEqual(
      ranked.map((r) => [r.id, r.score]),
      plain.map((r) => [r.id, r.score]),
    );
    for (const r of ranked) {
      assert.equal(r.why.text, 'matches your interest');
      assert.equal(r.why.weight, 0);
      assert.equal(r.why.model, null);
      assert.equal(passesFloor(r, 0), r.score > 0, 'the floor is the interest score alone without a model');
    }
  });

  it('ratings move papers like the 👍 ones up, name the most similar one, and weigh more as they grow', async () => {
    const ups = history.filter(graph).slice(0, 4);
    const downs = history.filter((p) => !graph(p)).slice(0, 8);
    const rated: RatedDoc[] = [
      ...ups.map((p) => ({ ...doc(p), rating: 'up' as const, seed: false })),
      ...downs.map((p) => ({ ...doc(p), rating: 'down' as const, seed: false })),
    ];
    const reranker = createBm25Reranker();
    const before = await rankWithFeedback(INTEREST, candidates, [], reranker);
    const after = await rankWithFeedback(INTEREST, candidates, rated, reranker);
    const wanted = new Set(
      papers
        .slice(0, 60)
        .filter(graph)
        .map((p) => p.id),
    );
    assert.ok(wanted.size >= 2, 'the candidates hold graph papers');
    const top = (r: typeof after) => r.slice(0, 10).filter((x) => wanted.has(x.id)).length;
    assert.ok(top(after) > top(before), `graph papers in the top 10: ${top(before)} -> ${top(after)}`);
    assert.equal(after.length, candidates.length);
    assert.equal(after[0]!.why.ratings, rated.length);
    assert.ok(
      Math.abs(after[0]!.why.weight - rated.length / (rated.length + BLEND_HALF_WEIGHT_RATINGS)) < 1e-12,
    );
    const liked = after.find((r) => r.why.like);
    assert.ok(liked, 'some pick is explained by a rated paper');
    assert.ok(ups.some((p) => p.id === liked.why.like?.id));
    assert.match(liked.why.text, new RegExp(`like ${liked.why.like!.id.replace('.', '\\.')} you rated 👍`));
    // Sorted by the blend; the score stays the reranker's interest score of today's candidates.
    for (let i = 1; i < after.length; i++) assert.ok(after[i - 1]!.why.blended >= after[i]!.why.blended);
    const plainScores = new Map(bm25Rank(INTEREST, candidates).map((r) => [r.id, r.score]));
    for (const r of after) assert.equal(r.score, plainScores.get(r.id));
    const fewer = await rankWithFeedback(INTEREST, candidates, rated.slice(0, 3), reranker);
    assert.ok(fewer[0]!.why.weight < after[0]!.why.weight, 'the model weighs more with more ratings');
  });

  it('seed papers alone (one class) train against the candidates, and explanations name the seed', async () => {
    const seeds: RatedDoc[] = history
      .filter(graph)
      .slice(0, 3)
      .map((p) => ({ ...doc(p), rating: 'up', seed: true }));
    const ranked = await rankWithFeedback(INTEREST, candidates, seeds, createBm25Reranker());
    assert.ok(ranked.every((r) => r.why.model !== null));
    const named = ranked.filter((r) => r.why.like);
    assert.ok(named.length > 0);
    for (const r of named) assert.match(r.why.text, /a seed paper/);
  });

  it('is deterministic: the same input gives the same ranking', async () => {
    const rated: RatedDoc[] = history
      .slice(0, 10)
      .map((p) => ({ ...doc(p), rating: graph(p) ? 'up' : 'down', seed: false }));
    const a = await rankWithFeedback(INTEREST, candidates, rated, createBm25Reranker());
    const b = await rankWithFeedback(INTEREST, candidates, rated, createBm25Reranker());
    assert.deepEqual(a, b);
  });
});
