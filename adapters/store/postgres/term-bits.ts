/**
 * An inverted index of the papers' full text kept as bitmaps: for every lexeme, one row per chunk of
 * 65,536 paper keys (`pk >> 16`) whose bit `pk & 0xffff` is set when the paper's tsvector holds the
 * lexeme (`paper_term_bits`, migration 5). Why: an exact `total_count` of a broad query through the
 * GIN index costs one heap-page visit per match (PostgreSQL 18 has no bitmap "skip fetch"; measured),
 * so a query matching 100k of 1M papers takes most of a second. Bitmaps AND and count in
 * microseconds, give the newest matches (highest keys) straight away, and a term costs at most 8 KiB
 * per 65,536 papers (sparse chunks compress to a few hundred bytes in TOAST).
 *
 * Writers of papers hold the papers' `fts_stats` row lock, so read-modify-write of a chunk is safe;
 * the rows change in the writer's transaction, so every reader's snapshot sees them consistent with
 * `papers`.
 *
 * Long file: the bitmap format, its writers and its readers must change together (one
 * encoding of chunk rows); splitting them would scatter that format across files.
 */
import type { Queryable } from './database.ts';
import { termFrequencies, tsvWeights } from './text-search.ts';

/** Paper keys per bitmap row. */
export const CHUNK_BITS = 65_536;
const WRITE_BATCH = 2000;

const POPCOUNT = Uint8Array.from({ length: 256 }, (_, b) => {
  let n = 0;
  for (let x = b; x > 0; x >>= 1) n += x & 1;
  return n;
});

/** A term's weighted count in one paper, one byte; counts above 254 are stored as this and read from the paper. */
export const FREQ_SATURATED = 255;
/** Paper keys per `paper_lengths` row (2 bytes each: a 1 KiB row, never TOASTed). */
export const LENGTH_BLOCK = 512;
/** A token count that does not fit 16 bits is stored as this and read from the paper. */
const LENGTH_SATURATED = 0xffff;

/** The postings of one (term, chunk) row: bit offsets ascending, with each paper's weighted count. */
interface Postings {
  offsets: number[];
  freqs: number[];
}

/** Decodes a row: the set bits in order, the i-th one's count is `freqs[i]` (missing: saturated, read from the paper). */
function decodeRow(bits: Uint8Array | undefined, freqs: Uint8Array | undefined): Postings {
  const out: Postings = { offsets: [], freqs: [] };
  if (!bits) return out;
  for (let i = 0; i < bits.length; i++) {
    const byte = bits[i] as number;
    if (byte === 0) continue;
    for (let bit = 0; bit < 8; bit++) {
      if ((byte >> bit) & 1) {
        out.freqs.push(freqs?.[out.offsets.length] ?? FREQ_SATURATED);
        out.offsets.push(i * 8 + bit);
      }
    }
  }
  return out;
}

/** A row's bitmap (without trailing zero bytes) and its counts in bit order. */
function encodeRow(p: Postings): { bits: Buffer; freqs: Buffer } {
  const last = p.offsets[p.offsets.length - 1];
  const bits = Buffer.alloc(last === undefined ? 0 : (last >> 3) + 1);
  for (const off of p.offsets) bits[off >> 3] = (bits[off >> 3] as number) | (1 << (off & 7));
  return { bits, freqs: Buffer.from(p.freqs.map((f) => Math.min(f, FREQ_SATURATED))) };
}

