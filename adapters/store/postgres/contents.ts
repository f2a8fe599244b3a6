/**
 * Converted Markdown, search chunks and summaries on Postgres. The Markdown lives in the database
 * (`contents.markdown`), so every host reads it without a shared disk.
 */
import { createHash } from 'node:crypto';
import type pg from 'pg';
import type { Summary } from '../../../domain/digest.ts';
import { AppError } from '../../../domain/errors.ts';
import {
  CONTENT_SOURCES,
  isContentSource,
  type ChunkHit,
  type ChunkInput,
  type ContentInput,
  type ContentSource,
  type StoredContent,
} from '../../../app/ports/store.ts';
import { baseId, validateVersion } from '../../../domain/library.ts';
import { inTransaction, type Queryable } from './database.ts';
import { adjustTerms, termStats } from './paper-sql.ts';
import { bm25, queryTerms, termFrequencies, toTsquery, toTsvector } from './text-search.ts';

const sha256Hex = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

interface ContentRow {
  key: string;
  paper_id: string;
  version: number | null;
  source: ContentSource;
  markdown: string;
  warnings_json: string;
}

/** Versions are stored with `vkey` = version or 0 so "no version" is a unique, sortable value. */
const vkey = (v: number | null) => v ?? 0;

const toStored = (r: ContentRow): StoredContent => ({
  key: r.key,
  id: r.paper_id,
  version: r.version,
  source: r.source,
  markdown: r.markdown,
  warnings: JSON.parse(r.warnings_json) as string[],
});
/** In one transaction, holding the chunk index's fts_stats row (chunk writers run one at a time). */
async function replaceChunks(
  pool: pg.Pool,
  id: string,
  version: number | null,
  chunks: ChunkInput[],
): Promise<void> {
  const b = baseId(id);
  const v = validateVersion(version);
  if (!Array.isArray(chunks)) throw new AppError('INVALID_INPUT', `chunks of ${b} must be a list`);
  chunks.forEach((c, i) => {
    if (!c || !Array.isArray(c.sectionPath) || typeof c.text !== 'string') {
      throw new AppError('INVALID_INPUT', `chunk ${i} of ${b} needs sectionPath (list) and text (string)`);
    }
  });
  await inTransaction(pool, async (c) => {
    await c.query("SELECT 1 FROM fts_stats WHERE kind = 'chunks' FOR UPDATE");
    const old = await c.query<{ pk: number; ntok: number }>(
      'SELECT pk, ntok FROM chunks WHERE paper_id = $1 AND vkey = $2',
      [b, vkey(v)],
    );
    const oldPks = old.rows.map((r) => r.pk);
    await adjustTerms(c, 'chunks', 'chunks', oldPks, -1);
    if (oldPks.length > 0) await c.query('DELETE FROM chunks WHERE pk = ANY($1::bigint[])', [oldPks]);
    const meta = (
      await c.query<{ title: string; abstract: string }>('SELECT title, abstract FROM papers WHERE id = $1', [
        b,
      ])
    ).rows[0] ?? { title: '', abstract: '' };
    const rows = chunks.map((ch, i) => {
      const path = ch.sectionPath.map(String);
      // The paper's title/abstract are indexed with each chunk so a query may match across them.
      const { tsv, ntok } = toTsvector([
        [meta.title, 'A'],
        [i === 0 ? meta.abstract : '', 'B'],
        [path.join(' '), 'C'],
        [ch.text, 'D'],
      ]);
      return { seq: i, path: JSON.stringify(path), text: ch.text, tsv, ntok };
    });
    let newPks: number[] = [];
    if (rows.length > 0) {
      const r = await c.query<{ pk: number }>(
        `INSERT INTO chunks (paper_id, version, vkey, seq, section_path_json, text, tsv, ntok)
         SELECT $1, $2, $3, seq, p, t, tsv, n FROM unnest($4::int[], $5::text[], $6::text[], $7::tsvector[], $8::int[]) WITH ORDINALITY u(seq, p, t, tsv, n, ord)
         ORDER BY ord RETURNING pk`,
        [
          b,
          v,
          vkey(v),
          rows.map((r) => r.seq),
          rows.map((r) => r.path),
          rows.map((r) => r.text),
          rows.map((r) => r.tsv),
          rows.map((r) => r.ntok),
        ],
      );
      newPks = r.rows.map((x) => x.pk);
    }
    await adjustTerms(c, 'chunks', 'chunks', newPks, 1);
    const tokens = rows.reduce((n, r) => n + r.ntok, 0) - old.rows.reduce((n, r) => n + r.ntok, 0);
    await c.query("UPDATE fts_stats SET docs = docs + $1, tokens = tokens + $2 WHERE kind = 'chunks'", [
      rows.length - oldPks.length,
      tokens,
    ]);
  });
}

