/**
 * A loopback fake of an OpenAI-compatible chat-completions server. Records every request and
 * replies from a script: normal content (valid or invalid JSON), HTTP errors such as 429, or a
 * hang that never answers (to exercise client timeouts).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export type FakeLlmResponse =
  | { content: string; promptTokens?: number; completionTokens?: number }
  | { status: number; body?: string; retryAfter?: string }
  | { hang: true };

export interface FakeLlmRequest {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  body: {
    model?: string;
    messages?: Array<{ role: string; content: string }>;
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
  close(): Promise<void>;
}

/** Starts the fake on 127.0.0.1, port 0. Unscripted requests get `opts.fallback`, else HTTP 500. */
export async function startFakeLlm(opts: { fallback?: FakeLlmResponse } = {}): Promise<FakeLlm> {
  const requests: FakeLlmRequest[] = [];
  const queue: FakeLlmResponse[] = [];
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
        res.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { message: 'not found' } }));
        return;
      }
      const next = queue.shift() ?? opts.fallback ?? { status: 500, body: JSON.stringify({ error: { message: 'fake LLM: no scripted response' } }) };
      if ('hang' in next) return; // never answer: the client's timeout must fire
      if ('status' in next) {
        const headers: Record<string, string> = { 'content-type': 'application/json' };
        if (next.retryAfter) headers['retry-after'] = next.retryAfter;
        res.writeHead(next.status, headers).end(next.body ?? JSON.stringify({ error: { message: `HTTP ${next.status}` } }));
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end(
        JSON.stringify({
          id: `chatcmpl-fake-${requests.length}`,
          object: 'chat.completion',
          created: Math.floor(Date.now() / 1000),
          model: body.model ?? 'fake',
          choices: [{ index: 0, message: { role: 'assistant', content: next.content }, finish_reason: 'stop' }],
          usage: {
            prompt_tokens: next.promptTokens ?? 42,
            completion_tokens: next.completionTokens ?? 7,
            total_tokens: (next.promptTokens ?? 42) + (next.completionTokens ?? 7),
          },
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
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections(); // hung requests would otherwise keep close() waiting
        server.close((e) => (e ? reject(e) : resolve()));
      }),
  };
}
