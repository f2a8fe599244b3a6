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
import { AppError, errorMessage } from '../../domain/errors.ts';
import { silentLogger, type Logger } from '../../lib/logger.ts';
import { parseRetryAfter } from '../../lib/http-failure.ts';
import { MASK, redact } from '../../lib/redact.ts';
import { ChunkAccumulator, readSse, type ChunkLike } from './sse.ts';
import { llmLabel } from '../../domain/agent.ts';

/** `text` without `apiKey` (also when this client was built without loadConfig registering it). */
const redactKey = (text: string, apiKey: string | undefined) =>
  apiKey ? text.split(apiKey).join(MASK) : text;

export interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

export interface ChatRequest {
  messages: ChatMessage[];
  /** Ask for a JSON object (`response_format: {type: 'json_object'}`). */
  json?: boolean;
  /** Overrides the client's default completion budget. */
  maxTokens?: number;
  temperature?: number;
}

export interface ChatUsage {
  promptTokens: number;
  completionTokens: number;
}

export interface ChatResult {
  content: string;
  usage: ChatUsage | null;
}

/** A function the model may call: name, description and a JSON Schema of its arguments. */
export interface ToolSpec {
  name: string;
  description: string;
  parameters: Record<string, unknown>;
}

/** A call the model asked for; `arguments` is the model's raw text (it may not be valid JSON). */
export interface ToolCallRequest {
  id: string;
  name: string;
  arguments: string;
}

/** A message of a tool-using conversation, in the chat-completions wire shape. */
export type WireMessage =
  | { role: 'system' | 'user'; content: string }
  | {
      role: 'assistant';
      content: string | null;
      tool_calls?: Array<{ id: string; type: 'function'; function: { name: string; arguments: string } }>;
    }
  | { role: 'tool'; tool_call_id: string; content: string };

export interface ToolChatRequest {
  messages: WireMessage[];
  tools: ToolSpec[];
  maxTokens?: number;
  temperature?: number;
  /** Stream the reply; `onText` then gets the answer text as it arrives. */
  stream?: boolean;
  onText?: (delta: string) => void;
  /** Stops a streamed request (the activity was cancelled: the caller went away). */
  signal?: AbortSignal;
  /** Epoch ms by which the call must end (the agent turn's AGENT_MAX_SECONDS): cut then with TIMED_OUT. */
  deadlineMs?: number;
}

export interface ToolChatResult {
  content: string | null;
  toolCalls: ToolCallRequest[];
  finishReason: string | null;
  usage: ChatUsage | null;
}

/** The LLM port used by summaries, query building and answers. */
export interface LlmClient {
  /** Model name, recorded in summaries (`llm:<model>`). */
  readonly model: string;
  /** `model at host` (domain/agent.ts llmLabel): said with an answer, so a user knows which LLM wrote it. */
  readonly label?: string;
  chat(req: ChatRequest): Promise<ChatResult>;
}

/** The research agent's port: chat plus native tool calling. */
export interface ToolCallingLlm extends LlmClient {
  chatWithTools(req: ToolChatRequest): Promise<ToolChatResult>;
}

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

