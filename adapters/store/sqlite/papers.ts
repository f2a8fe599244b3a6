/** Papers, versions, authors, categories, topics and `list_papers` on SQLite. */
import {
  checkPaper,
  paperColumns,
  rowToListedPaper,
  rowToPaper,
  type PaperRow as SharedPaperRow,
} from '../paper-row.ts';
type PaperRow = SharedPaperRow<number>;
import type Database from 'better-sqlite3';
import type { Paper } from '../../../domain/paper.ts';
import { AppError } from '../../../domain/errors.ts';
import type { ListFilters, ListResult, StoredPaper, TopicCount } from '../../../domain/library.ts';
import type { TopicPapers } from '../../../app/ports/store.ts';
import {
  baseId,
  nameKeys,
  normalizeFilters,
  normalizeName,
  validateTopicName,
} from '../../../domain/library.ts';
import { toFtsQuery } from './fts.ts';

/** With a query, relevance ranking covers at most this many of the newest matches (see listPapers). */
export const RANK_WINDOW = 2000;

/** Statements over the paper tables of one open database. */
export function createPaperTables(db: Database.Database) {
  const now = () => new Date().toISOString();
  const s = {
    find: db.prepare<
      [string],
      Pick<
        PaperRow,
        | 'pk'
        | 'version'
        | 'updated'
        | 'title'
        | 'abstract'
        | 'authors_json'
        | 'categories_json'
        | 'published_at'
      >
    >(
      'SELECT pk, version, updated, title, abstract, authors_json, categories_json, published_at FROM papers WHERE id = ?',
    ),
    insert: db.prepare(
      `INSERT INTO papers (id, version, title, abstract, authors_json, categories_json, primary_category, published,
         published_at, published_date, updated, doi, journal_ref, comment, license, abs_url, pdf_url, html_url, withdrawn)
       VALUES (@id, @version, @title, @abstract, @authors_json, @categories_json, @primary_category, @published,
         @published_at, @published_date, @updated, @doi, @journal_ref, @comment, @license, @abs_url, @pdf_url, @html_url, @withdrawn)`,
    ),
    update: db.prepare(
      `UPDATE papers SET version = @version, title = @title, abstract = @abstract, authors_json = @authors_json,
         categories_json = @categories_json, primary_category = @primary_category, published = @published,
         published_at = @published_at, published_date = @published_date, updated = @updated, doi = @doi, journal_ref = @journal_ref,
         comment = @comment, license = @license, abs_url = @abs_url, pdf_url = @pdf_url, html_url = @html_url,
         withdrawn = @withdrawn
       WHERE pk = @pk`,
    ),
    ftsInsert: db.prepare('INSERT INTO papers_fts (rowid, title, abstract) VALUES (?, ?, ?)'),
    ftsDelete: db.prepare(
      "INSERT INTO papers_fts (papers_fts, rowid, title, abstract) VALUES ('delete', ?, ?, ?)",
    ),
    version: db.prepare('INSERT OR IGNORE INTO paper_versions (paper_pk, version, updated) VALUES (?, ?, ?)'),
    delCategory: db.prepare(
      'DELETE FROM paper_categories WHERE category = ? AND published_at = ? AND paper_pk = ?',
    ),
    category: db.prepare(
      'INSERT OR IGNORE INTO paper_categories (category, published_at, paper_pk) VALUES (?, ?, ?)',
    ),
    delAuthor: db.prepare('DELETE FROM author_keys WHERE name_key = ? AND published_at = ? AND paper_pk = ?'),
    author: db.prepare(
      'INSERT OR IGNORE INTO author_keys (name_key, published_at, paper_pk) VALUES (?, ?, ?)',
    ),
    topicId: db.prepare<[string], { id: number }>('SELECT id FROM topics WHERE name = ?'),
    topicCreate: db.prepare('INSERT OR IGNORE INTO topics (name, created_at) VALUES (?, ?)'),
    topicAdd: db.prepare(
      'INSERT OR IGNORE INTO topic_papers (topic_id, paper_pk, added_at) VALUES (?, ?, ?)',
    ),
    get: db.prepare<[string], PaperRow>('SELECT * FROM papers WHERE id = ?'),
    page: db.prepare<[string], PaperRow>('SELECT * FROM papers WHERE pk IN (SELECT value FROM json_each(?))'),
    versions: db.prepare<[number], { version: number }>(
      'SELECT version FROM paper_versions WHERE paper_pk = ? ORDER BY version',
    ),
    paperTopics: db.prepare<[number], { name: string }>(
      'SELECT t.name FROM topic_papers tp JOIN topics t ON t.id = tp.topic_id WHERE tp.paper_pk = ? ORDER BY t.name',
    ),
    topics: db.prepare<[], TopicCount>(
      'SELECT t.name AS name, count(tp.paper_pk) AS count FROM topics t LEFT JOIN topic_papers tp ON tp.topic_id = t.id GROUP BY t.id ORDER BY t.name',
    ),
    topicPapers: db.prepare<[number], PaperRow>(
      `SELECT p.* FROM topic_papers tp JOIN papers p ON p.pk = tp.paper_pk WHERE tp.topic_id = ?
       ORDER BY p.published_at DESC, p.pk DESC`,
    ),
  };

  function topicId(name: string, create: boolean): number | null {
    const found = s.topicId.get(name);
    if (found || !create) return found?.id ?? null;
    s.topicCreate.run(name, now());
    return (s.topicId.get(name) as { id: number }).id;
  }

  const authorKeys = (authors: Paper['authors']) =>
    new Set(authors.flatMap((a) => nameKeys(normalizeName(a.name))));

  function writeIndexes(pk: number, p: Paper, publishedAt: string): void {
    for (const c of new Set(p.categories)) s.category.run(c, publishedAt, pk);
    for (const key of authorKeys(p.authors)) s.author.run(key, publishedAt, pk);
  }

  /** Removes index rows by their full keys, recomputed from the old row (no secondary index needed). */
  function dropIndexes(
    pk: number,
    old: Pick<PaperRow, 'authors_json' | 'categories_json' | 'published_at'>,
  ): void {
    for (const c of new Set(JSON.parse(old.categories_json) as string[]))
      s.delCategory.run(c, old.published_at, pk);
    for (const key of authorKeys(JSON.parse(old.authors_json) as Paper['authors']))
      s.delAuthor.run(key, old.published_at, pk);
  }

  /** Upserts one batch; the caller wraps it in a write transaction. */
  function upsert(papers: Paper[], topic: string | undefined): { inserted: number; updated: number } {
    const tid = topic === undefined ? null : topicId(validateTopicName(topic), true);
    let inserted = 0;
    let updated = 0;
    for (const p of papers) {
      const checked = checkPaper(p);
      const { id, version, publishedAt } = checked;
      const row = { ...paperColumns(p, checked), withdrawn: p.withdrawn ? 1 : 0 };
      const existing = s.find.get(id);
      let pk: number;
      if (!existing) {
        pk = Number(s.insert.run(row).lastInsertRowid);
        s.ftsInsert.run(pk, row.title, row.abstract);
        writeIndexes(pk, p, publishedAt);
        inserted++;
      } else {
        pk = existing.pk;
        const inV = version ?? 0;
        const exV = existing.version ?? 0;
        // An older version arriving late (a page of search results) must not overwrite newer metadata.
        if (inV > exV || (inV === exV && row.updated >= existing.updated)) {
          s.update.run({ ...row, pk });
          s.ftsDelete.run(pk, existing.title, existing.abstract);
          s.ftsInsert.run(pk, row.title, row.abstract);
          dropIndexes(pk, existing);
          writeIndexes(pk, p, publishedAt);
        }
        updated++;
      }
      if (version !== null) s.version.run(pk, version, row.updated);
      if (tid !== null) s.topicAdd.run(tid, pk, now());
    }
    return { inserted, updated };
  }

  function getPaper(id: string): StoredPaper | null {
    const r = s.get.get(baseId(id));
    if (!r) return null;
    return {
      ...rowToPaper(r),
      versionsSeen: s.versions.all(r.pk).map((v) => v.version),
      topics: s.paperTopics.all(r.pk).map((t) => t.name),
    };
  }

  /**
   * Plans (chosen so no filter mix scans the whole library):
   * - with a query, FTS5 enumerates the matches and every other filter is a key-set probe per
   *   match; BM25 ranks the newest RANK_WINDOW matches;
   * - without one, the most selective ordered index drives — author, else category, else topic,
   *   else publication time — and the others are point lookups per driver row. The author and
   *   category indexes are ordered by publication time, so the newest page comes straight off them.
   * Wide paper rows are read for the returned page only.
   */
  function listPapers(filters: ListFilters): ListResult {
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
      tid = topicId(f.topic, false);
      if (tid === null)
        throw new AppError(
          'NOT_FOUND',
          `topic "${f.topic}" does not exist; list topics with the topics command`,
        );
    }

    /** Point-lookup conditions on a candidate (pk, published_at), skipping the driving filter. */
    const lookups = (pk: string, at: string, skip: 'author' | 'category' | 'topic' | null) => {
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
    };

    let total: number;
    let pks: number[];
    if (f.query !== null) {
      const q = toFtsQuery(f.query);
      if (q === null) throw new AppError('INVALID_INPUT', `query "${f.query}" has no words to search for`);
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
      if (tid !== null)
        sets.push({ sql: 'SELECT paper_pk FROM topic_papers WHERE topic_id = ?', params: [tid] });
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
      total =
        head.length <= window
          ? head.length
          : (
              db.prepare(`SELECT count(*) AS n FROM papers_fts WHERE ${where}`).get(...params) as {
                n: number;
              }
            ).n;
      pks = head
        .slice(0, window)
        .sort((x, y) => x.rank - y.rank || x.pk - y.pk)
        .slice(f.offset, f.offset + f.limit)
        .map((r) => r.pk);
    } else {
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
      const l = lookups('d.paper_pk', 'd.published_at', driver.skip);
      const params = [...driver.params, ...l.params];
      const distinct = driver.distinct ? 'DISTINCT ' : '';
      const body = `FROM (${driver.sql}) d WHERE 1${l.sql}`;
      total = (db.prepare(`SELECT count(${distinct}d.paper_pk) AS n ${body}`).get(...params) as { n: number })
        .n;
      pks =
        total <= f.offset
          ? []
          : (
              db
                .prepare(
                  `SELECT ${distinct}d.paper_pk AS pk, d.published_at ${body} ORDER BY d.published_at DESC, d.paper_pk DESC LIMIT ? OFFSET ?`,
                )
                .all(...params, f.limit, f.offset) as Array<{ pk: number }>
            ).map((r) => r.pk);
    }
    const rows = pks.length === 0 ? [] : (s.page.all(JSON.stringify(pks)) as PaperRow[]);
    const byPk = new Map(rows.map((r) => [r.pk, r]));
    const papers = pks.flatMap((pk) => {
      const r = byPk.get(pk);
      return r ? [rowToListedPaper(r)] : [];
    });
    return { total_count: total, returned: papers.length, papers };
  }

  function topicPapers(name: string): TopicPapers {
    const topic = validateTopicName(name);
    const tid = topicId(topic, false);
    if (tid === null)
      throw new AppError('NOT_FOUND', `topic "${topic}" does not exist; list topics with the topics command`);
    return { name: topic, papers: s.topicPapers.all(tid).map(rowToPaper) };
  }

  return {
    upsert,
    getPaper,
    listPapers,
    topics: () => s.topics.all(),
    topicPapers,
    /**
     * Removes one paper's row and its index entries, versions and topic memberships (the caller
     * removes contents, chunks and summaries in the same transaction). False when not stored.
     */
    remove(id: string): boolean {
      const old = s.find.get(baseId(id));
      if (!old) return false;
      s.ftsDelete.run(old.pk, old.title, old.abstract);
      dropIndexes(old.pk, old);
      db.prepare('DELETE FROM topic_papers WHERE paper_pk = ?').run(old.pk);
      db.prepare('DELETE FROM paper_versions WHERE paper_pk = ?').run(old.pk);
      db.prepare('DELETE FROM papers WHERE pk = ?').run(old.pk);
      return true;
    },
    /** Title and abstract of a stored paper, for chunk indexing. */
    titleAbstract: (id: string) => {
      const r = s.find.get(id);
      return r ? { title: r.title, abstract: r.abstract } : null;
    },
  };
}
