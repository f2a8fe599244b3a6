/** Papers, versions, authors, categories, topics and `list_papers` on Postgres. */
import {
  checkPaper,
  paperColumns,
  type PaperRow as SharedPaperRow,
  rowToListedPaper,
  rowToPaper,
} from '../paper-row.ts';
type PaperRow = SharedPaperRow<boolean>;
import type { Paper } from '../../../domain/paper.ts';
import { AppError } from '../../../domain/errors.ts';
import type { ListFilters, ListResult, StoredPaper, TopicCount } from '../../../domain/library.ts';
import {
  baseId,
  nameKeys,
  normalizeFilters,
  normalizeName,
  validateTopicName,
} from '../../../domain/library.ts';
import type { TopicPapers } from '../../../app/ports/store.ts';
import type { Queryable } from './database.ts';
import { bm25, queryTerms, toTsquery, toTsvector } from './text-search.ts';
import { matchTerms, rankInputs, updateLengths, updateTermBits } from './term-bits.ts';

/** With a query, relevance ranking covers at most this many of the newest matches (as on SQLite). */
export const RANK_WINDOW = 2000;
/**
 * With a query and other filters, the filters' key set is fetched and probed against the term
 * bitmaps when it has at most this many papers; a broader one goes through the GIN index.
 */
const FILTER_SET_MAX = 100_000;

const PAPER_COLUMNS = `pk, id, version, title, abstract, authors_json, categories_json, primary_category, published, published_at,
  published_date, updated, doi, journal_ref, comment, license, abs_url, pdf_url, html_url, withdrawn`;

/** The stored columns of one paper. */
function toRow(p: Paper, id: string, version: number | null, publishedAt: string) {
  const { tsv, ntok, lexemes, weights } = toTsvector([
    [p.title, 'A'],
    [p.abstract ?? '', 'B'],
  ]);
  return {
    ...paperColumns(p, { id, version, publishedAt }),
    ntok,
    tsv,
    lexemes,
    weights,
  };
}
type Row = ReturnType<typeof toRow>;
const ROW_FIELDS: Array<[keyof Row, string]> = [
  ['id', 'text'],
  ['version', 'int4'],
  ['title', 'text'],
  ['abstract', 'text'],
  ['authors_json', 'text'],
  ['categories_json', 'text'],
  ['primary_category', 'text'],
  ['published', 'text'],
  ['published_at', 'text'],
  ['published_date', 'text'],
  ['updated', 'text'],
  ['doi', 'text'],
  ['journal_ref', 'text'],
  ['comment', 'text'],
  ['license', 'text'],
  ['abs_url', 'text'],
  ['pdf_url', 'text'],
  ['html_url', 'text'],
  ['withdrawn', 'bool'],
  ['ntok', 'int4'],
  ['tsv', 'tsvector'],
];

const authorKeys = (authors: Paper['authors']) => [
  ...new Set(authors.flatMap((a) => nameKeys(normalizeName(a.name)))),
];

/** Index rows (category / author key, published_at, pk) of a paper's metadata. */
function indexRows(pk: number, authorsJson: string, categoriesJson: string, publishedAt: string) {
  return {
    categories: [...new Set(JSON.parse(categoriesJson) as string[])].map(
      (c) => [c, publishedAt, pk] as const,
    ),
    authors: authorKeys(JSON.parse(authorsJson) as Paper['authors']).map(
      (k) => [k, publishedAt, pk] as const,
    ),
  };
}

/**
 * `change` (an INSERT or DELETE on author_keys / paper_categories returning the keys it touched as
 * `k`) plus keeping `index_counts` (papers per author key / category, migration 7) in step, in one
 * statement. Writers of papers run one at a time (the fts_stats lock), so the counts stay exact.
 */
const counted = (kind: 'author' | 'category', sign: 1 | -1, change: string) =>
  `WITH changed AS (${change})
   INSERT INTO index_counts (kind, key, papers) SELECT '${kind}', k, ${sign} * count(*) FROM changed GROUP BY k
   ON CONFLICT (kind, key) DO UPDATE SET papers = index_counts.papers + excluded.papers`;

