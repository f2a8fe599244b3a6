/**
 * The paper library as ports: pure types and one small interface per use — `LibraryStore`
 * (papers, topics, contents, chunks, summaries), `SubscriptionStore`, `DigestLedger` (digests,
 * receipts, the seen set, deliveries) and `ConversationStore`. `PaperStore` is all of them plus
 * `close()`: what every driver (SQLite, Postgres, the in-memory test store) implements, and what
 * every driver must pass, port by port, in `test/unit/adapters/store/contract/`. Consumers take the
 * narrowest port they use. No Node imports here, so workflows may `import type` from this module.
 */
import type { Paper } from '../../domain/paper.ts';
import type { ListFilters, ListResult, StoredPaper, TopicCount } from '../../domain/library.ts';
import type { DestinationKind, Digest, Receipt, Summary } from '../../domain/digest.ts';
import type { Subscription, SubscriptionInput } from '../../domain/subscription.ts';
import type { Rating, RatingInput } from '../../domain/rating.ts';
import type { ProposalStore } from './proposals.ts';

import type { ContentSource } from '../../domain/content-source.ts';
export { CONTENT_SOURCES, isContentSource, type ContentSource } from '../../domain/content-source.ts';

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
  /** While pending: the destinations whose publish failed, and why (absent when none did). */
  failures?: PublishFailure[];
}

/** A destination that refused a pending announcement's digest: reported until it lands. */
export interface PublishFailure {
  destination: DestinationKind;
  /** When the first failure of this destination for this announcement happened (ISO 8601). */
  since: string;
  /** When it last failed. */
  lastAt: string;
  /** The last failure's message (never a secret: AppError messages name settings, not values). */
  message: string;
  /** 401/403/404/validation: retried only at the next run, and needs the user's fix. */
  permanent: boolean;
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

/** One topic folder's papers, newest v1 publication first, with the topic's stored name. */
export interface TopicPapers {
  name: string;
  papers: Paper[];
}

/*
 * Every method of every port is async so a networked driver fits the same interface. Bad input
 * throws `AppError('INVALID_INPUT')`; storage failures throw `AppError('STORE_ERROR')` (retryable
 * when the database was only busy).
 */

/** The paper library: papers, topic folders, converted contents, search chunks and summaries. */
export interface LibraryStore {
  /** Inserts or refreshes papers (the newest version's metadata wins), records every version seen, adds them to `topic`. */
  upsertPapers(papers: Paper[], opts?: { topic?: string }): Promise<{ inserted: number; updated: number }>;
  /** The stored paper by base id (a versioned id is accepted and reduced to its base), or null. */
  getPaper(id: string): Promise<StoredPaper | null>;
  /** `list_papers`: filtered, ordered (by relevance with a query, newest v1 first otherwise), paginated. */
  listPapers(filters: ListFilters): Promise<ListResult>;
  /** Every topic folder with its paper count, sorted by name. */
  topics(): Promise<TopicCount[]>;
  /**
   * One topic's papers, newest v1 publication first (ties: first stored first); NOT_FOUND for an
   * unknown topic. `domain/topic-markdown.ts` renders them as a document.
   */
  topicPapers(topic: string): Promise<TopicPapers>;
  /**
   * Removes one paper (base id; a versioned id is reduced) from the library with everything
   * derived from it: versions, index entries, topic memberships, converted contents, chunks and
   * summaries. Digests, receipts, the seen sets (a removed paper is not sent again) and topic
   * folders stay. False when it was not stored.
   */
  removePaper(id: string): Promise<boolean>;

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
}

/** Alert subscriptions by name. */
export interface SubscriptionStore {
  /** Creates or replaces by name (createdAt is kept on replace). */
  upsertSubscription(s: SubscriptionInput): Promise<Subscription>;
  getSubscription(name: string): Promise<Subscription | null>;
  /** Sorted by name. */
  listSubscriptions(): Promise<Subscription[]>;
  /**
   * True when it existed. Also forgets its seen-state, deliveries and ratings (the `DigestLedger`
   * and `RatingStore` of the same store); its digests stay.
   */
  deleteSubscription(name: string): Promise<boolean>;
}

/** What was sent where: digests, their publish receipts, the seen set and announcement deliveries. */
export interface DigestLedger {
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
  saveDelivery(d: Omit<Delivery, 'status' | 'failures'>): Promise<void>;
  getDelivery(subscription: string, announcement: string): Promise<Delivery | null>;
  /**
   * Marks an announcement delivered, in one transaction: `sentIds` join the seen set under its
   * digest, every other considered id as considered-not-sent. Idempotent.
   */
  completeDelivery(subscription: string, announcement: string, sentIds: string[]): Promise<void>;
  /** The newest delivered announcement of a subscription, or null. */
  lastDelivery(subscription: string): Promise<Delivery | null>;
  /** A subscription's pending announcements that have a digest (assembled, not yet everywhere), oldest first. */
  pendingDeliveries(subscription: string): Promise<Delivery[]>;
  /**
   * Records (`failure`) or clears (null) one destination's publish failure on a pending
   * announcement; the first failure's time is kept as `since`. A no-op once it is delivered.
   */
  setPublishFailure(
    subscription: string,
    announcement: string,
    destination: DestinationKind,
    failure: { message: string; permanent: boolean; at: string } | null,
  ): Promise<void>;
  /**
   * The one-time migration for libraries from before deliveries existed (run by the schema
   * migration; idempotent): each subscription without any delivery gets its newest digest whose
   * papers were marked sent (the old workflow did so only after every destination had it)
   * recorded as a delivered announcement. Returns how many it recorded.
   */
  adoptLegacyDeliveries(): Promise<number>;
}

/** The research agent's conversations by key. */
export interface ConversationStore {
  /** An agent conversation (CLI session, Discord thread) by its key, or null. */
  getConversation(id: string): Promise<Conversation | null>;
  /** Creates or replaces a conversation's messages (updatedAt is set to now). */
  saveConversation(id: string, messages: ConversationMessage[]): Promise<void>;
  /** True when it existed. */
  deleteConversation(id: string): Promise<boolean>;
}

/** Readers' ratings per subscription and paper (domain/rating.ts): what a subscription's model learns from. */
export interface RatingStore {
  /**
   * Sets (rating 'up'/'down') or clears (null) one subscription's rating of one paper (a versioned
   * id is reduced to its base): the last call wins. Returns the stored rating, or null once cleared.
   */
  setRating(input: RatingInput): Promise<Rating | null>;
  /** A subscription's ratings, oldest first (ties by id). */
  listRatings(subscription: string): Promise<Rating[]>;
}

/** Every port of one library, plus closing it: what a driver implements. */
export interface PaperStore
  extends LibraryStore, SubscriptionStore, DigestLedger, ConversationStore, RatingStore, ProposalStore {
  close(): Promise<void>;
}
