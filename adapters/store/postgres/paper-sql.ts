/**
 * The SQL pieces the Postgres paper queries share (paper-upsert.ts, paper-list.ts, papers.ts, and
 * the chunk index in contents.ts): the column list, the index rows a paper's metadata yields, the
 * kept counts and the BM25 term statistics.
 */
import type { Paper } from '../../../domain/paper.ts';
import { nameKeys, normalizeName } from '../../../domain/library.ts';
import type { Queryable } from './database.ts';

export const PAPER_COLUMNS = `pk, id, version, title, abstract, authors_json, categories_json, primary_category, published, published_at,
  published_date, updated, doi, journal_ref, comment, license, abs_url, pdf_url, html_url, withdrawn`;

export const now = () => new Date().toISOString();

const authorKeys = (authors: Paper['authors']) => [
  ...new Set(authors.flatMap((a) => nameKeys(normalizeName(a.name)))),
];

/** Index rows (category / author key, published_at, pk) of a paper's metadata. */
export function indexRows(pk: number, authorsJson: string, categoriesJson: string, publishedAt: string) {
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
export const counted = (kind: 'author' | 'category', sign: 1 | -1, change: string) =>
  `WITH changed AS (${change})
   INSERT INTO index_counts (kind, key, papers) SELECT '${kind}', k, ${sign} * count(*) FROM changed GROUP BY k
   ON CONFLICT (kind, key) DO UPDATE SET papers = index_counts.papers + excluded.papers`;

/** Columns of rows as parallel arrays, for `unnest($1::text[], $2::int[], ...)`. */
export const columns = <T extends readonly unknown[]>(rows: T[], n: number): unknown[][] =>
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

/** The id of topic `name` (created first when `create`), or null when there is none. */
export async function topicId(c: Queryable, name: string, create: boolean): Promise<number | null> {
  if (create)
    await c.query('INSERT INTO topics (name, created_at) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING', [
      name,
      now(),
    ]);
  const { rows } = await c.query<{ id: number }>('SELECT id FROM topics WHERE name = $1', [name]);
  return rows[0]?.id ?? null;
}

/** Index rows of some papers' metadata, as indexRows gives them for one. */
export type IndexRows = ReturnType<typeof indexRows>;

/** Takes index rows out of paper_categories and author_keys, keeping index_counts in step. */
export async function deleteIndexRows(
  c: Queryable,
  cats: IndexRows['categories'],
  authors: IndexRows['authors'],
): Promise<void> {
  if (cats.length > 0) {
    await c.query(
      counted(
        'category',
        -1,
        `DELETE FROM paper_categories t USING unnest($1::text[], $2::text[], $3::bigint[]) u(k, at, pk)
         WHERE t.category = u.k AND t.published_at = u.at AND t.paper_pk = u.pk RETURNING t.category AS k`,
      ),
      columns(cats, 3),
    );
  }
  if (authors.length > 0) {
    await c.query(
      counted(
        'author',
        -1,
        `DELETE FROM author_keys t USING unnest($1::text[], $2::text[], $3::bigint[]) u(k, at, pk)
         WHERE t.name_key = u.k AND t.published_at = u.at AND t.paper_pk = u.pk RETURNING t.name_key AS k`,
      ),
      columns(authors, 3),
    );
  }
}

/** Puts index rows into paper_categories and author_keys, keeping index_counts in step. */
export async function insertIndexRows(
  c: Queryable,
  cats: IndexRows['categories'],
  authors: IndexRows['authors'],
): Promise<void> {
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
}
