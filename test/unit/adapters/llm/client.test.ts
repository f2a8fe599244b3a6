import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { pino } from 'pino';
import { createLlmClient } from '../../../../adapters/llm/client.ts';
import { extractJson } from '../../../../domain/extract-json.ts';
import { isAppError } from '../../../../domain/errors.ts';
import { startFakeLlm, type FakeLlm } from '../../../fakes/llm-server.ts';

describe('createLlmClient against the fake OpenAI-compatible server', () => {
  let fake: FakeLlm;
  before(async () => {
    fake = await startFakeLlm();
  });
  after(() => fake.close());

  it('posts a chat completion with model, messages, budget, JSON mode and bearer key, and logs usage but never the key', async () => {
    const lines: string[] = [];
    const logger = pino({ level: 'info' }, { write: (l: string) => void lines.push(l) });
    const llm = createLlmClient({
      baseUrl: fake.url,
      model: 'llama3.1:8b',
      apiKey: 'sk-secret-123',
      timeoutMs: 2000,
      maxTokens: 321,
      logger,
    });
    fake.script([{ content: '{"ok":true}', promptTokens: 100, completionTokens: 9 }]);
    const result = await llm.chat({ messages: [{ role: 'user', content: 'hi' }], json: true });
    assert.equal(result.content, '{"ok":true}');
    assert.deepEqual(result.usage, { promptTokens: 100, completionTokens: 9 });
    const req = fake.requests.at(-1)!;
    assert.equal(req.path, '/v1/chat/completions');
    assert.equal(req.headers.authorization, 'Bearer sk-secret-123');
    assert.equal(req.body.model, 'llama3.1:8b');
    assert.equal(req.body.max_tokens, 321);
    assert.deepEqual(req.body.response_format, { type: 'json_object' });
    assert.deepEqual(req.body.messages, [{ role: 'user', content: 'hi' }]);
    const log = lines.join('');
    assert.match(log, /"promptTokens":100/);
    assert.match(log, /"completionTokens":9/);
    assert.doesNotMatch(log, /sk-secret-123/);
  });

  it('sends no authorization header without a key', async () => {
    const llm = createLlmClient({ baseUrl: fake.url, model: 'm', timeoutMs: 2000, maxTokens: 50 });
    fake.script([{ content: 'hello' }]);
    await llm.chat({ messages: [{ role: 'user', content: 'x' }] });
    assert.equal(fake.requests.at(-1)!.headers.authorization, undefined);
    assert.equal(fake.requests.at(-1)!.body.response_format, undefined);
  });

  it('maps 429 to a retryable RATE_LIMITED error carrying Retry-After', async () => {
    const llm = createLlmClient({ baseUrl: fake.url, model: 'm', timeoutMs: 2000, maxTokens: 50 });
    fake.script([{ status: 429, retryAfter: '7' }]);
    await assert.rejects(llm.chat({ messages: [{ role: 'user', content: 'x' }] }), (e: unknown) => {
      return isAppError(e, 'RATE_LIMITED') && e.retryable && e.options.retryAfterMs === 7000;
    });
  });

  it('times out a hung server with a retryable LLM_FAILED naming LLM_TIMEOUT_MS', async () => {
    const llm = createLlmClient({ baseUrl: fake.url, model: 'm', timeoutMs: 300, maxTokens: 50 });
    fake.script([{ hang: true }]);
    await assert.rejects(llm.chat({ messages: [{ role: 'user', content: 'x' }] }), (e: unknown) => {
      return isAppError(e, 'LLM_FAILED') && e.retryable && /LLM_TIMEOUT_MS/.test(e.message);
    });
  });

  it('a call has a total deadline besides the idle timeout: a trickling model is cut at LLM_TOTAL_TIMEOUT_MS, or at the caller’s deadline with TIMED_OUT (issue 28)', async () => {
    // One character every 200 ms: never silent for the 1 s idle timeout, 8 s to finish.
    const llm = createLlmClient({
      baseUrl: fake.url,
      model: 'm',
      timeoutMs: 1000,
      totalTimeoutMs: 1500,
      maxTokens: 50,
    });
    const trickle = { content: 'x'.repeat(40), chunkChars: 1, chunkDelayMs: 200 };
    fake.script([trickle]);
    let t0 = Date.now();
    await assert.rejects(
      llm.chatWithTools({ messages: [{ role: 'user', content: 'x' }], tools: [], stream: true }),
      (e: unknown) =>
        isAppError(e, 'LLM_FAILED') && /within 1500 ms \(LLM_TOTAL_TIMEOUT_MS\)/.test(e.message),
    );
    console.log(`trickle cut by LLM_TOTAL_TIMEOUT_MS=1500 after ${Date.now() - t0} ms`);
    fake.script([trickle]);
    t0 = Date.now();
    await assert.rejects(
      llm.chatWithTools({
        messages: [{ role: 'user', content: 'x' }],
        tools: [],
        stream: true,
        deadlineMs: Date.now() + 700,
      }),
      (e: unknown) => isAppError(e, 'TIMED_OUT') && /AGENT_MAX_SECONDS/.test(e.message),
    );
    console.log(`trickle cut by the caller's deadline (700 ms) after ${Date.now() - t0} ms`);
    // Not streamed: the same total deadline on a server that never answers (idle timeout longer).
    const slow = createLlmClient({
      baseUrl: fake.url,
      model: 'm',
      timeoutMs: 60_000,
      totalTimeoutMs: 1000,
      maxTokens: 50,
    });
    fake.script([{ hang: true }]);
    await assert.rejects(
      slow.chat({ messages: [{ role: 'user', content: 'x' }] }),
      (e: unknown) => isAppError(e, 'LLM_FAILED') && /LLM_TOTAL_TIMEOUT_MS/.test(e.message),
    );
  });

  it('reports 5xx as retryable and 4xx as permanent', async () => {
    const llm = createLlmClient({ baseUrl: fake.url, model: 'm', timeoutMs: 2000, maxTokens: 50 });
    fake.script([{ status: 503 }, { status: 400, body: '{"error":{"message":"model not found"}}' }]);
    await assert.rejects(
      llm.chat({ messages: [] }),
      (e: unknown) => isAppError(e, 'LLM_FAILED') && e.retryable,
    );
    await assert.rejects(
      llm.chat({ messages: [] }),
      (e: unknown) => isAppError(e, 'LLM_FAILED') && !e.retryable && /model not found/.test(e.message),
    );
  });

  it('sends tools and reads native tool calls, whole and streamed (parallel calls, arguments in pieces, text deltas)', async () => {
    const llm = createLlmClient({ baseUrl: fake.url, model: 'm', timeoutMs: 2000, maxTokens: 50 });
    const tools = [
      {
        name: 'search_arxiv',
        description: 'Search arXiv',
        parameters: { type: 'object', properties: { topic: { type: 'string' } }, required: ['topic'] },
      },
    ];
    const calls = [
      { id: 'a', name: 'search_arxiv', arguments: '{"topic":"graph neural networks"}' },
      { id: 'b', name: 'search_arxiv', arguments: '{"topic":"diffusion models"}' },
    ];
    for (const stream of [false, true]) {
      fake.script([
        { toolCalls: calls },
        { content: 'Two searches done; see arXiv:2104.12255.', promptTokens: 11, completionTokens: 5 },
      ]);
      const first = await llm.chatWithTools({
        messages: [{ role: 'user', content: 'compare' }],
        tools,
        stream,
      });
      assert.deepEqual(first.toolCalls, calls);
      assert.equal(first.content, null);
      assert.equal(first.finishReason, 'tool_calls');
      const sent = fake.requests.at(-1)!.body;
      assert.equal(sent.stream, stream);
      assert.deepEqual(sent.tools, [
        {
          type: 'function',
          function: { name: 'search_arxiv', description: 'Search arXiv', parameters: tools[0]!.parameters },
        },
      ]);
      const deltas: string[] = [];
      const second = await llm.chatWithTools({
        messages: [
          { role: 'user', content: 'compare' },
          {
            role: 'assistant',
            content: null,
            tool_calls: calls.map((c) => ({
              id: c.id,
              type: 'function' as const,
              function: { name: c.name, arguments: c.arguments },
            })),
          },
          { role: 'tool', tool_call_id: 'a', content: 'result a' },
          { role: 'tool', tool_call_id: 'b', content: 'result b' },
        ],
        tools,
        stream,
        onText: (d) => deltas.push(d),
      });
      assert.equal(second.content, 'Two searches done; see arXiv:2104.12255.');
      assert.deepEqual(second.toolCalls, []);
      assert.deepEqual(second.usage, { promptTokens: 11, completionTokens: 5 });
      if (stream) assert.ok(deltas.length > 1 && deltas.join('') === second.content, 'streamed in pieces');
      assert.deepEqual(fake.requests.at(-1)!.body.messages!.at(-1), {
        role: 'tool',
        tool_call_id: 'b',
        content: 'result b',
      });
    }
  });

  it('rejects a base URL that is not http(s)', () => {
    assert.throws(
      () => createLlmClient({ baseUrl: 'ftp://x', model: 'm', timeoutMs: 1000, maxTokens: 10 }),
      (e: unknown) => isAppError(e, 'INVALID_INPUT'),
    );
  });
});

