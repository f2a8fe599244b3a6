/**
 * The one command layer behind the CLI, the Discord bot and the MCP server, so behaviour is the
 * same everywhere. Front ends validate and format; this layer does the work (through Temporal
 * workflows and the paper library). The implementation is built in workers/ from Config.
 */
import type { Paper } from '../activities/arxiv/paper.ts';
import type { Digest, Receipt, Summary } from '../activities/publish/digest.ts';

/**
 * Reports progress of long work ("searching arXiv…", "ranking 40 papers…"). `detail.waiting`
 * marks a message about waiting on arXiv (a 503, a retry, the shared backoff); `detail.key` stays
 * the same while only a countdown in the message changes, so a log can print each state once.
 */
export type ProgressFn = (message: string, detail?: { waiting?: boolean; key?: string }) => void;

/**
 * How a front end asks for on-demand work: `signal` aborts when the caller has gone away (Ctrl-C,
 * a closed MCP connection, an expired Discord interaction); the work is then cancelled, not left
 * running.
 */
export interface CallOptions {
  signal?: AbortSignal;
}

/** Most papers one search returns (searchPapers caps maxResults here; the MCP schema states it). */
export const MAX_SEARCH_RESULTS = 50;

export interface RankedPaper {
  paper: Paper;
  score: number;
  summary: Summary | null;
}

export interface SearchResult {
  /** The arXiv search_query that was run. */
  query: string;
  ranker: 'cross-encoder' | 'bm25';
  papers: RankedPaper[];
}

export interface PaperDocument {
  paper: Paper;
  /** Full Markdown: metadata, abstract, then the full text (or a note why it is missing). */
  markdown: string;
  source: 'html' | 'pdf' | null;
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
export type { ListedPaper, ListResult as ListResultOutput } from '../activities/store/port.ts';
import type { Destinations, ListResult as ListResultOutput, Subscription } from '../activities/store/port.ts';

export interface Answer {
  answer: string;
  citations: Array<{ arxivId: string; section: string }>;
  usedLlm: boolean;
}

export interface SubscriptionRequest {
  name: string;
  query?: string | null;
  categories?: string[];
  interest: string;
  cron?: string;
  timezone?: string;
  topK?: number;
  /** Relevance floor: only papers whose ranker score is above it are sent (default 0: BM25 0 means no shared term). */
  minScore?: number;
  notion?: boolean;
  markdown?: boolean;
  discordChannelId?: string | null;
  includeCrossLists?: boolean;
  includeReplacements?: boolean;
}

/** A subscription as shown to users: the stored one without its webhook URL (a secret). */
export type SubscriptionView = Pick<Subscription, 'name' | 'query' | 'categories' | 'interest' | 'cron' | 'timezone' | 'topK' | 'minScore' | 'paused'> & {
  destinations: Omit<Destinations, 'discordWebhookUrl'>;
};

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
    }
  | { status: 'empty'; reason: string; notCovered?: string[] };

export interface RadarService {
  /** Plain-language question or arXiv query → built query, search (≤ 50), rerank, top results with summaries. */
  searchPapers(input: { question: string; maxResults?: number; topic?: string }, progress?: ProgressFn, options?: CallOptions): Promise<SearchResult>;
  /** URL or id → metadata, abstract and full text as Markdown (HTML first, PDF fallback). Stored in the library. */
  getPaper(input: { ref: string; source?: 'auto' | 'html' | 'pdf' }, progress?: ProgressFn, options?: CallOptions): Promise<PaperDocument>;
  /** A stored paper's metadata, or null when it is not in the library. */
  extractInfo(paperId: string): Promise<(Paper & { topics: string[] }) | null>;
  listPapers(filters: ListFiltersInput): Promise<ListResultOutput>;
  askPapers(question: string, progress?: ProgressFn, options?: CallOptions): Promise<Answer>;
  topics(): Promise<Array<{ name: string; count: number }>>;
  topicMarkdown(topic: string): Promise<string>;
  subscribe(input: SubscriptionRequest): Promise<SubscriptionView>;
  unsubscribe(name: string): Promise<boolean>;
  listSubscriptions(): Promise<SubscriptionView[]>;
  /** A manual run: cancelled when the caller goes away, but not time-limited (publishing is idempotent). */
  runDigest(name: string, progress?: ProgressFn, options?: CallOptions): Promise<DigestRunResult>;
  lastDigest(name: string): Promise<Digest | null>;
}
