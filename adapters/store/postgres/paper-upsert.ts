/**
 * Upserting a batch of papers on Postgres: the batch is decided in memory (decideBatch), then the
 * replaced rows' index entries come out, the rows are written, and their index entries, term bits,
 * counts and versions go in, in that order.
 */
import { checkPaper, paperColumns } from '../paper-row.ts';
import type { Paper } from '../../../domain/paper.ts';
import { validateTopicName } from '../../../domain/library.ts';
import type { Queryable } from './database.ts';
import { toTsvector } from './text-search.ts';
import { updateLengths, updateTermBits } from './term-bits.ts';
import { adjustTerms, deleteIndexRows, indexRows, insertIndexRows, now, topicId } from './paper-sql.ts';

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

/** A stored paper's columns that an upsert reads before deciding. */
interface FoundRow {
  pk: number;
  id: string;
  version: number | null;
  updated: string;
  authors_json: string;
  categories_json: string;
  published_at: string;
  ntok: number;
}
type Checked = ReturnType<typeof checkPaper> & { p: Paper };
/** A stored row the batch replaces: its new columns and what was stored. */
interface Replaced {
  row: Row;
  old: FoundRow;
}

/** The batch applied in order in memory: the rows to insert and replace, the versions seen, the counts. */
function decideBatch(checked: Checked[], existing: Map<string, FoundRow>) {
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
      if (inV > exV || (inV === exV && row.updated >= current.updated)) state.set(id, { row, changed: true });
      updated++;
    }
    if (version !== null) versions.push([id, version, row.updated]);
  }
  const newRows = [...state.values()].filter((s) => s.changed && !existing.has(s.row.id)).map((s) => s.row);
  const replaced: Replaced[] = [...state.values()]
    .filter((s) => s.changed && existing.has(s.row.id))
    .map((s) => ({ row: s.row, old: existing.get(s.row.id)! }));
  return { versions, inserted, updated, newRows, replaced };
}

/** Replaced rows: takes their lexemes and index rows out before the update; gives the term bits to clear. */
async function takeOutReplaced(c: Queryable, replaced: Replaced[]): Promise<Map<string, number[]>> {
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
  await deleteIndexRows(
    c,
    oldIdx.flatMap((x) => x.categories),
    oldIdx.flatMap((x) => x.authors),
  );
  return clearBits;
}

/** Updates the replaced rows and inserts the new ones; gives every written row's key by id. */
async function writeRows(
  c: Queryable,
  replaced: Replaced[],
  newRows: Row[],
  found: FoundRow[],
): Promise<Map<string, number>> {
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
  return pkOf;
}

/** Indexes the written rows: term counts, term bits, lengths, index rows and the corpus statistics. */
async function indexWritten(
  c: Queryable,
  replaced: Replaced[],
  newRows: Row[],
  pkOf: Map<string, number>,
  clearBits: Map<string, number[]>,
): Promise<void> {
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
  await insertIndexRows(
    c,
    idx.flatMap((x) => x.categories),
    idx.flatMap((x) => x.authors),
  );
  const tokenDelta =
    newRows.reduce((n, r) => n + r.ntok, 0) + replaced.reduce((n, r) => n + r.row.ntok - r.old.ntok, 0);
  await c.query("UPDATE fts_stats SET docs = docs + $1, tokens = tokens + $2 WHERE kind = 'papers'", [
    newRows.length,
    tokenDelta,
  ]);
}

/** Records the versions seen and, with a topic, the batch's membership in it. */
async function recordVersionsAndTopic(
  c: Queryable,
  versions: Array<[string, number, string]>,
  topicName: string | null,
  checked: Checked[],
  pkOf: Map<string, number>,
): Promise<void> {
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
}

/**
 * Upserts one batch inside the caller's transaction. The papers' fts_stats row is locked first,
 * so paper writers run one at a time (no lost update, no deadlock) and the batch is decided
 * in memory exactly as the SQLite driver decides it paper by paper.
 */
export async function upsertPapers(
  c: Queryable,
  papers: Paper[],
  topic: string | undefined,
): Promise<{ inserted: number; updated: number }> {
  const topicName = topic === undefined ? null : validateTopicName(topic);
  const checked = papers.map((p) => ({ p, ...checkPaper(p) }));
  await c.query("SELECT 1 FROM fts_stats WHERE kind = 'papers' FOR UPDATE");
  const ids = [...new Set(checked.map((x) => x.id))];
  const { rows: found } = await c.query<FoundRow>(
    'SELECT pk, id, version, updated, authors_json, categories_json, published_at, ntok FROM papers WHERE id = ANY($1::text[])',
    [ids],
  );
  const existing = new Map(found.map((r) => [r.id, r]));
  const { versions, inserted, updated, newRows, replaced } = decideBatch(checked, existing);
  const clearBits = await takeOutReplaced(c, replaced);
  const pkOf = await writeRows(c, replaced, newRows, found);
  await indexWritten(c, replaced, newRows, pkOf, clearBits);
  await recordVersionsAndTopic(c, versions, topicName, checked, pkOf);
  return { inserted, updated };
}
