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
 */
import type { Queryable } from './database.ts';

/** Paper keys per bitmap row. */
export const CHUNK_BITS = 65_536;
const CHUNK_BYTES = CHUNK_BITS / 8;
const WRITE_BATCH = 2000;

const POPCOUNT = Uint8Array.from({ length: 256 }, (_, b) => {
  let n = 0;
  for (let x = b; x > 0; x >>= 1) n += x & 1;
  return n;
});

/** A bitmap without its trailing zero bytes (readers treat missing bytes as zero). */
function trimmed(buf: Uint8Array): Buffer {
  let end = buf.length;
  while (end > 0 && buf[end - 1] === 0) end--;
  return Buffer.from(buf.buffer, buf.byteOffset, end);
}

/**
 * Applies bit changes: for each term, keys to clear (`remove`) then keys to set (`add`). Reads the
 * touched rows, changes them in memory and writes them back (an empty bitmap is stored empty).
 */
export async function updateTermBits(c: Queryable, add: Map<string, number[]>, remove: Map<string, number[]> = new Map()): Promise<void> {
  // term -> chunk -> [clears, sets] as bit offsets
  const touched = new Map<string, Map<number, { clear: number[]; set: number[] }>>();
  const note = (m: Map<string, number[]>, kind: 'clear' | 'set') => {
    for (const [term, pks] of m) {
      let chunks = touched.get(term);
      if (!chunks) touched.set(term, (chunks = new Map()));
      for (const pk of pks) {
        const chunk = Math.floor(pk / CHUNK_BITS);
        let e = chunks.get(chunk);
        if (!e) chunks.set(chunk, (e = { clear: [], set: [] }));
        e[kind].push(pk % CHUNK_BITS);
      }
    }
  };
  note(remove, 'clear');
  note(add, 'set');
  const keys: Array<[string, number]> = [];
  for (const [term, chunks] of touched) for (const chunk of chunks.keys()) keys.push([term, chunk]);
  for (let i = 0; i < keys.length; i += WRITE_BATCH) {
    const part = keys.slice(i, i + WRITE_BATCH);
    const terms = part.map((k) => k[0]);
    const chunkNos = part.map((k) => k[1]);
    const { rows } = await c.query<{ term: string; chunk: number; bits: Buffer }>(
      `SELECT b.term, b.chunk, b.bits FROM paper_term_bits b JOIN unnest($1::text[], $2::int[]) u(term, chunk) ON b.term = u.term AND b.chunk = u.chunk`,
      [terms, chunkNos],
    );
    const current = new Map(rows.map((r) => [`${r.chunk}\u0000${r.term}`, r.bits]));
    const out = part.map(([term, chunk]) => {
      const old = current.get(`${chunk}\u0000${term}`);
      const e = touched.get(term)!.get(chunk)!;
      // Only as many bytes as the highest bit set needs (sparse terms stay short).
      let len = Math.min(CHUNK_BYTES, old?.length ?? 0);
      for (const off of e.set) if ((off >> 3) + 1 > len) len = (off >> 3) + 1;
      const buf = new Uint8Array(len);
      if (old) buf.set(old.subarray(0, len));
      for (const off of e.clear) if (off >> 3 < len) buf[off >> 3] = (buf[off >> 3] as number) & ~(1 << (off & 7));
      for (const off of e.set) buf[off >> 3] = (buf[off >> 3] as number) | (1 << (off & 7));
      return trimmed(buf);
    });
    await c.query(
      `INSERT INTO paper_term_bits (term, chunk, bits) SELECT * FROM unnest($1::text[], $2::int[], $3::bytea[])
       ON CONFLICT (term, chunk) DO UPDATE SET bits = excluded.bits`,
      [terms, chunkNos, out],
    );
  }
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
    for (const b of this.chunks.values()) for (let i = 0; i < b.length; i++) n += POPCOUNT[b[i] as number] as number;
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
    for (const b of list.slice(1)) for (let i = 0; i < len; i++) and[i] = (and[i] as number) & (b[i] as number);
    out.set(chunk, and);
  }
  return new Matches(out);
}

/**
 * Builds the bitmaps of every stored paper (migration 5 on an existing library), one key chunk at
 * a time so memory stays bounded.
 */
export async function buildTermBits(c: Queryable): Promise<void> {
  const { rows } = await c.query<{ m: number | null }>('SELECT max(pk) AS m FROM papers');
  const max = Number(rows[0]?.m ?? 0);
  for (let chunk = 0; chunk * CHUNK_BITS <= max; chunk++) {
    const { rows: papers } = await c.query<{ pk: number; l: string[] }>(
      'SELECT pk, tsvector_to_array(tsv) AS l FROM papers WHERE pk >= $1 AND pk < $2',
      [chunk * CHUNK_BITS, (chunk + 1) * CHUNK_BITS],
    );
    const add = new Map<string, number[]>();
    for (const p of papers) {
      for (const t of p.l) {
        let list = add.get(t);
        if (!list) add.set(t, (list = []));
        list.push(Number(p.pk));
      }
    }
    await updateTermBits(c, add);
  }
}
