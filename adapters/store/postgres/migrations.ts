/**
 * Versioned schema migrations of the Postgres library, recorded in `schema_migrations`. Append
 * only: never edit a migration that has shipped; add the next one. Text keys that are sorted use
 * COLLATE "C" (byte order), the order SQLite's BINARY collation gives, whatever the database locale.
 */
import type pg from 'pg';
import { inTransaction } from './database.ts';
import { addTermCounts, buildTermBits } from './term-bits.ts';
import { adoptLegacyDeliveriesSql, POSTGRES_NOW } from '../alert-rows.ts';

interface Migration {
  description: string;
  sql: string;
  /** Data the SQL cannot build on its own, filled in the same transaction after `sql`. */
  run?: (c: pg.PoolClient) => Promise<void>;
}

/** Migration N (1-based) brings the schema from version N-1 to N. */
const MIGRATIONS: Migration[] = [
  {
    description: 'papers, versions, categories, author keys, topics, full text over title and abstract',
    sql: `
    CREATE TABLE papers (
      pk bigserial PRIMARY KEY,
      id text COLLATE "C" NOT NULL UNIQUE,
      version integer,
      published_at text COLLATE "C" NOT NULL, -- v1 timestamp as toISOString(): sorts as text
      published_date text NOT NULL,
      published text NOT NULL,
      updated text NOT NULL,
      primary_category text NOT NULL,
      withdrawn boolean NOT NULL DEFAULT false,
      categories_json text NOT NULL,
      doi text,
      journal_ref text,
      license text,
      abs_url text NOT NULL,
      pdf_url text,
      html_url text,
      comment text,
      title text NOT NULL,
      authors_json text NOT NULL,
      abstract text NOT NULL,
      ntok integer NOT NULL,     -- tokens in title + abstract (BM25 document length)
      tsv tsvector NOT NULL      -- title lexemes weight A, abstract B
    );
    -- Ranking reads tsv for up to 2,000 matches: keep it compressed in the row (abstract and author
    -- lists move out to TOAST first), so scoring a match reads no second page.
    ALTER TABLE papers ALTER COLUMN tsv SET STORAGE MAIN;
    CREATE INDEX papers_published ON papers (published_at, pk);
    CREATE INDEX papers_tsv ON papers USING gin (tsv);
    CREATE TABLE paper_versions (
      paper_pk bigint NOT NULL REFERENCES papers (pk),
      version integer NOT NULL,
      updated text NOT NULL,
      PRIMARY KEY (paper_pk, version)
    );
    CREATE TABLE paper_categories (
      category text COLLATE "C" NOT NULL,
      published_at text COLLATE "C" NOT NULL,
      paper_pk bigint NOT NULL,
      PRIMARY KEY (category, published_at, paper_pk)
    );
    -- Every word-aligned suffix of each author's normalised name: an author filter is one key lookup.
    CREATE TABLE author_keys (
      name_key text COLLATE "C" NOT NULL,
      published_at text COLLATE "C" NOT NULL,
      paper_pk bigint NOT NULL,
      PRIMARY KEY (name_key, published_at, paper_pk)
    );
    CREATE TABLE topics (
      id serial PRIMARY KEY,
      name text COLLATE "C" NOT NULL UNIQUE,
      created_at text NOT NULL
    );
    CREATE TABLE topic_papers (
      topic_id integer NOT NULL REFERENCES topics (id),
      paper_pk bigint NOT NULL REFERENCES papers (pk),
      added_at text NOT NULL,
      PRIMARY KEY (topic_id, paper_pk)
    );
    CREATE INDEX topic_papers_pk ON topic_papers (paper_pk);
    -- BM25 statistics per full-text index ('papers', 'chunks'). Writers of an index lock its
    -- fts_stats row first, so they run one at a time and the counts stay exact.
    CREATE TABLE fts_stats (
      kind text PRIMARY KEY,
      docs bigint NOT NULL,
      tokens bigint NOT NULL
    );
    INSERT INTO fts_stats VALUES ('papers', 0, 0), ('chunks', 0, 0);
    CREATE TABLE fts_terms (
      kind text NOT NULL,
      term text COLLATE "C" NOT NULL,
      docs bigint NOT NULL,
      PRIMARY KEY (kind, term)
    );
    `,
  },
  {
    description: 'converted contents (Markdown in the database), search chunks, summaries',
    sql: `
    CREATE TABLE contents (
      key text COLLATE "C" PRIMARY KEY,
      paper_id text COLLATE "C" NOT NULL,
      version integer,
      vkey integer NOT NULL,
      source text NOT NULL CHECK (source IN ('html', 'pdf')),
      sha256 text NOT NULL,
      bytes integer NOT NULL,
      warnings_json text NOT NULL,
      markdown text NOT NULL,
      created_at text NOT NULL,
      UNIQUE (paper_id, vkey)
    );
    CREATE TABLE chunks (
      pk bigserial PRIMARY KEY,
      paper_id text COLLATE "C" NOT NULL,
      version integer,
      vkey integer NOT NULL,
      seq integer NOT NULL,
      section_path_json text NOT NULL,
      text text NOT NULL,
      ntok integer NOT NULL,
      tsv tsvector NOT NULL -- paper title A, abstract B (first chunk), section C, text D
    );
    CREATE INDEX chunks_paper ON chunks (paper_id, vkey);
    CREATE INDEX chunks_tsv ON chunks USING gin (tsv);
    CREATE TABLE summaries (
      paper_id text COLLATE "C" NOT NULL,
      version integer,
      vkey integer NOT NULL,
      summary_json text NOT NULL,
      updated_at text NOT NULL,
      PRIMARY KEY (paper_id, vkey)
    );
    `,
  },
  {
    description: 'subscriptions, digests, receipts, seen-state, deliveries',
    sql: `
    CREATE TABLE subscriptions (
      name text COLLATE "C" PRIMARY KEY,
      body_json text NOT NULL,
      created_at text NOT NULL,
      updated_at text NOT NULL
    );
    CREATE TABLE digests (
      key text COLLATE "C" PRIMARY KEY,
      subscription text COLLATE "C" NOT NULL,
      date text COLLATE "C" NOT NULL,
      window_start text NOT NULL,
      window_end text COLLATE "C" NOT NULL,
      body_json text NOT NULL,
      updated_at text NOT NULL
    );
    CREATE INDEX digests_subscription ON digests (subscription, window_end DESC, date DESC);
    CREATE TABLE receipts (
      digest_key text COLLATE "C" NOT NULL,
      destination text COLLATE "C" NOT NULL,
      ref text NOT NULL,
      url text,
      published_at text NOT NULL,
      PRIMARY KEY (digest_key, destination)
    );
    -- sent = 0: considered for an announcement but not selected; it never comes back as new.
    CREATE TABLE seen (
      subscription text COLLATE "C" NOT NULL,
      base_id text COLLATE "C" NOT NULL,
      digest_key text NOT NULL,
      seen_at text NOT NULL,
      sent smallint NOT NULL DEFAULT 1,
      PRIMARY KEY (subscription, base_id)
    );
    CREATE TABLE deliveries (
      subscription text COLLATE "C" NOT NULL,
      announcement text COLLATE "C" NOT NULL,
      status text NOT NULL CHECK (status IN ('pending', 'delivered')),
      digest_key text,
      window_end text,
      considered_json text NOT NULL,
      updated_at text NOT NULL,
      PRIMARY KEY (subscription, announcement)
    );
    `,
  },
  {
    description: 'research agent conversations',
    sql: `
    CREATE TABLE conversations (
      id text COLLATE "C" PRIMARY KEY,
      messages_json text NOT NULL,
      updated_at text NOT NULL
    );
    `,
  },
  {
    description:
      'per-term bitmaps of paper keys: exact counts and newest matches without a heap visit per match',
    // term-bits.ts: one row per (lexeme, chunk of 65,536 keys); bit pk & 0xffff set when the
    // paper's tsv holds the lexeme. Filled here from the stored tsvectors, then kept by upsert.
    sql: `
    CREATE TABLE paper_term_bits (
      term text COLLATE "C" NOT NULL,
      chunk integer NOT NULL,
      bits bytea NOT NULL,
      PRIMARY KEY (term, chunk)
    );
    `,
    run: buildTermBits,
  },
  {
    description:
      'per-term weighted counts next to the bitmaps and per-paper token counts: BM25 ranking without a heap visit per match',
    // term-bits.ts: freqs holds one byte per set bit of bits, in bit order (the paper's weighted
    // count of the term: title 3, abstract 1; 255 = read it from the paper); paper_lengths holds
    // the papers' token counts, 2 bytes per key in rows of 512 keys (65535 = read it from the paper).
    // Both are filled here from the stored tsvectors, one key chunk at a time; the bitmaps stay.
    sql: `
    ALTER TABLE paper_term_bits ADD COLUMN freqs bytea NOT NULL DEFAULT '\\x';
    ALTER TABLE paper_term_bits ALTER COLUMN freqs DROP DEFAULT;
    CREATE TABLE paper_lengths (
      block integer PRIMARY KEY,
      ntok bytea NOT NULL
    );
    `,
    run: addTermCounts,
  },
  {
    description:
      'papers per author key and per category: the count of a one-author or one-category listing without walking its index',
    // Kept by the writers of author_keys / paper_categories in the same statements (papers.ts).
    sql: `
    CREATE TABLE index_counts (
      kind text NOT NULL CHECK (kind IN ('author', 'category')),
      key text COLLATE "C" NOT NULL,
      papers bigint NOT NULL,
      PRIMARY KEY (kind, key)
    );
    INSERT INTO index_counts (kind, key, papers) SELECT 'author', name_key, count(*) FROM author_keys GROUP BY name_key;
    INSERT INTO index_counts (kind, key, papers) SELECT 'category', category, count(*) FROM paper_categories GROUP BY category;
    `,
  },
  {
    description: 'contents may come from ar5iv and from the LaTeX source too',
    sql: `
    ALTER TABLE contents DROP CONSTRAINT contents_source_check;
    ALTER TABLE contents ADD CONSTRAINT contents_source_check CHECK (source IN ('html', 'ar5iv', 'latex', 'pdf'));
    `,
  },
  {
    description: 'publish failures of pending announcements; deliveries for libraries from before them',
    sql: `
    ALTER TABLE deliveries ADD COLUMN failures_json text;
    ${adoptLegacyDeliveriesSql(POSTGRES_NOW)};
    `,
  },
  {
    description: "readers' ratings per subscription and paper (the last one given wins)",
    sql: `
    CREATE TABLE ratings (
      subscription text COLLATE "C" NOT NULL,
      base_id text COLLATE "C" NOT NULL,
      rating smallint NOT NULL CHECK (rating IN (1, -1)),
      source text NOT NULL,
      rated_at text COLLATE "C" NOT NULL,
      PRIMARY KEY (subscription, base_id)
    );
    `,
  },
  {
    description:
      "the research agent's pending proposals (consent bound to a proposal), beside its conversations",
    sql: `
    CREATE TABLE agent_proposals (
      id text COLLATE "C" PRIMARY KEY,
      conversation_id text COLLATE "C" NOT NULL,
      owner text,
      turn_id text COLLATE "C" NOT NULL,
      tool text NOT NULL,
      args_json text NOT NULL,
      title text NOT NULL,
      changes_json text NOT NULL,
      status text NOT NULL CHECK (status IN ('pending', 'applying', 'applied', 'declined', 'expired')),
      created_at text COLLATE "C" NOT NULL,
      expires_at text COLLATE "C" NOT NULL,
      decided_at text COLLATE "C"
    );
    CREATE INDEX agent_proposals_conversation ON agent_proposals (conversation_id, status);
    CREATE INDEX agent_proposals_expiry ON agent_proposals (expires_at);
    `,
  },
];

