/**
 * The OpenAI-compatible chat-completions client (OpenAI, Ollama, vLLM, llama.cpp server, LM Studio
 * all speak it), through the official `openai` package: a timeout, JSON mode on request, native
 * tool calling with streaming for the research agent, token usage logged. No retries here (the
 * package's own are off): Temporal owns retries, so errors say whether they are retryable.
 */
import OpenAI from 'openai';
import type {
  ChatCompletionCreateParamsNonStreaming,
  ChatCompletionMessageParam,
} from 'openai/resources/chat/completions';
import { AppError } from '../../domain/errors.ts';
import { silentLogger, type Logger } from '../../lib/logger.ts';
import { llmLabel } from '../../domain/agent.ts';
import type { ChatUsage, ToolCallingLlm } from '../../app/ports/llm.ts';

import { callLimit, mapLlmError, notACompletion, type LlmErrorContext } from './errors.ts';
import { usageOf, wholeReply } from './reply.ts';
import { streamedReply } from './stream.ts';

export interface LlmClientOptions {
  /** Base URL up to the API version, e.g. `http://localhost:11434/v1`; `/chat/completions` is appended. */
  baseUrl: string;
  model: string;
  /** Sent as a bearer token when set; never logged. */
  apiKey?: string | undefined;
  timeoutMs: number;
  /**
   * LLM_TOTAL_TIMEOUT_MS: the longest one call may take in all. `timeoutMs` bounds silence only, so
   * a model that trickles a token now and then would otherwise run unbounded. Default 300000.
   */
  totalTimeoutMs?: number;
  /** Default completion token budget (LLM_MAX_TOKENS). */
  maxTokens: number;
  logger?: Logger;
}

/** The endpoint `baseUrl` names; AppError('INVALID_INPUT') when it is not an http(s) URL. */
function endpointOf(baseUrl: string): URL {
  let endpoint: URL;
  try {
    endpoint = new URL(`${baseUrl.replace(/\/+$/, '')}/chat/completions`);
  } catch (e) {
    throw new AppError(
      'INVALID_INPUT',
      `LLM_BASE_URL ${baseUrl} is not a URL; use e.g. http://localhost:11434/v1`,
      {
        cause: e,
      },
    );
  }
  if (!/^https?:$/.test(endpoint.protocol)) {
    throw new AppError('INVALID_INPUT', `LLM_BASE_URL must be http(s), got ${endpoint.protocol}`);
  }
  return endpoint;
}

/** Builds the client. Throws AppError('INVALID_INPUT') for a base URL that is not http(s). */
export function createLlmClient(opts: LlmClientOptions): ToolCallingLlm {
  const logger = opts.logger ?? silentLogger;
  const baseURL = opts.baseUrl.replace(/\/+$/, '');
  const endpoint = endpointOf(opts.baseUrl);
  const ctx: LlmErrorContext = { origin: endpoint.origin, timeoutMs: opts.timeoutMs, apiKey: opts.apiKey };
  const openai = new OpenAI({
    baseURL,
    // The package requires a key; local servers need none, so no Authorization header is sent then.
    apiKey: opts.apiKey ?? 'unused',
    ...(opts.apiKey ? {} : { defaultHeaders: { authorization: null } }),
    timeout: opts.timeoutMs,
    maxRetries: 0,
  });
  const totalTimeoutMs = opts.totalTimeoutMs ?? 300_000;

  const logUsage = (
    started: number,
    usage: ChatUsage | null,
    maxTokens: number,
    extra: Record<string, unknown> = {},
  ) =>
    logger.info(
      {
        model: opts.model,
        ms: Date.now() - started,
        promptTokens: usage?.promptTokens,
        completionTokens: usage?.completionTokens,
        maxTokens,
        ...extra,
      },
      'llm chat completion',
    );

  async function complete(
    body: ChatCompletionCreateParamsNonStreaming,
    deadlineMs?: number,
  ): Promise<OpenAI.Chat.Completions.ChatCompletion> {
    const stop = new AbortController();
    const limit = callLimit(ctx.origin, totalTimeoutMs, deadlineMs, () => stop.abort());
    try {
      return await openai.chat.completions.create(body, { signal: stop.signal });
    } catch (e) {
      if (limit.passed) throw limit.error();
      throw mapLlmError(e, ctx);
    } finally {
      limit.clear();
    }
  }

  return {
    model: opts.model,
    label: llmLabel(opts.model, baseURL),

    async chat(req) {
      const maxTokens = req.maxTokens ?? opts.maxTokens;
      const started = Date.now();
      const res = await complete({
        model: opts.model,
        messages: req.messages,
        max_tokens: maxTokens,
        temperature: req.temperature ?? 0,
        stream: false,
        ...(req.json ? { response_format: { type: 'json_object' as const } } : {}),
      });
      const content = (res as { choices?: Array<{ message?: { content?: unknown } }> })?.choices?.[0]?.message
        ?.content;
      if (typeof content !== 'string') throw notACompletion(ctx.origin, res);
      const usage = usageOf(res.usage);
      logUsage(started, usage, maxTokens);
      return { content, usage };
    },

    async chatWithTools(req) {
      const maxTokens = req.maxTokens ?? opts.maxTokens;
      const started = Date.now();
      const body = {
        model: opts.model,
        messages: req.messages as ChatCompletionMessageParam[],
        max_tokens: maxTokens,
        temperature: req.temperature ?? 0,
        ...(req.tools.length
          ? {
              tools: req.tools.map((t) => ({
                type: 'function' as const,
                function: { name: t.name, description: t.description, parameters: t.parameters },
              })),
            }
          : {}),
      };
      if (!req.stream) {
        const whole = wholeReply(await complete({ ...body, stream: false }, req.deadlineMs), ctx.origin);
        logUsage(started, whole.usage, maxTokens, { toolCalls: whole.toolCalls.length });
        return whole;
      }
      const { reply, streamed } = await streamedReply({
        openai,
        body,
        ctx,
        totalTimeoutMs,
        onText: req.onText,
        signal: req.signal,
        deadlineMs: req.deadlineMs,
      });
      logUsage(started, reply.usage, maxTokens, {
        toolCalls: reply.toolCalls.length,
        stream: streamed ? true : 'ignored by the server',
      });
      return reply;
    },
  };
}
