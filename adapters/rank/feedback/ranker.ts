/**
 * Ranking that learns from a reader: a subscription's model, retrained at every digest run from
 * its ratings (👍, 👎, seed papers) over tf-idf of title and abstract plus the interest score,
 * blended with the interest ranking by a weight that grows with the number of ratings.
 *
 * - Interest scores: the reranker's call on the candidates, exactly as without ratings (the blend,
 *   the relevance floor and the explanations use them). No ratings: that ranking, unchanged.
 * - Features: unit-length tf-idf (sublinear tf) fitted on the rated papers and the candidates,
 *   plus the interest as a BM25 percentile within that same set (comparable between rated papers
 *   and today's candidates; BM25 even when the cross-encoder ranks, so the rated papers cost
 *   milliseconds, not a cross-encoder pass over up to 1,000 more pairs every run).
 * - Model: L2 logistic regression with balanced classes (logistic.ts). Until the reader has given
 *   both 👍 and 👎, the unrated candidates stand in for the missing class, as arxiv-sanity-lite
 *   trains tagged papers against all others.
 * - Blend: (1 - w) * z(interest) + w * z(model), z standardised over the candidates,
 *   w = n / (n + BLEND_HALF_WEIGHT_RATINGS) for n ratings.
 */
import { bm25Rank, tokenize } from '../bm25.ts';
import type { RankDoc, Reranker } from '../../../app/ports/ranker.ts';
import { MATCHES_INTEREST, type PickReason } from '../../../domain/pick-reason.ts';
import { decision, fitLogistic } from './logistic.ts';
import { dot, fitTfidf, tfidfVector, type SparseVector } from './tfidf.ts';

/** The number of ratings at which the model weighs as much as the interest (chosen on the tuning split of `npm run eval:feedback`). */
export const BLEND_HALF_WEIGHT_RATINGS = 4;
/** Inverse regularisation of the logistic regression (scikit-learn's C; chosen on the tuning split). */
export const MODEL_C = 3;
/** Newest ratings a run learns from (training time grows with them; see `npm run bench:feedback`). */
export const MAX_TRAINING_RATINGS = 1000;
/** A rated paper is named in an explanation only when at least this similar (tf-idf cosine). */
const MIN_LIKE_SIMILARITY = 0.05;

/** A rated paper the model learns from. */
export interface RatedDoc extends RankDoc {
  rating: 'up' | 'down';
  seed: boolean;
}

export interface FeedbackRanked {
  id: string;
  /** The interest score (the reranker's). */
  score: number;
  why: PickReason;
}

export interface FeedbackTuning {
  c?: number;
  halfWeightRatings?: number;
}

function zScores(xs: number[]): number[] {
  const n = xs.length;
  if (n === 0) return [];
  const mean = xs.reduce((a, b) => a + b, 0) / n;
  const sd = Math.sqrt(xs.reduce((a, b) => a + (b - mean) ** 2, 0) / n);
  return xs.map((x) => (sd > 0 ? (x - mean) / sd : 0));
}

/** Percentile (0..1) of each score within the list; ties share the mean rank. */
function percentiles(scores: number[]): number[] {
  const order = scores.map((s, i) => ({ s, i })).sort((a, b) => a.s - b.s);
  const out = new Array<number>(scores.length);
  for (let k = 0; k < order.length;) {
    let e = k;
    while (e + 1 < order.length && order[e + 1]!.s === order[k]!.s) e++;
    const p = order.length > 1 ? (k + e) / 2 / (order.length - 1) : 0.5;
    for (let j = k; j <= e; j++) out[order[j]!.i] = p;
    k = e + 1;
  }
  return out;
}

/**
 * The relevance floor with feedback: a paper is sent when its interest score is above `minScore`
 * (as without ratings), or when the subscription's model says the reader more likely wants it
 * than not (log-odds > 0): ratings are evidence of relevance too.
 */
export function passesFloor(r: { score: number; why?: PickReason | undefined }, minScore: number): boolean {
  return r.score > minScore || (r.why?.model ?? 0) > 0;
}

