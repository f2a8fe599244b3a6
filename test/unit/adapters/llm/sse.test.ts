import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ChunkAccumulator, readSse, type SseEvent } from '../../../../adapters/llm/sse.ts';

const bytes = (s: string) => new TextEncoder().encode(s);
/** The body split into the given byte pieces. */
async function* pieces(parts: Uint8Array[]): AsyncGenerator<Uint8Array> {
  for (const p of parts) yield p;
}
async function events(parts: Uint8Array[]): Promise<SseEvent[]> {
  const out: SseEvent[] = [];
  for await (const e of readSse(pieces(parts))) out.push(e);
  return out;
}
/** Every way of cutting `s` in two, and byte by byte. */
function cuts(s: string): Uint8Array[][] {
  const b = bytes(s);
  const out: Uint8Array[][] = [[...b].map((x) => Uint8Array.of(x))];
  for (let i = 1; i < b.length; i++) out.push([b.slice(0, i), b.slice(i)]);
  return out;
}

describe('readSse (the SSE wire format of streamed chat completions)', () => {
  it('reads data lines ended by blank lines, whatever the byte boundaries (inside lines, CRLF, UTF-8 characters)', async () => {
    const body = 'data: {"a":"é"}\r\n\r\n: keep-alive\r\n\r\ndata: {"b":"∑x"}\n\ndata: [DONE]\r\r';
    const want = [
      { event: 'message', data: '{"a":"é"}' },
      { event: 'message', data: '{"b":"∑x"}' },
      { event: 'message', data: '[DONE]' },
    ];
    for (const parts of cuts(body)) assert.deepEqual(await events(parts), want);
  });

  it('joins multi-line data with LF, reads event names, ignores comments and unknown fields, keeps a value without its one leading space', async () => {
    const got = await events([
      bytes('event: error\ndata: {"error":\ndata:  {"message":"x"}}\nid: 7\nretry: 10\n: note\n\ndata\n\n'),
    ]);
    assert.deepEqual(got, [
      { event: 'error', data: '{"error":\n {"message":"x"}}' },
      { event: 'message', data: '' },
    ]);
  });

  it('delivers a last event the server did not end with a blank line, and nothing for a body without data', async () => {
    assert.deepEqual(await events([bytes('data: {"last":true}')]), [
      { event: 'message', data: '{"last":true}' },
    ]);
    assert.deepEqual(await events([bytes(': only a comment\n\n\n')]), []);
    assert.deepEqual(await events([]), []);
  });
});

describe('ChunkAccumulator (chat-completion chunks into one reply)', () => {
  it('concatenates text deltas, joins tool calls by index, keeps the finish reason and the usage sent last', () => {
    const acc = new ChunkAccumulator();
    const deltas = [
      { choices: [{ delta: { role: 'assistant', content: '' } }] },
      { choices: [{ delta: { content: 'Let me ' } }] },
      { choices: [{ delta: { content: 'search.' } }] },
      {
        choices: [
          { delta: { tool_calls: [{ index: 1, id: 'b', function: { name: 'get_', arguments: '{"url_' } }] } },
        ],
      },
      {
        choices: [
          {
            delta: { tool_calls: [{ index: 0, function: { name: 'search_arxiv', arguments: '{"topic":' } }] },
          },
        ],
      },
      {
        choices: [
          { delta: { tool_calls: [{ index: 1, function: { name: 'paper', arguments: 'or_id":"1"}' } }] } },
        ],
      },
      { choices: [{ delta: { tool_calls: [{ index: 0, function: { arguments: '"x"}' } }] } }] },
      { choices: [{ delta: {}, finish_reason: 'tool_calls' }] },
      { choices: [], usage: { prompt_tokens: 5, completion_tokens: 3 } },
    ].map((c) => acc.add(c));
    assert.deepEqual(deltas.filter(Boolean), ['Let me ', 'search.']);
    assert.equal(acc.content, 'Let me search.');
    assert.equal(acc.sawContent, true);
    assert.equal(acc.finishReason, 'tool_calls');
    assert.deepEqual(acc.usage, { prompt_tokens: 5, completion_tokens: 3 });
    assert.deepEqual(acc.toolCalls(), [
      { id: 'call_0', name: 'search_arxiv', arguments: '{"topic":"x"}' },
      { id: 'b', name: 'get_paper', arguments: '{"url_or_id":"1"}' },
    ]);
  });

  it('a reply of only tool calls has no content', () => {
    const acc = new ChunkAccumulator();
    acc.add({ choices: [{ delta: { content: '' } }] });
    assert.equal(acc.sawContent, false);
  });
});
