/** Papers, versions, authors, categories, topics and `list_papers` on SQLite. */
import type Database from 'better-sqlite3';
import type { Paper } from '../../arxiv/paper.ts';
import { AppError } from '../../../lib/errors.ts';
import type { ListFilters, ListResult, StoredPaper, TopicCount } from '../port.ts';
import { baseId, nameKeys, normalizeFilters, normalizeName, validateTopicName, validateVersion } from '../validate.ts';
import { formatTopicMarkdown } from '../topic-markdown.ts';
import { toFtsQuery } from './fts.ts';

interface PaperRow {
  pk: number;
  id: string;
  version: number | null;
  title: string;
  abstract: string;
  authors_json: string;
  categories_json: string;
  primary_category: string;
  published: string;
  published_date: string;
  updated: string;
  doi: string | null;
  journal_ref: string | null;
  comment: string | null;
  license: string | null;
  abs_url: string;
  pdf_url: string | null;
  html_url: string | null;
  withdrawn: number;
}

function rowToPaper(r: PaperRow): Paper {
  return {
    id: r.id,
    version: r.version,
    title: r.title,
    abstract: r.abstract,
    authors: JSON.parse(r.authors_json) as Paper['authors'],
    categories: JSON.parse(r.categories_json) as string[],
    primaryCategory: r.primary_category,
    published: r.published,
    updated: r.updated,
    doi: r.doi,
    journalRef: r.journal_ref,
    comment: r.comment,
    license: r.license,
    links: { abs: r.abs_url, pdf: r.pdf_url, html: r.html_url },
    withdrawn: r.withdrawn !== 0,
  };
}

function checkPaper(p: Paper): { id: string; version: number | null; publishedDate: string } {
  const id = baseId(p.id);
  const version = validateVersion(p.version);
  const t = Date.parse(p.published);
  if (typeof p.published !== 'string' || Number.isNaN(t)) {
    throw new AppError('INVALID_INPUT', `paper ${id}: published "${String(p.published)}" is not an ISO 8601 timestamp`);
  }
  if (typeof p.title !== 'string' || !Array.isArray(p.authors) || !Array.isArray(p.categories)) {
    throw new AppError('INVALID_INPUT', `paper ${id}: title, authors and categories are required`);
  }
  return { id, version, publishedDate: new Date(t).toISOString().slice(0, 10) };
}

