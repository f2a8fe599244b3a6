/**
 * One turn of the research agent as the AgentService runs it: the stored conversation compacted
 * for the model, the agentTurn workflow run with its tool-call trace and draft answer heard as
 * they grow, and the conversation saved after. What the turn proposed is returned, not kept:
 * the AgentService turns it into proposals (app/agent-service.ts).
 */
import { arxivIdsIn, type AgentMessage } from '../domain/agent.ts';
import type { ProposedWrite } from '../domain/agent-proposals.ts';
import { AppError, errorMessage, isAppError } from '../domain/errors.ts';
import type { Logger } from '../lib/logger.ts';
import type { AgentTurnInput } from '../workflows/agent-turn.ts';
import type { ActivityDraft, ProgressFn, WorkflowRunner } from './ports/service.ts';
import type { ConversationMessage, ConversationStore } from './ports/store.ts';
import type { CallOptions } from './radar-service.ts';

/** One tool call of a turn, as shown to the user. */
export interface AgentTraceItem {
  step: number;
  tool: string;
  label: string;
  isError: boolean;
  chars: number;
}

/**
 * The answer as the model writes it (streamed from the model call's activity while the turn
 * runs). `restart`: a new text begins (the model writes again after tool calls, or a retry), so
 * what was shown goes; `delta`: what to append; `text`: all of it. Only a preview: the reply's
 * `answer` is the answer (citations checked, notes added).
 */
export interface AgentDraft {
  text: string;
  delta: string;
  restart: boolean;
}

/** What a turn's run is given besides the question. */
export interface TurnRunPorts {
  runner: WorkflowRunner;
  store: ConversationStore;
  settings: Pick<AgentTurnInput, 'limits' | 'llmTimeoutMs'> & { turnTimeoutMs: number };
  logger: Logger;
}

export type TurnOptions = CallOptions & {
  onTool?: (item: AgentTraceItem) => void;
  onDraft?: (draft: AgentDraft) => void;
};

/** The workflow's result as the AgentService needs it. */
export interface TurnOutcome {
  answer: string;
  cited: string[];
  removed: string[];
  steps: number;
  toolCalls: number;
  toolChars: number;
  budget: 'steps' | 'tool-output' | 'time' | null;
  trace: AgentTraceItem[];
  proposals: ProposedWrite[];
  llm: string | null;
}

/** Turns of a stored conversation kept in the model's context (older ones are dropped). */
const KEPT_TURNS = 6;
/** Tool results of earlier turns are shortened to this (their arXiv ids stay listed, so they can still be cited). */
const OLD_TOOL_CHARS = 1500;

/**
 * The conversation as the model gets it: the last KEPT_TURNS user turns, tool results of earlier
 * turns shortened (keeping the ids they named, so a follow-up may still cite them).
 */
export function compactHistory(messages: AgentMessage[]): AgentMessage[] {
  const userAt = messages.flatMap((m, i) => (m.role === 'user' ? [i] : []));
  const from = userAt.length > KEPT_TURNS ? userAt[userAt.length - KEPT_TURNS]! : 0;
  return messages.slice(from).map((m) => {
    if (m.role !== 'tool' || m.content.length <= OLD_TOOL_CHARS) return m;
    const ids = arxivIdsIn(m.content);
    return {
      ...m,
      content: `${m.content.slice(0, OLD_TOOL_CHARS)}…[shortened]${ids.length ? ` arXiv ids in this result: ${ids.join(', ')}` : ''}`,
    };
  });
}

/** The draft texts the runner polls, as restarts and deltas. */
function draftListener(onDraft: (draft: AgentDraft) => void) {
  let draftKey: string | undefined;
  let draftText = '';
  return (d: ActivityDraft) => {
    const restart = d.key !== draftKey || !d.text.startsWith(draftText);
    const delta = restart ? d.text : d.text.slice(draftText.length);
    draftKey = d.key;
    draftText = d.text;
    if (delta || restart) onDraft({ text: d.text, delta, restart });
  };
}

/** Runs one agentTurn workflow for `question`, continuing and then saving `conversationId` when given. */
export async function runAgentTurn(
  ports: TurnRunPorts,
  question: string,
  conversationId: string | undefined,
  progress: ProgressFn | undefined,
  options: TurnOptions,
): Promise<TurnOutcome> {
  const { store, settings, logger } = ports;
  const prior = conversationId
    ? ((await store.getConversation(conversationId))?.messages as AgentMessage[] | undefined)
    : undefined;
  const messages: AgentMessage[] = [...compactHistory(prior ?? []), { role: 'user', content: question }];
  let seen = 0;
  const heard = (trace: AgentTraceItem[]) => {
    for (const item of trace.slice(seen)) options.onTool?.(item);
    seen = Math.max(seen, trace.length);
  };
  // Loaded here, not at the top: the workflow SDK is slow to load and most commands never ask.
  const { agentTraceQuery, agentTurn } = await import('../workflows/agent-turn.ts');
  let result;
  try {
    result = await ports.runner.run(
      agentTurn,
      [{ messages, limits: settings.limits, llmTimeoutMs: settings.llmTimeoutMs }],
      {
        idPrefix: 'agent',
        label: 'thinking…',
        what: 'question',
        onDemand: true,
        timeoutMs: settings.turnTimeoutMs,
        progress: progress && ((message, detail) => message !== 'done' && progress(message, detail)),
        signal: options.signal,
        onStart: options.onStart,
        watch: { query: agentTraceQuery, onValue: heard },
        ...(options.onDraft ? { onDraft: draftListener(options.onDraft) } : {}),
      },
    );
  } catch (e) {
    if (isAppError(e, 'CANCELLED') || isAppError(e, 'TIMED_OUT') || isAppError(e, 'INVALID_INPUT')) throw e;
    throw new AppError('LLM_FAILED', `The agent failed: ${errorMessage(e)}`, { cause: e });
  }
  heard(result.trace);
  if (conversationId) {
    await store.saveConversation(conversationId, [
      ...(prior ?? []),
      ...result.messages.slice(messages.length - 1),
    ] as ConversationMessage[]);
  }
  logger.info(
    { steps: result.steps, toolCalls: result.toolCalls, toolChars: result.toolChars, budget: result.budget },
    'agent turn done',
  );
  return {
    answer: result.answer,
    cited: result.cited,
    removed: result.removed,
    steps: result.steps,
    toolCalls: result.toolCalls,
    toolChars: result.toolChars,
    budget: result.budget,
    trace: result.trace,
    proposals: result.proposals ?? [],
    llm: result.llm ?? null,
  };
}