/** `old` with the offsets in `clear` removed, then `set`'s (offset, count) put in (replacing any count there). */
function applyChanges(old: Postings, clear: number[], set: Array<[number, number]>): Postings {
  const change = new Map<number, number>();
  for (const off of clear) change.set(off, 0);
  for (const [off, f] of set) change.set(off, f);
  const kept: Postings = { offsets: [], freqs: [] };
  for (let i = 0; i < old.offsets.length; i++) {
    const off = old.offsets[i] as number;
    const f = change.get(off);
    if (f === undefined) {
      kept.offsets.push(off);
      kept.freqs.push(old.freqs[i] as number);
    } else {
      change.delete(off);
      if (f > 0) {
        kept.offsets.push(off);
        kept.freqs.push(f);
      }
    }
  }
  const added = [...change].filter(([, f]) => f > 0).sort((a, b) => a[0] - b[0]);
  if (added.length === 0) return kept;
  // Merge two ascending lists (appends, the usual case, just concatenate).
  const out: Postings = { offsets: [], freqs: [] };
  let i = 0;
  for (const [off, f] of added) {
    while (i < kept.offsets.length && (kept.offsets[i] as number) < off) {
      out.offsets.push(kept.offsets[i] as number);
      out.freqs.push(kept.freqs[i] as number);
      i++;
    }
    out.offsets.push(off);
    out.freqs.push(f);
  }
  for (; i < kept.offsets.length; i++) {
    out.offsets.push(kept.offsets[i] as number);
    out.freqs.push(kept.freqs[i] as number);
  }
  return out;
}

/** Writes rows (term, chunk, postings) in batches; `bitsOnly` for migration 5's table, which has no counts yet. */
async function writeRows(
  c: Queryable,
  rows: Array<[string, number, Postings]>,
  bitsOnly = false,
): Promise<void> {
  for (let i = 0; i < rows.length; i += WRITE_BATCH) {
    const part = rows.slice(i, i + WRITE_BATCH);
    const encoded = part.map((r) => encodeRow(r[2]));
    const [terms, chunks] = [part.map((r) => r[0]), part.map((r) => r[1])];
    await c.query(
      bitsOnly
        ? `INSERT INTO paper_term_bits (term, chunk, bits) SELECT * FROM unnest($1::text[], $2::int[], $3::bytea[])
           ON CONFLICT (term, chunk) DO UPDATE SET bits = excluded.bits`
        : `INSERT INTO paper_term_bits (term, chunk, bits, freqs) SELECT * FROM unnest($1::text[], $2::int[], $3::bytea[], $4::bytea[])
           ON CONFLICT (term, chunk) DO UPDATE SET bits = excluded.bits, freqs = excluded.freqs`,
      bitsOnly
        ? [terms, chunks, encoded.map((e) => e.bits)]
        : [terms, chunks, encoded.map((e) => e.bits), encoded.map((e) => e.freqs)],
    );
  }
}

/**
 * Applies posting changes: for each term, keys to clear (`remove`) then (key, weighted count)
 * pairs to set (`add`). Reads the touched rows, changes them in memory and writes them back (an
 * empty bitmap is stored empty).
 */
export async function updateTermBits(
  c: Queryable,
  add: Map<string, Array<[number, number]>>,
  remove: Map<string, number[]> = new Map(),
): Promise<void> {
  // term -> chunk -> bit offsets to clear, (offset, count) to set
  const touched = new Map<string, Map<number, { clear: number[]; set: Array<[number, number]> }>>();
  const entry = (term: string, pk: number) => {
    let chunks = touched.get(term);
    if (!chunks) touched.set(term, (chunks = new Map()));
    const chunk = Math.floor(pk / CHUNK_BITS);
    let e = chunks.get(chunk);
    if (!e) chunks.set(chunk, (e = { clear: [], set: [] }));
    return e;
  };
  for (const [term, pks] of remove) for (const pk of pks) entry(term, pk).clear.push(pk % CHUNK_BITS);
  for (const [term, list] of add) for (const [pk, f] of list) entry(term, pk).set.push([pk % CHUNK_BITS, f]);
  const keys: Array<[string, number]> = [];
  for (const [term, chunks] of touched) for (const chunk of chunks.keys()) keys.push([term, chunk]);
  for (let i = 0; i < keys.length; i += WRITE_BATCH) {
    const part = keys.slice(i, i + WRITE_BATCH);
    const { rows } = await c.query<{ term: string; chunk: number; bits: Buffer; freqs: Buffer }>(
      `SELECT b.term, b.chunk, b.bits, b.freqs FROM paper_term_bits b JOIN unnest($1::text[], $2::int[]) u(term, chunk) ON b.term = u.term AND b.chunk = u.chunk`,
      [part.map((k) => k[0]), part.map((k) => k[1])],
    );
    const current = new Map(rows.map((r) => [`${r.chunk}\u0000${r.term}`, r]));
    const out = part.map(([term, chunk]) => {
      const old = current.get(`${chunk}\u0000${term}`);
      const e = touched.get(term)!.get(chunk)!;
      return (
        appended(old, e.clear, e.set) ??
        encodeRow(applyChanges(decodeRow(old?.bits, old?.freqs), e.clear, e.set))
      );
    });
    await c.query(
      `INSERT INTO paper_term_bits (term, chunk, bits, freqs) SELECT * FROM unnest($1::text[], $2::int[], $3::bytea[], $4::bytea[])
       ON CONFLICT (term, chunk) DO UPDATE SET bits = excluded.bits, freqs = excluded.freqs`,
      [part.map((k) => k[0]), part.map((k) => k[1]), out.map((o) => o.bits), out.map((o) => o.freqs)],
    );
  }
}

