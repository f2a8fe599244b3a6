/**
 * The one command layer behind the CLI, the Discord bot and the MCP server, so behaviour is the
 * same everywhere. Front ends validate and format; this layer does the work through its ports
 * (app/ports.ts: Temporal workflows, the library, models, arXiv), which workers/ builds from Config.
 */
import type { AtomFeed as ArxivFeed } from '../adapters/arxiv/atom.ts';
import type { QueryPart, SortBy } from '../domain/arxiv-query.ts';
import type { AnswerPassage } from './capabilities/ask-library.ts';
import type { ConvertResult } from './ports/converter.ts';
import type { ContentSource } from './ports/store.ts';
import type { SummaryInput } from '../adapters/summarize/extractive.ts';
import { renderPaperMarkdown } from './capabilities/render.ts';
import type { BuiltQuery } from '../domain/plain-query.ts';
import { extractArxivId } from '../domain/arxiv-ids.ts';
import { AppError, errorMessage, isAppError } from '../domain/errors.ts';
import { formatTopicMarkdown } from '../domain/topic-markdown.ts';
import { MAX_SEARCH_RESULTS } from '../domain/library.ts';
import type { Paper } from '../domain/paper.ts';
import type { Logger } from '../lib/logger.ts';
import type { RadarPorts, ServiceSettings } from './ports/service.ts';
import { subscribe, viewOf } from './subscriptions.ts';
import { describeTargets, type PublishingSettings } from '../domain/digest-targets.ts';
import type { PublishFailure } from './ports/store.ts';

const NO_PUBLISHING: PublishingSettings = {
  notion: false,
  discordApiUrl: 'https://discord.com/api/v10',
  discordBot: false,
  discordWebhook: false,
  discordChannelId: null,
};
import { checkSeedRefs, ensurePapers, ratePaper, type RateRequest, type RateResult } from './ratings.ts';
import type { Rating } from '../domain/rating.ts';
import { validateNewSubscriptionName } from '../domain/subscription.ts';
import type { Digest, Receipt, Summary } from '../domain/digest.ts';

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
import type { Destinations, Subscription } from '../domain/subscription.ts';

export interface Answer {
  answer: string;
  citations: Array<{ arxivId: string; section: string }>;
  /** The library passages the answer was built from, best first. */
  passages: AnswerPassage[];
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
  /** A Discord webhook of the subscription's own (a secret: never shown back); null removes it. */
  discordWebhookUrl?: string | null;
  /** Its own targets at registered destinations (Slack: a webhook URL; secrets, never shown back), by kind; null removes one. */
  targets?: Record<string, string | null>;
  includeCrossLists?: boolean;
  includeReplacements?: boolean;
  /** Seed papers (ids or URLs): fetched through the arXiv gate when not stored, then rated 👍 (source 'seed'). */
  like?: string[];
}

/** A subscription as shown to users: the stored one without its webhook URL (a secret). */
export type SubscriptionView = Pick<
  Subscription,
  'name' | 'query' | 'categories' | 'interest' | 'cron' | 'timezone' | 'topK' | 'minScore' | 'paused'
> & {
  destinations: Omit<Destinations, 'discordWebhookUrl' | 'targets'>;
};

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
}

/** A document a front end read (a file, an upload), with the name to show in messages. */
export interface NamedText {
  name: string;
  text: string;
}

