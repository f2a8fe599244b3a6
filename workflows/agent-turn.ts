/**
 * agentTurn: one turn of the research agent ("agents are while loops with function calls"). Each
 * model call is an activity; each tool call is an activity, or for arXiv work a child workflow
 * (topicSearch, paperIngest), so every arXiv request goes through the rate-limited queue and gate,
 * and a worker restart resumes the turn where it was instead of losing it. Budgets (model calls,
 * tool output kept, wall time) end the loop with a last call without tools; the answer's
 * citations are checked against the ids the tools returned.
 */
import {
  ActivityFailure,
  ApplicationFailure,
  CancellationScope,
  ChildWorkflowCancellationType,
  defineQuery,
  executeChild,
  patched,
  proxyActivities,
  setHandler,
  workflowInfo,
} from '@temporalio/workflow';
import type { Activities } from '../activities/index.ts';
import type { AgentToolOutput } from '../activities/agent/activities.ts';
import {
  budgetSentence,
  checkCitations,
  cutToolOutput,
  describeToolCall,
  formatSearchResult,
  idsFromTools,
  outOfTimeAnswer,
  subscriptionConfirmed,
  TOOL_ERROR_PREFIX,
  type AgentLimits,
  type AgentMessage,
  type AgentToolCall,
  type BudgetHit,
} from '../domain/agent.ts';
import { proposalToolText, proposesOnly, type ProposedWrite } from '../domain/agent-proposals.ts';
import { PERMANENT_CODES } from '../domain/errors.ts';
import { paperIngest } from './paper-ingest.ts';
import { trackProgress } from './progress.ts';
import { topicSearch } from './topic-search.ts';

export interface AgentTurnInput {
  /** The conversation so far, ending with the user's new message. */
  messages: AgentMessage[];
  limits: AgentLimits;
  /** LLM_TIMEOUT_MS: bounds each model call's activity. */
  llmTimeoutMs: number;
}

/** One tool call as the user sees it in the trace. */
export interface AgentTraceEntry {
  step: number;
  tool: string;
  label: string;
  isError: boolean;
  /** Characters of its output kept in the context. */
  chars: number;
}

export interface AgentTurnResult {
  answer: string;
  /** The conversation after this turn (input messages, tool rounds, the final answer). */
  messages: AgentMessage[];
  /** arXiv ids the answer cites, all returned by a tool in this conversation. */
  cited: string[];
  /** Ids the model cited that no tool returned: removed from the answer. */
  removed: string[];
  steps: number;
  toolCalls: number;
  toolChars: number;
  budget: BudgetHit;
  trace: AgentTraceEntry[];
  /** Writes the model proposed this turn: none was applied; the AgentService turns them into proposals the user confirms. */
  proposals?: ProposedWrite[];
  /** The LLM that wrote the answer (`model at host`, from the worker that ran the model call). */
  llm?: string;
}

/** The tool calls so far (the CLI and the bot show them as they happen). */
export const agentTraceQuery = defineQuery<AgentTraceEntry[]>('agentTrace');

const errorText = (e: unknown): string => {
  let c: unknown = e;
  while (c instanceof Error && c.cause instanceof Error) c = c.cause;
  return c instanceof Error ? c.message : String(c);
};

type Acts = ReturnType<typeof proxyActivities<Activities>>;

/** What one turn accumulates as it runs. */
interface Turn {
  limits: AgentLimits;
  messages: AgentMessage[];
  trace: AgentTraceEntry[];
  proposals: ProposedWrite[];
  steps: number;
  toolCalls: number;
  toolChars: number;
  children: number;
  budget: BudgetHit;
  answer: string;
  lastText: string | null;
  llm: string | undefined;
  /** The AGENT_MAX_SECONDS deadline rule applies (patched: turns recorded before it keep theirs). */
  deadlines: boolean;
  deadlineAt: number;
  parentId: string;
  tools: Acts;
  stage: (label: string) => void;
}

type Deadlined<T> = { outOfTime: false; value: T } | { outOfTime: true };

/** Runs `work` until the turn's deadline; `{ outOfTime: true }` when the deadline cut it. */
async function beforeDeadline<T>(turn: Turn, work: () => Promise<T>): Promise<Deadlined<T>> {
  if (!turn.deadlines) return { outOfTime: false, value: await work() };
  const left = turn.deadlineAt - Date.now();
  if (left <= 0) return { outOfTime: true };
  const scope = new CancellationScope({ cancellable: true, timeout: left });
  try {
    const value = await scope.run(work);
    return scope.consideredCancelled ? { outOfTime: true } : { outOfTime: false, value };
  } catch (e) {
    // Cancelled by its own timeout, not because the whole turn was cancelled (the caller left).
    if (scope.consideredCancelled && !CancellationScope.current().consideredCancelled)
      return { outOfTime: true };
    // The model call's own backstop of the same deadline (adapters/llm/client.ts) fired first.
    if (e instanceof ActivityFailure && e.cause instanceof ApplicationFailure && e.cause.type === 'TIMED_OUT')
      return { outOfTime: true };
    throw e;
  }
}