/**
 * The usual write, new papers only (keys above every key in the row): the bits are set and the
 * counts appended without decoding the row. Null when the change is anything else.
 */
function appended(
  old: { bits: Buffer; freqs: Buffer } | undefined,
  clear: number[],
  set: Array<[number, number]>,
): { bits: Buffer; freqs: Buffer } | null {
  if (clear.length > 0) return null;
  const last =
    old && old.bits.length > 0
      ? (old.bits.length - 1) * 8 + 31 - Math.clz32(old.bits[old.bits.length - 1] as number)
      : -1;
  const sorted = [...set].sort((a, b) => a[0] - b[0]);
  if (sorted.length === 0 || (sorted[0] as [number, number])[0] <= last) return null;
  if (old && old.bits.length > 0 && old.bits[old.bits.length - 1] === 0) return null; // untrimmed: decode
  const bits = Buffer.alloc(((sorted[sorted.length - 1] as [number, number])[0] >> 3) + 1);
  old?.bits.copy(bits);
  for (const [off] of sorted) bits[off >> 3] = (bits[off >> 3] as number) | (1 << (off & 7));
  const added = Buffer.from(sorted.map(([, f]) => Math.min(f, FREQ_SATURATED)));
  return { bits, freqs: old ? Buffer.concat([old.freqs, added]) : added };
}

/** Sets the token counts (BM25 document lengths) of papers in `paper_lengths`. */
export async function updateLengths(c: Queryable, lengths: Array<[number, number]>): Promise<void> {
  if (lengths.length === 0) return;
  const blocks = new Map<number, Array<[number, number]>>();
  for (const [pk, n] of lengths) {
    const block = Math.floor(pk / LENGTH_BLOCK);
    (blocks.get(block) ?? blocks.set(block, []).get(block)!).push([pk % LENGTH_BLOCK, n]);
  }
  const ids = [...blocks.keys()];
  const { rows } = await c.query<{ block: number; ntok: Buffer }>(
    'SELECT block, ntok FROM paper_lengths WHERE block = ANY($1::int[])',
    [ids],
  );
  const current = new Map(rows.map((r) => [r.block, r.ntok]));
  const out = ids.map((block) => {
    const buf = Buffer.alloc(LENGTH_BLOCK * 2);
    current.get(block)?.copy(buf);
    for (const [off, n] of blocks.get(block)!) buf.writeUInt16LE(Math.min(n, LENGTH_SATURATED), off * 2);
    return buf;
  });
  await c.query(
    `INSERT INTO paper_lengths (block, ntok) SELECT * FROM unnest($1::int[], $2::bytea[])
     ON CONFLICT (block) DO UPDATE SET ntok = excluded.ntok`,
    [ids, out],
  );
}

