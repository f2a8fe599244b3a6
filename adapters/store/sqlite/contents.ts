/** Converted Markdown, search chunks and summaries on SQLite. */
import type Database from 'better-sqlite3';
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
import { readContentFile, sha256Hex, writeContentFile } from './content-files.ts';
import { toFtsQuery } from './fts.ts';

interface ContentRow {
  key: string;
  paper_id: string;
  version: number | null;
  source: ContentSource;
  sha256: string;
  warnings_json: string;
}

/** Versions are stored with `vkey` = version or 0 so "no version" is a unique, sortable value. */
const vkey = (v: number | null) => v ?? 0;
/** The prepared statements over contents, chunks and summaries of one open database. */
function prepareStatements(db: Database.Database) {
  return {
    delContent: db.prepare('DELETE FROM contents WHERE paper_id = ? AND vkey = ?'),
    insContent: db.prepare(
      `INSERT OR REPLACE INTO contents (key, paper_id, version, vkey, source, sha256, bytes, warnings_json, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ),
    contentAt: db.prepare<[string, number], ContentRow>(
      'SELECT * FROM contents WHERE paper_id = ? AND vkey = ?',
    ),
    contentLatest: db.prepare<[string], ContentRow>(
      'SELECT * FROM contents WHERE paper_id = ? ORDER BY vkey DESC LIMIT 1',
    ),
    contentByKey: db.prepare<[string], ContentRow>('SELECT * FROM contents WHERE key = ?'),
    oldChunks: db.prepare<[string, number], { pk: number }>(
      'SELECT pk FROM chunks WHERE paper_id = ? AND vkey = ?',
    ),
    delChunkFts: db.prepare('DELETE FROM chunks_fts WHERE rowid = ?'),
    delChunk: db.prepare('DELETE FROM chunks WHERE pk = ?'),
    insChunk: db.prepare(
      'INSERT INTO chunks (paper_id, version, vkey, seq, section_path_json, text) VALUES (?, ?, ?, ?, ?, ?)',
    ),
    insChunkFts: db.prepare(
      'INSERT INTO chunks_fts (rowid, title, abstract, section, body) VALUES (?, ?, ?, ?, ?)',
    ),
    putSummary: db.prepare(
      'INSERT OR REPLACE INTO summaries (paper_id, version, vkey, summary_json, updated_at) VALUES (?, ?, ?, ?, ?)',
    ),
    summaryAt: db.prepare<[string, number], { summary_json: string }>(
      'SELECT summary_json FROM summaries WHERE paper_id = ? AND vkey = ?',
    ),
    summaryLatest: db.prepare<[string], { summary_json: string }>(
      'SELECT summary_json FROM summaries WHERE paper_id = ? ORDER BY vkey DESC LIMIT 1',
    ),
  };
}
type Statements = ReturnType<typeof prepareStatements>;

/** The best chunks for `query` by BM25, from the newest chunked version of each paper. */
function searchChunks(
  db: Database.Database,
  query: string,
  opts: { limit?: number; ids?: string[] } = {},
): ChunkHit[] {
  const limit = opts.limit ?? 10;
  if (!Number.isInteger(limit) || limit < 1 || limit > 200) {
    throw new AppError(
      'INVALID_INPUT',
      `limit must be a whole number from 1 to 200 (got ${String(opts.limit)})`,
    );
  }
  const q = typeof query === 'string' ? toFtsQuery(query) : null;
  if (q === null) return [];
  const ids = opts.ids?.map(baseId);
  if (ids && ids.length === 0) return [];
  const idFilter = ids ? `AND c.paper_id IN (SELECT value FROM json_each(?))` : '';
  const rows = db
    .prepare(
      `SELECT c.paper_id, c.version, c.section_path_json, c.text, coalesce(p.title, '') AS title,
              bm25(chunks_fts, 3.0, 1.0, 2.0, 1.0) AS rank
       FROM chunks_fts JOIN chunks c ON c.pk = chunks_fts.rowid LEFT JOIN papers p ON p.id = c.paper_id
       WHERE chunks_fts MATCH ? ${idFilter}
         AND c.vkey = (SELECT max(c2.vkey) FROM chunks c2 WHERE c2.paper_id = c.paper_id)
       ORDER BY rank, c.paper_id, c.seq LIMIT ?`,
    )
    .all(...(ids ? [q, JSON.stringify(ids), limit] : [q, limit])) as Array<{
    paper_id: string;
    version: number | null;
    section_path_json: string;
    text: string;
    title: string;
    rank: number;
  }>;
  return rows.map((r) => ({
    arxivId: r.paper_id,
    version: r.version,
    title: r.title,
    sectionPath: JSON.parse(r.section_path_json) as string[],
    text: r.text,
    score: -r.rank,
  }));
}

/** Summaries per paper version. */
function summaryMethods(s: Statements) {
  function saveSummary(id: string, version: number | null, summary: Summary): void {
    const v = validateVersion(version);
    if (
      !summary ||
      typeof summary.tldr !== 'string' ||
      !Array.isArray(summary.keyPoints) ||
      typeof summary.method !== 'string'
    ) {
      throw new AppError('INVALID_INPUT', `summary of ${id} needs tldr, keyPoints and method`);
    }
    s.putSummary.run(baseId(id), v, vkey(v), JSON.stringify(summary), new Date().toISOString());
  }

  function getSummary(id: string, version?: number | null): Summary | null {
    const b = baseId(id);
    const r =
      version === undefined ? s.summaryLatest.get(b) : s.summaryAt.get(b, vkey(validateVersion(version)));
    return r ? (JSON.parse(r.summary_json) as Summary) : null;
  }
  return { saveSummary, getSummary };
}

/** Statements over contents, chunks and summaries; `titleAbstract` feeds the chunk index. */
export function createContentTables(
  db: Database.Database,
  contentDir: string,
  titleAbstract: (id: string) => { title: string; abstract: string } | null,
) {
  const s = prepareStatements(db);

  function toStored(r: ContentRow): StoredContent {
    return {
      key: r.key,
      id: r.paper_id,
      version: r.version,
      source: r.source,
      markdown: readContentFile(contentDir, r.sha256),
      warnings: JSON.parse(r.warnings_json) as string[],
    };
  }

  /** Writes the file first (idempotent, content-addressed), then the row in a write transaction. */
  function saveContent(c: ContentInput, inTransaction: (fn: () => void) => void): { key: string } {
    const id = baseId(c.id);
    const version = validateVersion(c.version);
    if (!isContentSource(c.source))
      throw new AppError(
        'INVALID_INPUT',
        `content source must be one of ${CONTENT_SOURCES.join(', ')} (got ${String(c.source)})`,
      );
    if (typeof c.markdown !== 'string')
      throw new AppError('INVALID_INPUT', `content of ${id}: markdown must be a string`);
    const warnings = Array.isArray(c.warnings) ? c.warnings.map(String) : [];
    const digest = writeContentFile(contentDir, c.markdown);
    const key = sha256Hex(JSON.stringify([id, version, c.source, digest]));
    inTransaction(() => {
      s.delContent.run(id, vkey(version));
      s.insContent.run(
        key,
        id,
        version,
        vkey(version),
        c.source,
        digest,
        Buffer.byteLength(c.markdown),
        JSON.stringify(warnings),
        new Date().toISOString(),
      );
    });
    return { key };
  }

  function getContent(id: string, version?: number | null): StoredContent | null {
    const b = baseId(id);
    const r =
      version === undefined ? s.contentLatest.get(b) : s.contentAt.get(b, vkey(validateVersion(version)));
    return r ? toStored(r) : null;
  }

  function getContentByKey(key: string): StoredContent | null {
    if (typeof key !== 'string' || !/^[0-9a-f]{64}$/.test(key)) return null;
    const r = s.contentByKey.get(key);
    return r ? toStored(r) : null;
  }

  /** Caller wraps in a write transaction. */
  function replaceChunks(id: string, version: number | null, chunks: ChunkInput[]): void {
    const b = baseId(id);
    const v = validateVersion(version);
    if (!Array.isArray(chunks)) throw new AppError('INVALID_INPUT', `chunks of ${b} must be a list`);
    for (const { pk } of s.oldChunks.all(b, vkey(v))) {
      s.delChunkFts.run(pk);
      s.delChunk.run(pk);
    }
    const meta = titleAbstract(b) ?? { title: '', abstract: '' };
    chunks.forEach((c, i) => {
      if (!Array.isArray(c.sectionPath) || typeof c.text !== 'string') {
        throw new AppError('INVALID_INPUT', `chunk ${i} of ${b} needs sectionPath (list) and text (string)`);
      }
      const path = c.sectionPath.map(String);
      const pk = Number(s.insChunk.run(b, v, vkey(v), i, JSON.stringify(path), c.text).lastInsertRowid);
      // The paper's title/abstract are indexed with each chunk so a query may match across them.
      s.insChunkFts.run(pk, meta.title, i === 0 ? meta.abstract : '', path.join(' '), c.text);
    });
  }

  /**
   * Forgets a removed paper's contents, chunks and summaries (the caller's transaction). The
   * Markdown files stay: they are content-addressed and may hold another paper's identical text.
   */
  function removeDerived(id: string): void {
    const b = baseId(id);
    for (const { pk } of db
      .prepare<[string], { pk: number }>('SELECT pk FROM chunks WHERE paper_id = ?')
      .all(b)) {
      s.delChunkFts.run(pk);
      s.delChunk.run(pk);
    }
    db.prepare('DELETE FROM contents WHERE paper_id = ?').run(b);
    db.prepare('DELETE FROM summaries WHERE paper_id = ?').run(b);
  }

  return {
    saveContent,
    getContent,
    getContentByKey,
    replaceChunks,
    searchChunks: (query: string, opts: { limit?: number; ids?: string[] } = {}) =>
      searchChunks(db, query, opts),
    ...summaryMethods(s),
    removeDerived,
  };
}
