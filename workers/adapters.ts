/**
 * The adapters a process builds from Config, each once, and hands to everyone who needs them: the
 * chat model (the service, the summariser, query building, the agent) and the reranker (the
 * service and the workers' ranking). `start` builds one set for its workers and its front ends; a
 * command that starts an embedded server gives the same set to that server's workers. The
 * modules load on first use, so a command pays only for what it runs.
 */
import type { ToolCallingLlm } from '../app/ports/llm.ts';
import type { Reranker } from '../app/ports/ranker.ts';
import type { Config } from '../config/env.ts';
import type { Logger } from '../lib/logger.ts';

export interface Adapters {
  /** The chat model with tool calling; undefined when LLM_BASE_URL and LLM_MODEL are not set. */
  llm(): Promise<ToolCallingLlm | undefined>;
  /** The reranker, its model loaded on first use. */
  reranker(): Promise<Reranker>;
}

/** Loads once, on first use. */
export function once<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () => (loading ??= load());
}

export function createAdapters(config: Config, logger: Logger): Adapters {
  const models = once(() => import('./models.ts'));
  return {
    llm: once(async () => (await models()).createLlm(config, logger)),
    reranker: once(async () => (await models()).loadReranker(config, logger)),
  };
}