/** Builds the client. Throws AppError('INVALID_INPUT') for a base URL that is not http(s). */
export function createLlmClient(opts: LlmClientOptions): ToolCallingLlm {
  const logger = opts.logger ?? silentLogger;
  const baseURL = opts.baseUrl.replace(/\/+$/, '');
  let endpoint: URL;
  try {
    endpoint = new URL(`${baseURL}/chat/completions`);
  } catch (e) {
    throw new AppError(
      'INVALID_INPUT',
      `LLM_BASE_URL ${opts.baseUrl} is not a URL; use e.g. http://localhost:11434/v1`,
      { cause: e },
    );
  }
  if (!/^https?:$/.test(endpoint.protocol)) {
    throw new AppError('INVALID_INPUT', `LLM_BASE_URL must be http(s), got ${endpoint.protocol}`);
  }
  const openai = new OpenAI({
    baseURL,
    // The package requires a key; local servers need none, so no Authorization header is sent then.
    apiKey: opts.apiKey ?? 'unused',
    ...(opts.apiKey ? {} : { defaultHeaders: { authorization: null } }),
    timeout: opts.timeoutMs,
    maxRetries: 0,
  });

  /** Any failure of the package as the AppError the callers (and Temporal) act on. */
  function mapError(e: unknown): AppError {
    if (e instanceof AppError) return e;
    if (e instanceof OpenAI.APIConnectionTimeoutError) {
      return new AppError(
        'LLM_FAILED',
        `LLM at ${endpoint.origin} did not answer within ${opts.timeoutMs} ms; raise LLM_TIMEOUT_MS or use a smaller model`,
        {
          retryable: true,
          cause: e,
        },
      );
    }
    if (e instanceof OpenAI.APIError && e.status !== undefined) {
      if (e.status === 429) {
        const retryAfterMs = parseRetryAfter(e.headers?.get('retry-after') ?? null);
        return new AppError(
          'RATE_LIMITED',
          `LLM at ${endpoint.origin} is rate limiting (HTTP 429); try again later`,
          {
            retryable: true,
            ...(retryAfterMs === undefined ? {} : { retryAfterMs }),
          },
        );
      }
      // Upstream error bodies may echo the request, API key included: redact before it travels on.
      const body = e.error === undefined ? e.message : JSON.stringify(e.error);
      const shown = redactKey(redact(body), opts.apiKey).slice(0, 300);
      return new AppError('LLM_FAILED', `LLM at ${endpoint.origin} answered HTTP ${e.status}: ${shown}`, {
        retryable: e.status >= 500,
        details: { status: e.status },
      });
    }
    const cause = e instanceof OpenAI.APIConnectionError && e.cause ? e.cause : e;
    return new AppError(
      'LLM_FAILED',
      `LLM at ${endpoint.origin} is unreachable: ${redactKey(redact(errorMessage(cause)), opts.apiKey)}; check LLM_BASE_URL`,
      {
        retryable: true,
        cause: e,
      },
    );
  }

  const notACompletion = (what: unknown) =>
    new AppError(
      'LLM_FAILED',
      `LLM at ${endpoint.origin} sent a response that is not a chat completion: ${redact(JSON.stringify(what) ?? String(what)).slice(0, 200)}`,
      {
        retryable: false,
      },
    );

  const usageOf = (
    u: { prompt_tokens?: unknown; completion_tokens?: unknown } | null | undefined,
  ): ChatUsage | null =>
    u && typeof u.prompt_tokens === 'number' && typeof u.completion_tokens === 'number'
      ? { promptTokens: u.prompt_tokens, completionTokens: u.completion_tokens }
      : null;

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

  /** A whole (not streamed) completion as a ToolChatResult. */
  function wholeReply(res: unknown): ToolChatResult {
    const r = res as {
      choices?: OpenAI.Chat.Completions.ChatCompletion['choices'];
      usage?: OpenAI.Completions.CompletionUsage;
    } | null;
    const choice = r?.choices?.[0];
    if (!choice?.message) throw notACompletion(res);
    const toolCalls = (choice.message.tool_calls ?? []).flatMap((c) =>
      c.type === 'function'
        ? [{ id: c.id, name: c.function.name, arguments: c.function.arguments ?? '' }]
        : [],
    );
    return {
      content: choice.message.content ?? null,
      toolCalls,
      finishReason: choice.finish_reason ?? null,
      usage: usageOf(r?.usage),
    };
  }

  const totalTimeoutMs = opts.totalTimeoutMs ?? 300_000;

  /**
   * The call's whole-time limit: LLM_TOTAL_TIMEOUT_MS, or the caller's deadline when sooner. `abort`
   * is called when it passes; `error()` then says which limit it was.
   */
  function callLimit(deadlineMs: number | undefined, abort: () => void) {
    const untilDeadline = deadlineMs === undefined ? Infinity : deadlineMs - Date.now();
    const byDeadline = untilDeadline < totalTimeoutMs;
    let passed = false;
    const timer = setTimeout(
      () => {
        passed = true;
        abort();
      },
      Math.max(0, Math.min(totalTimeoutMs, untilDeadline)),
    );
    return {
      get passed() {
        return passed;
      },
      clear: () => clearTimeout(timer),
      error: () =>
        byDeadline
          ? new AppError(
              'TIMED_OUT',
              `the turn's time budget (AGENT_MAX_SECONDS) ran out while the LLM at ${endpoint.origin} was answering`,
              { retryable: false },
            )
          : new AppError(
              'LLM_FAILED',
              `LLM at ${endpoint.origin} did not finish one answer within ${totalTimeoutMs} ms (LLM_TOTAL_TIMEOUT_MS): it writes too slowly; raise LLM_TOTAL_TIMEOUT_MS or use a faster model`,
              { retryable: false },
            ),
    };
  }

  async function complete(
    body: ChatCompletionCreateParamsNonStreaming,
    deadlineMs?: number,
  ): Promise<OpenAI.Chat.Completions.ChatCompletion> {
    const stop = new AbortController();
    const limit = callLimit(deadlineMs, () => stop.abort());
    try {
      return await openai.chat.completions.create(body, { signal: stop.signal });
    } catch (e) {
      if (limit.passed) throw limit.error();
      throw mapError(e);
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
      if (typeof content !== 'string') throw notACompletion(res);
      const usage = usageOf(res.usage);
      logUsage(started, usage, maxTokens);
      return { content, usage };
    },

    async chatWithTools(req) {
      const maxTokens = req.maxTokens ?? opts.maxTokens;
      const started = Date.now();
      const base = {
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
        const whole = wholeReply(await complete({ ...base, stream: false }, req.deadlineMs));
        logUsage(started, whole.usage, maxTokens, { toolCalls: whole.toolCalls.length });
        return whole;
      }
      // Streaming: text deltas go to onText as they come; tool calls arrive in pieces by index.
      // The body is read here (adapters/llm/sse.ts), not by the package, so a server that
      // ignores `stream` and answers one JSON completion still works, and a stream that stops
      // sending is cut after LLM_TIMEOUT_MS of silence (the package's timeout ends at the headers).
      const idle = new AbortController();
      let idleTimer: NodeJS.Timeout | undefined;
      let stalled = false;
      const arm = () => {
        clearTimeout(idleTimer);
        idleTimer = setTimeout(() => {
          stalled = true;
          idle.abort();
        }, opts.timeoutMs);
      };
      const acc = new ChunkAccumulator();
      let streamed = true;
      const stop = () => idle.abort();
      req.signal?.addEventListener('abort', stop, { once: true });
      const limit = callLimit(req.deadlineMs, stop);
      try {
        if (req.signal?.aborted) throw cancelledBy(req.signal);
        arm();
        const response = await openai.chat.completions
          .create({ ...base, stream: true, stream_options: { include_usage: true } }, { signal: idle.signal })
          .asResponse();
        const type = response.headers.get('content-type') ?? '';
        if (!/event-stream/i.test(type)) {
          // The server ignored `stream`: one whole completion (its text passed on in one piece).
          streamed = false;
          const text = await response.text();
          let res: unknown;
          try {
            res = JSON.parse(text);
          } catch {
            throw notACompletion(text.slice(0, 200));
          }
          const whole = wholeReply(res);
          if (whole.content) req.onText?.(whole.content);
          logUsage(started, whole.usage, maxTokens, {
            toolCalls: whole.toolCalls.length,
            stream: 'ignored by the server',
          });
          return whole;
        }
        if (!response.body) throw notACompletion('an empty stream');
        for await (const e of readSse(response.body as AsyncIterable<Uint8Array>)) {
          arm();
          if (e.data === '[DONE]') break;
          let chunk: ChunkLike;
          try {
            chunk = JSON.parse(e.data) as ChunkLike;
          } catch {
            throw notACompletion(e.data.slice(0, 200));
          }
          if (chunk.error !== undefined || e.event === 'error') {
            const shown = redactKey(redact(JSON.stringify(chunk.error ?? chunk)), opts.apiKey).slice(0, 300);
            throw new AppError(
              'LLM_FAILED',
              `LLM at ${endpoint.origin} sent an error in its stream: ${shown}`,
              { retryable: true },
            );
          }
          const delta = acc.add(chunk);
          if (delta) req.onText?.(delta);
        }
      } catch (e) {
        // The reason as given (in an activity, Temporal's CancelledFailure, so the attempt ends as
        // cancelled, or as a worker shutdown that is retried elsewhere).
        if (req.signal?.aborted) throw cancelledBy(req.signal);
        if (limit.passed) throw limit.error();
        if (stalled) {
          throw new AppError(
            'LLM_FAILED',
            `LLM at ${endpoint.origin} sent nothing for ${opts.timeoutMs} ms (no answer, or its stream stalled); raise LLM_TIMEOUT_MS or use a smaller model`,
            {
              retryable: true,
              cause: e,
            },
          );
        }
        throw mapError(e);
      } finally {
        req.signal?.removeEventListener('abort', stop);
        clearTimeout(idleTimer);
        limit.clear();
        if (streamed && !idle.signal.aborted) idle.abort(); // releases the connection if we stopped early
      }
      const toolCalls = acc.toolCalls();
      const usage = usageOf(acc.usage);
      logUsage(started, usage, maxTokens, { toolCalls: toolCalls.length, stream: true });
      return {
        content: acc.sawContent ? acc.content : null,
        toolCalls,
        finishReason: acc.finishReason,
        usage,
      };
    },
  };
}

/** Why a request was stopped: the signal's reason when it is an error, else CANCELLED. */
function cancelledBy(signal: AbortSignal): Error {
  const reason: unknown = signal.reason;
  return reason instanceof Error && reason.name !== 'AbortError'
    ? reason
    : new AppError('CANCELLED', 'the model call was cancelled');
}

/** Pulls the first JSON object out of a model reply (models often wrap JSON in ``` fences or prose). */
export function extractJson(content: string): unknown {
  const fenced = /```(?:json)?\s*([\s\S]*?)```/i.exec(content);
  const candidate = fenced?.[1] ?? content;
  const start = candidate.indexOf('{');
  const end = candidate.lastIndexOf('}');
  if (start < 0 || end <= start) throw new SyntaxError('no JSON object in the reply');
  return JSON.parse(candidate.slice(start, end + 1));
}