/** The service over its ports: the one implementation every front end uses. */
export function createRadarService(
  ports: RadarPorts,
  settings: ServiceSettings,
  logger: Logger,
): RadarService {
  const { store, runner, schedules } = ports;
  // Modules a call needs are loaded by that call: a CLI command pays only for what it runs
  // (the workflow SDK and the schema and XML libraries take tenths of a second each to load).
  const summarize = async (input: SummaryInput) =>
    (await import('../adapters/summarize/llm.ts'))
      .createSummarizer({ llm: await ports.llm(), logger })
      .summarize(input);
  const notFound = (name: string) =>
    new AppError(
      'NOT_FOUND',
      `No subscription named "${name}". List them with \`arxiv-radar subscriptions\`.`,
    );
  const notStored = (id: string) =>
    new AppError(
      'NOT_FOUND',
      `Paper ${id} is not in the library; search for it or open it first (arxiv-radar get ${id}).`,
    );

  /**
   * Search results get a summary at no arXiv cost: the full-text one the search fetched, else the
   * library's when the paper is stored with its full text, else one taken from the abstract
   * (extractive: no model call, so results show as soon as arXiv answers).
   */
  async function withSummaries(
    results: Array<{ paper: Paper; score: number; summary: Summary | null }>,
  ): Promise<RankedPaper[]> {
    const { extractiveSummary } = await import('../adapters/summarize/extractive.ts');
    return Promise.all(
      results.map(async (r): Promise<RankedPaper> => {
        const hasText = (await store.getContent(r.paper.id)) !== null;
        // A full-text fetch that found no text (no HTML, no PDF) summarised the abstract.
        if (r.summary) return { ...r, summarySource: hasText ? 'full-text' : 'abstract' };
        const stored = hasText ? await store.getSummary(r.paper.id) : null;
        if (stored) return { ...r, summary: stored, summarySource: 'full-text' };
        return {
          ...r,
          summary: extractiveSummary({ title: r.paper.title, abstract: r.paper.abstract, markdown: null }),
          summarySource: 'abstract',
        };
      }),
    );
  }

  /** Every feed parsed before anything is stored; a bad one fails the whole call, naming it. */
  async function parseFeeds(feeds: NamedText[]): Promise<Paper[]> {
    const { parseAtomFeed } = await import('../adapters/arxiv/atom.ts');
    return feeds.flatMap((f) => {
      try {
        return parseAtomFeed(f.text).papers;
      } catch (e) {
        const code = isAppError(e) ? e.code : 'ARXIV_MALFORMED';
        throw new AppError(
          code === 'ARXIV_API_ERROR' || code === 'ARXIV_MALFORMED' ? 'INVALID_INPUT' : code,
          `${f.name}: ${errorMessage(e)}; nothing was imported`,
          { cause: e },
        );
      }
    });
  }

  return {
    async searchPapers(input, progress, options: CallOptions = {}) {
      const question = input.question.trim();
      if (!question)
        throw new AppError('INVALID_INPUT', 'The search question is empty: say what you are looking for.');
      const searchQuery = input.searchQuery?.trim();
      const maxResults = Math.min(input.maxResults ?? 20, MAX_SEARCH_RESULTS);
      const topN = Math.min(Math.max(input.fullText ?? 0, 0), maxResults);
      const { topicSearch } = await import('../workflows/topic-search.ts');
      const search = (query: string | undefined) =>
        runner.run(
          topicSearch,
          [
            {
              question,
              maxResults,
              topN,
              topic: input.topic ?? null,
              ...(query ? { searchQuery: query } : {}),
            },
          ],
          {
            idPrefix: 'search',
            label: 'searching arXiv and ranking the results…',
            what: `search "${question}"`,
            onDemand: true,
            progress,
            signal: options.signal,
            onStart: options.onStart,
          },
        );
      const r = await search(searchQuery);
      const result: SearchResult = {
        query: r.query,
        ranker: r.ranker,
        papers: await withSummaries(r.results),
      };
      if (result.papers.length > 0) return result;
      // Nothing found: one broader query, once (domain/arxiv-query.ts broaderQuery).
      const { broaderQuery } = await import('../domain/arxiv-query.ts');
      const broader = broaderQuery(r.query);
      if (!broader) return result;
      progress?.(`nothing for ${r.query}; trying the broader ${broader.query}`);
      const b = await search(broader.query);
      return { ...result, broader: { ...broader, papers: await withSummaries(b.results) } };
    },

    async getPaper(input, progress, options: CallOptions = {}) {
      const { paperIngest } = await import('../workflows/paper-ingest.ts');
      const ingest = await runner.run(paperIngest, [{ ref: input.ref, source: input.source ?? 'auto' }], {
        idPrefix: 'get',
        label: 'fetching metadata and full text…',
        what: `get ${input.ref}`,
        onDemand: true,
        progress,
        signal: options.signal,
        onStart: options.onStart,
      });
      const paper = await store.getPaper(ingest.id);
      if (!paper)
        throw new AppError('NOT_FOUND', `Paper ${ingest.id} was ingested but is not in the library.`);
      const content = ingest.contentKey ? await store.getContentByKey(ingest.contentKey) : null;
      const body = content ? { markdown: content.markdown, source: content.source } : null;
      return {
        paper,
        markdown: renderPaperMarkdown(paper, body, ingest.note ?? undefined),
        source: content?.source ?? null,
        note: ingest.note,
        summary: ingest.summary,
      };
    },

    async readStoredPaper(ref) {
      const { id, version } = extractArxivId(ref);
      const paper = await store.getPaper(id);
      const content = paper && (await store.getContent(id, version ?? undefined));
      if (!paper || !content) return null;
      return {
        paper,
        markdown: renderPaperMarkdown(paper, { markdown: content.markdown, source: content.source }),
        source: content.source,
        note: null,
        summary: await store.getSummary(id, content.version),
      };
    },

    extractInfo: (paperId) => store.getPaper(paperId),
    listPapers: (filters) => store.listPapers(filters),

    async askPapers(question, progress, options = {}) {
      progress?.('searching the library…');
      const { answerQuestion } = await import('./capabilities/ask-library.ts');
      const r = await answerQuestion({
        question,
        searchChunks: (q, limit) => store.searchChunks(q, { limit }),
        reranker: await ports.reranker(),
        llm: await ports.llm(),
        ...(options.limit !== undefined ? { limit: options.limit } : {}),
        logger,
      });
      return { answer: r.answer, citations: r.citations, passages: r.passages, usedLlm: r.usedLlm };
    },

    topics: () => store.topics(),
    async topicMarkdown(topic) {
      const t = await store.topicPapers(topic);
      return formatTopicMarkdown(t.name, t.papers);
    },

    async subscribe(input, options: CallOptions = {}) {
      validateNewSubscriptionName(input.name);
      const seeds = checkSeedRefs(input.like);
      // Seeds are fetched first: an unknown id or an unreachable arXiv stores nothing.
      if (seeds.length > 0) await ensurePapers(store, () => ports.arxiv(options.signal), seeds, input.name);
      const view = await subscribe(store, schedules, settings, input);
      for (const id of seeds)
        await store.setRating({ subscription: view.name, arxivId: id, rating: 'up', source: 'seed' });
      return view;
    },

    ratePaper: (input, options: CallOptions = {}) =>
      ratePaper(store, () => ports.arxiv(options.signal), input),

    async listRatings(subscription) {
      if (!(await store.getSubscription(subscription))) throw notFound(subscription);
      return store.listRatings(subscription);
    },

    async unsubscribe(name) {
      const existed = await store.deleteSubscription(name);
      const hadSchedule = await schedules.remove(name);
      return existed || hadSchedule;
    },

    listSubscriptions: async () => (await store.listSubscriptions()).map(viewOf),
    deliveryReport: async () => {
      const publishing = settings.publishing ?? NO_PUBLISHING;
      const reports: DeliveryReport[] = [];
      for (const sub of await store.listSubscriptions()) {
        const pending = (await store.pendingDeliveries(sub.name)).map((d) => ({
          announcement: d.announcement,
          failures: d.failures ?? [],
        }));
        reports.push({ name: sub.name, sendsTo: describeTargets(sub.destinations, publishing), pending });
      }
      return reports;
    },

    async runDigest(name, progress, options: CallOptions = {}) {
      if (!(await store.getSubscription(name))) throw notFound(name);
      const { topicDigest } = await import('../workflows/topic-digest.ts');
      const r = await runner.run(topicDigest, [name], {
        idPrefix: `digest-${name}-manual`,
        label: `building the "${name}" digest…`,
        what: `"${name}" digest`,
        onDemand: false,
        progress,
        signal: options.signal,
        onStart: options.onStart,
      });
      if (r.status === 'empty') return r;
      const published = r.digests ?? [{ key: r.key, receipts: r.receipts }];
      const digests = await Promise.all(
        published.map(async (p) => {
          const digest = await store.getDigest(p.key);
          if (!digest) throw new AppError('STORE_ERROR', `digest ${p.key} was published but is not stored`);
          return { digest, receipts: p.receipts };
        }),
      );
      const newest = digests[digests.length - 1]!;
      return {
        status: 'published',
        digest: newest.digest,
        receipts: newest.receipts,
        digests,
        notCovered: r.notCovered ?? [],
        ...(r.belowFloor !== undefined ? { belowFloor: r.belowFloor } : {}),
      };
    },

    async digestRun(workflowId) {
      const at = workflowId.lastIndexOf('-manual-');
      if (!/^digest-[\w.-]{1,200}$/.test(workflowId) || at < 0 || !runner.describe) return null;
      const state = await runner.describe(workflowId);
      if (!state || state.type !== 'topicDigest') return null;
      const base = {
        workflowId,
        runId: state.runId,
        subscription: workflowId.slice('digest-'.length, at),
        digestKeys: [] as string[],
        reason: null,
      };
      if (state.status === 'running') return { ...base, status: 'running' };
      if (state.status === 'failed') return { ...base, status: 'failed', reason: state.failure ?? 'failed' };
      const r = state.result as
        | { status: 'empty'; reason: string }
        | { status: 'published'; key: string; digests?: Array<{ key: string }> };
      if (r.status === 'empty') return { ...base, status: 'empty', reason: r.reason };
      return { ...base, status: 'published', digestKeys: r.digests?.map((d) => d.key) ?? [r.key] };
    },

    lastDigest: (name) => store.lastDigest(name),
    listDigests: (name, limit = 50) => store.listDigests(name, limit),
    getDigest: (key) => store.getDigest(key),

    async pauseSubscription(name, paused) {
      const prior = await store.getSubscription(name);
      if (!prior) throw notFound(name);
      const sub = await store.upsertSubscription({ ...prior, paused });
      await schedules.upsert(sub);
      return viewOf(sub);
    },

    async removePaper(id) {
      const paper = await store.getPaper(id);
      if (!paper || !(await store.removePaper(paper.id))) throw notStored(id);
      return { id: paper.id, title: paper.title };
    },

    async savePaper({ id, topic }) {
      const paper = await store.getPaper(id);
      if (!paper) throw notStored(id);
      await store.upsertPapers([paper], { topic });
      return { id: paper.id, title: paper.title, topic };
    },

    async sendToNotion(paperId) {
      const publisher = await ports.notion();
      if (!publisher)
        throw new AppError(
          'CONFIG_INVALID',
          'Notion is not configured: set NOTION_TOKEN and NOTION_DATABASE_ID (docs/publishing.md).',
        );
      const paper = await store.getPaper(paperId);
      if (!paper) throw notStored(paperId);
      const summary = (await store.getSummary(paper.id)) ?? {
        tldr: paper.abstract.replace(/\s+/g, ' ').trim().slice(0, 600),
        keyPoints: [],
        method: 'extractive' as const,
      };
      return publisher.publish({
        key: `paper:${paper.id}`,
        subscription: paper.title.replace(/\s+/g, ' ').trim().slice(0, 200),
        interest: 'Sent from the arxiv-radar web app',
        date: paper.published.slice(0, 10),
        windowStart: paper.published,
        windowEnd: paper.published,
        entries: [
          {
            arxivId: paper.id,
            version: paper.version,
            title: paper.title,
            authors: paper.authors.map((a) => a.name),
            primaryCategory: paper.primaryCategory,
            categories: paper.categories,
            published: paper.published,
            absUrl: paper.links.abs,
            pdfUrl: paper.links.pdf,
            score: 0,
            summary,
          },
        ],
      });
    },

    async importFeeds(feeds, options = {}) {
      const papers = await parseFeeds(feeds);
      const r = await store.upsertPapers(
        papers,
        options.topic === undefined ? undefined : { topic: options.topic },
      );
      return { papers: papers.length, ...r };
    },

    async rankFeeds(interest, feeds) {
      if (!interest.trim())
        throw new AppError('INVALID_INPUT', 'The interest is empty: say what papers you care about.');
      const papers = new Map<string, Paper>();
      for (const p of await parseFeeds(feeds)) if (!papers.has(p.id)) papers.set(p.id, p);
      const reranker = await ports.reranker();
      const ranked = await reranker.rank(
        interest,
        [...papers.values()].map((p) => ({ id: p.id, text: `${p.title}. ${p.abstract}` })),
      );
      return {
        ranker: reranker.kind,
        papers: ranked.map((r) => ({ paper: papers.get(r.id)!, score: r.score })),
      };
    },

    async fullTextSummary(paper, progress, options: CallOptions = {}) {
      const { paperIngest } = await import('../workflows/paper-ingest.ts');
      const r = await runner.run(paperIngest, [{ ref: paper.id, paper, source: 'auto' }], {
        idPrefix: 'fulltext',
        label: 'fetching the full text…',
        what: `full text of ${paper.id}`,
        onDemand: true,
        progress,
        signal: options.signal,
        onStart: options.onStart,
      });
      return { summary: r.summary, source: r.source, note: r.note };
    },

    async quickSummary(paper) {
      const [r] = await withSummaries([{ paper, score: 0, summary: null }]);
      return { summary: r!.summary!, source: r!.summarySource ?? 'abstract' };
    },

    async summarize(input) {
      if ('markdown' in input) {
        const title = /^#\s+(.+)$/m.exec(input.markdown)?.[1]?.trim() ?? '';
        return summarize({ title, abstract: '', markdown: input.markdown });
      }
      // extractArxivId throws INVALID_INPUT explaining the forms an id may take.
      const parsed = extractArxivId(input.ref);
      const paper = await store.getPaper(parsed.id);
      if (!paper) throw notStored(parsed.id);
      const content = await store.getContent(parsed.id, parsed.version ?? undefined);
      return summarize({ title: paper.title, abstract: paper.abstract, markdown: content?.markdown ?? null });
    },

    buildQuery: async (question) =>
      (await import('./capabilities/build-query.ts')).buildSearchQuery(question, {
        llm: await ports.llm(),
        logger,
      }),

    async searchArxiv(query, options, callOptions = {}) {
      const client = await ports.arxiv(callOptions.signal);
      try {
        return await client.search(query, {
          maxResults: options.maxResults,
          sortBy: options.sortBy,
          sortOrder: 'descending',
        });
      } finally {
        client.close();
      }
    },

    convertFile: (path, options) => ports.converter.convertFile(path, options),

    async lookupArxiv(id, callOptions = {}) {
      const client = await ports.arxiv(callOptions.signal);
      try {
        return (await client.lookupBatch([id])).papers[0] ?? null;
      } finally {
        client.close();
      }
    },

    digestMarkdown: async (digest) =>
      (await import('../adapters/publish/markdown-folder.ts')).renderDigestMarkdown(digest),
  };
}
