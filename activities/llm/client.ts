/**
 * A minimal OpenAI-compatible chat-completions client (OpenAI, Ollama, vLLM, llama.cpp server,
 * LM Studio all speak it): one POST per call, a timeout, JSON mode on request, token usage logged.
 * No retries here: Temporal owns retries, so errors say whether they are retryable.
 */
import { AppError, errorMessage } from '../../lib/errors.ts';
import { silentLogger, type Logger } from '../../lib/logger.ts';
import { MASK, redact } from '../../lib/redact.ts';

/** `text` without `apiKey` (also when this client was built without loadConfig registering it). */
const redactKey = (text: string, apiKey: string | undefined) => (apiKey ? text.split(apiKey).join(MASK) : text);

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

/** The LLM port used by summaries, query building and answers. */
export interface LlmClient {
  /** Model name, recorded in summaries (`llm:<model>`). */
  readonly model: string;
  chat(req: ChatRequest): Promise<ChatResult>;
}

export interface LlmClientOptions {
  /** Base URL up to the API version, e.g. `http://localhost:11434/v1`; `/chat/completions` is appended. */
  baseUrl: string;
  model: string;
  /** Sent as a bearer token when set; never logged. */
  apiKey?: string | undefined;
  timeoutMs: number;
  /** Default completion token budget (LLM_MAX_TOKENS). */
  maxTokens: number;
  logger?: Logger;
}

const WireResponse = (body: unknown): ChatResult | null => {
  const b = body as {
    choices?: Array<{ message?: { content?: unknown } }>;
    usage?: { prompt_tokens?: unknown; completion_tokens?: unknown };
  };
  const content = b?.choices?.[0]?.message?.content;
  if (typeof content !== 'string') return null;
  const u = b.usage;
  const usage =
    u && typeof u.prompt_tokens === 'number' && typeof u.completion_tokens === 'number'
      ? { promptTokens: u.prompt_tokens, completionTokens: u.completion_tokens }
      : null;
  return { content, usage };
};

/** Builds the client. Throws AppError('INVALID_INPUT') for a base URL that is not http(s). */
export function createLlmClient(opts: LlmClientOptions): LlmClient {
  const logger = opts.logger ?? silentLogger;
  let endpoint: URL;
  try {
    endpoint = new URL(`${opts.baseUrl.replace(/\/+$/, '')}/chat/completions`);
  } catch (e) {
    throw new AppError('INVALID_INPUT', `LLM_BASE_URL ${opts.baseUrl} is not a URL; use e.g. http://localhost:11434/v1`, { cause: e });
  }
  if (!/^https?:$/.test(endpoint.protocol)) {
    throw new AppError('INVALID_INPUT', `LLM_BASE_URL must be http(s), got ${endpoint.protocol}`);
  }

  return {
    model: opts.model,
    async chat(req) {
      const maxTokens = req.maxTokens ?? opts.maxTokens;
      const body: Record<string, unknown> = {
        model: opts.model,
        messages: req.messages,
        max_tokens: maxTokens,
        temperature: req.temperature ?? 0,
        stream: false,
      };
      if (req.json) body.response_format = { type: 'json_object' };
      const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json' };
      if (opts.apiKey) headers.authorization = `Bearer ${opts.apiKey}`;
      const started = Date.now();
      let res: Response;
      try {
        res = await fetch(endpoint, { method: 'POST', headers, body: JSON.stringify(body), signal: AbortSignal.timeout(opts.timeoutMs) });
      } catch (e) {
        const timedOut = e instanceof Error && (e.name === 'TimeoutError' || e.name === 'AbortError');
        throw new AppError(
          'LLM_FAILED',
          timedOut
            ? `LLM at ${endpoint.origin} did not answer within ${opts.timeoutMs} ms; raise LLM_TIMEOUT_MS or use a smaller model`
            : `LLM at ${endpoint.origin} is unreachable: ${redactKey(redact(errorMessage(e)), opts.apiKey)}; check LLM_BASE_URL`,
          { retryable: true, cause: e },
        );
      }
      const text = await res.text();
      if (res.status === 429) {
        const retryAfterMs = parseRetryAfter(res.headers.get('retry-after'));
        throw new AppError('RATE_LIMITED', `LLM at ${endpoint.origin} is rate limiting (HTTP 429); try again later`, {
          retryable: true,
          ...(retryAfterMs === undefined ? {} : { retryAfterMs }),
        });
      }
      if (!res.ok) {
        // Upstream error bodies may echo the request, API key included: redact before it travels on.
        const shown = redactKey(redact(text), opts.apiKey).slice(0, 300);
        throw new AppError('LLM_FAILED', `LLM at ${endpoint.origin} answered HTTP ${res.status}: ${shown}`, {
          retryable: res.status >= 500,
          details: { status: res.status },
        });
      }
      let parsed: ChatResult | null = null;
      try {
        parsed = WireResponse(JSON.parse(text));
      } catch {
        parsed = null;
      }
      if (!parsed) {
        throw new AppError('LLM_FAILED', `LLM at ${endpoint.origin} sent a response that is not a chat completion: ${text.slice(0, 200)}`, {
          retryable: false,
        });
      }
      logger.info(
        { model: opts.model, ms: Date.now() - started, promptTokens: parsed.usage?.promptTokens, completionTokens: parsed.usage?.completionTokens, maxTokens },
        'llm chat completion',
      );
      return parsed;
    },
  };
}

/** Retry-After as seconds or an HTTP date, in ms; undefined when absent or unparseable. */
function parseRetryAfter(value: string | null): number | undefined {
  if (!value) return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, at - Date.now());
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
