/**
 * `library copy`: moves a SQLite library (`<dataDir>/library.sqlite` + content files) into a
 * Postgres library, table by table in committed batches. Every batch skips what the target
 * already has (natural keys, ON CONFLICT DO NOTHING), so a run is idempotent and an interrupted
 * run resumes where it stopped. Papers and chunks go through the Postgres driver itself (their
 * full-text index and statistics are built as for any write), in the source's storage order so
 * relevance ties break the same way; every other row is copied as stored (timestamps included).
 */
import { rowToPaper, type PaperRow } from '../paper-row.ts';
import path from 'node:path';
import Database from 'better-sqlite3';
import { openSqliteStore } from '../sqlite/index.ts';
import { readContentFile } from '../sqlite/content-files.ts';
import { inTransaction } from './database.ts';
import type { PostgresStore } from './store.ts';

/** What `library copy` counts on both sides. */
export const COPIED_TABLES = [
  'papers',
  'paper_versions',
  'topics',
  'topic_papers',
  'contents',
  'chunks',
  'summaries',
  'subscriptions',
  'digests',
  'receipts',
  'seen',
  'deliveries',
  'conversations',
  'ratings',
] as const;
export type CopiedTable = (typeof COPIED_TABLES)[number];
export type Counts = Record<CopiedTable, number>;

const BATCH = 500;

/** Row counts of the SQLite library under `dataDir` (migrating it first, as any open does). */
export function sqliteCounts(db: Database.Database): Counts {
  return Object.fromEntries(
    COPIED_TABLES.map((t) => [t, (db.prepare(`SELECT count(*) AS n FROM ${t}`).get() as { n: number }).n]),
  ) as Counts;
}

export async function postgresCounts(store: PostgresStore): Promise<Counts> {
  await store.ready;
  const { rows } = await store.pool.query<Counts>(
    `SELECT ${COPIED_TABLES.map((t) => `(SELECT count(*) FROM ${t}) AS ${t}`).join(', ')}`,
  );
  return rows[0] as Counts;
}

/** Opens the source read-only after letting the SQLite driver bring its schema up to date. */
export function openSource(dataDir: string): Database.Database {
  const dir = path.resolve(dataDir);
  // Opening through the driver creates or migrates the file; the copy then reads it read-only.
  void openSqliteStore({ dataDir: dir }).close();
  return new Database(path.join(dir, 'library.sqlite'), { readonly: true, fileMustExist: true });
}

/** Rows of `sql` (ordered by a unique key) in batches, by keyset pagination on `key`. */
function* batches<T extends Record<string, unknown>>(
  db: Database.Database,
  sql: string,
  key: string,
): Generator<T[]> {
  const first = db.prepare(`SELECT * FROM (${sql}) ORDER BY ${key} LIMIT ${BATCH}`);
  // A separate statement for later pages, so SQLite can seek on the key instead of rescanning.
  const next = db.prepare(`SELECT * FROM (${sql}) WHERE ${key} > ? ORDER BY ${key} LIMIT ${BATCH}`);
  let after: unknown = null;
  for (;;) {
    const rows = (after === null ? first.all() : next.all(after)) as T[];
    if (rows.length === 0) return;
    yield rows;
    after = rows[rows.length - 1]![key];
  }
}

/**
 * Copies rows of one table as stored, by column name (json_populate_recordset maps the JSON
 * objects onto the Postgres row type). Rows whose key is already there are skipped.
 */
async function copyRows(
  store: PostgresStore,
  table: string,
  columns: string[],
  rows: Array<Record<string, unknown>>,
): Promise<void> {
  if (rows.length === 0) return;
  const cols = columns.join(', ');
  await store.pool.query(
    `INSERT INTO ${table} (${cols}) SELECT ${cols} FROM json_populate_recordset(null::${table}, $1::json) ON CONFLICT DO NOTHING`,
    [JSON.stringify(rows.map((r) => Object.fromEntries(columns.map((c) => [c, r[c]]))))],
  );
}

export interface CopyProgress {
  (table: CopiedTable, done: number): void;
}

