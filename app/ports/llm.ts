/**
 * The LLM port: what the core asks of a chat-completions model (summaries, query building, library
 * answers) and what the research agent adds (native tool calling). adapters/llm/client.ts
 * implements it over the OpenAI-compatible API. Types only.
 */

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

/** Tools of external MCP servers (MCP_SERVERS_FILE), named `<server>__<tool>`. */
export interface ExternalTools {
  specs(): Promise<ToolSpec[]>;
  call(name: string, args: Record<string, unknown>): Promise<{ text: string; isError: boolean }>;
  /** Stops the servers it started. */
  close?(): Promise<void>;
}
