/**
 * The paper library as a port: pure types and the `PaperStore` interface every driver implements
 * (SQLite embedded today, Postgres later). Every driver must pass `test/unit/store/contract.ts`.
 * No Node imports here, so workflows may `import type` from this module.
 */
import type { Paper } from '../arxiv/paper.ts';
import type { Digest, Receipt, Summary } from '../publish/digest.ts';

/** A paper as the library holds it: the newest record seen plus every version number seen. */
export type StoredPaper = Paper & {
  /** Ascending, without duplicates; empty when no source ever named a version. */
  versionsSeen: number[];
  /** Topic folders the paper belongs to, sorted by name. */
  topics: string[];
};

/** Filters of `list_papers` (seed 002). Every field is optional; absent means "no constraint". */
export interface ListFilters {
  /**
   * Full-text over title and abstract; every word must match; ranked by relevance (BM25) among the
   * 2,000 most recently stored matches, so broad queries stay fast; total_count is exact.
   */
  query?: string | undefined;
  /**
   * Any author whose full name, or its trailing words (the surname), equals this text, ignoring
   * case, accents and punctuation: "Del Maestro", "adrian del maestro", "Wubben" for "Dirk Wübben".
   */
  author?: string | undefined;
  /** Papers in at least one of these categories (cross-lists included). */
  categories?: string[] | undefined;
  /** Inclusive YYYY-MM-DD bounds on the v1 publication date (UTC). */
  start_date?: string | undefined;
  end_date?: string | undefined;
  /** Only papers in this topic folder. */
  topic?: string | undefined;
  /** 1..50, default 20. */
  limit?: number | undefined;
  /** >= 0, default 0. */
  offset?: number | undefined;
}

/** One paper of a `list_papers` answer (seed 002 shape). */
export interface ListedPaper {
  /** Base id without version. */
  arxiv_id: string;
  title: string;
  authors: string[];
  abstract: string;
  categories: string[];
  /** YYYY-MM-DD of v1. */
  published_date: string;
  pdf_url: string | null;
}

export interface ListResult {
  /** Matches before limit/offset. */
  total_count: number;
  /** `papers.length`. */
  returned: number;
  papers: ListedPaper[];
}

export interface TopicCount {
  name: string;
  count: number;
}

export type ContentSource = 'html' | 'pdf';

/** Markdown of one paper version and how it was produced. */
export interface ContentInput {
  id: string;
  version: number | null;
  source: ContentSource;
  markdown: string;
  warnings: string[];
}

/** Stored content; `key` is what crosses Temporal instead of the Markdown itself. */
export interface StoredContent extends ContentInput {
  key: string;
}

export interface ChunkInput {
  /** Heading path, outermost first, e.g. `['3 Method', '3.1 Data']`. */
  sectionPath: string[];
  text: string;
}

export interface ChunkHit {
  arxivId: string;
  version: number | null;
  title: string;
  sectionPath: string[];
  text: string;
  /** Higher is better (negated BM25). */
  score: number;
}

export interface Destinations {
  markdown: boolean;
  notion: boolean;
  discordChannelId: string | null;
  discordWebhookUrl: string | null;
}

/**
 * One announcement's outcome for one subscription. Written as `pending` when its candidates are
 * selected, `delivered` once its digest reached every destination (or nothing in it was relevant).
 */
export interface Delivery {
  subscription: string;
  /** The announcement's feed date, YYYY-MM-DD (America/New_York). */
  announcement: string;
  status: 'pending' | 'delivered';
  /** The digest that carried it; null when nothing in it cleared the relevance floor. */
  digestKey: string | null;
  /** Query-only subscriptions: where the announcement's submission window ended (ISO 8601). */
  windowEnd: string | null;
  /** Base ids considered for this announcement (selected ones included). */
  considered: string[];
}

/** A scheduled topic alert. */
export interface Subscription {
  /** Unique slug: lowercase letters, digits and '-', 1-64 characters. */
  name: string;
  /** arXiv search query; at least one of query/categories is set. */
  query: string | null;
  categories: string[];
  /** Plain-language interest used for ranking and as the digest subtitle. */
  interest: string;
  /** 5-field cron expression. */
  cron: string;
  /** IANA time zone the cron runs in. */
  timezone: string;
  destinations: Destinations;
  includeCrossLists: boolean;
  includeReplacements: boolean;
  topK: number;
  /** Relevance floor: a paper is sent only when its ranker score is above this (BM25 0 = no shared term). */
  minScore: number;
  paused: boolean;
  createdAt: string;
  updatedAt: string;
}

/**
 * What callers pass to create or replace a subscription. Defaults: query null, categories [],
 * interest '', cron DEFAULT_DIGEST_CRON ('15 1,7 * * 1-5'), timezone 'America/New_York',
 * destinations markdown only, includeCrossLists true, includeReplacements false, topK 5,
 * minScore 0, paused false.
 */