/** Schema version this code writes. */
export const PG_SCHEMA_VERSION = MIGRATIONS.length;

// Any fixed 64-bit number: the advisory lock that makes concurrent openers migrate one at a time.
const MIGRATION_LOCK = 7_317_020_417;

/**
 * Brings the database up to PG_SCHEMA_VERSION in one transaction, under a transaction-scoped
 * advisory lock: processes opening a new database at once migrate it exactly once (the others
 * wait, then find nothing left to do). Returns the versions before and after.
 */
export async function migrate(pool: pg.Pool): Promise<{ from: number; to: number }> {
  return inTransaction(pool, async (c) => {
    await c.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    await c.query(`CREATE TABLE IF NOT EXISTS schema_migrations (
      version integer PRIMARY KEY, description text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())`);
    const { rows } = await c.query<{ v: number | null }>('SELECT max(version) AS v FROM schema_migrations');
    const from = rows[0]?.v ?? 0;
    if (from > PG_SCHEMA_VERSION) {
      throw new Error(
        `database schema ${from} is newer than this build (${PG_SCHEMA_VERSION}); upgrade arxiv-radar`,
      );
    }
    for (let v = from; v < PG_SCHEMA_VERSION; v++) {
      const m = MIGRATIONS[v] as Migration;
      await c.query(m.sql);
      if (m.run) await m.run(c);
      await c.query('INSERT INTO schema_migrations (version, description) VALUES ($1, $2)', [
        v + 1,
        m.description,
      ]);
    }
    return { from, to: PG_SCHEMA_VERSION };
  });
}
