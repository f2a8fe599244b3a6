/**
 * Papers, versions, authors, categories, topics and `list_papers` on Postgres. The batch upsert is
 * in paper-upsert.ts, the listing in paper-list.ts, the SQL pieces they share in paper-sql.ts.
 */
import { type PaperRow as SharedPaperRow, rowToPaper } from '../paper-row.ts';
import { AppError } from '../../../domain/errors.ts';
import type { StoredPaper, TopicCount } from '../../../domain/library.ts';
import { baseId, validateTopicName } from '../../../domain/library.ts';
import type { TopicPapers } from '../../../app/ports/store.ts';
import type { Queryable } from './database.ts';
import { updateLengths, updateTermBits } from './term-bits.ts';
import { adjustTerms, deleteIndexRows, indexRows, PAPER_COLUMNS, topicId } from './paper-sql.ts';
import { upsertPapers } from './paper-upsert.ts';
import { listPapers } from './paper-list.ts';

type PaperRow = SharedPaperRow<boolean>;

/** One stored paper with the versions seen and its topics, or null. */
async function getPaper(c: Queryable, id: string): Promise<StoredPaper | null> {
  const { rows } = await c.query<PaperRow>(`SELECT ${PAPER_COLUMNS} FROM papers WHERE id = $1`, [baseId(id)]);
  const r = rows[0];
  if (!r) return null;
  const [versions, topics] = await Promise.all([
    c.query<{ version: number }>('SELECT version FROM paper_versions WHERE paper_pk = $1 ORDER BY version', [
      r.pk,
    ]),
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
  await deleteIndexRows(c, idx.categories, idx.authors);
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

/** Queries over the paper tables. */
export function createPaperTables() {
  return { upsert: upsertPapers, getPaper, listPapers, topics, topicPapers, remove };
}
