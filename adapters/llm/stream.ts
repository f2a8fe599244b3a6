/**
 * One streamed tool-calling request: text deltas go to `onText` as they come; tool calls arrive in
 * pieces by index. The body is read here (sse.ts), not by the `openai` package, so a server that
 * ignores `stream` and answers one JSON completion still works, and a stream that stops sending is
 * cut after LLM_TIMEOUT_MS of silence (the package's timeout ends at the headers).
 */
import type OpenAI from 'openai';
import type { ChatCompletionCreateParamsStreaming } from 'openai/resources/chat/completions';
import { AppError } from '../../domain/errors.ts';
import { redact } from '../../lib/redact.ts';
import {
  callLimit,
  cancelledBy,
  mapLlmError,
  notACompletion,
  redactKey,
  type LlmErrorContext,
} from './errors.ts';
import { usageOf, wholeReply, type Reply } from './reply.ts';
import { ChunkAccumulator, readSse, type ChunkLike } from './sse.ts';

export interface StreamedCall {
  openai: OpenAI;
  body: Omit<ChatCompletionCreateParamsStreaming, 'stream' | 'stream_options'>;
  ctx: LlmErrorContext;
  totalTimeoutMs: number;
  onText?: ((delta: string) => void) | undefined;
  signal?: AbortSignal | undefined;
  deadlineMs?: number | undefined;
}

/** The reply, and whether the server streamed it (false: it answered one whole completion). */
export async function streamedReply(call: StreamedCall): Promise<{ reply: Reply; streamed: boolean }> {
  const { ctx, signal } = call;
  const idle = new AbortController();
  let idleTimer: NodeJS.Timeout | undefined;
  let stalled = false;
  const arm = () => {
    clearTimeout(idleTimer);
    idleTimer = setTimeout(() => {
      stalled = true;
      idle.abort();
    }, ctx.timeoutMs);
  };
  const acc = new ChunkAccumulator();
  let streamed = true;
  const stop = () => idle.abort();
  signal?.addEventListener('abort', stop, { once: true });
  const limit = callLimit(ctx.origin, call.totalTimeoutMs, call.deadlineMs, stop);
  try {
    if (signal?.aborted) throw cancelledBy(signal);
    arm();
    const response = await call.openai.chat.completions
      .create(
        { ...call.body, stream: true, stream_options: { include_usage: true } },
        { signal: idle.signal },
      )
      .asResponse();
    const type = response.headers.get('content-type') ?? '';
    if (!/event-stream/i.test(type)) {
      // The server ignored `stream`: one whole completion (its text passed on in one piece).
      streamed = false;
      const whole = await wholeResponse(response, ctx.origin);
      if (whole.content) call.onText?.(whole.content);
      return { reply: whole, streamed };
    }
    if (!response.body) throw notACompletion(ctx.origin, 'an empty stream');
    await readChunks(response.body as AsyncIterable<Uint8Array>, acc, arm, call);
  } catch (e) {
    // The reason as given (in an activity, Temporal's CancelledFailure, so the attempt ends as
    // cancelled, or as a worker shutdown that is retried elsewhere).
    if (signal?.aborted) throw cancelledBy(signal);
    if (limit.passed) throw limit.error();
    if (stalled) {
      throw new AppError(
        'LLM_FAILED',
        `LLM at ${ctx.origin} sent nothing for ${ctx.timeoutMs} ms (no answer, or its stream stalled); raise LLM_TIMEOUT_MS or use a smaller model`,
        {
          retryable: true,
          cause: e,
        },
      );
    }
    throw mapLlmError(e, ctx);
  } finally {
    signal?.removeEventListener('abort', stop);
    clearTimeout(idleTimer);
    limit.clear();
    if (streamed && !idle.signal.aborted) idle.abort(); // releases the connection if we stopped early
  }
  return {
    reply: {
      content: acc.sawContent ? acc.content : null,
      toolCalls: acc.toolCalls(),
      finishReason: acc.finishReason,
      usage: usageOf(acc.usage),
    },
    streamed,
  };
}

/** A whole completion sent where a stream was asked for. */
async function wholeResponse(response: Response, origin: string): Promise<Reply> {
  const text = await response.text();
  let res: unknown;
  try {
    res = JSON.parse(text);
  } catch {
    throw notACompletion(origin, text.slice(0, 200));
  }
  return wholeReply(res, origin);
}

/** Folds the stream's chunks into `acc`, re-arming the silence timer at each event. */
async function readChunks(
  body: AsyncIterable<Uint8Array>,
  acc: ChunkAccumulator,
  arm: () => void,
  call: StreamedCall,
): Promise<void> {
  for await (const e of readSse(body)) {
    arm();
    if (e.data === '[DONE]') break;
    let chunk: ChunkLike;
    try {
      chunk = JSON.parse(e.data) as ChunkLike;
    } catch {
      throw notACompletion(call.ctx.origin, e.data.slice(0, 200));
    }
    if (chunk.error !== undefined || e.event === 'error') {
      const shown = redactKey(redact(JSON.stringify(chunk.error ?? chunk)), call.ctx.apiKey).slice(0, 300);
      throw new AppError('LLM_FAILED', `LLM at ${call.ctx.origin} sent an error in its stream: ${shown}`, {
        retryable: true,
      });
    }
    const delta = acc.add(chunk);
    if (delta) call.onText?.(delta);
  }
}