/** Ranked by FTS5's bm25(chunks_fts, 3, 1, 2, 1) as on SQLite, then paper id, then chunk order. */
async function searchChunks(
  pool: pg.Pool,
  query: string,
  opts: { limit?: number; ids?: string[] } = {},
): Promise<ChunkHit[]> {
  const limit = opts.limit ?? 10;
  if (!Number.isInteger(limit) || limit < 1 || limit > 200) {
    throw new AppError(
      'INVALID_INPUT',
      `limit must be a whole number from 1 to 200 (got ${String(opts.limit)})`,
    );
  }
  const terms = typeof query === 'string' ? queryTerms(query) : null;
  const tsquery = terms === null ? null : toTsquery(terms);
  if (terms === null || tsquery === null) return [];
  const ids = opts.ids?.map(baseId);
  if (ids && ids.length === 0) return [];
  const c: Queryable = pool;
  const { rows } = await c.query<{
    pk: number;
    paper_id: string;
    version: number | null;
    seq: number;
    section_path_json: string;
    text: string;
    title: string;
    ntok: number;
    t: string;
  }>(
    `SELECT ch.pk, ch.paper_id, ch.version, ch.seq, ch.section_path_json, ch.text, coalesce(p.title, '') AS title, ch.ntok, ch.tsv::text AS t
     FROM chunks ch LEFT JOIN papers p ON p.id = ch.paper_id
     WHERE ch.tsv @@ $1::tsquery ${ids ? 'AND ch.paper_id = ANY($2::text[])' : ''}
       AND ch.vkey = (SELECT max(c2.vkey) FROM chunks c2 WHERE c2.paper_id = ch.paper_id)`,
    ids ? [tsquery, ids] : [tsquery],
  );
  if (rows.length === 0) return [];
  const stats = await termStats(c, 'chunks', terms);
  const byteOrder = (a: string, b: string) => Buffer.compare(Buffer.from(a), Buffer.from(b));
  return rows
    .map((r) => ({ r, rank: bm25(termFrequencies(r.t, terms), r.ntok, stats) }))
    .sort((x, y) => x.rank - y.rank || byteOrder(x.r.paper_id, y.r.paper_id) || x.r.seq - y.r.seq)
    .slice(0, limit)
    .map(({ r, rank }) => ({
      arxivId: r.paper_id,
      version: r.version,
      title: r.title,
      sectionPath: JSON.parse(r.section_path_json) as string[],
      text: r.text,
      score: -rank,
    }));
}

