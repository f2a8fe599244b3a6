/**
 * The research agent as an application service: the CLI's `chat`, Discord's `/arxiv ask` and MCP's
 * `agent_ask` all use this one loop (the agentTurn workflow). Without an LLM configured it answers
 * from the library (RadarService.askPapers) and says so in one sentence.
 */
import type { CallOptions, ProgressFn } from './radar-service.ts';

/** One tool call of a turn, as shown to the user. */
export interface AgentTraceItem {
  step: number;
  tool: string;
  label: string;
  isError: boolean;
  chars: number;
}

export interface AgentReply {
  answer: string;
  /** Papers the answer cites (every one returned by a tool in this conversation), with titles when stored. */
  cited: Array<{ id: string; title: string | null; url: string }>;
  /** Citations removed because no tool returned them. */
  removed: string[];
  /** False when no LLM is configured and the library answered instead. */
  usedAgent: boolean;
  /** One sentence to show before the answer (no LLM configured), or null. */
  notice: string | null;
  steps: number;
  toolCalls: number;
  /** Characters of tool output kept in the model's context this turn. */
  toolChars: number;
  /** Which budget ended the turn early, if one did. */
  budget: 'steps' | 'tool-output' | 'time' | null;
  trace: AgentTraceItem[];
  ms: number;
}

export interface AgentService {
  /** True when an LLM is configured (the agent runs); false means askPapers answers. */
  readonly enabled: boolean;
  /**
   * One turn. `conversationId` (`cli:<session>`, `discord:<thread>`) continues a stored
   * conversation and stores the turn; without it the turn stands alone. `onTool` hears each tool
   * call as it happens.
   */
  ask(
    input: { question: string; conversationId?: string | undefined },
    progress?: ProgressFn,
    options?: CallOptions & { onTool?: (item: AgentTraceItem) => void },
  ): Promise<AgentReply>;
  /** Forgets a conversation. */
  reset(conversationId: string): Promise<void>;
  /** The tools the agent may call (name and description). */
  tools(): Array<{ name: string; description: string }>;
}

/** The sentence shown when no LLM is configured. */
export const NO_LLM_NOTICE = 'No LLM is configured (set LLM_BASE_URL and LLM_MODEL for the research agent), so this answer comes from the papers in your library.';
