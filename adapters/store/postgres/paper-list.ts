/**
 * `list_papers` on Postgres: the same filters, order and total_count as the SQLite driver. With a
 * query, the matches come from the term bitmaps (term-bits.ts) or, for a very broad filter set,
 * the GIN index, and the newest RANK_WINDOW of them are ranked by BM25; without one, the most
 * selective ordered index gives the newest page.
 */
import { rowToListedPaper, type PaperRow as SharedPaperRow } from '../paper-row.ts';
import { AppError } from '../../../domain/errors.ts';
import type { ListFilters, ListResult } from '../../../domain/library.ts';
import { normalizeFilters, normalizeName } from '../../../domain/library.ts';
import type { Queryable } from './database.ts';
import { bm25, queryTerms, toTsquery } from './text-search.ts';
import { matchTerms, rankInputs } from './term-bits.ts';
import { PAPER_COLUMNS, termStats, topicId } from './paper-sql.ts';

type PaperRow = SharedPaperRow<boolean>;

/** With a query, relevance ranking covers at most this many of the newest matches (as on SQLite). */
export const RANK_WINDOW = 2000;
/**
 * With a query and other filters, the filters' key set is fetched and probed against the term
 * bitmaps when it has at most this many papers; a broader one goes through the GIN index.
 */
const FILTER_SET_MAX = 100_000;

/** One listing's filters, resolved: the topic's id, the author's key, the exclusive end date. */
interface Listing {
  f: ReturnType<typeof normalizeFilters>;
  until: string | null;
  tid: number | null;
  authorKey: string | null;
}
/** One page of keys and the total count of the listing. */
interface Page {
  total: number;
  pks: number[];
}

/** Parameters of one statement: `$(v)` appends v and returns its placeholder. */
function statement({ f, until }: Listing) {
  const params: unknown[] = [];
  const $ = (v: unknown) => {
    params.push(v);
    return `$${params.length}`;
  };
  const dates = (col: string) =>
    `${f.startDate !== null ? ` AND ${col} >= ${$(f.startDate)}` : ''}${until !== null ? ` AND ${col} < ${$(until)}` : ''}`;
  return { params, $, dates };
}
type Statement = ReturnType<typeof statement>;

/**
 * The papers passing the filters other than the query, as on SQLite: the most selective
 * ordered index drives (author, else category, else topic, else publication time); the author
 * and category indexes are ordered by publication time, so the newest page comes straight off
 * them. The other filters are point lookups.
 */
function filterBody({ f, tid, authorKey }: Listing, s: Statement) {
  const { $, dates } = s;
  let driver: { sql: string; distinct: boolean; skip: 'author' | 'category' | 'topic' | null };
  if (authorKey !== null) {
    driver = {
      sql: `SELECT paper_pk, published_at FROM author_keys WHERE name_key = ${$(authorKey)}`,
      distinct: false,
      skip: 'author',
    };
  } else if (f.categories.length > 0) {
    driver = {
      sql: `SELECT paper_pk, published_at FROM paper_categories WHERE category = ANY(${$(f.categories)}::text[])`,
      distinct: f.categories.length > 1,
      skip: 'category',
    };
  } else if (tid !== null) {
    driver = {
      sql: `SELECT t.paper_pk, p.published_at FROM topic_papers t JOIN papers p ON p.pk = t.paper_pk WHERE t.topic_id = ${$(tid)}`,
      distinct: false,
      skip: 'topic',
    };
  } else {
    driver = { sql: 'SELECT pk AS paper_pk, published_at FROM papers', distinct: false, skip: null };
  }
  const lookups: string[] = [];
  if (authorKey !== null && driver.skip !== 'author') {
    lookups.push(
      `EXISTS (SELECT 1 FROM author_keys a WHERE a.name_key = ${$(authorKey)} AND a.published_at = d.published_at AND a.paper_pk = d.paper_pk)`,
    );
  }
  if (f.categories.length > 0 && driver.skip !== 'category') {
    lookups.push(
      `EXISTS (SELECT 1 FROM paper_categories k WHERE k.category = ANY(${$(f.categories)}::text[]) AND k.published_at = d.published_at AND k.paper_pk = d.paper_pk)`,
    );
  }
  if (tid !== null && driver.skip !== 'topic')
    lookups.push(
      `EXISTS (SELECT 1 FROM topic_papers t WHERE t.topic_id = ${$(tid)} AND t.paper_pk = d.paper_pk)`,
    );
  return {
    body: `FROM (${driver.sql}) d WHERE true${lookups.map((x) => ` AND ${x}`).join('')}${dates('d.published_at')}`,
    distinct: driver.distinct ? 'DISTINCT ' : '',
  };
}