/** The keys of papers holding every term, as AND-ed bitmaps per chunk (chunks with no match left out). */
export class Matches {
  constructor(private readonly chunks: Map<number, Uint8Array>) {}

  has(pk: number): boolean {
    const b = this.chunks.get(Math.floor(pk / CHUNK_BITS));
    if (!b) return false;
    const off = pk % CHUNK_BITS;
    return (((b[off >> 3] ?? 0) >> (off & 7)) & 1) === 1;
  }

  count(): number {
    let n = 0;
    for (const b of this.chunks.values())
      for (let i = 0; i < b.length; i++) n += POPCOUNT[b[i] as number] as number;
    return n;
  }

  /** The `n` highest keys, highest first. */
  newest(n: number): number[] {
    const out: number[] = [];
    const order = [...this.chunks.keys()].sort((a, b) => b - a);
    for (const chunk of order) {
      const b = this.chunks.get(chunk) as Uint8Array;
      for (let i = b.length - 1; i >= 0; i--) {
        const byte = b[i] as number;
        if (byte === 0) continue;
        for (let bit = 7; bit >= 0; bit--) {
          if ((byte >> bit) & 1) {
            out.push(chunk * CHUNK_BITS + i * 8 + bit);
            if (out.length >= n) return out;
          }
        }
      }
    }
    return out;
  }
}

/** Papers whose text holds every one of `terms` (distinct lexemes). */
export async function matchTerms(c: Queryable, terms: string[]): Promise<Matches> {
  const distinct = [...new Set(terms)];
  const { rows } = await c.query<{ term: string; chunk: number; bits: Buffer }>(
    'SELECT term, chunk, bits FROM paper_term_bits WHERE term = ANY($1::text[])',
    [distinct],
  );
  const byChunk = new Map<number, Buffer[]>();
  for (const r of rows) {
    let list = byChunk.get(r.chunk);
    if (!list) byChunk.set(r.chunk, (list = []));
    list.push(r.bits);
  }
  const out = new Map<number, Uint8Array>();
  for (const [chunk, list] of byChunk) {
    if (list.length < distinct.length) continue; // a term has no paper in this chunk
    const len = Math.min(...list.map((b) => b.length));
    const and = Uint8Array.from((list[0] as Buffer).subarray(0, len));
    for (const b of list.slice(1))
      for (let i = 0; i < len; i++) and[i] = (and[i] as number) & (b[i] as number);
    out.set(chunk, and);
  }
  return new Matches(out);
}

/** What BM25 needs of one paper: its token count and each query term's weighted count, in query-term order. */
export interface RankInput {
  pk: number;
  ntok: number;
  freqs: number[];
}

/**
 * The BM25 inputs of papers `pks` (all matching every term) for `terms`, without reading the
 * papers: counts from the terms' `freqs` (the i-th set bit of a row has the i-th byte) and lengths
 * from `paper_lengths`, so ranking 2,000 matches reads a few rows instead of 2,000 heap pages.
 * A count or length too large for its byte(s), rare, is read from the paper's tsvector.
 */
