/** The models a deployment configures: the chat LLM (when LLM_BASE_URL and LLM_MODEL are set) and the reranker. */
import { createLlmClient } from '../adapters/llm/client.ts';
import type { ToolCallingLlm } from '../app/ports/llm.ts';
import { createReranker } from '../adapters/rank/cross-encoder.ts';
import type { Reranker } from '../app/ports/ranker.ts';
import type { Config } from '../config/env.ts';
import type { Logger } from '../lib/logger.ts';

export function createLlm(config: Config, logger: Logger): ToolCallingLlm | undefined {
  if (!config.LLM_BASE_URL || !config.LLM_MODEL) return undefined;
  return createLlmClient({
    baseUrl: config.LLM_BASE_URL,
    model: config.LLM_MODEL,
    apiKey: config.LLM_API_KEY,
    timeoutMs: config.LLM_TIMEOUT_MS,
    totalTimeoutMs: config.LLM_TOTAL_TIMEOUT_MS,
    maxTokens: config.LLM_MAX_TOKENS,
    logger,
  });
}

/** The cross-encoder reranker (loading its model takes a while: workers/adapters.ts loads it once, on first use). */
export function loadReranker(config: Config, logger: Logger): Promise<Reranker> {
  return createReranker({
    model: config.RERANK_MODEL,
    modelsDir: config.MODELS_DIR,
    dtype: config.RERANK_DTYPE,
    hfEndpoint: config.HF_ENDPOINT,
    allowRemote: true,
    logger,
  });
}
