/**
 * Builds the real adapters (arXiv client, library, converters, rankers, summariser, publishers)
 * from Config and wires them into the activities. The only place production dependencies are
 * constructed; `start`, the CLI and the integration tests all come through here.
 */
import { createFailpoints } from '../lib/failpoints.ts';
import { openBlobStore } from './blobs.ts';
import { ar5ivUrlOf, type Config } from '../config/env.ts';
import type { Logger } from '../lib/logger.ts';
import { createActivities } from '../activities/index.ts';
import { createArxivActivities } from '../activities/arxiv/activities.ts';
import { ArxivClient } from '../adapters/arxiv/client.ts';
import { createTemporalGate } from '../adapters/arxiv/temporal-gate.ts';
import type { RequestGate } from '../adapters/arxiv/transport.ts';
import { taskQueues } from '../config/task-queues.ts';
import { chunkMarkdown } from '../adapters/convert/chunks.ts';
import { convertInSandbox } from '../adapters/convert/sandbox.ts';
import type { PipelineDeps } from '../activities/pipeline/deps.ts';
import { publishersOf } from '../adapters/publish/registry.ts';
import { openStore } from './store.ts';
import type { PaperStore } from '../app/ports/store.ts';
import type { LlmClient } from '../adapters/llm/client.ts';
import { createLlm, lazyReranker } from './models.ts';
import { createSummarizer } from '../adapters/summarize/llm.ts';
import { buildSearchQuery } from '../app/capabilities/build-query.ts';
import { buildAgentDeps } from './agent-deps.ts';

export interface BuiltActivities {
  activities: ReturnType<typeof createActivities>;
  arxivActivities: ReturnType<typeof createArxivActivities>;
  deps: PipelineDeps;
  arxivClient: ArxivClient;
  store: PaperStore;
  llm: LlmClient | undefined;
  /** Releases what the adapters hold (database handles). */
  close(): Promise<void>;
}

/** The arXiv client; workers pass `gate` (the cluster-wide turn), the CLI's direct commands do not. */
export function createArxivClient(config: Config, logger: Logger, gate?: RequestGate): ArxivClient {
  return new ArxivClient({
    apiUrl: config.ARXIV_API_URL,
    rssUrl: config.ARXIV_RSS_URL,
    webUrl: config.ARXIV_WEB_URL,
    siteUrl: config.ARXIV_SITE_URL,
    oaiUrl: config.ARXIV_OAI_URL,
    ar5ivUrl: ar5ivUrlOf(config),
    contact: config.ARXIV_CONTACT,
    minIntervalMs: config.ARXIV_MIN_INTERVAL_MS,
    timeoutMs: config.ARXIV_TIMEOUT_MS,
    maxResponseBytes: config.ARXIV_MAX_RESPONSE_BYTES,
    logger,
    gate,
  });
}

export function buildPublisherFor(config: Config, logger: Logger): PipelineDeps['publisherFor'] {
  const publishers = publishersOf(config, logger);
  return (kind, destinations) => publishers.publisherFor(kind, destinations);
}

export async function buildActivities(config: Config, logger: Logger): Promise<BuiltActivities> {
  const store = openStore(config, logger);
  const llm = createLlm(config, logger);
  const summarizer = createSummarizer({ llm, logger });
  const gate = createTemporalGate({
    workflowTaskQueue: taskQueues(config.TEMPORAL_TASK_QUEUE).main,
    // A holder that has not released within its own request timeout (plus slack) is presumed dead.
    leaseMs: config.ARXIV_TIMEOUT_MS + 5_000,
    logger,
  });
  const arxivClient = createArxivClient(config, logger, gate);
  const limits = {
    timeoutMs: config.CONVERT_TIMEOUT_MS,
    maxBytes: config.CONVERT_MAX_BYTES,
    maxMemoryMb: config.CONVERT_MAX_MEMORY_MB,
  };
  const blobs = openBlobStore(config);
  const deps: PipelineDeps = {
    store,
    blobs,
    reranker: lazyReranker(config, logger),
    summarize: (input) => summarizer.summarize(input),
    buildQuery: (text) => buildSearchQuery(text, { llm, logger }),
    convert: (input) =>
      convertInSandbox(
        { kind: input.kind, path: input.path, ...(input.title ? { title: input.title } : {}) },
        limits,
      ),
    chunk: (markdown) => chunkMarkdown(markdown).map((c) => ({ sectionPath: c.sectionPath, text: c.text })),
    publisherFor: buildPublisherFor(config, logger),
    destinationsOf: (destinations) => publishersOf(config, logger).destinationsOf(destinations),
    logger,
    catchupDays: config.DIGEST_CATCHUP_DAYS,
    failpoint: createFailpoints(config.FAILPOINTS),
  };
  const agent = buildAgentDeps(config, logger, store);
  return {
    activities: createActivities({ ...deps, agent }),
    arxivActivities: createArxivActivities({ client: arxivClient, blobs }),
    deps,
    arxivClient,
    store,
    llm,
    close: async () => {
      await agent.external?.close?.();
      await store.close();
      await blobs.close();
    },
  };
}
