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
import { callLimit, mapLlmError, notACompletion, type LlmErrorContext } from './errors.ts';
import { usageOf, wholeReply } from './reply.ts';
import { streamedReply } from './stream.ts';

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

/** Pulls the first JSON object out of a model reply (models often wrap JSON in ``` fences or prose). */
export function extractJson(content: string): unknown {
  const fenced = /```(?:json)?\s*([\s\S]*?)```/i.exec(content);
  const candidate = fenced?.[1] ?? content;
  const start = candidate.indexOf('{');
  const end = candidate.lastIndexOf('}');
  if (start < 0 || end <= start) throw new SyntaxError('no JSON object in the reply');
  return JSON.parse(candidate.slice(start, end + 1));
}
