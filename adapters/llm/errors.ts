/**
 * The LLM client's failures as the AppErrors its callers (and Temporal) act on: what the `openai`
 * package throws, replies that are not chat completions, cancellations, and the whole-call time
 * limit (LLM_TOTAL_TIMEOUT_MS, or the agent turn's deadline when sooner).
 */
import OpenAI from 'openai';
import { AppError, errorMessage } from '../../domain/errors.ts';
import { parseRetryAfter } from '../../lib/http-failure.ts';
import { MASK, redact } from '../../lib/redact.ts';

/** `text` without `apiKey` (also when this client was built without loadConfig registering it). */
export const redactKey = (text: string, apiKey: string | undefined) =>
  apiKey ? text.split(apiKey).join(MASK) : text;

/** Where the client talks to and how long it waits: what its errors say. */
export interface LlmErrorContext {
  /** The endpoint's origin, named in every message. */
  origin: string;
  timeoutMs: number;
  apiKey?: string | undefined;
}

/** Any failure of the package as the AppError the callers (and Temporal) act on. */
export function mapLlmError(e: unknown, ctx: LlmErrorContext): AppError {
  if (e instanceof AppError) return e;
  if (e instanceof OpenAI.APIConnectionTimeoutError) {
    return new AppError(
      'LLM_FAILED',
      `LLM at ${ctx.origin} did not answer within ${ctx.timeoutMs} ms; raise LLM_TIMEOUT_MS or use a smaller model`,
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
        `LLM at ${ctx.origin} is rate limiting (HTTP 429); try again later`,
        {
          retryable: true,
          ...(retryAfterMs === undefined ? {} : { retryAfterMs }),
        },
      );
    }
    // Upstream error bodies may echo the request, API key included: redact before it travels on.
    const body = e.error === undefined ? e.message : JSON.stringify(e.error);
    const shown = redactKey(redact(body), ctx.apiKey).slice(0, 300);
    return new AppError('LLM_FAILED', `LLM at ${ctx.origin} answered HTTP ${e.status}: ${shown}`, {
      retryable: e.status >= 500,
      details: { status: e.status },
    });
  }
  const cause = e instanceof OpenAI.APIConnectionError && e.cause ? e.cause : e;
  return new AppError(
    'LLM_FAILED',
    `LLM at ${ctx.origin} is unreachable: ${redactKey(redact(errorMessage(cause)), ctx.apiKey)}; check LLM_BASE_URL`,
    {
      retryable: true,
      cause: e,
    },
  );
}

export const notACompletion = (origin: string, what: unknown) =>
  new AppError(
    'LLM_FAILED',
    `LLM at ${origin} sent a response that is not a chat completion: ${redact(JSON.stringify(what) ?? String(what)).slice(0, 200)}`,
    {
      retryable: false,
    },
  );

/** Why a request was stopped: the signal's reason when it is an error, else CANCELLED. */
export function cancelledBy(signal: AbortSignal): Error {
  const reason: unknown = signal.reason;
  return reason instanceof Error && reason.name !== 'AbortError'
    ? reason
    : new AppError('CANCELLED', 'the model call was cancelled');
}

/**
 * The call's whole-time limit: LLM_TOTAL_TIMEOUT_MS, or the caller's deadline when sooner. `abort`
 * is called when it passes; `error()` then says which limit it was.
 */
export function callLimit(
  origin: string,
  totalTimeoutMs: number,
  deadlineMs: number | undefined,
  abort: () => void,
) {
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
            `the turn's time budget (AGENT_MAX_SECONDS) ran out while the LLM at ${origin} was answering`,
            { retryable: false },
          )
        : new AppError(
            'LLM_FAILED',
            `LLM at ${origin} did not finish one answer within ${totalTimeoutMs} ms (LLM_TOTAL_TIMEOUT_MS): it writes too slowly; raise LLM_TOTAL_TIMEOUT_MS or use a faster model`,
            { retryable: false },
          ),
  };
}