export async function rankInputs(c: Queryable, pks: number[], terms: string[]): Promise<RankInput[]> {
  if (pks.length === 0) return [];
  const distinct = [...new Set(terms)];
  const chunks = [...new Set(pks.map((pk) => Math.floor(pk / CHUNK_BITS)))];
  const blocks = [...new Set(pks.map((pk) => Math.floor(pk / LENGTH_BLOCK)))];
  // One statement, so one snapshot: the counts, the bitmaps they belong to and the lengths agree
  // even when a writer commits after matchTerms read its bitmaps.
  const { rows } = await c.query<{ term: string | null; n: number; bits: Buffer | null; data: Buffer }>(
    `SELECT term, chunk AS n, bits, freqs AS data FROM paper_term_bits WHERE term = ANY($1::text[]) AND chunk = ANY($2::int[])
     UNION ALL SELECT NULL, block, NULL, ntok FROM paper_lengths WHERE block = ANY($3::int[])`,
    [distinct, chunks, blocks],
  );
  const rowsOf = new Map<string, { bits: Buffer; freqs: Buffer }>();
  const lengths = new Map<number, Buffer>();
  for (const r of rows) {
    if (r.term === null) lengths.set(r.n, r.data);
    else rowsOf.set(`${r.n}\u0000${r.term}`, { bits: r.bits as Buffer, freqs: r.data });
  }
  // Set bits before each byte of a (term, chunk) bitmap, computed once per row used.
  const prefixes = new Map<string, Uint32Array>();
  const prefix = (term: string, chunk: number, bits: Buffer): Uint32Array => {
    const key = `${chunk}\u0000${term}`;
    let p = prefixes.get(key);
    if (!p) {
      p = new Uint32Array(bits.length + 1);
      for (let i = 0; i < bits.length; i++)
        p[i + 1] = (p[i] as number) + (POPCOUNT[bits[i] as number] as number);
      prefixes.set(key, p);
    }
    return p;
  };
  const freqOf = new Map<string, number>();
  const out: RankInput[] = [];
  const fromPaper: number[] = [];
  for (const pk of pks) {
    const chunk = Math.floor(pk / CHUNK_BITS);
    const off = pk % CHUNK_BITS;
    const ntok =
      lengths.get(Math.floor(pk / LENGTH_BLOCK))?.readUInt16LE((pk % LENGTH_BLOCK) * 2) ?? LENGTH_SATURATED;
    let exact = ntok !== LENGTH_SATURATED && ntok > 0;
    for (const term of distinct) {
      const row = rowsOf.get(`${chunk}\u0000${term}`);
      const byte = row?.bits[off >> 3] ?? 0;
      let f = 0;
      if (row && (byte >> (off & 7)) & 1) {
        const rank =
          (prefix(term, chunk, row.bits)[off >> 3] as number) +
          (POPCOUNT[byte & ((1 << (off & 7)) - 1)] as number);
        f = row.freqs[rank] ?? FREQ_SATURATED;
      }
      if (f === 0 || f === FREQ_SATURATED) exact = false;
      freqOf.set(term, f);
    }
    if (exact) out.push({ pk, ntok, freqs: terms.map((t) => freqOf.get(t) as number) });
    else fromPaper.push(pk);
  }
  if (fromPaper.length > 0) {
    // The paper's tsv keeps just the query terms: title positions once more as C (2) plus all as D (1).
    const { rows } = await c.query<{ pk: number; ntok: number; t: string }>(
      `SELECT pk, ntok, (ts_filter(setweight(ts_filter(tsv, '{a}'), 'c', $2::text[]), '{c}') || ts_filter(setweight(tsv, 'd', $2::text[]), '{d}'))::text AS t
       FROM papers WHERE pk = ANY($1::bigint[])`,
      [fromPaper, distinct],
    );
    for (const r of rows) out.push({ pk: r.pk, ntok: r.ntok, freqs: termFrequencies(r.t, terms) });
  }
  return out;
}

/** The papers of key chunk `chunk` as postings per term (offsets ascending) and (key, token count) pairs. */
async function readChunk(
  c: Queryable,
  chunk: number,
  max: number,
): Promise<{ postings: Map<string, Postings>; lengths: Array<[number, number]> }> {
  const READ = 8192;
  const postings = new Map<string, Postings>();
  const lengths: Array<[number, number]> = [];
  for (let from = chunk * CHUNK_BITS; from < (chunk + 1) * CHUNK_BITS && from <= max; from += READ) {
    // Ascending keys, so every term's offsets come out ascending.
    const { rows: papers } = await c.query<{ pk: number; ntok: number; t: string }>(
      'SELECT pk, ntok, tsv::text AS t FROM papers WHERE pk >= $1 AND pk < $2 ORDER BY pk',
      [from, Math.min(from + READ, (chunk + 1) * CHUNK_BITS)],
    );
    for (const p of papers) {
      const off = Number(p.pk) % CHUNK_BITS;
      lengths.push([Number(p.pk), p.ntok]);
      for (const [term, f] of tsvWeights(p.t)) {
        let e = postings.get(term);
        if (!e) postings.set(term, (e = { offsets: [], freqs: [] }));
        e.offsets.push(off);
        e.freqs.push(f);
      }
    }
  }
  return { postings, lengths };
}