/** The candidates ranked against the interest and, when there are ratings, by the model learned from them; best first. */
export async function rankWithFeedback(
  interest: string,
  candidates: RankDoc[],
  rated: RatedDoc[],
  reranker: Pick<Reranker, 'rank'>,
  tuning: FeedbackTuning = {},
): Promise<FeedbackRanked[]> {
  const training = rated.slice(-MAX_TRAINING_RATINGS);
  if (training.length === 0 || candidates.length === 0) {
    const ranked = await reranker.rank(interest, candidates);
    return ranked.map((r) => ({
      id: r.id,
      score: r.score,
      why: {
        text: MATCHES_INTEREST,
        interest: r.score,
        model: null,
        weight: 0,
        blended: r.score,
        like: null,
        ratings: 0,
      },
    }));
  }

  const ranked = await reranker.rank(interest, candidates);
  const interestOf = new Map(ranked.map((r) => [r.id, r.score]));
  // The interest feature: BM25 over candidates and rated papers together, so both share one scale.
  const union = new Map<string, RankDoc>();
  for (const d of [...candidates, ...training])
    if (!union.has(d.id)) union.set(d.id, { id: d.id, text: d.text });
  const ids = [...union.keys()];
  const lexical = new Map(bm25Rank(interest, [...union.values()]).map((r) => [r.id, r.score]));
  const pct = new Map<string, number>();
  percentiles(ids.map((id) => lexical.get(id) ?? 0)).forEach((p, i) => pct.set(ids[i]!, p));

  const tokens = new Map(ids.map((id) => [id, tokenize(union.get(id)!.text)]));
  const tfidf = fitTfidf(ids.map((id) => tokens.get(id)!));
  const dims = tfidf.idf.length;
  const text = new Map<string, SparseVector>(ids.map((id) => [id, tfidfVector(tfidf, tokens.get(id)!)]));
  const features = (id: string): SparseVector => {
    const v = text.get(id)!;
    return { idx: [...v.idx, dims], val: [...v.val, pct.get(id)!] };
  };

  const rows = training.map((r) => features(r.id));
  const labels = training.map((r) => r.rating === 'up');
  const ups = labels.filter(Boolean).length;
  if (ups === 0 || ups === labels.length) {
    // One class so far: today's unrated candidates stand in for the other.
    const ratedIds = new Set(training.map((r) => r.id));
    for (const c of candidates) {
      if (ratedIds.has(c.id)) continue;
      rows.push(features(c.id));
      labels.push(ups === 0);
    }
  }
  const model =
    labels.some(Boolean) && labels.some((l) => !l)
      ? fitLogistic(rows, labels, dims + 1, { c: tuning.c ?? MODEL_C, balanced: true, tolerance: 1e-6 })
      : null;

  const candidateIds = candidates.map((c) => c.id);
  const interestScores = candidateIds.map((id) => interestOf.get(id) ?? 0);
  const modelScores = candidateIds.map((id) => (model ? decision(model, features(id)) : 0));
  const zi = zScores(interestScores);
  const zm = zScores(modelScores);
  const n = training.length;
  const weight = model ? n / (n + (tuning.halfWeightRatings ?? BLEND_HALF_WEIGHT_RATINGS)) : 0;
  const liked = training.filter((r) => r.rating === 'up');

  const out = candidateIds.map((id, i) => {
    const blended = (1 - weight) * zi[i]! + weight * zm[i]!;
    let like: PickReason['like'] = null;
    if (model && weight * zm[i]! > 0) {
      let best = MIN_LIKE_SIMILARITY;
      for (const r of liked) {
        if (r.id === id) continue;
        const sim = dot(text.get(id)!, text.get(r.id)!);
        if (sim >= best) {
          best = sim;
          like = { id: r.id, seed: r.seed };
        }
      }
    }
    const parts: string[] = [];
    if (!like || (1 - weight) * zi[i]! > 0) parts.push(MATCHES_INTEREST);
    if (like) parts.push(like.seed ? `like ${like.id}, a seed paper` : `like ${like.id} you rated 👍`);
    const why: PickReason = {
      text: parts.join('; '),
      interest: interestScores[i]!,
      model: model ? modelScores[i]! : null,
      weight,
      blended,
      like,
      ratings: n,
    };
    return { id, score: interestScores[i]!, why, order: i };
  });
  // Ties keep the interest ranking's order (the reranker returned best first).
  const interestRank = new Map(ranked.map((r, k) => [r.id, k]));
  out.sort((a, b) => b.why.blended - a.why.blended || interestRank.get(a.id)! - interestRank.get(b.id)!);
  return out.map(({ id, score, why }) => ({ id, score, why }));
}