/** Columns of rows as parallel arrays, for `unnest($1::text[], $2::int[], ...)`. */
const columns = <T extends readonly unknown[]>(rows: T[], n: number): unknown[][] =>
  Array.from({ length: n }, (_, i) => rows.map((r) => r[i]));

/** Updates the BM25 term counts of `kind` by the lexemes of rows `pks` of `table` (sign +1 or -1). */
export async function adjustTerms(
  c: Queryable,
  kind: 'papers' | 'chunks',
  table: 'papers' | 'chunks',
  pks: number[],
  sign: 1 | -1,
): Promise<void> {
  if (pks.length === 0) return;
  await c.query(
    `INSERT INTO fts_terms (kind, term, docs)
       SELECT $1, u.lexeme, $3::int * count(*) FROM ${table} x CROSS JOIN LATERAL unnest(x.tsv) u WHERE x.pk = ANY($2::bigint[]) GROUP BY u.lexeme
     ON CONFLICT (kind, term) DO UPDATE SET docs = fts_terms.docs + excluded.docs`,
    [kind, pks, sign],
  );
}

/** Corpus statistics of an index plus the document count of each term. */
export async function termStats(c: Queryable, kind: 'papers' | 'chunks', terms: string[]) {
  const { rows } = await c.query<{ docs: number; tokens: number; hits: number[] }>(
    `SELECT s.docs, s.tokens, ARRAY(SELECT coalesce((SELECT ft.docs FROM fts_terms ft WHERE ft.kind = $1 AND ft.term = t.term), 0)::float8
       FROM unnest($2::text[]) WITH ORDINALITY t(term, i) ORDER BY t.i) AS hits
     FROM fts_stats s WHERE s.kind = $1`,
    [kind, terms],
  );
  return rows[0] as { docs: number; tokens: number; hits: number[] };
}

