/** A chat completion read into the client's reply shape (the LLM port's ToolChatResult), and its token usage. */
import type OpenAI from 'openai';
import { notACompletion } from './errors.ts';
import type { StreamedToolCall } from './sse.ts';

export interface Usage {
  promptTokens: number;
  completionTokens: number;
}

/** One reply: text, the tool calls asked for, why it stopped, the tokens it cost. */
export interface Reply {
  content: string | null;
  toolCalls: StreamedToolCall[];
  finishReason: string | null;
  usage: Usage | null;
}

export const usageOf = (
  u: { prompt_tokens?: unknown; completion_tokens?: unknown } | null | undefined,
): Usage | null =>
  u && typeof u.prompt_tokens === 'number' && typeof u.completion_tokens === 'number'
    ? { promptTokens: u.prompt_tokens, completionTokens: u.completion_tokens }
    : null;

/** A whole (not streamed) completion as a Reply; anything else is LLM_FAILED. */
export function wholeReply(res: unknown, origin: string): Reply {
  const r = res as {
    choices?: OpenAI.Chat.Completions.ChatCompletion['choices'];
    usage?: OpenAI.Completions.CompletionUsage;
  } | null;
  const choice = r?.choices?.[0];
  if (!choice?.message) throw notACompletion(origin, res);
  const toolCalls = (choice.message.tool_calls ?? []).flatMap((c) =>
    c.type === 'function' ? [{ id: c.id, name: c.function.name, arguments: c.function.arguments ?? '' }] : [],
  );
  return {
    content: choice.message.content ?? null,
    toolCalls,
    finishReason: choice.finish_reason ?? null,
    usage: usageOf(r?.usage),
  };
}