/** Papers in storage order, through the driver; then every version seen, with its first `updated`. */
async function copyPapers(
  source: Database.Database,
  target: PostgresStore,
  progress: CopyProgress,
): Promise<void> {
  const pool = target.pool;
  let done = 0;
  for (const rows of batches<PaperRow<number> & Record<string, unknown>>(
    source,
    'SELECT * FROM papers',
    'pk',
  )) {
    const have = new Set(
      (
        await pool.query<{ id: string }>('SELECT id FROM papers WHERE id = ANY($1::text[])', [
          rows.map((r) => r.id),
        ])
      ).rows.map((r) => r.id),
    );
    const missing = rows.filter((r) => !have.has(r.id)).map(rowToPaper);
    if (missing.length > 0) await target.upsertPapers(missing);
    const versions = source
      .prepare(
        `SELECT p.id, v.version, v.updated FROM paper_versions v JOIN papers p ON p.pk = v.paper_pk WHERE v.paper_pk IN (SELECT value FROM json_each(?))`,
      )
      .all(JSON.stringify(rows.map((r) => r.pk))) as Array<{ id: string; version: number; updated: string }>;
    if (versions.length > 0) {
      await pool.query(
        `INSERT INTO paper_versions (paper_pk, version, updated)
         SELECT p.pk, u.v, u.upd FROM unnest($1::text[], $2::int[], $3::text[]) u(id, v, upd) JOIN papers p ON p.id = u.id
         ON CONFLICT (paper_pk, version) DO UPDATE SET updated = excluded.updated`,
        [versions.map((v) => v.id), versions.map((v) => v.version), versions.map((v) => v.updated)],
      );
    }
    progress('papers', (done += rows.length));
  }
}

/** Topics, then their memberships by name and paper id. */
async function copyTopics(
  source: Database.Database,
  target: PostgresStore,
  progress: CopyProgress,
): Promise<void> {
  const pool = target.pool;
  await copyRows(
    target,
    'topics',
    ['name', 'created_at'],
    source.prepare('SELECT name, created_at FROM topics').all() as Array<Record<string, unknown>>,
  );
  let done = 0;
  for (const rows of batches<{ k: string; name: string; id: string; added_at: string }>(
    source,
    `SELECT t.name || char(1) || p.id AS k, t.name, p.id, tp.added_at FROM topic_papers tp JOIN topics t ON t.id = tp.topic_id JOIN papers p ON p.pk = tp.paper_pk`,
    'k',
  )) {
    await pool.query(
      `INSERT INTO topic_papers (topic_id, paper_pk, added_at)
       SELECT t.id, p.pk, u.added FROM unnest($1::text[], $2::text[], $3::text[]) u(name, id, added)
       JOIN topics t ON t.name = u.name JOIN papers p ON p.id = u.id ON CONFLICT DO NOTHING`,
      [rows.map((r) => r.name), rows.map((r) => r.id), rows.map((r) => r.added_at)],
    );
    progress('topic_papers', (done += rows.length));
  }
}

/** Contents: the Markdown files move into the database. */
async function copyContents(
  source: Database.Database,
  contentDir: string,
  target: PostgresStore,
  progress: CopyProgress,
): Promise<void> {
  let done = 0;
  for (const rows of batches<Record<string, unknown> & { sha256: string }>(
    source,
    'SELECT * FROM contents',
    'key',
  )) {
    const withText = rows.map((r) => ({ ...r, markdown: readContentFile(contentDir, r.sha256) }));
    await copyRows(
      target,
      'contents',
      [
        'key',
        'paper_id',
        'version',
        'vkey',
        'source',
        'sha256',
        'bytes',
        'warnings_json',
        'markdown',
        'created_at',
      ],
      withText,
    );
    progress('contents', (done += rows.length));
  }
}

