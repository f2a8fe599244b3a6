/**
 * The research agent's activities (the agentTurn workflow drives them): one model call with the
 * tools (streamed, heartbeating per chunk, arguments repaired or re-asked once), one library tool
 * call, and reading a stored paper by section. arXiv work (search, fetching a paper) is not here:
 * the workflow runs it as child workflows, so it goes through the rate-limited queue and gate.
 */
import { Context } from '@temporalio/activity';
import { sharedTool, type ToolContext } from '../../app/tools/index.ts';
import type { AgentMessage, AgentToolCall } from '../../domain/agent.ts';
import { agentSystemPrompt, budgetNote, DEFAULT_AGENT_LIMITS, type AgentLimits } from '../../domain/agent.ts';
import { AppError, errorMessage, isAppError } from '../../domain/errors.ts';
import type { Logger } from '../../lib/logger.ts';
import { redact } from '../../lib/redact.ts';
import type { ToolCallingLlm, ToolChatResult, ToolSpec, WireMessage } from '../../app/ports/llm.ts';
import type { DigestLedger, LibraryStore, RatingStore, SubscriptionStore } from '../../app/ports/store.ts';
import type { Reranker } from '../../app/ports/ranker.ts';
import { renderPaperMarkdown } from '../../app/capabilities/render.ts';
import { builtinToolSpecs, checkToolCall, outlineOf, sectionOf } from './tools.ts';

import type { ExternalTools } from '../../app/ports/llm.ts';
export type { ExternalTools };

/** What the agent needs besides the library: the model and external tools (it changes nothing stored itself). */
export interface AgentDeps {
  llm: ToolCallingLlm | undefined;
  external?: ExternalTools | undefined;
  /** Stream model replies (default true): each chunk is a heartbeat, so a stalled stream is noticed. */
  stream?: boolean;
}

export interface AgentActivityDeps {
  store: LibraryStore & SubscriptionStore & DigestLedger & RatingStore;
  reranker: () => Promise<Reranker>;
  logger: Logger;
  failpoint?: ((name: string) => void) | undefined;
  agent?: AgentDeps | undefined;
}

export interface AgentChatInput {
  messages: AgentMessage[];
  /** A budget ran out: no tools offered, the model is told to answer with what it has. */
  budget?: 'steps' | 'tool-output' | 'time' | null;
  limits?: AgentLimits;
  /** YYYY-MM-DD, for the system prompt (workflow time, so replays agree). */
  today: string;
  /** Epoch ms when the turn's time budget ends: the model call is cut then (TIMED_OUT). */
  deadlineAt?: number;
}

export interface AgentChatOutput {
  content: string | null;
  toolCalls: AgentToolCall[];
  /** The model sent unparseable arguments and was asked once more. */
  reasked: boolean;
  promptTokens: number;
  completionTokens: number;
  /** Which LLM wrote the reply (`model at host`): this worker's LLM_* settings, not the caller's. */
  llm?: string;
}

/**
 * What agentChat reports in its heartbeat details while the model writes: the reply's text so far
 * (`draft.text`, cut at MAX_DRAFT_CHARS), keyed by attempt and model call (`draft.key`: a retried
 * attempt or the re-ask starts a new text). The WorkflowRunner reads it with describe() and the
 * front ends show it as it grows; nothing of it enters the workflow's history or result.
 */
export interface AgentChatHeartbeat {
  chars: number;
  draft?: { key: string; attempt: number; text: string };
}

/** The most draft text a heartbeat carries (heartbeat details are a payload: kept small). */
export const MAX_DRAFT_CHARS = 32_000;
/** How long after the turn's deadline a model call ends by itself (the workflow cancels it at the deadline). */
const DEADLINE_GRACE_MS = 2000;
/** Draft heartbeats are sent at most this often (the worker's throttle then spaces the RPCs). */
export const DRAFT_EVERY_MS = 200;

export interface AgentToolOutput {
  text: string;
  isError: boolean;
}

/** The activity's context, or undefined when called directly (e.g. in unit tests). */
function activityContext(): Context | undefined {
  try {
    return Context.current();
  } catch {
    return undefined;
  }
}

/** Heartbeats when running as an activity (no-op when called directly, e.g. in unit tests). */
function heartbeat(details?: unknown): void {
  activityContext()?.heartbeat(details);
}

/** Runs `work` heartbeating every few seconds (tools that wait on the library or the model). */
async function withHeartbeats<T>(work: () => Promise<T>): Promise<T> {
  const timer = setInterval(() => heartbeat(), 5000);
  try {
    return await work();
  } finally {
    clearInterval(timer);
  }
}

const toWire = (messages: AgentMessage[]): WireMessage[] => messages as WireMessage[];

const noLlm = () =>
  new AppError(
    'INVALID_INPUT',
    'No LLM is configured: set LLM_BASE_URL and LLM_MODEL (a model with tool calling) to use the agent.',
  );

