/**
 * The streaming wire format of OpenAI-compatible chat completions, read by hand so the client can
 * tell a streamed reply (`text/event-stream`) from a whole one (a server that ignores `stream`)
 * and test both: server-sent events as the WHATWG spec defines them (lines ending in LF, CRLF or
 * CR; `data:` lines joined with LF; `event:`; comments; a blank line ends an event), and the
 * chat-completion chunks they carry (text deltas, tool calls in pieces by index, usage last).
 */

/** One server-sent event. */
export interface SseEvent {
  event: string;
  data: string;
}

/**
 * The events of an SSE body, as they arrive. Bytes may be split anywhere (inside a line, inside a
 * UTF-8 character); an event not ended by a blank line when the body ends is still delivered
 * (some servers close right after their last `data:` line).
 */
export async function* readSse(body: AsyncIterable<Uint8Array>): AsyncGenerator<SseEvent> {
  const decoder = new TextDecoder();
  let buffer = '';
  let event = '';
  let data: string[] = [];
  let sawData = false;
  const dispatch = (): SseEvent | undefined => {
    const out = sawData ? { event: event || 'message', data: data.join('\n') } : undefined;
    event = '';
    data = [];
    sawData = false;
    return out;
  };
  function* lines(final: boolean): Generator<string> {
    for (;;) {
      const m = /\r\n|\r|\n/.exec(buffer);
      // A CR at the very end may be the first half of a CRLF: wait for the next bytes.
      if (!m || (!final && m[0] === '\r' && m.index === buffer.length - 1)) break;
      yield buffer.slice(0, m.index);
      buffer = buffer.slice(m.index + m[0].length);
    }
    if (final && buffer) {
      yield buffer;
      buffer = '';
    }
  }
  const field = (line: string): SseEvent | undefined => {
    if (line === '') return dispatch();
    if (line.startsWith(':')) return undefined; // a comment (keep-alive)
    const colon = line.indexOf(':');
    const name = colon < 0 ? line : line.slice(0, colon);
    let value = colon < 0 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (name === 'data') {
      data.push(value);
      sawData = true;
    } else if (name === 'event') event = value;
    return undefined;
  };
  for await (const bytes of body) {
    buffer += decoder.decode(bytes, { stream: true });
    for (const line of lines(false)) {
      const e = field(line);
      if (e) yield e;
    }
  }
  buffer += decoder.decode();
  for (const line of lines(true)) {
    const e = field(line);
    if (e) yield e;
  }
  const last = dispatch();
  if (last) yield last;
}

/** A tool call being assembled from its pieces. */
export interface StreamedToolCall {
  id: string;
  name: string;
  arguments: string;
}

/** The subset of a chat-completion chunk read here. */
export interface ChunkLike {
  choices?: Array<{
    finish_reason?: string | null;
    delta?: {
      content?: string | null;
      tool_calls?: Array<{ index: number; id?: string; function?: { name?: string; arguments?: string } }>;
    };
  }>;
  usage?: { prompt_tokens?: unknown; completion_tokens?: unknown } | null;
  error?: unknown;
}

/**
 * Folds chat-completion chunks into one reply: text deltas concatenated (each returned by `add`,
 * for the caller to pass on), tool calls joined by index, the last finish reason and usage.
 */
export class ChunkAccumulator {
  content = '';
  sawContent = false;
  finishReason: string | null = null;
  usage: { prompt_tokens?: unknown; completion_tokens?: unknown } | null = null;
  private readonly calls = new Map<number, StreamedToolCall>();

  /** Adds one chunk; returns its text delta ('' when it has none). */
  add(chunk: ChunkLike): string {
    if (chunk.usage) this.usage = chunk.usage;
    const choice = chunk.choices?.[0];
    if (!choice) return '';
    if (choice.finish_reason) this.finishReason = choice.finish_reason;
    const delta = choice.delta;
    for (const tc of delta?.tool_calls ?? []) {
      const prior = this.calls.get(tc.index) ?? { id: '', name: '', arguments: '' };
      if (tc.id) prior.id = tc.id;
      if (tc.function?.name) prior.name += tc.function.name;
      if (tc.function?.arguments) prior.arguments += tc.function.arguments;
      this.calls.set(tc.index, prior);
    }
    if (typeof delta?.content === 'string' && delta.content) {
      this.sawContent = true;
      this.content += delta.content;
      return delta.content;
    }
    return '';
  }

  /** The tool calls in index order; a call the server sent without an id gets `call_<index>`. */
  toolCalls(): StreamedToolCall[] {
    return [...this.calls.entries()]
      .sort(([a], [b]) => a - b)
      .map(([i, c]) => ({ ...c, id: c.id || `call_${i}` }));
  }
}
