/**
 * The one command layer behind the CLI, the Discord bot, the MCP server and the web app, so
 * behaviour is the same everywhere: its interface and the shapes it speaks. Front ends validate
 * and format; app/service/create.ts implements it over its ports (app/ports/), which workers/
 * builds from Config, and each capability it runs is the one in app/capabilities/.
 */
import type { QueryPart, SortBy } from '../domain/arxiv-query.ts';
import type { AnswerPassage } from './capabilities/ask-library.ts';
import type { ConvertResult } from './ports/converter.ts';
import type { ContentSource } from './ports/store.ts';
import type { ArxivFeed } from './ports/arxiv.ts';
import type { BuiltQuery } from '../domain/plain-query.ts';
import type { Paper } from '../domain/paper.ts';
import type { PublishFailure } from './ports/store.ts';
import type { RateRequest, RateResult } from './ratings.ts';
import type { Rating } from '../domain/rating.ts';
import type { Digest, Receipt, Summary } from '../domain/digest.ts';
import type { ProgressFn } from './ports/service.ts';
import type { SubscriptionRequest, SubscriptionView } from './capabilities/subscribe.ts';
import type { ToolOutput } from './tools/shared-tool.ts';
import type { ProposalSummary } from '../domain/agent-proposals.ts';

export type { ProgressFn } from './ports/service.ts';
export type { SubscriptionRequest, SubscriptionView } from './capabilities/subscribe.ts';

/**
 * How a front end asks for on-demand work: `signal` aborts when the caller has gone away (Ctrl-C,
 * a closed MCP connection, an expired Discord interaction); the work is then cancelled, not left
 * running.
 */
export interface CallOptions {
  signal?: AbortSignal;
  /** Hears the Temporal workflow doing the work as soon as it starts (the web app links it in the Temporal UI). */
  onStart?: (run: { workflowId: string; runId: string }) => void;
}

export interface RankedPaper {
  paper: Paper;
  score: number;
  summary: Summary | null;
  /**
   * What the summary was made from: the abstract (every search result, at no arXiv cost) or the
   * full text (asked for, or already in the library). Absent where no summary was made.
   */
  summarySource?: 'abstract' | 'full-text';
}

export interface SearchResult {
  /** The arXiv search_query that was run. */
  query: string;
  ranker: 'cross-encoder' | 'bm25';
  papers: RankedPaper[];
  /**
   * When the query found nothing: one broader query, tried once (at most one more arXiv request),
   * and what it found; `papers` is then empty and these are shown marked as the broader query's.
   */
  broader?: { query: string; why: string; papers: RankedPaper[] };
}

export interface PaperDocument {
  paper: Paper;
  /** Full Markdown: metadata, abstract, then the full text (or a note why it is missing). */
  markdown: string;
  /** Where the full text came from (arXiv HTML, ar5iv HTML, LaTeX source, PDF); null without one. */
  source: ContentSource | null;
  /** Why the full text is missing, when it is. */
  note: string | null;
  summary: Summary | null;
}

export interface ListFiltersInput {
  query?: string;
  author?: string;
  categories?: string[];
  start_date?: string;
  end_date?: string;
  topic?: string;
  limit?: number;
  offset?: number;
}

/** The seed-002 shapes are the library's own: one definition, in the store port. */
export type { ListedPaper, ListResult as ListResultOutput } from '../domain/library.ts';
export type { AnswerPassage, ArxivFeed, BuiltQuery, ConvertResult };
import type { ListResult as ListResultOutput } from '../domain/library.ts';

export interface Answer {
  answer: string;
  citations: Array<{ arxivId: string; section: string }>;
  /** The library passages the answer was built from, best first. */
  passages: AnswerPassage[];
  usedLlm: boolean;
}

/** Where a subscription's digests go and what has not landed yet (`subscriptions`, doctor, the web banner). */
export interface DeliveryReport {
  name: string;
  sendsTo: string[];
  /** Announcements assembled but not yet at every destination, oldest first. */
  pending: Array<{ announcement: string; failures: PublishFailure[] }>;
}

/** A manual digest run as Temporal keeps it (web run pages after a restart). */
export interface DigestRunState {
  workflowId: string;
  runId: string;
  subscription: string;
  status: 'running' | 'published' | 'empty' | 'failed';
  digestKeys: string[];
  /** Why nothing was published, or why it failed. */
  reason: string | null;
}

