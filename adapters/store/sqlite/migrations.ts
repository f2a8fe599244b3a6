/**
 * Versioned schema migrations, tracked in `PRAGMA user_version`. Append only: never edit a
 * migration that has shipped; add the next one.
 */
import type Database from 'better-sqlite3';
import { adoptLegacyDeliveriesSql, SQLITE_NOW } from '../alert-rows.ts';

/** Migration N (1-based) brings the schema from version N-1 to N. */
const MIGRATIONS: string[] = [
  // 1: papers, versions, categories, author keys, topics, full text over title/abstract.
  `
  -- Narrow columns first: sorting and filtering then never read the overflow pages of long abstracts.
  CREATE TABLE papers (
    pk INTEGER PRIMARY KEY,
    id TEXT NOT NULL UNIQUE,
    version INTEGER,
    published_at TEXT NOT NULL, -- v1 timestamp normalised to toISOString(): sorts as text
    published_date TEXT NOT NULL,
    published TEXT NOT NULL,
    updated TEXT NOT NULL,
    primary_category TEXT NOT NULL,
    withdrawn INTEGER NOT NULL DEFAULT 0,
    categories_json TEXT NOT NULL,
    doi TEXT,
    journal_ref TEXT,
    license TEXT,
    abs_url TEXT NOT NULL,
    pdf_url TEXT,
    html_url TEXT,
    comment TEXT,
    title TEXT NOT NULL,
    authors_json TEXT NOT NULL,
    abstract TEXT NOT NULL
  );
  CREATE INDEX papers_published ON papers(published_at, pk);
  CREATE TABLE paper_versions (
    paper_pk INTEGER NOT NULL REFERENCES papers(pk),
    version INTEGER NOT NULL,
    updated TEXT NOT NULL,
    PRIMARY KEY (paper_pk, version)
  ) WITHOUT ROWID;
  -- Filter indexes carry the publication time, so "newest first" pages come straight off the index.
  CREATE TABLE paper_categories (
    category TEXT NOT NULL,
    published_at TEXT NOT NULL,
    paper_pk INTEGER NOT NULL,
    PRIMARY KEY (category, published_at, paper_pk)
  ) WITHOUT ROWID;
  -- Every word-aligned suffix of each author's normalised name (NFD, marks stripped, lowercase):
  -- 'adrian del maestro', 'del maestro', 'maestro'. An author filter is one key lookup.
  CREATE TABLE author_keys (
    name_key TEXT NOT NULL,
    published_at TEXT NOT NULL,
    paper_pk INTEGER NOT NULL,
    PRIMARY KEY (name_key, published_at, paper_pk)
  ) WITHOUT ROWID;
  CREATE TABLE topics (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL UNIQUE,
    created_at TEXT NOT NULL
  );
  CREATE TABLE topic_papers (
    topic_id INTEGER NOT NULL REFERENCES topics(id),
    paper_pk INTEGER NOT NULL REFERENCES papers(pk),
    added_at TEXT NOT NULL,
    PRIMARY KEY (topic_id, paper_pk)
  ) WITHOUT ROWID;
  CREATE INDEX topic_papers_pk ON topic_papers(paper_pk);
  CREATE VIRTUAL TABLE papers_fts USING fts5(
    title, abstract, content='papers', content_rowid='pk', tokenize='unicode61 remove_diacritics 2'
  );
  -- Title words weigh three times abstract words; 'rank' lets FTS5 keep only the top rows when sorting.
  INSERT INTO papers_fts (papers_fts, rank) VALUES ('rank', 'bm25(3.0, 1.0)');
  `,
  // 2: converted contents, search chunks, summaries.
  `
  CREATE TABLE contents (
    key TEXT PRIMARY KEY,
    paper_id TEXT NOT NULL,
    version INTEGER,
    vkey INTEGER NOT NULL,
    source TEXT NOT NULL CHECK (source IN ('html', 'pdf')),
    sha256 TEXT NOT NULL,
    bytes INTEGER NOT NULL,
    warnings_json TEXT NOT NULL,
    created_at TEXT NOT NULL,
    UNIQUE (paper_id, vkey)
  );
  CREATE TABLE chunks (
    pk INTEGER PRIMARY KEY,
    paper_id TEXT NOT NULL,
    version INTEGER,
    vkey INTEGER NOT NULL,
    seq INTEGER NOT NULL,
    section_path_json TEXT NOT NULL,
    text TEXT NOT NULL
  );
  CREATE INDEX chunks_paper ON chunks(paper_id, vkey);
  CREATE VIRTUAL TABLE chunks_fts USING fts5(
    title, abstract, section, body, content='', contentless_delete=1, tokenize='unicode61 remove_diacritics 2'
  );
  CREATE TABLE summaries (
    paper_id TEXT NOT NULL,
    version INTEGER,
    vkey INTEGER NOT NULL,
    summary_json TEXT NOT NULL,
    updated_at TEXT NOT NULL,
    PRIMARY KEY (paper_id, vkey)
  ) WITHOUT ROWID;
  `,
  // 3: subscriptions, digests, receipts, seen-state.
  `
  CREATE TABLE subscriptions (
    name TEXT PRIMARY KEY,
    body_json TEXT NOT NULL,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL
  );
  CREATE TABLE digests (
    key TEXT PRIMARY KEY,
    subscription TEXT NOT NULL,
    date TEXT NOT NULL,
    window_start TEXT NOT NULL,
    window_end TEXT NOT NULL,
    body_json TEXT NOT NULL,
    updated_at TEXT NOT NULL
  );
  CREATE INDEX digests_subscription ON digests(subscription, window_end DESC, date DESC);
  CREATE TABLE receipts (
    digest_key TEXT NOT NULL,
    destination TEXT NOT NULL,
    ref TEXT NOT NULL,
    url TEXT,
    published_at TEXT NOT NULL,
    PRIMARY KEY (digest_key, destination)
  ) WITHOUT ROWID;
  CREATE TABLE seen (
    subscription TEXT NOT NULL,
    base_id TEXT NOT NULL,
    digest_key TEXT NOT NULL,
    seen_at TEXT NOT NULL,
    PRIMARY KEY (subscription, base_id)
  ) WITHOUT ROWID;
  `,
  // 4: announcements as the unit of delivery. A paper considered for an announcement but not
  // selected joins the seen set too (sent = 0), so it is never offered later as new.
  `
  ALTER TABLE seen ADD COLUMN sent INTEGER NOT NULL DEFAULT 1;
  CREATE TABLE deliveries (
    subscription TEXT NOT NULL,
    announcement TEXT NOT NULL,
    status TEXT NOT NULL CHECK (status IN ('pending', 'delivered')),
    digest_key TEXT,
    window_end TEXT,
    considered_json TEXT NOT NULL,
    updated_at TEXT NOT NULL,
    PRIMARY KEY (subscription, announcement)
  ) WITHOUT ROWID;
  `,
  // 5: research agent conversations (CLI sessions, Discord threads), messages as one JSON array.
  `
  CREATE TABLE conversations (
    id TEXT PRIMARY KEY,
    messages_json TEXT NOT NULL,
    updated_at TEXT NOT NULL
  ) WITHOUT ROWID;
  `,
  // 6: contents may come from ar5iv and from the LaTeX source too (SQLite cannot alter a CHECK: rebuild).
  `
  CREATE TABLE contents_v6 (
    key TEXT PRIMARY KEY,
    paper_id TEXT NOT NULL,
    version INTEGER,
    vkey INTEGER NOT NULL,
    source TEXT NOT NULL CHECK (source IN ('html', 'ar5iv', 'latex', 'pdf')),
    sha256 TEXT NOT NULL,
    bytes INTEGER NOT NULL,
    warnings_json TEXT NOT NULL,
    created_at TEXT NOT NULL,
    UNIQUE (paper_id, vkey)
  );
  INSERT INTO contents_v6 (key, paper_id, version, vkey, source, sha256, bytes, warnings_json, created_at)
    SELECT key, paper_id, version, vkey, source, sha256, bytes, warnings_json, created_at FROM contents;
  DROP TABLE contents;
  ALTER TABLE contents_v6 RENAME TO contents;
  `,
  // 7: publish failures of pending announcements (reported until they land), and the one-time
  // migration that replaced reading "the last digest" as "the last delivered announcement".
  `
  ALTER TABLE deliveries ADD COLUMN failures_json TEXT;
  ${adoptLegacyDeliveriesSql(SQLITE_NOW)};
  `,
  // 8: readers' ratings (👍/👎, seed papers) per subscription and paper: the last one given wins.
  `
  CREATE TABLE ratings (
    subscription TEXT NOT NULL,
    base_id TEXT NOT NULL,
    rating INTEGER NOT NULL CHECK (rating IN (1, -1)),
    source TEXT NOT NULL,
    rated_at TEXT NOT NULL,
    PRIMARY KEY (subscription, base_id)
  ) WITHOUT ROWID;
  `,
  // 9: the research agent's pending proposals (consent bound to a proposal), beside its conversations.
  `
  CREATE TABLE agent_proposals (
    id TEXT PRIMARY KEY,
    conversation_id TEXT NOT NULL,
    owner TEXT,
    turn_id TEXT NOT NULL,
    tool TEXT NOT NULL,
    args_json TEXT NOT NULL,
    title TEXT NOT NULL,
    changes_json TEXT NOT NULL,
    status TEXT NOT NULL CHECK (status IN ('pending', 'applying', 'applied', 'declined', 'expired')),
    created_at TEXT NOT NULL,
    expires_at TEXT NOT NULL,
    decided_at TEXT
  ) WITHOUT ROWID;
  CREATE INDEX agent_proposals_conversation ON agent_proposals(conversation_id, status);
  CREATE INDEX agent_proposals_expiry ON agent_proposals(expires_at);
  `,
];

/** Schema version this code writes. */
export const SCHEMA_VERSION = MIGRATIONS.length;

/**
 * Brings the database up to SCHEMA_VERSION. Runs under BEGIN IMMEDIATE so two processes opening
 * a fresh database at once migrate it exactly once (the second waits on busy_timeout, then sees
 * the new user_version).
 */
export function migrate(db: Database.Database): void {
  const run = db.transaction(() => {
    const current = db.pragma('user_version', { simple: true }) as number;
    if (current > SCHEMA_VERSION) {
      throw new Error(
        `database schema ${current} is newer than this build (${SCHEMA_VERSION}); upgrade arxiv-radar`,
      );
    }
    for (let v = current; v < SCHEMA_VERSION; v++) {
      db.exec(MIGRATIONS[v] as string);
      db.pragma(`user_version = ${v + 1}`);
    }
  });
  run.immediate();
}
