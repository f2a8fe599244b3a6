/**
 * The real RadarService: long work runs as Temporal workflows (so arXiv traffic always goes
 * through the rate-limited queue), reads go straight to the library. When no Temporal server is
 * reachable and TEMPORAL_ADDRESS is unset, an embedded one is started for the life of the
 * service (the CLI then works without a separate `start`).
 */
import { Client, Connection, WorkflowFailedError } from '@temporalio/client';
import type { Config } from '../config/env.ts';
import { AppError, errorMessage } from '../lib/errors.ts';
import type { Logger } from '../lib/logger.ts';
import type { PaperStore, Subscription } from '../activities/store/port.ts';
import { renderPaperMarkdown } from '../activities/convert/render.ts';
import { answerQuestion } from '../activities/answer/answer.ts';
import type {
  Answer,
  DigestRunResult,
  PaperDocument,
  ProgressFn,
  RadarService,
  SearchResult,
  SubscriptionRequest,
  SubscriptionView,
} from '../app/radar-service.ts';
import type { PaperIngestResult } from '../workflows/paper-ingest.ts';
import type { TopicDigestResult } from '../workflows/topic-digest.ts';
import type { TopicSearchResult } from '../workflows/topic-search.ts';
import { lazyReranker, createLlm } from './build-activities.ts';
import { startRuntime, type Runtime } from './runtime.ts';
import { deleteSchedule, upsertSchedule } from './schedules.ts';
import { openSqliteStore } from '../activities/store/sqlite/index.ts';

export interface RadarServiceHandle extends RadarService {
  store: PaperStore;
  /** Temporal client, connecting (or starting an embedded server) on first use. */
  temporal(): Promise<Client>;
  close(): Promise<void>;
}

function view(s: Subscription): SubscriptionView {
  return {
    name: s.name,
    query: s.query,
    categories: s.categories,
    interest: s.interest,
    cron: s.cron,
    timezone: s.timezone,
    topK: s.topK,
    destinations: { markdown: s.destinations.markdown, notion: s.destinations.notion, discordChannelId: s.destinations.discordChannelId },
    paused: s.paused,
  };
}

/** Unwraps a workflow failure into the message a user can act on. */
function workflowError(e: unknown): never {
  if (e instanceof WorkflowFailedError) {
    let cause: unknown = e.cause;
    while (cause instanceof Error && cause.cause instanceof Error) cause = cause.cause;
    const type = (cause as { type?: string } | undefined)?.type;
    const message = errorMessage(cause ?? e);
    const code = type === 'INVALID_INPUT' || type === 'NOT_FOUND' || type === 'ARXIV_API_ERROR' ? (type === 'ARXIV_API_ERROR' ? 'INVALID_INPUT' : type) : 'STORE_ERROR';
    throw new AppError(code, message, { cause: e });
  }
  throw e;
}

let runSeq = 0;
const runId = (kind: string) => `${kind}-${Date.now().toString(36)}-${process.pid}-${++runSeq}`;

