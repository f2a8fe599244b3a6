/**
 * `list_papers` on SQLite. Plans (chosen so no filter mix scans the whole library):
 * - with a query, FTS5 enumerates the matches and every other filter is a key-set probe per
 *   match; BM25 ranks the newest RANK_WINDOW matches;
 * - without one, the most selective ordered index drives — author, else category, else topic,
 *   else publication time — and the others are point lookups per driver row. The author and
 *   category indexes are ordered by publication time, so the newest page comes straight off them.
 * Wide paper rows are read for the returned page only.
 */
import type Database from 'better-sqlite3';
import { rowToListedPaper, type PaperRow as SharedPaperRow } from '../paper-row.ts';
import { AppError } from '../../../domain/errors.ts';
import type { ListFilters, ListResult } from '../../../domain/library.ts';
import { normalizeFilters, normalizeName } from '../../../domain/library.ts';
import { toFtsQuery } from './fts.ts';

type PaperRow = SharedPaperRow<number>;

/** With a query, relevance ranking covers at most this many of the newest matches. */
export const RANK_WINDOW = 2000;

/** What a listing needs of the paper tables: the database, the page statement, topic ids. */
export interface ListingDeps {
  db: Database.Database;
  page: Database.Statement<[string], PaperRow>;
  topicId: (name: string) => number | null;
}

/** One listing's filters, resolved into SQL pieces. */
interface Listing {
  f: ReturnType<typeof normalizeFilters>;
  authorKey: string | null;
  catList: string;
  tid: number | null;
  dateSql: (col: string) => string;
  dateParams: string[];
}
/** One page of keys and the total count of the listing. */
interface Page {
  total: number;
  pks: number[];
}

/** Point-lookup conditions on a candidate (pk, published_at), skipping the driving filter. */
function lookups(
  { f, authorKey, catList, tid, dateSql, dateParams }: Listing,
  pk: string,
  at: string,
  skip: 'author' | 'category' | 'topic' | null,
) {
  const sql: string[] = [];
  const params: unknown[] = [];
  if (authorKey !== null && skip !== 'author') {
    sql.push(
      `EXISTS (SELECT 1 FROM author_keys a WHERE a.name_key = ? AND a.published_at = ${at} AND a.paper_pk = ${pk})`,
    );
    params.push(authorKey);
  }
  if (f.categories.length > 0 && skip !== 'category') {
    sql.push(
      `EXISTS (SELECT 1 FROM paper_categories c WHERE c.category IN (${catList}) AND c.published_at = ${at} AND c.paper_pk = ${pk})`,
    );
    params.push(...f.categories);
  }
  if (tid !== null && skip !== 'topic') {
    sql.push(`EXISTS (SELECT 1 FROM topic_papers t WHERE t.topic_id = ? AND t.paper_pk = ${pk})`);
    params.push(tid);
  }
  return { sql: sql.map((x) => ` AND ${x}`).join('') + dateSql(at), params: [...params, ...dateParams] };
}

/** With a query: FTS5's BM25 over the newest window of matches, ties by key. */
function rankedPage(db: Database.Database, l: Listing, ftsQuery: string): Page {
  const { f, authorKey, catList, tid, dateSql, dateParams } = l;
  const q = ftsQuery;
  // Other filters become key sets built from their (date-bounded) index ranges and probed per
  // match; `+rowid` stops SQLite from running one FTS lookup per key instead.
  const sets: Array<{ sql: string; params: unknown[] }> = [];
  if (authorKey !== null)
    sets.push({
      sql: `SELECT paper_pk FROM author_keys WHERE name_key = ?${dateSql('published_at')}`,
      params: [authorKey, ...dateParams],
    });
  if (f.categories.length > 0)
    sets.push({
      sql: `SELECT paper_pk FROM paper_categories WHERE category IN (${catList})${dateSql('published_at')}`,
      params: [...f.categories, ...dateParams],
    });
  if (tid !== null) sets.push({ sql: 'SELECT paper_pk FROM topic_papers WHERE topic_id = ?', params: [tid] });
  if (dateParams.length > 0 && authorKey === null && f.categories.length === 0) {
    sets.push({ sql: `SELECT pk FROM papers WHERE 1${dateSql('published_at')}`, params: dateParams });
  }
  const where = ['papers_fts MATCH ?', ...sets.map((x) => `+rowid IN (${x.sql})`)].join(' AND ');
  const params = [q, ...sets.flatMap((x) => x.params)];
  // BM25 must score every row it sorts, and a broad query matches 100k+ papers, so ranking covers
  // the newest `window` matches (all of them for most queries). One pass reads those with their
  // scores; only when there are more does a second pass count them all (total_count is exact).
  const window = Math.max(RANK_WINDOW, f.offset + f.limit);
  const head = db
    .prepare(`SELECT rowid AS pk, rank FROM papers_fts WHERE ${where} ORDER BY rowid DESC LIMIT ?`)
    .all(...params, window + 1) as Array<{ pk: number; rank: number }>;
  const total =
    head.length <= window
      ? head.length
      : (
          db.prepare(`SELECT count(*) AS n FROM papers_fts WHERE ${where}`).get(...params) as {
            n: number;
          }
        ).n;
  const pks = head
    .slice(0, window)
    .sort((x, y) => x.rank - y.rank || x.pk - y.pk)
    .slice(f.offset, f.offset + f.limit)
    .map((r) => r.pk);
  return { total, pks };
}

