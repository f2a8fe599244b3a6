/**
 * A loopback fake of an OpenAI-compatible chat-completions server. Records every request and
 * replies from a script: normal content (valid or invalid JSON), tool calls (native
 * `tool_calls`, arguments sent as scripted, broken JSON included), HTTP errors such as 429, or a
 * hang that never answers (to exercise client timeouts). A request with `stream: true` gets the
 * same reply as server-sent chunks, as the OpenAI API streams (text in pieces, each tool call's
 * arguments split in two, usage last), optionally paced (`chunkDelayMs`), or ignores `stream` and
 * answers one JSON completion (`ignoreStream`), as some servers do.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** A tool call in a scripted reply; `arguments` is sent as given (it may be broken JSON on purpose). */
export interface FakeToolCall {
  id?: string;
  name: string;
  arguments: string;
}

/** How a reply is sent when the request asks for a stream. */
export interface FakeStreaming {
  /** Characters of text per chunk (default 16). */
  chunkChars?: number;
  /** Pause before each text chunk, in ms (default 0: all at once). */
  chunkDelayMs?: number;
  /** Answer one whole JSON completion although the request asked for a stream (servers that ignore `stream`). */
  ignoreStream?: boolean;
  /** Drop the connection after this many text chunks (a stream that breaks mid-way). */
  dropAfterChunks?: number;
}

export type FakeLlmResponse =
  | ({
      content: string;
      toolCalls?: FakeToolCall[];
      promptTokens?: number;
      completionTokens?: number;
    } & FakeStreaming)
  | ({
      content?: null;
      toolCalls: FakeToolCall[];
      promptTokens?: number;
      completionTokens?: number;
    } & FakeStreaming)
  | { status: number; body?: string; retryAfter?: string }
  | { hang: true };

/** Computes a reply from the request (for scripts that depend on what the client sent). */
export type FakeLlmResponder = (body: FakeLlmRequest['body']) => FakeLlmResponse | undefined;

export interface FakeLlmRequest {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  body: {
    model?: string;
    messages?: Array<{
      role: string;
      content: string | null;
      tool_calls?: Array<{ id: string; function: { name: string; arguments: string } }>;
      tool_call_id?: string;
    }>;
    tools?: Array<{ type: string; function: { name: string; description?: string; parameters?: unknown } }>;
    stream?: boolean;
    response_format?: unknown;
    max_tokens?: number;
  } & Record<string, unknown>;
}

export interface FakeLlm {
  /** Base URL to use as LLM_BASE_URL (ends in `/v1`). */
  url: string;
  requests: FakeLlmRequest[];
  /** Queues replies, consumed one per request, in order. */
  script(responses: FakeLlmResponse[]): void;
  /** Answers requests before the queue (e.g. only JSON-mode ones); undefined from it passes on to the queue, then `fallback`. */
  respondWith(responder: FakeLlmResponder | undefined): void;
  close(): Promise<void>;
}

/** The chunks of a streamed reply: text in a few pieces, each tool call's arguments in two. */
function streamChunks(
  next: Extract<FakeLlmResponse, { toolCalls?: FakeToolCall[] }>,
  base: Record<string, unknown>,
  usage: Record<string, number>,
): unknown[] {
  const chunk = (delta: Record<string, unknown>, finish: string | null = null) => ({
    ...base,
    object: 'chat.completion.chunk',
    choices: [{ index: 0, delta, finish_reason: finish }],
  });
  const out: unknown[] = [chunk({ role: 'assistant', content: '' })];
  const text = next.content ?? '';
  const size = Math.max(1, next.chunkChars ?? 16);
  for (let i = 0; i < text.length; i += size) out.push(chunk({ content: text.slice(i, i + size) }));
  (next.toolCalls ?? []).forEach((c, index) => {
    const half = Math.ceil(c.arguments.length / 2);
    out.push(
      chunk({
        tool_calls: [
          {
            index,
            id: c.id ?? `call_${index + 1}`,
            type: 'function',
            function: { name: c.name, arguments: c.arguments.slice(0, half) },
          },
        ],
      }),
    );
    out.push(chunk({ tool_calls: [{ index, function: { arguments: c.arguments.slice(half) } }] }));
  });
  out.push(chunk({}, next.toolCalls?.length ? 'tool_calls' : 'stop'));
  out.push({ ...base, object: 'chat.completion.chunk', choices: [], usage });
  return out;
}