export function createRadarService(config: Config, logger: Logger, opts: { client?: Client } = {}): RadarServiceHandle {
  const store = openSqliteStore({ dataDir: config.DATA_DIR, logger });
  const reranker = lazyReranker(config, logger);
  const llm = createLlm(config, logger);
  let clientPromise: Promise<Client> | undefined = opts.client ? Promise.resolve(opts.client) : undefined;
  let embedded: Runtime | undefined;
  let connection: Connection | undefined;

  async function connect(): Promise<Client> {
    const address = config.TEMPORAL_ADDRESS ?? `127.0.0.1:${config.TEMPORAL_DEV_PORT}`;
    try {
      connection = await Connection.connect({ address, connectTimeout: 2000 });
      await connection.workflowService.getSystemInfo({});
    } catch (e) {
      await connection?.close().catch(() => {});
      connection = undefined;
      if (config.TEMPORAL_ADDRESS) {
        throw new AppError('TEMPORAL_UNAVAILABLE', `Temporal at TEMPORAL_ADDRESS=${address} is not reachable (${errorMessage(e)}).`);
      }
      logger.info('no Temporal server running; starting an embedded one for this command');
      process.stderr.write('No running arxiv-radar found: starting an embedded Temporal server for this command…\n');
      embedded = await startRuntime(config, { logger });
      connection = await Connection.connect({ address: embedded.temporalAddress });
    }
    return new Client({ connection, namespace: config.TEMPORAL_NAMESPACE });
  }
  const temporal = () => (clientPromise ??= connect());
  const taskQueue = config.TEMPORAL_TASK_QUEUE;

  async function execute<T>(workflow: string, args: unknown[], idPrefix: string, progress?: ProgressFn, label?: string): Promise<T> {
    const client = await temporal();
    progress?.(label ?? `running ${workflow}…`);
    const handle = await client.workflow.start(workflow, { taskQueue, workflowId: runId(idPrefix), args });
    // Poll the workflow's progress query while it runs, for the CLI's and the bot's progress display.
    let done = false;
    const poll = (async () => {
      let last = '';
      while (!done && progress) {
        await new Promise((r) => setTimeout(r, 500));
        if (done) break;
        const stage = await handle.query<string>('progress').catch(() => '');
        if (stage && stage !== last) progress((last = stage));
      }
    })();
    try {
      return (await handle.result()) as T;
    } catch (e) {
      return workflowError(e);
    } finally {
      done = true;
      await poll;
    }
  }

  return {
    store,
    temporal,

    async searchPapers(input, progress): Promise<SearchResult> {
      const question = input.question.trim();
      if (!question) throw new AppError('INVALID_INPUT', 'The search question is empty: say what you are looking for.');
      const r = await execute<TopicSearchResult>(
        'topicSearch',
        [{ question, maxResults: Math.min(input.maxResults ?? 20, 50), topN: 3, topic: input.topic ?? null }],
        'search',
        progress,
        'searching arXiv and ranking the results…',
      );
      return { query: r.query, ranker: r.ranker, papers: r.results };
    },

    async getPaper(input, progress): Promise<PaperDocument> {
      const ingest = await execute<PaperIngestResult>(
        'paperIngest',
        [{ ref: input.ref, source: input.source ?? 'auto' }],
        'get',
        progress,
        'fetching metadata and full text…',
      );
      const paper = await store.getPaper(ingest.id);
      if (!paper) throw new AppError('NOT_FOUND', `Paper ${ingest.id} was ingested but is not in the library.`);
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

    async extractInfo(paperId) {
      const p = await store.getPaper(paperId);
      return p ? { ...p, topics: p.topics } : null;
    },

    listPapers: (filters) => store.listPapers(filters),

    async askPapers(question, progress): Promise<Answer> {
      progress?.('searching the library…');
      const r = await answerQuestion({
        question,
        searchChunks: (q, limit) => store.searchChunks(q, { limit }),
        reranker: await reranker(),
        llm,
      });
      return { answer: r.answer, citations: r.citations, usedLlm: r.usedLlm };
    },

    topics: () => store.topics(),
    topicMarkdown: (topic) => store.topicMarkdown(topic),

    async subscribe(input: SubscriptionRequest): Promise<SubscriptionView> {
      const prior = await store.getSubscription(input.name);
      const sub = await store.upsertSubscription({
        name: input.name,
        query: input.query ?? prior?.query ?? null,
        categories: input.categories ?? prior?.categories ?? [],
        interest: input.interest,
        cron: input.cron ?? prior?.cron ?? config.DIGEST_CRON,
        timezone: input.timezone ?? prior?.timezone ?? config.DIGEST_TIMEZONE,
        topK: input.topK ?? prior?.topK ?? config.DIGEST_TOP_K,
        destinations: {
          markdown: input.markdown ?? prior?.destinations.markdown ?? true,
          notion: input.notion ?? prior?.destinations.notion ?? false,
          discordChannelId: input.discordChannelId ?? prior?.destinations.discordChannelId ?? null,
        },
        includeCrossLists: input.includeCrossLists ?? prior?.includeCrossLists ?? true,
        includeReplacements: input.includeReplacements ?? prior?.includeReplacements ?? false,
      });
      await upsertSchedule(await temporal(), sub, taskQueue);
      return view(sub);
    },

    async unsubscribe(name) {
      const existed = await store.deleteSubscription(name);
      const hadSchedule = await deleteSchedule(await temporal(), name);
      return existed || hadSchedule;
    },

    listSubscriptions: async () => (await store.listSubscriptions()).map(view),

    async runDigest(name, progress): Promise<DigestRunResult> {
      if (!(await store.getSubscription(name))) {
        throw new AppError('NOT_FOUND', `No subscription named "${name}". List them with \`arxiv-radar subscriptions\`.`);
      }
      const r = await execute<TopicDigestResult>('topicDigest', [name], `digest-${name}-manual`, progress, `building the "${name}" digest…`);
      if (r.status === 'empty') return r;
      const digest = await store.getDigest(r.key);
      if (!digest) throw new AppError('STORE_ERROR', `digest ${r.key} was published but is not stored`);
      return { status: 'published', digest, receipts: r.receipts };
    },

    lastDigest: (name) => store.lastDigest(name),

    async close() {
      await connection?.close().catch(() => {});
      await embedded?.stop();
      await store.close();
    },
  };
}