/** The answer when the time budget ran out: what the model last said and what the tools did. */
function outOfTime(turn: Turn): string {
  return outOfTimeAnswer(
    turn.limits.maxSeconds,
    turn.lastText,
    turn.trace.map((t) => t.label),
    [...idsFromTools(turn.messages)],
  );
}

/** Before a model call: a budget that ran out makes it the last one, without tools. */
function checkBudgets(turn: Turn, started: number): boolean {
  const { limits } = turn;
  if (turn.steps === 0 || turn.budget !== null) return false;
  if (turn.steps >= limits.maxSteps - 1) turn.budget = 'steps';
  else if (turn.toolChars >= limits.maxToolChars) turn.budget = 'tool-output';
  else if (Date.now() - started >= limits.maxSeconds * 1000) turn.budget = 'time';
  return turn.budget !== null;
}

/** The tool outputs as recorded: each cut to what is left of the tool-output budget, in call order. */
function recordOutputs(turn: Turn, calls: AgentToolCall[], outputs: AgentToolOutput[], step: number): void {
  for (const [i, call] of calls.entries()) {
    const out = outputs[i]!;
    const left = Math.max(0, turn.limits.maxToolChars - turn.toolChars);
    const text =
      left > 0 ? cutToolOutput(out.text, left) : 'Not shown: the tool-output budget of this turn is used up.';
    turn.toolChars += Math.min(out.text.length, left);
    turn.toolCalls++;
    turn.trace.push({
      step,
      tool: call.name,
      label: describeToolCall(call.name, call.args),
      isError: out.isError,
      chars: text.length,
    });
    turn.messages.push({
      role: 'tool',
      tool_call_id: call.id,
      content: out.isError ? `${TOOL_ERROR_PREFIX}${text}` : text,
    });
  }
}

/** Runs the model's tool calls of one step (until the deadline) and records their outputs. */
async function runToolCalls(turn: Turn, calls: AgentToolCall[], step: number): Promise<void> {
  const finished: Array<AgentToolOutput | undefined> = [];
  const ran = await beforeDeadline(turn, () =>
    Promise.all(calls.map((call, i) => runCall(turn, call, step).then((o) => (finished[i] = o)))),
  );
  // Cut by the deadline: what finished in time is kept, the rest is marked (every call gets a result).
  const outputs = ran.outOfTime
    ? calls.map((_, i) =>
        finished[i] && !finished[i].isError
          ? finished[i]
          : {
              text: 'Not finished: the time budget of this turn (AGENT_MAX_SECONDS) ran out.',
              isError: true,
            },
      )
    : ran.value;
  if (ran.outOfTime) turn.budget = 'time';
  recordOutputs(turn, calls, outputs, step);
}

/** The turn's result: citations checked against what the tools returned, budget notes added. */
function finishTurn(turn: Turn): AgentTurnResult {
  const answer = turn.answer || 'The model gave no answer text. Try rephrasing the question.';
  const checked = checkCitations(answer, idsFromTools(turn.messages));
  let shown = checked.answer;
  if (checked.removed.length) {
    shown += `\n\n_${checked.removed.length} citation${checked.removed.length === 1 ? '' : 's'} removed: no tool returned ${checked.removed.join(', ')} in this conversation._`;
  }
  if (turn.budget) shown += `\n\n${budgetSentence(turn.budget)}`;
  turn.messages.push({ role: 'assistant', content: shown });
  turn.stage('done');
  return {
    answer: shown,
    messages: turn.messages,
    cited: checked.cited,
    removed: checked.removed,
    steps: turn.steps,
    toolCalls: turn.toolCalls,
    toolChars: turn.toolChars,
    budget: turn.budget,
    trace: turn.trace,
    proposals: turn.proposals,
    ...(turn.llm ? { llm: turn.llm } : {}),
  };
}