/** Starts the fake on 127.0.0.1, port 0. Unscripted requests get `opts.fallback`, else HTTP 500. */
export async function startFakeLlm(opts: { fallback?: FakeLlmResponse } = {}): Promise<FakeLlm> {
  const requests: FakeLlmRequest[] = [];
  const queue: FakeLlmResponse[] = [];
  let responder: FakeLlmResponder | undefined;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      let body: FakeLlmRequest['body'] = {};
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as FakeLlmRequest['body'];
      } catch {
        body = {};
      }
      requests.push({ method: req.method ?? '', path: req.url ?? '', headers: req.headers, body });
      if (req.method !== 'POST' || !req.url?.endsWith('/v1/chat/completions')) {
        res
          .writeHead(404, { 'content-type': 'application/json' })
          .end(JSON.stringify({ error: { message: 'not found' } }));
        return;
      }
      const next = responder?.(body) ??
        queue.shift() ??
        opts.fallback ?? {
          status: 500,
          body: JSON.stringify({ error: { message: 'fake LLM: no scripted response' } }),
        };
      if ('hang' in next) return; // never answer: the client's timeout must fire
      if ('status' in next) {
        const headers: Record<string, string> = { 'content-type': 'application/json' };
        if (next.retryAfter) headers['retry-after'] = next.retryAfter;
        res
          .writeHead(next.status, headers)
          .end(next.body ?? JSON.stringify({ error: { message: `HTTP ${next.status}` } }));
        return;
      }
      const base = {
        id: `chatcmpl-fake-${requests.length}`,
        created: Math.floor(Date.now() / 1000),
        model: body.model ?? 'fake',
      };
      const usage = {
        prompt_tokens: next.promptTokens ?? 42,
        completion_tokens: next.completionTokens ?? 7,
        total_tokens: (next.promptTokens ?? 42) + (next.completionTokens ?? 7),
      };
      if (body.stream && !next.ignoreStream) {
        // Server-sent events, as the OpenAI API streams: one chunk per `data:` line, then [DONE];
        // with chunkDelayMs, each text chunk after a pause (a model writing).
        res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
        void (async () => {
          let texts = 0;
          for (const c of streamChunks(next, base, usage)) {
            const delta = (c as { choices?: Array<{ delta?: { content?: string } }> }).choices?.[0]?.delta;
            if (next.chunkDelayMs && delta?.content)
              await new Promise((r) => setTimeout(r, next.chunkDelayMs));
            if (res.destroyed) return;
            if (delta?.content && next.dropAfterChunks !== undefined && texts++ >= next.dropAfterChunks) {
              res.destroy();
              return;
            }
            res.write(`data: ${JSON.stringify(c)}\n\n`);
          }
          res.end('data: [DONE]\n\n');
        })();
        return;
      }
      const toolCalls = next.toolCalls?.map((c, i) => ({
        id: c.id ?? `call_${i + 1}`,
        type: 'function',
        function: { name: c.name, arguments: c.arguments },
      }));
      res.writeHead(200, { 'content-type': 'application/json' }).end(
        JSON.stringify({
          ...base,
          object: 'chat.completion',
          choices: [
            {
              index: 0,
              message: {
                role: 'assistant',
                content: next.content ?? null,
                ...(toolCalls?.length ? { tool_calls: toolCalls } : {}),
              },
              finish_reason: toolCalls?.length ? 'tool_calls' : 'stop',
            },
          ],
          usage,
        }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    script(responses) {
      queue.push(...responses);
    },
    respondWith(r) {
      responder = r;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections(); // hung requests would otherwise keep close() waiting
        server.close((e) => (e ? reject(e) : resolve()));
      }),
  };
}