/** Statements over the paper tables of one open database. */
export function createPaperTables(db: Database.Database) {
  const now = () => new Date().toISOString();
  const s = {
    find: db.prepare<[string], { pk: number; version: number | null; updated: string; title: string; abstract: string }>(
      'SELECT pk, version, updated, title, abstract FROM papers WHERE id = ?',
    ),
    insert: db.prepare(
      `INSERT INTO papers (id, version, title, abstract, authors_json, categories_json, primary_category, published,
         published_date, updated, doi, journal_ref, comment, license, abs_url, pdf_url, html_url, withdrawn)
       VALUES (@id, @version, @title, @abstract, @authors_json, @categories_json, @primary_category, @published,
         @published_date, @updated, @doi, @journal_ref, @comment, @license, @abs_url, @pdf_url, @html_url, @withdrawn)`,
    ),
    update: db.prepare(
      `UPDATE papers SET version = @version, title = @title, abstract = @abstract, authors_json = @authors_json,
         categories_json = @categories_json, primary_category = @primary_category, published = @published,
         published_date = @published_date, updated = @updated, doi = @doi, journal_ref = @journal_ref,
         comment = @comment, license = @license, abs_url = @abs_url, pdf_url = @pdf_url, html_url = @html_url,
         withdrawn = @withdrawn
       WHERE pk = @pk`,
    ),
    ftsInsert: db.prepare('INSERT INTO papers_fts (rowid, title, abstract) VALUES (?, ?, ?)'),
    ftsDelete: db.prepare("INSERT INTO papers_fts (papers_fts, rowid, title, abstract) VALUES ('delete', ?, ?, ?)"),
    version: db.prepare('INSERT OR IGNORE INTO paper_versions (paper_pk, version, updated) VALUES (?, ?, ?)'),
    delCategories: db.prepare('DELETE FROM paper_categories WHERE paper_pk = ?'),
    category: db.prepare('INSERT OR IGNORE INTO paper_categories (category, published_date, paper_pk) VALUES (?, ?, ?)'),
    delAuthors: db.prepare('DELETE FROM author_keys WHERE paper_pk = ?'),
    author: db.prepare('INSERT OR IGNORE INTO author_keys (name_key, paper_pk) VALUES (?, ?)'),
    topicId: db.prepare<[string], { id: number }>('SELECT id FROM topics WHERE name = ?'),
    topicCreate: db.prepare('INSERT OR IGNORE INTO topics (name, created_at) VALUES (?, ?)'),
    topicAdd: db.prepare('INSERT OR IGNORE INTO topic_papers (topic_id, paper_pk, added_at) VALUES (?, ?, ?)'),
    get: db.prepare<[string], PaperRow>('SELECT * FROM papers WHERE id = ?'),
    versions: db.prepare<[number], { version: number }>('SELECT version FROM paper_versions WHERE paper_pk = ? ORDER BY version'),
    paperTopics: db.prepare<[number], { name: string }>(
      'SELECT t.name FROM topic_papers tp JOIN topics t ON t.id = tp.topic_id WHERE tp.paper_pk = ? ORDER BY t.name',
    ),
    topics: db.prepare<[], TopicCount>(
      'SELECT t.name AS name, count(tp.paper_pk) AS count FROM topics t LEFT JOIN topic_papers tp ON tp.topic_id = t.id GROUP BY t.id ORDER BY t.name',
    ),
    topicPapers: db.prepare<[number], PaperRow>(
      `SELECT p.* FROM topic_papers tp JOIN papers p ON p.pk = tp.paper_pk WHERE tp.topic_id = ?
       ORDER BY p.published_date DESC, p.id`,
    ),
  };

  function topicId(name: string, create: boolean): number | null {
    const found = s.topicId.get(name);
    if (found || !create) return found?.id ?? null;
    s.topicCreate.run(name, now());
    return (s.topicId.get(name) as { id: number }).id;
  }

  function writeIndexes(pk: number, p: Paper, publishedDate: string): void {
    for (const c of new Set(p.categories)) s.category.run(c, publishedDate, pk);
    for (const a of p.authors) {
      for (const key of nameKeys(normalizeName(a.name))) s.author.run(key, pk);
    }
  }

  /** Upserts one batch; the caller wraps it in a write transaction. */
  function upsert(papers: Paper[], topic: string | undefined): { inserted: number; updated: number } {
    const tid = topic === undefined ? null : topicId(validateTopicName(topic), true);
    let inserted = 0;
    let updated = 0;
    for (const p of papers) {
      const { id, version, publishedDate } = checkPaper(p);
      const row = {
        id,
        version,
        title: p.title,
        abstract: p.abstract ?? '',
        authors_json: JSON.stringify(p.authors),
        categories_json: JSON.stringify(p.categories),
        primary_category: p.primaryCategory ?? p.categories[0] ?? '',
        published: p.published,
        published_date: publishedDate,
        updated: p.updated ?? p.published,
        doi: p.doi ?? null,
        journal_ref: p.journalRef ?? null,
        comment: p.comment ?? null,
        license: p.license ?? null,
        abs_url: p.links?.abs ?? `https://arxiv.org/abs/${id}`,
        pdf_url: p.links?.pdf ?? null,
        html_url: p.links?.html ?? null,
        withdrawn: p.withdrawn ? 1 : 0,
      };
      const existing = s.find.get(id);
      let pk: number;
      if (!existing) {
        pk = Number(s.insert.run(row).lastInsertRowid);
        s.ftsInsert.run(pk, row.title, row.abstract);
        writeIndexes(pk, p, publishedDate);
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
          s.delCategories.run(pk);
          s.delAuthors.run(pk);
          writeIndexes(pk, p, publishedDate);
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

  function listPapers(filters: ListFilters): ListResult {
    const f = normalizeFilters(filters);
    const where: string[] = [];
    const params: unknown[] = [];
    let from = 'papers p';
    let order = 'p.published_date DESC, p.id';
    if (f.query !== null) {
      const q = toFtsQuery(f.query);
      if (q === null) throw new AppError('INVALID_INPUT', `query "${f.query}" has no words to search for`);
      from = 'papers_fts JOIN papers p ON p.pk = papers_fts.rowid';
      where.push('papers_fts MATCH ?');
      params.push(q);
      // Title words weigh more than abstract words.
      order = 'bm25(papers_fts, 3.0, 1.0), p.published_date DESC, p.id';
    }
    if (f.author !== null) {
      const key = normalizeName(f.author);
      where.push('p.pk IN (SELECT paper_pk FROM author_keys WHERE name_key >= ? AND name_key < ?)');
      params.push(key, `${key}\u{10FFFF}`);
    }
    if (f.categories.length > 0) {
      const dateParts: string[] = [];
      const dateParams: string[] = [];
      if (f.startDate !== null) {
        dateParts.push('c.published_date >= ?');
        dateParams.push(f.startDate);
      }
      if (f.endDate !== null) {
        dateParts.push('c.published_date <= ?');
        dateParams.push(f.endDate);
      }
      where.push(
        `p.pk IN (SELECT c.paper_pk FROM paper_categories c WHERE c.category IN (${f.categories.map(() => '?').join(', ')})${dateParts.map((d) => ` AND ${d}`).join('')})`,
      );
      params.push(...f.categories, ...dateParams);
    }
    if (f.startDate !== null) {
      where.push('p.published_date >= ?');
      params.push(f.startDate);
    }
    if (f.endDate !== null) {
      where.push('p.published_date <= ?');
      params.push(f.endDate);
    }
    if (f.topic !== null) {
      const tid = topicId(f.topic, false);
      if (tid === null) throw new AppError('NOT_FOUND', `topic "${f.topic}" does not exist; list topics with the topics command`);
      where.push('p.pk IN (SELECT paper_pk FROM topic_papers WHERE topic_id = ?)');
      params.push(tid);
    }
    const whereSql = where.length > 0 ? `WHERE ${where.join(' AND ')}` : '';
    const total = (db.prepare(`SELECT count(*) AS n FROM ${from} ${whereSql}`).get(...params) as { n: number }).n;
    const rows =
      total <= f.offset
        ? []
        : (db
            .prepare(
              `SELECT p.id, p.title, p.authors_json, p.abstract, p.categories_json, p.published_date, p.pdf_url
               FROM ${from} ${whereSql} ORDER BY ${order} LIMIT ? OFFSET ?`,
            )
            .all(...params, f.limit, f.offset) as PaperRow[]);
    const papers = rows.map((r) => ({
      arxiv_id: r.id,
      title: r.title,
      authors: (JSON.parse(r.authors_json) as Paper['authors']).map((a) => a.name),
      abstract: r.abstract,
      categories: JSON.parse(r.categories_json) as string[],
      published_date: r.published_date,
      pdf_url: r.pdf_url,
    }));
    return { total_count: total, returned: papers.length, papers };
  }

  function topicMarkdown(name: string): string {
    const topic = validateTopicName(name);
    const tid = topicId(topic, false);
    if (tid === null) throw new AppError('NOT_FOUND', `topic "${topic}" does not exist; list topics with the topics command`);
    return formatTopicMarkdown(topic, s.topicPapers.all(tid).map(rowToPaper));
  }

  return {
    upsert,
    getPaper,
    listPapers,
    topics: () => s.topics.all(),
    topicMarkdown,
    /** Title and abstract of a stored paper, for chunk indexing. */
    titleAbstract: (id: string) => {
      const r = s.find.get(id);
      return r ? { title: r.title, abstract: r.abstract } : null;
    },
  };
}