/**
 * The per-term bitmaps (term-bits.ts) give the matches' keys, hence the exact count and the
 * newest `window` matches, without visiting a heap page per match. Other filters: their key set
 * (from their indexes) probed against the bitmaps, unless it is too large to fetch (head null).
 */
async function headByBits(
  c: Queryable,
  q: Listing,
  terms: string[],
  window: number,
): Promise<{ total: number; head: number[] | null }> {
  const { f, until, tid, authorKey } = q;
  const matches = await matchTerms(c, terms);
  const hasFilters =
    authorKey !== null || f.categories.length > 0 || tid !== null || f.startDate !== null || until !== null;
  if (!hasFilters) return { total: matches.count(), head: matches.newest(window) };
  const s = statement(q);
  const { body, distinct } = filterBody(q, s);
  const { rows } = await c.query<{ pk: number }>(
    `SELECT ${distinct}d.paper_pk AS pk ${body} LIMIT ${s.$(FILTER_SET_MAX + 1)}`,
    s.params,
  );
  if (rows.length > FILTER_SET_MAX) return { total: 0, head: null };
  const hits = rows
    .map((r) => r.pk)
    .filter((pk) => matches.has(pk))
    .sort((a, b) => b - a);
  return { total: hits.length, head: hits.slice(0, window) };
}

/**
 * A very broad filter set: the GIN index finds the matches (a bitmap; `pk + 0` keeps the
 * planner from walking the key index backwards and testing every row); other filters are
 * semi-joins on their indexes.
 */
async function headByGin(c: Queryable, q: Listing, tsquery: string, window: number): Promise<Page> {
  const { f, tid, authorKey } = q;
  const s = statement(q);
  const { $, dates } = s;
  const conds = [`p.tsv @@ ${$(tsquery)}::tsquery`];
  if (authorKey !== null)
    conds.push(
      `p.pk IN (SELECT a.paper_pk FROM author_keys a WHERE a.name_key = ${$(authorKey)}${dates('a.published_at')})`,
    );
  if (f.categories.length > 0)
    conds.push(
      `p.pk IN (SELECT k.paper_pk FROM paper_categories k WHERE k.category = ANY(${$(f.categories)}::text[])${dates('k.published_at')})`,
    );
  if (tid !== null)
    conds.push(`p.pk IN (SELECT t.paper_pk FROM topic_papers t WHERE t.topic_id = ${$(tid)})`);
  const where = `WHERE ${conds.join(' AND ')}${dates('p.published_at')}`;
  const { rows } = await c.query<{ pk: number; n: number }>(
    `SELECT p.pk, count(*) OVER () AS n FROM papers p ${where} ORDER BY p.pk + 0 DESC LIMIT ${$(window)}`,
    s.params,
  );
  return { total: rows[0]?.n ?? 0, pks: rows.map((r) => r.pk) };
}

