/**
 * Why a digest picked a paper: the interest score, the subscription's learned model and how the two
 * were blended. Every digest entry carries one; publishers print `text`, the web app the numbers.
 * Pure: workflows may import it.
 */
export interface PickReason {
  /** "matches your interest", "like 2203.00274 you rated 👍", or both joined by "; ". */
  text: string;
  /** The ranker's score against the interest (the relevance floor applies to it). */
  interest: number;
  /** The model's log-odds that the reader wants the paper; null without ratings (no model). */
  model: number | null;
  /** Share of the model in the blend, 0 without ratings, growing with their number. */
  weight: number;
  /** The blended score the digest was ordered by (interest and model, each standardised over the candidates). */
  blended: number;
  /** The most similar paper the reader rated 👍 (or seeded), when the explanation names one. */
  like: { id: string; seed: boolean } | null;
  /** How many ratings the model learned from. */
  ratings: number;
}

/** The text of a pick made on the interest alone. */
export const MATCHES_INTEREST = 'matches your interest';
