/**
 * Full-text search on Postgres that ranks like the SQLite driver: the same tokens as FTS5's
 * `unicode61 remove_diacritics 2` tokenizer, stored as a `tsvector` whose lexeme weights say which
 * field a token came from, and FTS5's BM25 computed from per-field term counts and corpus
 * statistics (documents, tokens, documents per term) kept in `fts_stats` / `fts_terms`.
 * Postgres's own `ts_rank`/`ts_rank_cd` have no IDF or length normalisation of BM25's kind, so no
 * weight choice makes them order like bm25(); computing BM25 itself does.
 */

/**
 * Tokens as FTS5 unicode61 with remove_diacritics 2 yields them on NFC text: runs of letters,
 * digits and private-use characters, accents removed, lowercased. `Wübben` -> `wubben`.
 */
export function tokenize(text: string): string[] {
  return (
    text
      .normalize('NFD')
      .replace(/\p{M}+/gu, '')
      .toLowerCase()
      .match(/[\p{L}\p{N}\p{Co}]+/gu) ?? []
  );
}

/**
 * The query terms of free user text, as the SQLite driver's `toFtsQuery` reads it: every run of
 * letters/digits (at most 32) is one required term. Null when the text has no word.
 */
export function queryTerms(text: string): string[] | null {
  const words = text.normalize('NFC').match(/[\p{L}\p{N}]+/gu);
  if (!words || words.length === 0) return null;
  return words.slice(0, 32).flatMap(tokenize);
}

/** Postgres refuses lexemes of 2 KiB or more; such a token can never be searched for. */
const MAX_LEXEME_BYTES = 2046;
/** A tsvector keeps at most 256 positions per lexeme: a term's count per document saturates there. */
const MAX_POSITIONS = 256;

export type FieldWeight = 'A' | 'B' | 'C' | 'D';

/** BM25 weight of each tsvector weight class: A title (3), B abstract (1), C section heading (2), D body (1). */
export const WEIGHT_OF: Record<FieldWeight, number> = { A: 3, B: 1, C: 2, D: 1 };

/**
 * A `tsvector` literal of fields (text, weight class) plus the token count. Positions are
 * numbered per lexeme (1..n): they only carry the count per field, which is all BM25 needs.
 */
export function toTsvector(fields: Array<[string, FieldWeight]>): {
  tsv: string;
  ntok: number;
  lexemes: string[];
  weights: number[];
} {
  const counts = new Map<string, Record<FieldWeight, number>>();
  let ntok = 0;
  for (const [text, w] of fields) {
    for (const t of tokenize(text)) {
      ntok++;
      if (Buffer.byteLength(t) > MAX_LEXEME_BYTES) continue;
      let c = counts.get(t);
      if (!c) counts.set(t, (c = { A: 0, B: 0, C: 0, D: 0 }));
      c[w]++;
    }
  }
  const parts: string[] = [];
  const weights: number[] = [];
  for (const [lexeme, c] of counts) {
    const positions: string[] = [];
    let weight = 0;
    for (const w of ['A', 'B', 'C', 'D'] as const) {
      for (let i = 0; i < c[w] && positions.length < MAX_POSITIONS; i++) {
        positions.push(`${positions.length + 1}${w === 'D' ? '' : w}`);
        weight += WEIGHT_OF[w];
      }
    }
    parts.push(`'${lexeme.replace(/\\/g, '\\\\').replace(/'/g, "''")}':${positions.join(',')}`);
    weights.push(weight);
  }
  // weights[i]: what termFrequencies reads for lexemes[i] from the stored tsvector.
  return { tsv: parts.join(' '), ntok, lexemes: [...counts.keys()], weights };
}

/**
 * Every lexeme of a tsvector's text form with its weighted count (the sum of WEIGHT_OF over its
 * positions, as termFrequencies reads one term): how migrations rebuild the ranking data from the
 * stored tsvectors.
 */