/** Queries over contents, chunks and summaries. */
export function createContentTables(pool: pg.Pool) {
  /** The key is the SQLite driver's: sha256 of [id, version, source, sha256(markdown)], so keys survive `library copy`. */
  async function saveContent(c: ContentInput): Promise<{ key: string }> {
    const id = baseId(c?.id);
    const version = validateVersion(c.version);
    if (!isContentSource(c.source))
      throw new AppError(
        'INVALID_INPUT',
        `content source must be one of ${CONTENT_SOURCES.join(', ')} (got ${String(c.source)})`,
      );
    if (typeof c.markdown !== 'string')
      throw new AppError('INVALID_INPUT', `content of ${id}: markdown must be a string`);
    const warnings = Array.isArray(c.warnings) ? c.warnings.map(String) : [];
    const digest = sha256Hex(c.markdown);
    const key = sha256Hex(JSON.stringify([id, version, c.source, digest]));
    await pool.query(
      `INSERT INTO contents (key, paper_id, version, vkey, source, sha256, bytes, warnings_json, markdown, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
       ON CONFLICT (paper_id, vkey) DO UPDATE SET key = excluded.key, version = excluded.version, source = excluded.source,
         sha256 = excluded.sha256, bytes = excluded.bytes, warnings_json = excluded.warnings_json, markdown = excluded.markdown,
         created_at = excluded.created_at`,
      [
        key,
        id,
        version,
        vkey(version),
        c.source,
        digest,
        Buffer.byteLength(c.markdown),
        JSON.stringify(warnings),
        c.markdown,
        new Date().toISOString(),
      ],
    );
    return { key };
  }

  async function getContent(id: string, version?: number | null): Promise<StoredContent | null> {
    const b = baseId(id);
    const { rows } =
      version === undefined
        ? await pool.query<ContentRow>(
            'SELECT * FROM contents WHERE paper_id = $1 ORDER BY vkey DESC LIMIT 1',
            [b],
          )
        : await pool.query<ContentRow>('SELECT * FROM contents WHERE paper_id = $1 AND vkey = $2', [
            b,
            vkey(validateVersion(version)),
          ]);
    return rows[0] ? toStored(rows[0]) : null;
  }

  async function getContentByKey(key: string): Promise<StoredContent | null> {
    if (typeof key !== 'string' || !/^[0-9a-f]{64}$/.test(key)) return null;
    const { rows } = await pool.query<ContentRow>('SELECT * FROM contents WHERE key = $1', [key]);
    return rows[0] ? toStored(rows[0]) : null;
  }

  async function saveSummary(id: string, version: number | null, summary: Summary): Promise<void> {
    const v = validateVersion(version);
    if (
      !summary ||
      typeof summary.tldr !== 'string' ||
      !Array.isArray(summary.keyPoints) ||
      typeof summary.method !== 'string'
    ) {
      throw new AppError('INVALID_INPUT', `summary of ${id} needs tldr, keyPoints and method`);
    }
    await pool.query(
      `INSERT INTO summaries (paper_id, version, vkey, summary_json, updated_at) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (paper_id, vkey) DO UPDATE SET version = excluded.version, summary_json = excluded.summary_json, updated_at = excluded.updated_at`,
      [baseId(id), v, vkey(v), JSON.stringify(summary), new Date().toISOString()],
    );
  }

  async function getSummary(id: string, version?: number | null): Promise<Summary | null> {
    const b = baseId(id);
    const { rows } =
      version === undefined
        ? await pool.query<{ summary_json: string }>(
            'SELECT summary_json FROM summaries WHERE paper_id = $1 ORDER BY vkey DESC LIMIT 1',
            [b],
          )
        : await pool.query<{ summary_json: string }>(
            'SELECT summary_json FROM summaries WHERE paper_id = $1 AND vkey = $2',
            [b, vkey(validateVersion(version))],
          );
    return rows[0] ? (JSON.parse(rows[0].summary_json) as Summary) : null;
  }
  return {
    saveContent,
    getContent,
    getContentByKey,
    replaceChunks: (id: string, version: number | null, chunks: ChunkInput[]) =>
      replaceChunks(pool, id, version, chunks),
    searchChunks: (query: string, opts: { limit?: number; ids?: string[] } = {}) =>
      searchChunks(pool, query, opts),
    saveSummary,
    getSummary,
  };
}