export interface SubscriptionInput {
  name: string;
  query?: string | null | undefined;
  categories?: string[] | undefined;
  interest?: string | undefined;
  cron?: string | undefined;
  timezone?: string | undefined;
  destinations?: Partial<Destinations> | undefined;
  includeCrossLists?: boolean | undefined;
  includeReplacements?: boolean | undefined;
  topK?: number | undefined;
  minScore?: number | undefined;
  paused?: boolean | undefined;
}

/** One chat message of an agent conversation, stored as JSON (OpenAI chat-completions shape). */
export type ConversationMessage = Record<string, unknown>;

/**
 * The research agent's state for one conversation, keyed by where it lives (`discord:<thread id>`,
 * `cli:<session>`), so a follow-up continues it. Messages are stored as given, oldest first.
 */
export interface Conversation {
  id: string;
  messages: ConversationMessage[];
  updatedAt: string;
}

/**
 * The library: papers, topics, converted contents, search chunks, summaries, subscriptions,
 * digests with their publish receipts, and per-subscription seen-state. Every method is async so a
 * networked driver fits the same interface. Bad input throws `AppError('INVALID_INPUT')`; storage
 * failures throw `AppError('STORE_ERROR')` (retryable when the database was only busy).
 */
export interface PaperStore {
  /** Inserts or refreshes papers (the newest version's metadata wins), records every version seen, adds them to `topic`. */
  upsertPapers(papers: Paper[], opts?: { topic?: string }): Promise<{ inserted: number; updated: number }>;
  /** The stored paper by base id (a versioned id is accepted and reduced to its base), or null. */
  getPaper(id: string): Promise<StoredPaper | null>;
  /** `list_papers`: filtered, ordered (by relevance with a query, newest v1 first otherwise), paginated. */
  listPapers(filters: ListFilters): Promise<ListResult>;
  /** Every topic folder with its paper count, sorted by name. */
  topics(): Promise<TopicCount[]>;
  /** One topic's papers as a Markdown document; NOT_FOUND for an unknown topic. */
  topicMarkdown(topic: string): Promise<string>;

  /** Stores Markdown of one version (replacing an earlier one of the same version); returns its key. */
  saveContent(c: ContentInput): Promise<{ key: string }>;
  /** Content of that version, or of the newest version when `version` is omitted. */
  getContent(id: string, version?: number | null): Promise<StoredContent | null>;
  getContentByKey(key: string): Promise<StoredContent | null>;

  /** Replaces the search chunks of one version. */
  replaceChunks(id: string, version: number | null, chunks: ChunkInput[]): Promise<void>;
  /** Full-text over paper title, abstract and chunk section/text; any user text is safe. */
  searchChunks(query: string, opts?: { limit?: number; ids?: string[] }): Promise<ChunkHit[]>;

  saveSummary(id: string, version: number | null, summary: Summary): Promise<void>;
  /** Summary of that version, or of the newest version summarised when omitted. */
  getSummary(id: string, version?: number | null): Promise<Summary | null>;

  /** Creates or replaces by name (createdAt is kept on replace). */
  upsertSubscription(s: SubscriptionInput): Promise<Subscription>;
  getSubscription(name: string): Promise<Subscription | null>;
  /** Sorted by name. */
  listSubscriptions(): Promise<Subscription[]>;
  /** True when it existed. Also forgets its seen-state; its digests stay. */
  deleteSubscription(name: string): Promise<boolean>;

  /** Upsert by `d.key`. */
  saveDigest(d: Digest): Promise<void>;
  getDigest(key: string): Promise<Digest | null>;
  /** The digest with the latest window end for this subscription. */
  lastDigest(subscription: string): Promise<Digest | null>;
  /** Newest window first. */
  listDigests(subscription: string, limit: number): Promise<Digest[]>;
  /** One receipt per destination; recording the same destination again keeps the first. */
  recordReceipt(digestKey: string, r: Receipt): Promise<void>;
  getReceipts(digestKey: string): Promise<Receipt[]>;

  /** The ids (base ids) this subscription has not been sent yet, input order, duplicates dropped. */
  filterUnseen(subscription: string, baseIds: string[]): Promise<string[]>;
  /** Marks ids as sent in `digestKey` (first digest wins). */
  markSeen(subscription: string, baseIds: string[], digestKey: string): Promise<void>;

  /** Records an announcement's selection as pending; a no-op once it is delivered. */
  saveDelivery(d: Omit<Delivery, 'status'>): Promise<void>;
  getDelivery(subscription: string, announcement: string): Promise<Delivery | null>;
  /**
   * Marks an announcement delivered, in one transaction: `sentIds` join the seen set under its
   * digest, every other considered id as considered-not-sent. Idempotent.
   */
  completeDelivery(subscription: string, announcement: string, sentIds: string[]): Promise<void>;
  /** The newest delivered announcement of a subscription, or null. */
  lastDelivery(subscription: string): Promise<Delivery | null>;

  /** An agent conversation (CLI session, Discord thread) by its key, or null. */
  getConversation(id: string): Promise<Conversation | null>;
  /** Creates or replaces a conversation's messages (updatedAt is set to now). */
  saveConversation(id: string, messages: ConversationMessage[]): Promise<void>;
  /** True when it existed. */
  deleteConversation(id: string): Promise<boolean>;

  close(): Promise<void>;
}