/** Queries over the paper tables. */
export function createPaperTables() {
  const now = () => new Date().toISOString();

  async function topicId(c: Queryable, name: string, create: boolean): Promise<number | null> {
    if (create)
      await c.query('INSERT INTO topics (name, created_at) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING', [
        name,
        now(),
      ]);
    const { rows } = await c.query<{ id: number }>('SELECT id FROM topics WHERE name = $1', [name]);
    return rows[0]?.id ?? null;
  }

  /**
   * Upserts one batch inside the caller's transaction. The papers' fts_stats row is locked first,
   * so paper writers run one at a time (no lost update, no deadlock) and the batch is decided
   * in memory exactly as the SQLite driver decides it paper by paper.
   */
  async function upsert(
    c: Queryable,
    papers: Paper[],
    topic: string | undefined,
  ): Promise<{ inserted: number; updated: number }> {
    const topicName = topic === undefined ? null : validateTopicName(topic);
    const checked = papers.map((p) => ({ p, ...checkPaper(p) }));
    await c.query("SELECT 1 FROM fts_stats WHERE kind = 'papers' FOR UPDATE");
    const ids = [...new Set(checked.map((x) => x.id))];
    const { rows: found } = await c.query<{
      pk: number;
      id: string;
      version: number | null;
      updated: string;
      authors_json: string;
      categories_json: string;
      published_at: string;
      ntok: number;
    }>(
      'SELECT pk, id, version, updated, authors_json, categories_json, published_at, ntok FROM papers WHERE id = ANY($1::text[])',
      [ids],
    );
    const existing = new Map(found.map((r) => [r.id, r]));
    // Final state per id after applying the batch in order.
    const state = new Map<string, { row: Row; changed: boolean }>();
    const versions: Array<[string, number, string]> = [];
    let inserted = 0;
    let updated = 0;
    for (const { p, id, version, publishedAt } of checked) {
      const row = toRow(p, id, version, publishedAt);
      const current = state.get(id)?.row ?? existing.get(id);
      if (!current) {
        state.set(id, { row, changed: true });
        inserted++;
      } else {
        // An older version arriving late (a page of search results) must not overwrite newer metadata.
        const inV = version ?? 0;
        const exV = current.version ?? 0;
        if (inV > exV || (inV === exV && row.updated >= current.updated))
          state.set(id, { row, changed: true });
        updated++;
      }
      if (version !== null) versions.push([id, version, row.updated]);
    }
    const newRows = [...state.values()].filter((s) => s.changed && !existing.has(s.row.id)).map((s) => s.row);
    const replaced = [...state.values()]
      .filter((s) => s.changed && existing.has(s.row.id))
      .map((s) => ({ row: s.row, old: existing.get(s.row.id)! }));

    // Replaced rows: take their lexemes and index rows out before the update.
    const replacedPks = replaced.map((r) => r.old.pk);
    await adjustTerms(c, 'papers', 'papers', replacedPks, -1);
    const clearBits = new Map<string, number[]>();
    if (replacedPks.length > 0) {
      const { rows: old } = await c.query<{ pk: number; l: string[] }>(
        'SELECT pk, tsvector_to_array(tsv) AS l FROM papers WHERE pk = ANY($1::bigint[])',
        [replacedPks],
      );
      for (const r of old) for (const t of r.l) (clearBits.get(t) ?? clearBits.set(t, []).get(t)!).push(r.pk);
    }
    const oldIdx = replaced.map((r) =>
      indexRows(r.old.pk, r.old.authors_json, r.old.categories_json, r.old.published_at),
    );
    const oldCats = oldIdx.flatMap((x) => x.categories);
    const oldAuthors = oldIdx.flatMap((x) => x.authors);
    if (oldCats.length > 0) {
      await c.query(
        counted(
          'category',
          -1,
          `DELETE FROM paper_categories t USING unnest($1::text[], $2::text[], $3::bigint[]) u(k, at, pk)
         WHERE t.category = u.k AND t.published_at = u.at AND t.paper_pk = u.pk RETURNING t.category AS k`,
        ),
        columns(oldCats, 3),
      );
    }
    if (oldAuthors.length > 0) {
      await c.query(
        counted(
          'author',
          -1,
          `DELETE FROM author_keys t USING unnest($1::text[], $2::text[], $3::bigint[]) u(k, at, pk)
         WHERE t.name_key = u.k AND t.published_at = u.at AND t.paper_pk = u.pk RETURNING t.name_key AS k`,
        ),
        columns(oldAuthors, 3),
      );
    }
    const unnestCols = ROW_FIELDS.map(([, type], i) => `$${i + 1}::${type}[]`).join(', ');
    const names = ROW_FIELDS.map(([n]) => n);
    const arrays = (rows: Row[]) => ROW_FIELDS.map(([n]) => rows.map((r) => r[n]));
    if (replaced.length > 0) {
      const rows = replaced.map((r) => r.row);
      await c.query(
        `UPDATE papers p SET ${names
          .filter((n) => n !== 'id')
          .map((n) => `${n} = u.${n}`)
          .join(', ')}
         FROM unnest(${unnestCols}) u(${names.join(', ')}) WHERE p.id = u.id`,
        arrays(rows),
      );
    }
    const pkOf = new Map(found.map((r) => [r.id, r.pk]));
    if (newRows.length > 0) {
      // Keys in batch order, as SQLite assigns rowids: the BM25 tie-break (lower key first) matches.
      const { rows } = await c.query<{ pk: number; id: string }>(
        `INSERT INTO papers (${names.join(', ')})
         SELECT ${names.join(', ')} FROM unnest(${unnestCols}) WITH ORDINALITY u(${names.join(', ')}, ord) ORDER BY ord
         RETURNING pk, id`,
        arrays(newRows),
      );
      for (const r of rows) pkOf.set(r.id, r.pk);
    }
    const changedPks = [...replaced.map((r) => r.old.pk), ...newRows.map((r) => pkOf.get(r.id) as number)];
    await adjustTerms(c, 'papers', 'papers', changedPks, 1);
    const setBits = new Map<string, Array<[number, number]>>();
    const lengths: Array<[number, number]> = [];
    for (const r of [...replaced.map((x) => x.row), ...newRows]) {
      const pk = pkOf.get(r.id) as number;
      r.lexemes.forEach((t, i) =>
        (setBits.get(t) ?? setBits.set(t, []).get(t)!).push([pk, r.weights[i] as number]),
      );
      lengths.push([pk, r.ntok]);
    }
    await updateTermBits(c, setBits, clearBits);
    await updateLengths(c, lengths);
    const idx = [...replaced.map((r) => r.row), ...newRows].map((r) =>
      indexRows(pkOf.get(r.id) as number, r.authors_json, r.categories_json, r.published_at),
    );
    const cats = idx.flatMap((x) => x.categories);
    const authors = idx.flatMap((x) => x.authors);
    if (cats.length > 0) {
      await c.query(
        counted(
          'category',
          1,
          'INSERT INTO paper_categories (category, published_at, paper_pk) SELECT * FROM unnest($1::text[], $2::text[], $3::bigint[]) ON CONFLICT DO NOTHING RETURNING category AS k',
        ),
        columns(cats, 3),
      );
    }
    if (authors.length > 0) {
      await c.query(
        counted(
          'author',
          1,
          'INSERT INTO author_keys (name_key, published_at, paper_pk) SELECT * FROM unnest($1::text[], $2::text[], $3::bigint[]) ON CONFLICT DO NOTHING RETURNING name_key AS k',
        ),
        columns(authors, 3),
      );
    }
    const tokenDelta =
      newRows.reduce((n, r) => n + r.ntok, 0) + replaced.reduce((n, r) => n + r.row.ntok - r.old.ntok, 0);
    await c.query("UPDATE fts_stats SET docs = docs + $1, tokens = tokens + $2 WHERE kind = 'papers'", [
      newRows.length,
      tokenDelta,
    ]);
    if (versions.length > 0) {
      // The first `updated` seen for a version stays (SQLite: INSERT OR IGNORE, in batch order).
      await c.query(
        `INSERT INTO paper_versions (paper_pk, version, updated)
         SELECT DISTINCT ON (pk, v) pk, v, upd FROM unnest($1::bigint[], $2::int[], $3::text[]) WITH ORDINALITY u(pk, v, upd, ord)
         ORDER BY pk, v, ord
         ON CONFLICT DO NOTHING`,
        [versions.map((v) => pkOf.get(v[0])), versions.map((v) => v[1]), versions.map((v) => v[2])],
      );
    }
    if (topicName !== null) {
      const tid = await topicId(c, topicName, true);
      const pks = [...new Set(checked.map((x) => pkOf.get(x.id) as number))];
      await c.query(
        'INSERT INTO topic_papers (topic_id, paper_pk, added_at) SELECT $1, pk, $3 FROM unnest($2::bigint[]) pk ON CONFLICT DO NOTHING',
        [tid, pks, now()],
      );
    }
    return { inserted, updated };
  }

  async function getPaper(c: Queryable, id: string): Promise<StoredPaper | null> {
    const { rows } = await c.query<PaperRow>(`SELECT ${PAPER_COLUMNS} FROM papers WHERE id = $1`, [
      baseId(id),
    ]);
    const r = rows[0];
    if (!r) return null;
    const [versions, topics] = await Promise.all([
      c.query<{ version: number }>(
        'SELECT version FROM paper_versions WHERE paper_pk = $1 ORDER BY version',
        [r.pk],
      ),
      c.query<{ name: string }>(
        'SELECT t.name FROM topic_papers tp JOIN topics t ON t.id = tp.topic_id WHERE tp.paper_pk = $1 ORDER BY t.name',
        [r.pk],
      ),
    ]);
    return {
      ...rowToPaper(r),
      versionsSeen: versions.rows.map((v) => v.version),
      topics: topics.rows.map((t) => t.name),
    };
  }

  /**
   * Same filters, order and total_count as the SQLite driver: with a query, the newest
   * RANK_WINDOW matches (highest keys) are ranked by FTS5's BM25, ties by key; without one,
   * newest v1 publication first, ties by key.
   */
  async function listPapers(c: Queryable, filters: ListFilters): Promise<ListResult> {
    const f = normalizeFilters(filters);
    const until =
      f.endDate === null
        ? null
        : new Date(Date.parse(`${f.endDate}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    /** Parameters of one statement: `$(v)` appends v and returns its placeholder. */
    const statement = () => {
      const params: unknown[] = [];
      const $ = (v: unknown) => {
        params.push(v);
        return `$${params.length}`;
      };
      const dates = (col: string) =>
        `${f.startDate !== null ? ` AND ${col} >= ${$(f.startDate)}` : ''}${until !== null ? ` AND ${col} < ${$(until)}` : ''}`;
      return { params, $, dates };
    };
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
      if (terms === null)
        throw new AppError('INVALID_INPUT', `query "${f.query}" has no words to search for`);
      tsquery = toTsquery(terms);
      if (tsquery === null) return { total_count: 0, returned: 0, papers: [] };
    }
    const authorKey = f.author === null ? null : normalizeName(f.author);
    const hasFilters =
      authorKey !== null || f.categories.length > 0 || tid !== null || f.startDate !== null || until !== null;

    /**
     * The papers passing the filters other than the query, as on SQLite: the most selective
     * ordered index drives (author, else category, else topic, else publication time); the author
     * and category indexes are ordered by publication time, so the newest page comes straight off
     * them. The other filters are point lookups.
     */
    const filterBody = (s: ReturnType<typeof statement>) => {
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
    };

    let total: number;
    let pks: number[];
    if (terms !== null && tsquery !== null) {
      const window = Math.max(RANK_WINDOW, f.offset + f.limit);
      // The per-term bitmaps (term-bits.ts) give the matches' keys, hence the exact count and the
      // newest `window` matches, without visiting a heap page per match. Other filters: their
      // key set (from their indexes) probed against the bitmaps, unless it is too large to fetch.
      const matches = await matchTerms(c, terms);
      let head: number[] | null = null;
      if (!hasFilters) {
        total = matches.count();
        head = matches.newest(window);
      } else {
        const s = statement();
        const { body, distinct } = filterBody(s);
        const { rows } = await c.query<{ pk: number }>(
          `SELECT ${distinct}d.paper_pk AS pk ${body} LIMIT ${s.$(FILTER_SET_MAX + 1)}`,
          s.params,
        );
        if (rows.length <= FILTER_SET_MAX) {
          const hits = rows
            .map((r) => r.pk)
            .filter((pk) => matches.has(pk))
            .sort((a, b) => b - a);
          total = hits.length;
          head = hits.slice(0, window);
        } else {
          total = 0;
        }
      }
      if (head === null) {
        // A very broad filter set: the GIN index finds the matches (a bitmap; `pk + 0` keeps the
        // planner from walking the key index backwards and testing every row); other filters are
        // semi-joins on their indexes.
        const s = statement();
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
        total = rows[0]?.n ?? 0;
        head = rows.map((r) => r.pk);
      }
      // Ranking reads the window's lengths and the query terms' counts from the term index
      // (term-bits.ts rankInputs), not from the papers: the window's rows are up to 2,000 random
      // heap pages of a multi-GB table, the index rows a few compact ones.
      const ranked = await rankInputs(c, head, terms);
      const stats = await termStats(c, 'papers', terms);
      pks = ranked
        .map((r) => ({ pk: r.pk, rank: bm25(r.freqs, r.ntok, stats) }))
        .sort((x, y) => x.rank - y.rank || x.pk - y.pk)
        .slice(f.offset, f.offset + f.limit)
        .map((r) => r.pk);
    } else {
      const s = statement();
      const { body, distinct } = filterBody(s);
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
      total = onlyKey
        ? ((
            await c.query<{ n: number }>(
              'SELECT papers AS n FROM index_counts WHERE kind = $1 AND key = $2',
              [onlyKey.kind, onlyKey.key],
            )
          ).rows[0]?.n ?? 0)
        : (await c.query<{ n: number }>(`SELECT count(${distinct}d.paper_pk) AS n ${body}`, whereParams))
            .rows[0]!.n;
      pks =
        total <= f.offset
          ? []
          : (
              await c.query<{ pk: number }>(
                `SELECT ${distinct}d.paper_pk AS pk, d.published_at ${body} ORDER BY d.published_at DESC, d.paper_pk DESC LIMIT ${s.$(f.limit)} OFFSET ${s.$(f.offset)}`,
                s.params,
              )
            ).rows.map((r) => r.pk);
    }
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

  async function topics(c: Queryable): Promise<TopicCount[]> {
    const { rows } = await c.query<TopicCount>(
      'SELECT t.name, count(tp.paper_pk)::int AS count FROM topics t LEFT JOIN topic_papers tp ON tp.topic_id = t.id GROUP BY t.id, t.name ORDER BY t.name',
    );
    return rows;
  }

  async function topicPapers(c: Queryable, name: string): Promise<TopicPapers> {
    const topic = validateTopicName(name);
    const tid = await topicId(c, topic, false);
    if (tid === null)
      throw new AppError('NOT_FOUND', `topic "${topic}" does not exist; list topics with the topics command`);
    const { rows } = await c.query<PaperRow>(
      `SELECT ${PAPER_COLUMNS.split(',')
        .map((x) => `p.${x.trim()}`)
        .join(', ')} FROM topic_papers tp JOIN papers p ON p.pk = tp.paper_pk
       WHERE tp.topic_id = $1 ORDER BY p.published_at DESC, p.pk DESC`,
      [tid],
    );
    return { name: topic, papers: rows.map(rowToPaper) };
  }

  /**
   * Removes one paper and what was derived from it (versions, categories, author keys, topic
   * memberships, text index entries, contents, chunks, summaries) inside the caller's
   * transaction, keeping every index count and text statistic exact. Digests, the seen sets and
   * topic folders stay. False when it was not stored.
   */
  async function remove(c: Queryable, id: string): Promise<boolean> {
    const b = baseId(id);
    await c.query("SELECT 1 FROM fts_stats WHERE kind = 'papers' FOR UPDATE");
    await c.query("SELECT 1 FROM fts_stats WHERE kind = 'chunks' FOR UPDATE");
    const { rows } = await c.query<{
      pk: number;
      authors_json: string;
      categories_json: string;
      published_at: string;
      ntok: number;
      l: string[];
    }>(
      'SELECT pk, authors_json, categories_json, published_at, ntok, tsvector_to_array(tsv) AS l FROM papers WHERE id = $1',
      [b],
    );
    const old = rows[0];
    if (!old) return false;
    await adjustTerms(c, 'papers', 'papers', [old.pk], -1);
    await updateTermBits(c, new Map(), new Map(old.l.map((t) => [t, [old.pk]])));
    await updateLengths(c, [[old.pk, 0]]);
    const idx = indexRows(old.pk, old.authors_json, old.categories_json, old.published_at);
    if (idx.categories.length > 0) {
      await c.query(
        counted(
          'category',
          -1,
          `DELETE FROM paper_categories t USING unnest($1::text[], $2::text[], $3::bigint[]) u(k, at, pk)
         WHERE t.category = u.k AND t.published_at = u.at AND t.paper_pk = u.pk RETURNING t.category AS k`,
        ),
        columns(idx.categories, 3),
      );
    }
    if (idx.authors.length > 0) {
      await c.query(
        counted(
          'author',
          -1,
          `DELETE FROM author_keys t USING unnest($1::text[], $2::text[], $3::bigint[]) u(k, at, pk)
         WHERE t.name_key = u.k AND t.published_at = u.at AND t.paper_pk = u.pk RETURNING t.name_key AS k`,
        ),
        columns(idx.authors, 3),
      );
    }
    await c.query('DELETE FROM topic_papers WHERE paper_pk = $1', [old.pk]);
    await c.query('DELETE FROM paper_versions WHERE paper_pk = $1', [old.pk]);
    await c.query('DELETE FROM papers WHERE pk = $1', [old.pk]);
    await c.query("UPDATE fts_stats SET docs = docs - 1, tokens = tokens - $1 WHERE kind = 'papers'", [
      old.ntok,
    ]);
    const chunks = await c.query<{ pk: number; ntok: number }>(
      'SELECT pk, ntok FROM chunks WHERE paper_id = $1',
      [b],
    );
    const chunkPks = chunks.rows.map((r) => r.pk);
    if (chunkPks.length > 0) {
      await adjustTerms(c, 'chunks', 'chunks', chunkPks, -1);
      await c.query('DELETE FROM chunks WHERE pk = ANY($1::bigint[])', [chunkPks]);
      const tokens = chunks.rows.reduce((n, r) => n + r.ntok, 0);
      await c.query("UPDATE fts_stats SET docs = docs - $1, tokens = tokens - $2 WHERE kind = 'chunks'", [
        chunkPks.length,
        tokens,
      ]);
    }
    await c.query('DELETE FROM contents WHERE paper_id = $1', [b]);
    await c.query('DELETE FROM summaries WHERE paper_id = $1', [b]);
    return true;
  }

  return { upsert, getPaper, listPapers, topics, topicPapers, remove };
}
