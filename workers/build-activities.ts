/**
 * Builds the workers' adapters (arXiv client, library, converters, summariser, publishers) from
 * Config, takes the process's shared ones (the LLM client, the reranker: workers/adapters.ts), and
 * wires them into the activities; `start`, the CLI and the integration tests all come through here.
 */
import { createFailpoints } from '../lib/failpoints.ts';
import { openBlobStore } from './blobs.ts';
import type { Config } from '../config/env.ts';
import type { Logger } from '../lib/logger.ts';
import { createActivities } from '../activities/index.ts';
import { createArxivActivities } from '../activities/arxiv/activities.ts';
import { chunkMarkdown } from '../adapters/convert/chunks.ts';
import { convertInSandbox } from '../adapters/convert/sandbox.ts';
import type { PipelineDeps } from '../activities/pipeline/deps.ts';
import { publishersOf } from '../adapters/publish/registry.ts';
import { openStore } from './store.ts';
import type { PaperStore } from '../app/ports/store.ts';
import type { LlmClient } from '../app/ports/llm.ts';
import { createSummarizer } from '../adapters/summarize/llm.ts';
import { buildSearchQuery } from '../app/capabilities/build-query.ts';
import { buildAgentDeps } from './agent-deps.ts';
import { createAdapters, type Adapters } from './adapters.ts';
import { workerArxivClient } from './arxiv-clients.ts';
import type { ArxivClient } from '../adapters/arxiv/client.ts';

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

export function buildPublisherFor(config: Config, logger: Logger): PipelineDeps['publisherFor'] {
  const publishers = publishersOf(config, logger);
  return (kind, destinations) => publishers.publisherFor(kind, destinations);
}

/** The workers' activities over `adapters` (the process's one LLM client and reranker). */
export async function buildActivities(
  config: Config,
  logger: Logger,
  adapters: Adapters = createAdapters(config, logger),
): Promise<BuiltActivities> {
  const store = openStore(config, logger);
  const llm = await adapters.llm();
  const summarizer = createSummarizer({ llm, logger });
  const arxivClient = workerArxivClient(config, logger);
  const limits = {
    timeoutMs: config.CONVERT_TIMEOUT_MS,
    maxBytes: config.CONVERT_MAX_BYTES,
    maxMemoryMb: config.CONVERT_MAX_MEMORY_MB,
  };
  const blobs = openBlobStore(config);
  const deps: PipelineDeps = {
    store,
    blobs,
    reranker: adapters.reranker,
    summarize: (input) => summarizer.summarize(input),
    buildQuery: (text) => buildSearchQuery(text, { llm, logger }),
    convert: (input) =>
      convertInSandbox(
        {
          kind: input.kind,
          path: input.path,
          ...(input.title ? { title: input.title } : {}),
          ...(input.authors ? { authors: input.authors } : {}),
        },
        limits,
      ),
    chunk: (markdown) => chunkMarkdown(markdown).map((c) => ({ sectionPath: c.sectionPath, text: c.text })),
    publisherFor: buildPublisherFor(config, logger),
    destinationsOf: (destinations) => publishersOf(config, logger).destinationsOf(destinations),
    logger,
    catchupDays: config.DIGEST_CATCHUP_DAYS,
    publishHeartbeatSeconds: config.DIGEST_PUBLISH_HEARTBEAT_SECONDS,
    failpoint: createFailpoints(config.FAILPOINTS),
  };
  const agent = buildAgentDeps(config, logger, llm);
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