/** A digest run: one digest per announcement delivered; `digest` is the newest. */
export type DigestRunResult =
  | {
      status: 'published';
      digest: Digest;
      receipts: Receipt[];
      /** Every digest the run published, oldest announcement first. */
      digests: Array<{ digest: Digest; receipts: Receipt[] }>;
      /** Missed announcements older than the catch-up limit (DIGEST_CATCHUP_DAYS). */
      notCovered: string[];
      /** Unseen papers dropped at the relevance floor (ranked with no evidence of relevance). */
      belowFloor?: number;
    }
  | { status: 'empty'; reason: string; notCovered?: string[]; belowFloor?: number };

export interface RadarService {
  /** Plain-language question or arXiv query → built query, search (≤ 50), rerank, top results with summaries. */
  searchPapers(
    input: {
      question: string;
      maxResults?: number;
      topic?: string;
      /** An arXiv search_query to run as written instead of building one from `question` (the web app's edited query). */
      searchQuery?: string;
      /**
       * How many of the best to fetch in full text and summarise from it (default 0: one arXiv
       * request; each full text costs one or two more). The others are summarised from their
       * abstracts, or from the library's full-text summary when the paper is stored with its text.
       */
      fullText?: number;
    },
    progress?: ProgressFn,
    options?: CallOptions,
  ): Promise<SearchResult>;
  /** URL or id → metadata, abstract and full text as Markdown (arXiv HTML, ar5iv, LaTeX source, PDF: the first that has it). Stored in the library. */
  getPaper(
    input: { ref: string; source?: 'auto' | ContentSource },
    progress?: ProgressFn,
    options?: CallOptions,
  ): Promise<PaperDocument>;
  /**
   * A paper whose full text is already in the library, as getPaper would give it, without asking
   * arXiv or starting a workflow (the web app's paper page); null when it or its full text is not
   * stored. `ref` is an id or URL; a versioned id asks for that version.
   */
  readStoredPaper(ref: string): Promise<PaperDocument | null>;
  /** A stored paper's metadata, or null when it is not in the library. */
  extractInfo(paperId: string): Promise<(Paper & { topics: string[] }) | null>;
  listPapers(filters: ListFiltersInput): Promise<ListResultOutput>;
  askPapers(
    question: string,
    progress?: ProgressFn,
    options?: CallOptions & { limit?: number },
  ): Promise<Answer>;
  topics(): Promise<Array<{ name: string; count: number }>>;
  topicMarkdown(topic: string): Promise<string>;
  /** Creates or updates a subscription; `like` papers become its seed papers (fetched before anything is stored). */
  subscribe(input: SubscriptionRequest, options?: CallOptions): Promise<SubscriptionView>;
  /**
   * 👍/👎/clear on one paper for one subscription, from any front end; the last rating wins. A paper
   * not in the library is fetched from arXiv through the gate. NOT_FOUND for an unknown subscription.
   */
  ratePaper(input: RateRequest, options?: CallOptions): Promise<RateResult>;
  /** A subscription's ratings (seed papers included), oldest first; NOT_FOUND for an unknown subscription. */
  listRatings(subscription: string): Promise<Rating[]>;
  unsubscribe(name: string): Promise<boolean>;
  listSubscriptions(): Promise<SubscriptionView[]>;
  /** Per subscription: where its digests go, and the announcements still pending with why. */
  deliveryReport(): Promise<DeliveryReport[]>;
  /** A manual run: cancelled when the caller goes away, but not time-limited (publishing is idempotent). */
  runDigest(name: string, progress?: ProgressFn, options?: CallOptions): Promise<DigestRunResult>;
  /** A run of runDigest by its workflow id, as Temporal keeps it (so it outlives the caller); null when there is none. */
  digestRun(workflowId: string): Promise<DigestRunState | null>;
  lastDigest(name: string): Promise<Digest | null>;
  /** A subscription's digests, newest announcement first (at most `limit`, default 50). */
  listDigests(name: string, limit?: number): Promise<Digest[]>;
  /** One digest by its key, or null. */
  getDigest(key: string): Promise<Digest | null>;
  /** Pauses or resumes a subscription and its schedule; NOT_FOUND for an unknown name. */
  pauseSubscription(name: string, paused: boolean): Promise<SubscriptionView>;
  /** Files a paper already in the library (every search stores its results) under a topic folder; NOT_FOUND when it is not stored. */
  savePaper(input: { id: string; topic: string }): Promise<{ id: string; title: string; topic: string }>;
  /**
   * Removes a paper from the library with its converted text, chunks and summaries; digests, the
   * seen sets (it is not sent again) and topic folders stay. NOT_FOUND when it is not stored.
   */
  removePaper(id: string): Promise<{ id: string; title: string }>;
  /**
   * Sends one stored paper (metadata, TL;DR and key points) to the Notion database as a page of its
   * own, idempotently (its key is `paper:<id>`); CONFIG_INVALID when Notion is not configured.
   */
  sendToNotion(paperId: string): Promise<Receipt>;