export async function agentTurn(input: AgentTurnInput): Promise<AgentTurnResult> {
  const limits = input.limits;
  const model = proxyActivities<Activities>({
    // A re-ask makes two model calls in one activity.
    startToCloseTimeout: 2 * input.llmTimeoutMs + 10_000,
    heartbeatTimeout: input.llmTimeoutMs + 5_000,
    retry: {
      initialInterval: '2 seconds',
      backoffCoefficient: 2,
      maximumAttempts: 3,
      nonRetryableErrorTypes: [...PERMANENT_CODES],
    },
  });
  const tools = proxyActivities<Activities>({
    startToCloseTimeout: '10 minutes',
    // Tools heartbeat every 5 s: a worker that died in one is noticed within 20 s and it runs again elsewhere.
    heartbeatTimeout: '20 seconds',
    retry: { initialInterval: '1 second', backoffCoefficient: 2, maximumAttempts: 3 },
  });
  const stage = trackProgress('thinking');
  const trace: AgentTraceEntry[] = [];
  setHandler(agentTraceQuery, () => trace);
  const parentId = workflowInfo().workflowId;
  const started = Date.now();
  const today = new Date(started).toISOString().slice(0, 10);
  // AGENT_MAX_SECONDS is a deadline: the model call or tool calls in flight are cancelled when it
  // passes, and the turn answers with what it has. Turns recorded before this rule keep theirs.
  const deadlines = patched('agent-turn-deadline');
  const deadlineAt = started + limits.maxSeconds * 1000;
  const turn: Turn = {
    limits,
    messages: [...input.messages],
    trace,
    proposals: [],
    steps: 0,
    toolCalls: 0,
    toolChars: 0,
    children: 0,
    budget: null,
    answer: '',
    lastText: null,
    llm: undefined,
    deadlines,
    deadlineAt,
    parentId,
    tools,
    stage,
  };

  for (;;) {
    const final = checkBudgets(turn, started);
    if (deadlines && turn.budget === 'time') {
      turn.answer = outOfTime(turn);
      break;
    }
    stage(
      final
        ? 'writing the answer'
        : turn.steps === 0
          ? 'thinking'
          : `thinking (step ${turn.steps + 1} of at most ${limits.maxSteps})`,
    );
    const { messages, budget } = turn;
    const asked = await beforeDeadline(turn, () =>
      model.agentChat({ messages, budget, limits, today, ...(deadlines ? { deadlineAt } : {}) }),
    );
    if (asked.outOfTime) {
      turn.budget = 'time';
      turn.answer = outOfTime(turn);
      break;
    }
    const reply = asked.value;
    turn.llm = reply.llm ?? turn.llm;
    turn.steps++;
    if (final || reply.toolCalls.length === 0) {
      turn.answer = reply.content?.trim() ?? '';
      break;
    }
    if (reply.content?.trim()) turn.lastText = reply.content.trim();
    turn.messages.push({
      role: 'assistant',
      content: reply.content,
      tool_calls: reply.toolCalls.map((c) => ({
        id: c.id,
        type: 'function',
        function: { name: c.name, arguments: c.argumentsJson },
      })),
    });
    await runToolCalls(turn, reply.toolCalls, turn.steps);
  }
  return finishTurn(turn);
}

/**
 * A tool with a side effect (any: the call says so, domain/agent-proposals.ts proposesOnly): the
 * model's call only proposes (consent bound to a proposal).
 */
async function proposeWrite(
  turn: Turn,
  call: AgentToolCall,
  args: Record<string, unknown>,
): Promise<AgentToolOutput> {
  // The user applies it (AgentService.confirm) with their own action. Turns recorded before this
  // rule keep theirs (then subscribe_topic was the only such tool: the branch below is its old rule).
  if (patched('agent-write-proposals')) {
    const { confirmed: _c, ...proposed } = args;
    turn.proposals.push({ tool: call.name, args: proposed });
    return { text: proposalToolText(call.name, proposed), isError: false };
  }
  if (!subscriptionConfirmed(turn.messages, args)) {
    const { confirmed: _c, ...proposal } = args;
    return {
      text: `Not subscribed yet. Show the user this subscription and ask them to confirm: ${JSON.stringify(proposal)}. If they agree, call subscribe_topic again with the same arguments and "confirmed": true.`,
      isError: false,
    };
  }
  return await turn.tools.agentTool({ name: call.name, args });
}

async function runCall(turn: Turn, call: AgentToolCall, step: number): Promise<AgentToolOutput> {
  if (call.error || !call.args) return { text: call.error ?? 'invalid call', isError: true };
  const args = call.args;
  const { deadlines, parentId, tools } = turn;
  turn.stage(describeToolCall(call.name, args));
  try {
    if (proposesOnly(call)) return await proposeWrite(turn, call, args);
    switch (call.name) {
      case 'search_arxiv': {
        const topic = String(args.topic);
        const maxResults = typeof args.max_results === 'number' ? args.max_results : 5;
        const r = await executeChild(topicSearch, {
          workflowId: `${parentId}/search-${step}-${++turn.children}`,
          ...(deadlines ? { cancellationType: ChildWorkflowCancellationType.TRY_CANCEL } : {}),
          // No full-text ingest here: the agent reads what it wants with get_paper (fewer arXiv requests).
          args: [{ question: topic, maxResults, topN: 0, topic }],
        });
        return {
          text: formatSearchResult(topic, {
            query: r.query,
            ranker: r.ranker,
            results: r.results.slice(0, maxResults),
          }),
          isError: false,
        };
      }
      case 'get_paper': {
        const source = args.source === 'html' || args.source === 'pdf' ? args.source : 'auto';
        const ingest = await executeChild(paperIngest, {
          workflowId: `${parentId}/get-${step}-${++turn.children}`,
          ...(deadlines ? { cancellationType: ChildWorkflowCancellationType.TRY_CANCEL } : {}),
          // `url_or_id`: the argument's name in conversations stored before it was `ref`.
          args: [{ ref: String(args.ref ?? args.url_or_id), source }],
        });
        return await tools.agentReadPaper({
          id: ingest.id,
          contentKey: ingest.contentKey,
          note: ingest.note,
          ...(typeof args.section === 'string' ? { section: args.section } : {}),
        });
      }
      default:
        return await tools.agentTool({ name: call.name, args });
    }
  } catch (e) {
    return { text: `${call.name} failed: ${errorText(e)}`, isError: true };
  }
}