export function tsvWeights(tsvText: string): Map<string, number> {
  const out = new Map<string, number>();
  let i = 0;
  const n = tsvText.length;
  while (i < n) {
    if (tsvText[i] === ' ') {
      i++;
      continue;
    }
    // A quoted lexeme: '' is a quote, a backslash escapes the next character.
    let lexeme: string;
    const close = tsvText.indexOf("'", i + 1);
    const plain = tsvText.slice(i + 1, close);
    if (tsvText[close + 1] !== "'" && !plain.includes('\\')) {
      lexeme = plain;
      i = close + 1;
    } else {
      lexeme = '';
      for (i++; ;) {
        const ch = tsvText[i] as string;
        if (ch === '\\') {
          lexeme += tsvText[i + 1];
          i += 2;
        } else if (ch === "'" && tsvText[i + 1] === "'") {
          lexeme += "'";
          i += 2;
        } else if (ch === "'") {
          i++;
          break;
        } else {
          lexeme += ch;
          i++;
        }
      }
    }
    // Positions `1A,2,3B`: each one's weight is its last character (D is unmarked).
    let weight = 0;
    if (tsvText.charCodeAt(i) === 58 /* : */) {
      for (i++; ; i++) {
        const ch = i < n ? tsvText.charCodeAt(i) : 32;
        if (ch === 44 /* , */ || ch === 32 /* space */) {
          const w = tsvText.charCodeAt(i - 1);
          weight += w === 65 /* A */ ? 3 : w === 67 /* C */ ? 2 : 1;
          if (ch === 32) break;
        }
      }
    }
    out.set(lexeme, weight);
  }
  return out;
}

/** A tsquery requiring every term, or null when a term could never be indexed. */
export function toTsquery(terms: string[]): string | null {
  if (terms.some((t) => Buffer.byteLength(t) > MAX_LEXEME_BYTES)) return null;
  return [...new Set(terms)].map((t) => `'${t.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`).join(' & ');
}

/**
 * The weighted count of each query term in a row's tsvector, read from its text form
 * (`'lexeme':1A,2 'other':1B`): the sum of the BM25 weights of the term's positions (A 3, C 2,
 * B and D 1), in query-term order. Parsing the text in JS is several times cheaper than
 * `unnest(tsvector)` in SQL for the 2,000 rows a ranking reads.
 */
export function termFrequencies(tsvText: string, terms: string[]): number[] {
  return terms.map((term) => {
    const needle = `'${term.replace(/\\/g, '\\\\').replace(/'/g, "''")}':`;
    let at = tsvText.startsWith(needle) ? 0 : tsvText.indexOf(` ${needle}`);
    if (at < 0) return 0;
    if (at > 0) at += 1;
    let end = tsvText.indexOf(' ', at + needle.length);
    if (end < 0) end = tsvText.length;
    let f = 0;
    for (const pos of tsvText.slice(at + needle.length, end).split(',')) {
      const w = pos[pos.length - 1];
      f += w === 'A' ? 3 : w === 'C' ? 2 : 1;
    }
    return f;
  });
}

/** Corpus statistics for one index: rows, total tokens, and rows containing each query term. */
export interface Bm25Stats {
  docs: number;
  tokens: number;
  /** Rows containing each term, in query-term order. */
  hits: number[];
}

/**
 * FTS5's bm25() (sqlite/ext/fts5/fts5_aux.c, k1 = 1.2, b = 0.75): negative, lower is better,
 * computed in the same order of operations so equal inputs give equal scores.
 */
export function bm25(freqs: number[], ntok: number, stats: Bm25Stats): number {
  const k1 = 1.2;
  const b = 0.75;
  const avgdl = stats.tokens / stats.docs;
  let score = 0.0;
  for (let i = 0; i < stats.hits.length; i++) {
    const nHit = stats.hits[i] ?? 0;
    let idf = Math.log((stats.docs - nHit + 0.5) / (nHit + 0.5));
    if (idf <= 0.0) idf = 1e-6;
    const f = freqs[i] ?? 0;
    score += idf * ((f * (k1 + 1.0)) / (f + k1 * (1 - b + (b * ntok) / avgdl)));
  }
  return -1.0 * score;
}