/** Without a query: the most selective ordered index drives, newest v1 publication first. */
function newestPage(db: Database.Database, listing: Listing): Page {
  const { f, authorKey, catList, tid } = listing;
  let driver: {
    sql: string;
    params: unknown[];
    distinct: boolean;
    skip: 'author' | 'category' | 'topic' | null;
  };
  if (authorKey !== null) {
    // One name key per (author, paper) row, so no duplicates.
    driver = {
      sql: 'SELECT paper_pk, published_at FROM author_keys WHERE name_key = ?',
      params: [authorKey],
      distinct: false,
      skip: 'author',
    };
  } else if (f.categories.length > 0) {
    driver = {
      sql: `SELECT paper_pk, published_at FROM paper_categories WHERE category IN (${catList})`,
      params: f.categories,
      distinct: f.categories.length > 1,
      skip: 'category',
    };
  } else if (tid !== null) {
    driver = {
      sql: 'SELECT t.paper_pk, p.published_at FROM topic_papers t JOIN papers p ON p.pk = t.paper_pk WHERE t.topic_id = ?',
      params: [tid],
      distinct: false,
      skip: 'topic',
    };
  } else {
    driver = {
      sql: 'SELECT pk AS paper_pk, published_at FROM papers',
      params: [],
      distinct: false,
      skip: null,
    };
  }
  const l = lookups(listing, 'd.paper_pk', 'd.published_at', driver.skip);
  const params = [...driver.params, ...l.params];
  const distinct = driver.distinct ? 'DISTINCT ' : '';
  const body = `FROM (${driver.sql}) d WHERE 1${l.sql}`;
  const total = (
    db.prepare(`SELECT count(${distinct}d.paper_pk) AS n ${body}`).get(...params) as { n: number }
  ).n;
  const pks =
    total <= f.offset
      ? []
      : (
          db
            .prepare(
              `SELECT ${distinct}d.paper_pk AS pk, d.published_at ${body} ORDER BY d.published_at DESC, d.paper_pk DESC LIMIT ? OFFSET ?`,
            )
            .all(...params, f.limit, f.offset) as Array<{ pk: number }>
        ).map((r) => r.pk);
  return { total, pks };
}

/** The papers passing `filters`, a page of them in listing order, and their total count. */
export function listPapers({ db, page, topicId }: ListingDeps, filters: ListFilters): ListResult {
  const f = normalizeFilters(filters);
  // Dates are inclusive days; published_at is an ISO timestamp, so the end bound is the next day.
  const from = f.startDate;
  const until =
    f.endDate === null
      ? null
      : new Date(Date.parse(`${f.endDate}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
  const dateSql = (col: string) =>
    `${from !== null ? ` AND ${col} >= ?` : ''}${until !== null ? ` AND ${col} < ?` : ''}`;
  const dateParams = [from, until].filter((d) => d !== null);
  const authorKey = f.author === null ? null : normalizeName(f.author);
  const catList = f.categories.map(() => '?').join(', ');
  let tid: number | null = null;
  if (f.topic !== null) {
    tid = topicId(f.topic);
    if (tid === null)
      throw new AppError(
        'NOT_FOUND',
        `topic "${f.topic}" does not exist; list topics with the topics command`,
      );
  }
  const listing: Listing = { f, authorKey, catList, tid, dateSql, dateParams };
  let p: Page;
  if (f.query !== null) {
    const q = toFtsQuery(f.query);
    if (q === null) throw new AppError('INVALID_INPUT', `query "${f.query}" has no words to search for`);
    p = rankedPage(db, listing, q);
  } else {
    p = newestPage(db, listing);
  }
  const { total, pks } = p;
  const rows = pks.length === 0 ? [] : (page.all(JSON.stringify(pks)) as PaperRow[]);
  const byPk = new Map(rows.map((r) => [r.pk, r]));
  const papers = pks.flatMap((pk) => {
    const r = byPk.get(pk);
    return r ? [rowToListedPaper(r)] : [];
  });
  return { total_count: total, returned: papers.length, papers };
}