describe('extractJson', () => {
  it('reads JSON wrapped in fences or prose', () => {
    assert.deepEqual(extractJson('Sure! ```json\n{"a": 1}\n```'), { a: 1 });
    assert.deepEqual(extractJson('{"a": [1, 2]}'), { a: [1, 2] });
    assert.throws(() => extractJson('no json here'));
  });
});

describe('createLlmClient streaming edge cases', () => {
  let fake: FakeLlm;
  before(async () => {
    fake = await startFakeLlm();
  });
  after(() => fake.close());
  const ask = (llm: ReturnType<typeof createLlmClient>, onText?: (d: string) => void) =>
    llm.chatWithTools({
      messages: [{ role: 'user', content: 'q' }],
      tools: [],
      stream: true,
      ...(onText ? { onText } : {}),
    });

  it('a server that ignores `stream` and answers one JSON completion: the whole reply, its text passed on once', async () => {
    const llm = createLlmClient({ baseUrl: fake.url, model: 'm', timeoutMs: 2000, maxTokens: 50 });
    fake.script([
      { content: 'Whole.', ignoreStream: true, promptTokens: 3, completionTokens: 1 },
      { toolCalls: [{ id: 't', name: 'list_topics', arguments: '{}' }], ignoreStream: true },
    ]);
    const deltas: string[] = [];
    const r = await ask(llm, (d) => deltas.push(d));
    assert.equal(fake.requests.at(-1)!.body.stream, true);
    assert.deepEqual(r, {
      content: 'Whole.',
      toolCalls: [],
      finishReason: 'stop',
      usage: { promptTokens: 3, completionTokens: 1 },
    });
    assert.deepEqual(deltas, ['Whole.']);
    const calls = await ask(llm);
    assert.deepEqual(calls.toolCalls, [{ id: 't', name: 'list_topics', arguments: '{}' }]);
  });

  it('a stream that stalls is cut after LLM_TIMEOUT_MS of silence (retryable); one that breaks is a retryable LLM_FAILED', async () => {
    const llm = createLlmClient({ baseUrl: fake.url, model: 'm', timeoutMs: 400, maxTokens: 50 });
    fake.script([{ content: 'a slow model writing', chunkChars: 4, chunkDelayMs: 1000 }]);
    const t0 = Date.now();
    await assert.rejects(
      ask(llm),
      (e: unknown) => isAppError(e, 'LLM_FAILED') && e.retryable && /sent nothing for 400 ms/.test(e.message),
    );
    assert.ok(Date.now() - t0 < 1500);
    fake.script([
      { content: 'cut off in the middle of it', chunkChars: 4, chunkDelayMs: 30, dropAfterChunks: 2 },
    ]);
    const seen: string[] = [];
    await assert.rejects(
      ask(llm, (d) => seen.push(d)),
      (e: unknown) => isAppError(e, 'LLM_FAILED') && e.retryable,
    );
    assert.deepEqual(seen, ['cut ', 'off ']);
  });

  it('a cancelled stream stops at once (CANCELLED), the connection closed', async () => {
    const llm = createLlmClient({ baseUrl: fake.url, model: 'm', timeoutMs: 5000, maxTokens: 50 });
    fake.script([{ content: 'a long answer the caller stops hearing', chunkChars: 4, chunkDelayMs: 100 }]);
    const ac = new AbortController();
    const seen: string[] = [];
    const asked = llm.chatWithTools({
      messages: [{ role: 'user', content: 'q' }],
      tools: [],
      stream: true,
      signal: ac.signal,
      onText: (d) => {
        seen.push(d);
        if (seen.length === 2) ac.abort();
      },
    });
    const t0 = Date.now();
    await assert.rejects(asked, (e: unknown) => isAppError(e, 'CANCELLED'));
    assert.ok(Date.now() - t0 < 1000);
    assert.deepEqual(seen, ['a lo', 'ng a']);
  });

  it('an error sent inside the stream is a retryable LLM_FAILED naming it', async () => {
    const server = http.createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.end(
        'data: {"choices":[{"delta":{"content":"Hi"}}]}\n\ndata: {"error":{"message":"overloaded"}}\n\n',
      );
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    try {
      const { port } = server.address() as AddressInfo;
      const llm = createLlmClient({
        baseUrl: `http://127.0.0.1:${port}/v1`,
        model: 'm',
        timeoutMs: 2000,
        maxTokens: 50,
      });
      await assert.rejects(
        ask(llm),
        (e: unknown) =>
          isAppError(e, 'LLM_FAILED') && e.retryable && /error in its stream: .*overloaded/.test(e.message),
      );
    } finally {
      server.close();
    }
  });
});