async function maxKey(c: Queryable): Promise<number> {
  // Writers of papers wait (they lock this row first), so the papers stay as read until commit.
  await c.query("SELECT 1 FROM fts_stats WHERE kind = 'papers' FOR UPDATE");
  const { rows } = await c.query<{ m: number | null }>('SELECT max(pk) AS m FROM papers');
  return Number(rows[0]?.m ?? 0);
}

/**
 * Builds the bitmaps of every stored paper (migration 5 on an existing library), one key chunk at
 * a time so memory stays bounded.
 */
export async function buildTermBits(c: Queryable): Promise<void> {
  const max = await maxKey(c);
  for (let chunk = 0; chunk * CHUNK_BITS <= max; chunk++) {
    const { postings } = await readChunk(c, chunk, max);
    await c.query('DELETE FROM paper_term_bits WHERE chunk = $1', [chunk]);
    await writeRows(
      c,
      [...postings].map(([term, p]) => [term, chunk, p]),
      true,
    );
  }
}

/**
 * Adds the weighted counts next to the bitmaps and fills `paper_lengths` for every stored paper
 * (migration 6), one key chunk at a time. The bitmaps are already there (migration 5, kept by every
 * write since), so only the counts travel: a row whose stored bitmap does not hold as many papers
 * as the tsvectors say is rewritten whole.
 */
export async function addTermCounts(c: Queryable): Promise<void> {
  const max = await maxKey(c);
  for (let chunk = 0; chunk * CHUNK_BITS <= max; chunk++) {
    const { postings, lengths } = await readChunk(c, chunk, max);
    const rows = [...postings];
    const mismatched: Array<[string, number, Postings]> = [];
    for (let i = 0; i < rows.length; i += WRITE_BATCH) {
      const part = rows.slice(i, i + WRITE_BATCH);
      const { rows: done } = await c.query<{ term: string }>(
        `UPDATE paper_term_bits b SET freqs = u.freqs FROM unnest($1::text[], $2::bytea[], $3::int[]) u(term, freqs, n)
         WHERE b.chunk = $4 AND b.term = u.term AND bit_count(b.bits) = u.n RETURNING b.term`,
        [
          part.map((r) => r[0]),
          part.map((r) => encodeRow(r[1]).freqs),
          part.map((r) => r[1].offsets.length),
          chunk,
        ],
      );
      const updated = new Set(done.map((r) => r.term));
      for (const [term, p] of part) if (!updated.has(term)) mismatched.push([term, chunk, p]);
    }
    await writeRows(c, mismatched);
    // Rows of terms no paper in the chunk holds any more: empty bitmaps, and no counts.
    await c.query(
      "UPDATE paper_term_bits SET bits = '\\x' WHERE chunk = $1 AND freqs = '\\x' AND bits <> '\\x'",
      [chunk],
    );
    for (let i = 0; i < lengths.length; i += 65_536) await updateLengths(c, lengths.slice(i, i + 65_536));
  }
}

/** Builds the whole term index (bitmaps, counts, lengths) again from the stored tsvectors. */
export async function buildTermIndex(c: Queryable): Promise<void> {
  const max = await maxKey(c);
  for (let chunk = 0; chunk * CHUNK_BITS <= max; chunk++) {
    const { postings, lengths } = await readChunk(c, chunk, max);
    await c.query('DELETE FROM paper_term_bits WHERE chunk = $1', [chunk]);
    await writeRows(
      c,
      [...postings].map(([term, p]) => [term, chunk, p]),
    );
    for (let i = 0; i < lengths.length; i += 65_536) await updateLengths(c, lengths.slice(i, i + 65_536));
  }
}