/**
 * The external tools keep their connections and tool lists; a server that failed to start is
 * tried again on a later turn, so its tools are not cached here.
 */
async function externalSpecs(deps: AgentActivityDeps): Promise<ToolSpec[]> {
  if (!deps.agent?.external) return [];
  return deps.agent.external.specs().catch((e: unknown) => {
    deps.logger.warn({ err: errorMessage(e) }, 'external MCP servers: listing tools failed');
    return [];
  });
}

/**
 * One model call, streamed: each chunk of text is a heartbeat (a stalled stream is noticed),
 * carrying the text so far at most every DRAFT_EVERY_MS for the callers to show while the model
 * writes. Each call of the returned function is a new text (`draft.key`).
 */
function modelCaller(llm: ToolCallingLlm, agent: AgentDeps, input: AgentChatInput, tools: ToolSpec[]) {
  const system: AgentMessage = {
    role: 'system',
    content: agentSystemPrompt(input.today, input.limits ?? DEFAULT_AGENT_LIMITS),
  };
  let chars = 0;
  let modelCalls = 0;
  const attempt = activityContext()?.info.attempt ?? 1;
  return (messages: AgentMessage[]): Promise<ToolChatResult> => {
    const key = `${attempt}.${++modelCalls}`;
    let text = '';
    let sentAt = 0;
    // Every heartbeat carries the draft (the server keeps only the latest details).
    const beat = (force: boolean) => {
      const now = Date.now();
      if (!force && now - sentAt < DRAFT_EVERY_MS) return;
      sentAt = now;
      heartbeat({ chars, draft: { key, attempt, text } } satisfies AgentChatHeartbeat);
    };
    beat(true);
    const cancelled = activityContext()?.cancellationSignal;
    return llm.chatWithTools({
      messages: toWire([system, ...messages]),
      tools,
      stream: agent.stream ?? true,
      // A backstop: the workflow cancels this call at the deadline; should the cancellation
      // not arrive (the workflow's worker is down), the call still ends soon after.
      ...(input.deadlineAt !== undefined ? { deadlineMs: input.deadlineAt + DEADLINE_GRACE_MS } : {}),
      // A cancelled turn (the caller went away) stops the model writing; heartbeats every
      // DRAFT_EVERY_MS bring the cancellation quickly.
      ...(cancelled ? { signal: cancelled } : {}),
      onText: (delta) => {
        chars += delta.length;
        if (text.length < MAX_DRAFT_CHARS) text = (text + delta).slice(0, MAX_DRAFT_CHARS);
        beat(false);
      },
    });
  };
}

/** The conversation that shows the model its broken calls and the parser's complaints (the one re-ask). */
function reaskMessages(input: AgentChatInput, reply: ToolChatResult, calls: AgentToolCall[]): AgentMessage[] {
  return [
    ...input.messages,
    {
      role: 'assistant',
      content: reply.content,
      tool_calls: reply.toolCalls.map((c) => ({
        id: c.id,
        type: 'function',
        function: { name: c.name, arguments: '{}' },
      })),
    },
    ...calls.map((c): AgentMessage => ({
      role: 'tool',
      tool_call_id: c.id,
      content: c.error
        ? `${c.error}. Send this call again with a valid JSON object.`
        : 'not run: send the calls again',
    })),
  ];
}

/** One model call with the tools; tool calls come back parsed, repaired and validated. */
async function agentChat(deps: AgentActivityDeps, input: AgentChatInput): Promise<AgentChatOutput> {
  const agent = deps.agent;
  const llm = agent?.llm;
  if (!agent || !llm) throw noLlm();
  const final = Boolean(input.budget);
  const extra = final ? [] : await externalSpecs(deps);
  const tools = final ? [] : [...builtinToolSpecs(), ...extra];
  const externalNames = new Set(extra.map((t) => t.name));
  const ask = modelCaller(llm, agent, input, tools);
  // Said as the user's side (some chat templates accept a system message only first).
  const asked: AgentMessage[] = input.budget
    ? [...input.messages, { role: 'user', content: `(arxiv-radar) ${budgetNote(input.budget)}` }]
    : input.messages;
  let reply: ToolChatResult = await ask(asked);
  let calls = reply.toolCalls.map((c) => checkToolCall(c, externalNames));
  let reasked = false;
  const broken = calls.filter((c) => c.error?.startsWith('arguments are not valid JSON'));
  if (broken.length) {
    // One re-ask: show the model its broken call and the parser's complaint.
    reasked = true;
    deps.logger.info(
      { tools: broken.map((c) => c.name) },
      'agent: tool arguments were not valid JSON; asking the model once more',
    );
    reply = await ask(reaskMessages(input, reply, calls));
    calls = reply.toolCalls.map((c) => checkToolCall(c, externalNames));
  }
  return {
    content: reply.content,
    toolCalls: calls,
    reasked,
    promptTokens: reply.usage?.promptTokens ?? 0,
    completionTokens: reply.usage?.completionTokens ?? 0,
    ...(llm.label ? { llm: llm.label } : {}),
  };
}