  /** Papers from saved arXiv API responses, stored all-or-nothing: a bad feed names its file and nothing is written. */
  importFeeds(
    feeds: NamedText[],
    options?: { topic?: string },
  ): Promise<{ papers: number; inserted: number; updated: number }>;
  /** The papers of saved arXiv API responses ranked by relevance to an interest, best first. */
  rankFeeds(
    interest: string,
    feeds: NamedText[],
  ): Promise<{ ranker: 'cross-encoder' | 'bm25'; papers: Array<{ paper: Paper; score: number }> }>;
  /**
   * A search result's full text, fetched (HTML, else PDF: one or two arXiv requests; none when the
   * library has it), stored and summarised; the paper's metadata is known, so no lookup request.
   * `source` is null (with a `note`) when arXiv has no full text for it.
   */
  fullTextSummary(
    paper: Paper,
    progress?: ProgressFn,
    options?: CallOptions,
  ): Promise<{ summary: Summary | null; source: ContentSource | null; note: string | null }>;
  /**
   * A search result's summary at no arXiv cost: the library's full-text summary when the paper is
   * stored with its text, else one taken from its abstract (extractive, no model call).
   */
  quickSummary(paper: Paper): Promise<{ summary: Summary; source: 'abstract' | 'full-text' }>;
  /** A TL;DR and key points of a Markdown document, or of a paper in the library (its full text when stored). */
  summarize(input: { markdown: string } | { ref: string }): Promise<Summary>;
  /**
   * The arXiv search_query for what was typed (domain/arxiv-query.ts readQuery): arXiv syntax as
   * written, free words built (LLM when configured, heuristic otherwise), and what became of each part.
   */
  buildQuery(
    question: string,
  ): Promise<BuiltQuery & { method: 'as-written' | 'heuristic' | 'llm'; parts: QueryPart[] }>;
  /** One page of arXiv API results for a query in arXiv's syntax, through the rate-limited client and the gate. */
  searchArxiv(
    query: string,
    options: { maxResults: number; sortBy: SortBy },
    callOptions?: CallOptions,
  ): Promise<ArxivFeed>;
  /** A local PDF or HTML file as Markdown, in the memory-capped conversion sandbox; no network. */
  convertFile(path: string, options: { kind: 'pdf' | 'html' | 'latex' }): Promise<ConvertResult>;
  /** arXiv's metadata of one paper (`2104.12255` or `2104.12255v2`), or null when arXiv has none; not stored. */
  lookupArxiv(id: string, callOptions?: CallOptions): Promise<Paper | null>;
  /** A digest as the Markdown the Markdown publisher writes (what `digest show` prints). */
  digestMarkdown(digest: Digest): Promise<string>;
  /**
   * A tool MCP and the agent share (app/tools/), by name; INVALID_INPUT for an unknown one.
   * `proposal`: the arguments are a model's confirmed proposal, checked again against the model's schema.
   */
  runTool(name: string, args: Record<string, unknown>, options?: { proposal?: boolean }): Promise<ToolOutput>;
  /** What applying a model's proposed call of a tool with a side effect would change (the tool's own words). */
  describeProposal(name: string, args: Record<string, unknown>): Promise<ProposalSummary>;
}

/** A document a front end read (a file, an upload), with the name to show in messages. */
export interface NamedText {
  name: string;
  text: string;
}