/** Chunks: per paper version, re-indexed by the driver unless the target has that version's chunks. */
async function copyChunks(
  source: Database.Database,
  target: PostgresStore,
  progress: CopyProgress,
): Promise<void> {
  const pool = target.pool;
  let done = 0;
  for (const groups of batches<{ k: string; paper_id: string; version: number | null; vkey: number }>(
    source,
    `SELECT paper_id || char(1) || printf('%010d', vkey) AS k, paper_id, max(version) AS version, vkey FROM chunks GROUP BY paper_id, vkey`,
    'k',
  )) {
    for (const g of groups) {
      const have = await pool.query('SELECT 1 FROM chunks WHERE paper_id = $1 AND vkey = $2 LIMIT 1', [
        g.paper_id,
        g.vkey,
      ]);
      if (have.rows.length > 0) continue;
      const chunks = source
        .prepare('SELECT section_path_json, text FROM chunks WHERE paper_id = ? AND vkey = ? ORDER BY seq')
        .all(g.paper_id, g.vkey) as Array<{ section_path_json: string; text: string }>;
      await target.replaceChunks(
        g.paper_id,
        g.version,
        chunks.map((c) => ({ sectionPath: JSON.parse(c.section_path_json) as string[], text: c.text })),
      );
    }
    progress('chunks', (done += groups.length));
  }
}

/** The tables copied as stored: table, source query, columns, keyset key. */
const PLAIN: Array<[CopiedTable, string, string[], string]> = [
  [
    'summaries',
    "SELECT paper_id || char(1) || printf('%010d', vkey) AS k, * FROM summaries",
    ['paper_id', 'version', 'vkey', 'summary_json', 'updated_at'],
    'k',
  ],
  ['subscriptions', 'SELECT * FROM subscriptions', ['name', 'body_json', 'created_at', 'updated_at'], 'name'],
  [
    'digests',
    'SELECT * FROM digests',
    ['key', 'subscription', 'date', 'window_start', 'window_end', 'body_json', 'updated_at'],
    'key',
  ],
  [
    'receipts',
    'SELECT digest_key || char(1) || destination AS k, * FROM receipts',
    ['digest_key', 'destination', 'ref', 'url', 'published_at'],
    'k',
  ],
  [
    'seen',
    'SELECT subscription || char(1) || base_id AS k, * FROM seen',
    ['subscription', 'base_id', 'digest_key', 'seen_at', 'sent'],
    'k',
  ],
  [
    'deliveries',
    'SELECT subscription || char(1) || announcement AS k, * FROM deliveries',
    ['subscription', 'announcement', 'status', 'digest_key', 'window_end', 'considered_json', 'updated_at'],
    'k',
  ],
  ['conversations', 'SELECT * FROM conversations', ['id', 'messages_json', 'updated_at'], 'id'],
  [
    'ratings',
    'SELECT subscription || char(1) || base_id AS k, * FROM ratings',
    ['subscription', 'base_id', 'rating', 'source', 'rated_at'],
    'k',
  ],
];

/** Every other table, as stored. */
async function copyPlain(
  source: Database.Database,
  target: PostgresStore,
  progress: CopyProgress,
): Promise<void> {
  const pool = target.pool;
  let done: number;
  for (const [table, sql, columns, key] of PLAIN) {
    done = 0;
    for (const rows of batches<Record<string, unknown>>(source, sql, key)) {
      // A delivery already delivered in the target stays so; one still pending there takes the source's state.
      if (table === 'deliveries') {
        await inTransaction(pool, async (c) => {
          await c.query(
            `INSERT INTO deliveries SELECT * FROM json_populate_recordset(null::deliveries, $1::json)
             ON CONFLICT (subscription, announcement) DO UPDATE SET status = excluded.status, digest_key = excluded.digest_key,
               window_end = excluded.window_end, considered_json = excluded.considered_json, updated_at = excluded.updated_at
             WHERE deliveries.status = 'pending'`,
            [JSON.stringify(rows.map((r) => Object.fromEntries(columns.map((col) => [col, r[col]]))))],
          );
        });
      } else {
        await copyRows(target, table, columns, rows);
      }
      progress(table, (done += rows.length));
    }
  }
}

/** Copies everything; returns when the target holds every source row. */
export async function copySqliteToPostgres(
  source: Database.Database,
  contentDir: string,
  target: PostgresStore,
  progress: CopyProgress = () => undefined,
): Promise<void> {
  await target.ready;
  await copyPapers(source, target, progress);
  await copyTopics(source, target, progress);
  await copyContents(source, contentDir, target, progress);
  await copyChunks(source, target, progress);
  await copyPlain(source, target, progress);
}