/** The name `ask_papers` had for the agent before it was shared with MCP (turns recorded then). */
const FORMER_NAMES: Record<string, string> = { ask_library: 'ask_papers' };

/** What a shared tool runs over in the worker: the library and the model; never a write (see runTool). */
function toolContext(deps: AgentActivityDeps): ToolContext {
  return {
    store: deps.store,
    reranker: deps.reranker,
    logger: deps.logger,
    llm: async () => deps.agent?.llm,
    subscribe: () => {
      throw new AppError(
        'PERMISSION_DENIED',
        'the agent’s worker changes nothing: the user applies proposals',
      );
    },
  };
}

/**
 * A tool shared with MCP (app/tools/, the app's capabilities: the service runs the same ones) or
 * an external MCP tool, as text for the model. A tool with a side effect never runs here: the
 * agentTurn workflow only proposes its calls, and the user's confirmation of the stored proposal
 * runs it in the caller's process (AgentService.confirm); a call that reaches here is refused.
 */
async function runTool(
  deps: AgentActivityDeps,
  called: string,
  args: Record<string, unknown>,
): Promise<string> {
  const name = FORMER_NAMES[called] ?? called;
  const shared = sharedTool(name);
  if (shared) {
    if (shared.sideEffect)
      throw new AppError(
        'PERMISSION_DENIED',
        `${name} changes stored data: it is only proposed, and only the user can apply it`,
      );
    return (await shared.run(toolContext(deps), args)).text;
  }
  const external = deps.agent?.external;
  if (!external) throw new AppError('INVALID_INPUT', `there is no tool "${name}"`);
  const r = await external.call(name, args);
  if (r.isError) throw new AppError('INVALID_INPUT', r.text);
  return r.text;
}

/** A stored paper as the model reads it: metadata, abstract and outline, or one section. */
async function agentReadPaper(
  deps: AgentActivityDeps,
  input: { id: string; contentKey: string | null; note: string | null; section?: string },
): Promise<AgentToolOutput> {
  const paper = await deps.store.getPaper(input.id);
  if (!paper) return { text: `Paper ${input.id} is not in the library.`, isError: true };
  const content = input.contentKey ? await deps.store.getContentByKey(input.contentKey) : null;
  const head = renderPaperMarkdown(paper, null, content ? undefined : (input.note ?? 'no full text'));
  if (!content) return { text: head, isError: false };
  if (input.section) {
    const s = sectionOf(content.markdown, input.section);
    if (s)
      return { text: `# ${paper.title} (arXiv:${paper.id}) — ${s.title}\n\n${s.text}\n`, isError: false };
    return {
      text: `No section "${input.section}" in arXiv:${paper.id}. Sections:\n${outlineOf(content.markdown).join('\n')}`,
      isError: true,
    };
  }
  const outline = outlineOf(content.markdown);
  return {
    text: `${head}\n## Sections (read one with get_paper and "section")\n${outline.join('\n') || '(no headings)'}\n`,
    isError: false,
  };
}

export function createAgentActivities(deps: AgentActivityDeps) {
  return {
    /** One model call with the tools; tool calls come back parsed, repaired and validated. */
    agentChat: (input: AgentChatInput): Promise<AgentChatOutput> => agentChat(deps, input),

    /**
     * One tool shared with MCP (app/tools/; never one with a side effect: those are proposals) or
     * an external MCP tool. A failure comes back as an error result the model can act on, not a thrown
     * error: the agent recovers instead of the turn failing.
     */
    async agentTool(input: { name: string; args: Record<string, unknown> }): Promise<AgentToolOutput> {
      const { name, args } = input;
      let out: AgentToolOutput;
      try {
        out = { text: await withHeartbeats(() => runTool(deps, name, args)), isError: false };
      } catch (e) {
        deps.logger.warn({ tool: name, err: errorMessage(e) }, 'agent tool failed');
        out = {
          text: redact(
            isAppError(e) ? `${name} failed (${e.code}): ${e.message}` : `${name} failed: ${errorMessage(e)}`,
          ),
          isError: true,
        };
      }
      // Crash tests stop the worker here: the tool ran, its result is not recorded yet.
      deps.failpoint?.(`agent-after-tool:${name}`);
      return out;
    },

    /** A stored paper as the model reads it: metadata, abstract and outline, or one section. */
    agentReadPaper: (input: {
      id: string;
      contentKey: string | null;
      note: string | null;
      section?: string;
    }): Promise<AgentToolOutput> => agentReadPaper(deps, input),
  };
}
