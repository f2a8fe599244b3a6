/**
 * tf-idf vectors of titles and abstracts, as scikit-learn's `TfidfVectorizer(sublinear_tf=True)`
 * computes them over already tokenized documents (bm25.ts `tokenize`: lower case, light stemming,
 * stop words out): tf = 1 + ln(count), idf = ln((1 + n) / (1 + df)) + 1 over the fitted
 * documents, each row scaled to unit length. Sparse rows: feature index -> weight.
 */

/** A sparse row: parallel arrays of feature indices (ascending) and values. */
export interface SparseVector {
  idx: number[];
  val: number[];
}

export interface TfidfModel {
  /** Term -> feature index (terms sorted, as scikit-learn numbers them). */
  vocabulary: Map<string, number>;
  idf: number[];
}

/** Fits the vocabulary and idf on `docs` (each a list of tokens). */
export function fitTfidf(docs: string[][]): TfidfModel {
  const df = new Map<string, number>();
  for (const d of docs) for (const t of new Set(d)) df.set(t, (df.get(t) ?? 0) + 1);
  const terms = [...df.keys()].sort();
  const n = docs.length;
  return {
    vocabulary: new Map(terms.map((t, i) => [t, i])),
    idf: terms.map((t) => Math.log((1 + n) / (1 + df.get(t)!)) + 1),
  };
}

/** One document as a unit-length tf-idf row; terms outside the vocabulary are ignored. */
export function tfidfVector(model: TfidfModel, tokens: string[]): SparseVector {
  const counts = new Map<number, number>();
  for (const t of tokens) {
    const i = model.vocabulary.get(t);
    if (i !== undefined) counts.set(i, (counts.get(i) ?? 0) + 1);
  }
  const idx = [...counts.keys()].sort((a, b) => a - b);
  const val = idx.map((i) => (1 + Math.log(counts.get(i)!)) * model.idf[i]!);
  const norm = Math.hypot(...val);
  return { idx, val: norm > 0 ? val.map((v) => v / norm) : val };
}

/** Cosine similarity of two unit-length rows (their dot product). */
export function dot(a: SparseVector, b: SparseVector): number {
  let s = 0;
  for (let i = 0, j = 0; i < a.idx.length && j < b.idx.length;) {
    const x = a.idx[i]!;
    const y = b.idx[j]!;
    if (x === y) s += a.val[i++]! * b.val[j++]!;
    else if (x < y) i++;
    else j++;
  }
  return s;
}
