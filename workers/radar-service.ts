/**
 * The real RadarService: long work runs as Temporal workflows (so arXiv traffic always goes
 * through the rate-limited queue), reads go straight to the library. When no Temporal server is
 * reachable and TEMPORAL_ADDRESS is unset, an embedded one is started for the life of the
 * service (the CLI then works without a separate `start`).
 */
import { Client, Connection, WorkflowFailedError, type WorkflowHandle } from '@temporalio/client';
import { ActivityFailure, CancelledFailure, TimeoutFailure } from '@temporalio/common';
import type { Config } from '../config/env.ts';
import { AppError, errorMessage, isAppError } from '../lib/errors.ts';
import type { Logger } from '../lib/logger.ts';
import type { PaperStore, Subscription } from '../activities/store/port.ts';
import { renderPaperMarkdown } from '../activities/convert/render.ts';
import { formatTopicMarkdown } from '../domain/topic-markdown.ts';
import { answerQuestion } from '../activities/answer/answer.ts';
import { MAX_SEARCH_RESULTS } from '../app/radar-service.ts';
import type {
  Answer,
  CallOptions,
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
import { openStore } from './store.ts';
import { ARXIV_GATE_WORKFLOW_ID, withdrawArxivTurn } from '../workflows/arxiv-gate.ts';
import { arxivWaitOf, describeArxivWait, timeoutMessage, type ArxivWait, type PendingActivityLike } from './arxiv-wait.ts';

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
    minScore: s.minScore,
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

/** How often a running workflow is asked for its progress and its pending arXiv activities. */
const POLL_MS = 1000;
/** After the caller goes away: how long to wait for the cancelled workflow to close before giving up on it. */
const CANCEL_WAIT_MS = 10_000;

const sleepMs = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The pending arXiv activities of a workflow and of its running children (topicSearch ingests papers as children). */
async function arxivWaits(client: Client, handle: WorkflowHandle): Promise<ArxivWait[]> {
  const d = await handle.describe();
  const own = (d.raw.pendingActivities ?? []).flatMap((p) => arxivWaitOf(p as PendingActivityLike) ?? []);
  const children = await Promise.all(
    (d.raw.pendingChildren ?? []).slice(0, 5).map(async (c) => {
      if (!c.workflowId) return [];
      const cd = await client.workflow.getHandle(c.workflowId).describe().catch(() => undefined);
      return (cd?.raw.pendingActivities ?? []).flatMap((p) => arxivWaitOf(p as PendingActivityLike) ?? []);
    }),
  );
  return [...own, ...children.flat()];
}

/**
 * The workflow ran out of its execution timeout, or one of its activities (or a child's) could not
 * be retried within it: the server caps an activity's schedule-to-close at the workflow's
 * remaining time, so a retrying arXiv activity fails with retry state TIMEOUT just before the
 * workflow would have timed out.
 */
function isTimeout(e: unknown): boolean {
  if (!(e instanceof WorkflowFailedError)) return false;
  if (e.cause instanceof TimeoutFailure || /timed out/i.test(e.message)) return true;
  for (let c: unknown = e.cause; c instanceof Error; c = c.cause) {
    if (c instanceof ActivityFailure && c.retryState === 'TIMEOUT') return true;
  }
  return false;
}

function isCancelled(e: unknown): boolean {
  return e instanceof WorkflowFailedError && e.cause instanceof CancelledFailure;
}

let runSeq = 0;
const runId = (kind: string) => `${kind}-${Date.now().toString(36)}-${process.pid}-${++runSeq}`;

export function createRadarService(config: Config, logger: Logger, opts: { client?: Client } = {}): RadarServiceHandle {
  const store = openStore(config, logger);
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

  interface ExecuteOptions {
    progress?: ProgressFn | undefined;
    label?: string;
    /** The caller went away: cancel the workflow. */
    signal?: AbortSignal | undefined;
    /** On-demand work gets ONDEMAND_TIMEOUT_SECONDS as its execution timeout; a manual digest none. */
    onDemand: boolean;
    /** What the user asked for, for messages ("get 1605.08386"). */
    what: string;
  }

  /**
   * Runs one workflow for a waiting caller: with an execution timeout when on demand (so a caller
   * that vanished, even SIGKILLed, leaves nothing running for long), cancelled as soon as the
   * caller's signal aborts (and its queued arXiv requests withdrawn from the gate at once), with
   * progress polled from the workflow (its `progress` query, and its pending arXiv activities:
   * "arXiv answered 503; retry 5 in 32 s"), and a final error that says what happened.
   */
  async function execute<T>(workflow: string, args: unknown[], idPrefix: string, o: ExecuteOptions): Promise<T> {
    const cancelledError = () => new AppError('CANCELLED', `Cancelled: the ${o.what} was stopped because its caller went away.`);
    if (o.signal?.aborted) throw cancelledError();
    const client = await temporal();
    if (o.signal?.aborted) throw cancelledError();
    const timeoutSeconds = config.ONDEMAND_TIMEOUT_SECONDS;
    o.progress?.(o.label ?? `running ${workflow}…`);
    const workflowId = runId(idPrefix);
    const handle = await client.workflow.start(workflow, {
      taskQueue,
      workflowId,
      args,
      ...(o.onDemand ? { workflowExecutionTimeout: timeoutSeconds * 1000 } : {}),
    });

    let cancelling: Promise<void> | undefined;
    const cancel = () =>
      (cancelling ??= (async () => {
        logger.info({ workflowId }, 'caller went away: cancelling the workflow');
        await Promise.allSettled([
          handle.cancel(),
          // Its requests queued at the arXiv gate (its own and its children's) leave the queue now,
          // not when their activities next hear of the cancellation.
          client.workflow.getHandle(ARXIV_GATE_WORKFLOW_ID).signal(withdrawArxivTurn, { requester: workflowId }),
        ]);
      })());
    const onAbort = () => void cancel();
    o.signal?.addEventListener('abort', onAbort, { once: true });

    // Poll progress while it runs, for the CLI's, the bot's and MCP's progress display.
    let done = false;
    let lastWait: ArxivWait | undefined;
    let lastStage: string | undefined;
    const poll = (async () => {
      let last = '';
      while (!done) {
        await sleepMs(POLL_MS);
        if (done) break;
        const [stage, waits] = await Promise.all([
          handle.query<string>('progress').catch(() => ''),
          arxivWaits(client, handle).catch(() => [] as ArxivWait[]),
        ]);
        if (stage) lastStage = stage;
        const failing = waits.find((w) => w.failedAttempts > 0 || w.gate?.phase === 'queued') ?? waits[0];
        if (failing) lastWait = failing;
        const waiting = failing ? describeArxivWait(failing, Date.now()) : undefined;
        if (waiting) {
          if (waiting.message !== last) o.progress?.((last = waiting.message), { waiting: true, key: waiting.key });
        } else if (stage && stage !== last) o.progress?.((last = stage));
      }
    })();
    try {
      return (await resultOf<T>(handle)) as T;
    } catch (e) {
      if (o.signal?.aborted || isCancelled(e)) throw cancelledError();
      if (o.onDemand && isTimeout(e)) throw new AppError('TIMED_OUT', timeoutMessage(lastWait, timeoutSeconds, o.what, lastStage), { cause: e });
      return workflowError(e);
    } finally {
      done = true;
      o.signal?.removeEventListener('abort', onAbort);
      await poll;
      await cancelling;
    }

    /**
     * The workflow's result. A failed long poll for it (the server restarting, a dropped
     * connection: "Failed to get Workflow execution history") is retried while the workflow runs;
     * after the caller went away, it is awaited only briefly.
     */
    async function resultOf<R>(h: WorkflowHandle): Promise<R> {
      for (let failures = 0; ; ) {
        const result = h.result() as Promise<R>;
        try {
          if (!o.signal) return await result;
          // Once cancelled, give the workflow a moment to close, then stop waiting for it.
          const aborted = new Promise<never>((_, reject) => {
            const giveUp = () => setTimeout(() => reject(cancelledError()), CANCEL_WAIT_MS).unref();
            if (o.signal?.aborted) giveUp();
            else o.signal?.addEventListener('abort', giveUp, { once: true });
          });
          aborted.catch(() => {});
          return await Promise.race([result, aborted]);
        } catch (e) {
          if (e instanceof WorkflowFailedError || isAppError(e) || o.signal?.aborted || ++failures > 10) throw e;
          logger.debug({ err: e, workflowId }, 'waiting for the workflow result failed; asking again');
          await sleepMs(1000);
        }
      }
    }
  }

  return {
    store,
    temporal,

    async searchPapers(input, progress, options: CallOptions = {}): Promise<SearchResult> {
      const question = input.question.trim();
      if (!question) throw new AppError('INVALID_INPUT', 'The search question is empty: say what you are looking for.');
      const r = await execute<TopicSearchResult>(
        'topicSearch',
        [{ question, maxResults: Math.min(input.maxResults ?? 20, MAX_SEARCH_RESULTS), topN: 3, topic: input.topic ?? null }],
        'search',
        { progress, label: 'searching arXiv and ranking the results…', signal: options.signal, onDemand: true, what: `search "${question}"` },
      );
      return { query: r.query, ranker: r.ranker, papers: r.results };
    },

    async getPaper(input, progress, options: CallOptions = {}): Promise<PaperDocument> {
      const ingest = await execute<PaperIngestResult>(
        'paperIngest',
        [{ ref: input.ref, source: input.source ?? 'auto' }],
        'get',
        { progress, label: 'fetching metadata and full text…', signal: options.signal, onDemand: true, what: `get ${input.ref}` },
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
    topicMarkdown: async (topic) => {
      const t = await store.topicPapers(topic);
      return formatTopicMarkdown(t.name, t.papers);
    },

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
        minScore: input.minScore ?? prior?.minScore,
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

    async runDigest(name, progress, options: CallOptions = {}): Promise<DigestRunResult> {
      if (!(await store.getSubscription(name))) {
        throw new AppError('NOT_FOUND', `No subscription named "${name}". List them with \`arxiv-radar subscriptions\`.`);
      }
      const r = await execute<TopicDigestResult>('topicDigest', [name], `digest-${name}-manual`, {
        progress,
        label: `building the "${name}" digest…`,
        signal: options.signal,
        onDemand: false,
        what: `"${name}" digest`,
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
      return { status: 'published', digest: newest.digest, receipts: newest.receipts, digests, notCovered: r.notCovered ?? [] };
    },

    lastDigest: (name) => store.lastDigest(name),

    async close() {
      await connection?.close().catch(() => {});
      await embedded?.stop();
      await store.close();
    },
  };
}