/** With a query: the newest window of matches ranked by BM25, ties by key; the page of it asked for. */
async function rankedPage(c: Queryable, q: Listing, terms: string[], tsquery: string): Promise<Page> {
  const { f } = q;
  const window = Math.max(RANK_WINDOW, f.offset + f.limit);
  const bits = await headByBits(c, q, terms, window);
  const { total, pks: head } =
    bits.head === null ? await headByGin(c, q, tsquery, window) : { total: bits.total, pks: bits.head };
  // Ranking reads the window's lengths and the query terms' counts from the term index
  // (term-bits.ts rankInputs), not from the papers: the window's rows are up to 2,000 random
  // heap pages of a multi-GB table, the index rows a few compact ones.
  const ranked = await rankInputs(c, head, terms);
  const stats = await termStats(c, 'papers', terms);
  const pks = ranked
    .map((r) => ({ pk: r.pk, rank: bm25(r.freqs, r.ntok, stats) }))
    .sort((x, y) => x.rank - y.rank || x.pk - y.pk)
    .slice(f.offset, f.offset + f.limit)
    .map((r) => r.pk);
  return { total, pks };
}

/** Without a query: newest v1 publication first, ties by key. */
async function newestPage(c: Queryable, q: Listing): Promise<Page> {
  const { f, until, authorKey } = q;
  const s = statement(q);
  const { body, distinct } = filterBody(q, s);
  const whereParams = [...s.params];
  // One author key or one category and nothing else: its count is kept (index_counts), so a
  // prolific surname does not walk 100k+ index entries to count them.
  const onlyKey =
    f.topic === null && f.startDate === null && until === null
      ? authorKey !== null && f.categories.length === 0
        ? { kind: 'author', key: authorKey }
        : authorKey === null && f.categories.length === 1
          ? { kind: 'category', key: f.categories[0] }
          : null
      : null;
  const total = onlyKey
    ? ((
        await c.query<{ n: number }>('SELECT papers AS n FROM index_counts WHERE kind = $1 AND key = $2', [
          onlyKey.kind,
          onlyKey.key,
        ])
      ).rows[0]?.n ?? 0)
    : (await c.query<{ n: number }>(`SELECT count(${distinct}d.paper_pk) AS n ${body}`, whereParams)).rows[0]!
        .n;
  const pks =
    total <= f.offset
      ? []
      : (
          await c.query<{ pk: number }>(
            `SELECT ${distinct}d.paper_pk AS pk, d.published_at ${body} ORDER BY d.published_at DESC, d.paper_pk DESC LIMIT ${s.$(f.limit)} OFFSET ${s.$(f.offset)}`,
            s.params,
          )
        ).rows.map((r) => r.pk);
  return { total, pks };
}

/**
 * Same filters, order and total_count as the SQLite driver: with a query, the newest
 * RANK_WINDOW matches (highest keys) are ranked by FTS5's BM25, ties by key; without one,
 * newest v1 publication first, ties by key.
 */
export async function listPapers(c: Queryable, filters: ListFilters): Promise<ListResult> {
  const f = normalizeFilters(filters);
  const until =
    f.endDate === null
      ? null
      : new Date(Date.parse(`${f.endDate}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
  let tid: number | null = null;
  if (f.topic !== null) {
    tid = await topicId(c, f.topic, false);
    if (tid === null)
      throw new AppError(
        'NOT_FOUND',
        `topic "${f.topic}" does not exist; list topics with the topics command`,
      );
  }
  let terms: string[] | null = null;
  let tsquery: string | null = null;
  if (f.query !== null) {
    terms = queryTerms(f.query);
    if (terms === null) throw new AppError('INVALID_INPUT', `query "${f.query}" has no words to search for`);
    tsquery = toTsquery(terms);
    if (tsquery === null) return { total_count: 0, returned: 0, papers: [] };
  }
  const authorKey = f.author === null ? null : normalizeName(f.author);
  const q: Listing = { f, until, tid, authorKey };
  const { total, pks } =
    terms !== null && tsquery !== null ? await rankedPage(c, q, terms, tsquery) : await newestPage(c, q);
  const rows =
    pks.length === 0
      ? []
      : (await c.query<PaperRow>(`SELECT ${PAPER_COLUMNS} FROM papers WHERE pk = ANY($1::bigint[])`, [pks]))
          .rows;
  const byPk = new Map(rows.map((r) => [r.pk, r]));
  const papers = pks.flatMap((pk) => {
    const r = byPk.get(pk);
    return r ? [rowToListedPaper(r)] : [];
  });
  return { total_count: total, returned: papers.length, papers };
}
