/**
 * Papers, versions, authors, categories, topics and `list_papers` on SQLite (the listing is in
 * paper-list.ts).
 */
import { checkPaper, paperColumns, rowToPaper, type PaperRow as SharedPaperRow } from '../paper-row.ts';
type PaperRow = SharedPaperRow<number>;
import type Database from 'better-sqlite3';
import type { Paper } from '../../../domain/paper.ts';
import { AppError } from '../../../domain/errors.ts';
import type { ListFilters, StoredPaper, TopicCount } from '../../../domain/library.ts';
import type { TopicPapers } from '../../../app/ports/store.ts';
import { baseId, nameKeys, normalizeName, validateTopicName } from '../../../domain/library.ts';
import { listPapers } from './paper-list.ts';

/** The prepared statements over the paper tables of one open database. */
function prepareStatements(db: Database.Database) {
  return {
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
}

/** Statements over the paper tables of one open database. */
export function createPaperTables(db: Database.Database) {
  const now = () => new Date().toISOString();
  const s = prepareStatements(db);

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
    listPapers: (filters: ListFilters) =>
      listPapers({ db, page: s.page, topicId: (name) => topicId(name, false) }, filters),
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
