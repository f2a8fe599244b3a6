/**
 * The real AgentService: each turn runs as an agentTurn workflow (durable; arXiv work through the
 * rate-limited queue), its conversation is loaded from and saved to the library, and its progress
 * and tool calls are polled for the caller. Also builds the worker-side AgentDeps (the model with
 * tool calling, subscriptions with their schedules).
 */
import { Context } from '@temporalio/activity';
import { WorkflowFailedError } from '@temporalio/client';
import { CancelledFailure, TimeoutFailure } from '@temporalio/common';
import type { AgentDeps } from '../activities/agent/activities.ts';
import { createExternalTools, readMcpServersFile } from '../activities/agent/external-mcp.ts';
import { builtinToolSpecs } from '../activities/agent/tools.ts';
import { createLlmClient } from '../activities/llm/client.ts';
import type { ConversationMessage, PaperStore } from '../activities/store/port.ts';
import { NO_LLM_NOTICE, type AgentReply, type AgentService, type AgentTraceItem } from '../app/agent-service.ts';
import type { SubscriptionView } from '../app/radar-service.ts';
import type { Config } from '../config/env.ts';
import { arxivIdsIn, type AgentMessage } from '../domain/agent.ts';
import { AppError, errorMessage } from '../domain/errors.ts';
import type { Logger } from '../lib/logger.ts';
import type { AgentTurnInput, AgentTurnResult } from '../workflows/agent-turn.ts';
import type { RadarServiceHandle } from './radar-service.ts';
import { upsertSchedule } from './schedules.ts';

/** Turns of a stored conversation kept in the model's context (older ones are dropped). */
const KEPT_TURNS = 6;
/** Tool results of earlier turns are shortened to this (their arXiv ids stay listed, so they can still be cited). */
const OLD_TOOL_CHARS = 1500;
const POLL_MS = 500;

/** The worker side of the agent: the model with tool calling and subscriptions that also schedule. */
export function buildAgentDeps(config: Config, logger: Logger, store: PaperStore): AgentDeps {
  const llm =
    config.LLM_BASE_URL && config.LLM_MODEL
      ? createLlmClient({ baseUrl: config.LLM_BASE_URL, model: config.LLM_MODEL, apiKey: config.LLM_API_KEY, timeoutMs: config.LLM_TIMEOUT_MS, maxTokens: config.LLM_MAX_TOKENS, logger })
      : undefined;
  return {
    llm,
    external: config.MCP_SERVERS_FILE ? createExternalTools(readMcpServersFile(config.MCP_SERVERS_FILE), logger) : undefined,
    async subscribe(input): Promise<SubscriptionView> {
      const prior = await store.getSubscription(input.name);
      const sub = await store.upsertSubscription({
        name: input.name,
        query: input.query ?? prior?.query ?? null,
        categories: input.categories ?? prior?.categories ?? [],
        interest: input.interest,
        cron: input.cron ?? prior?.cron ?? config.DIGEST_CRON,
        timezone: input.timezone ?? prior?.timezone ?? config.DIGEST_TIMEZONE,
        topK: input.topK ?? prior?.topK ?? config.DIGEST_TOP_K,
        destinations: prior?.destinations ?? { markdown: true, notion: false, discordChannelId: null },
      });
      // The worker's own client (activity context): the schedule follows the stored subscription.
      await upsertSchedule(Context.current().client, sub, config.TEMPORAL_TASK_QUEUE);
      return {
        name: sub.name,
        query: sub.query,
        categories: sub.categories,
        interest: sub.interest,
        cron: sub.cron,
        timezone: sub.timezone,
        topK: sub.topK,
        minScore: sub.minScore,
        paused: sub.paused,
        destinations: { markdown: sub.destinations.markdown, notion: sub.destinations.notion, discordChannelId: sub.destinations.discordChannelId },
      };
    },
  };
}

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
    return { ...m, content: `${m.content.slice(0, OLD_TOOL_CHARS)}…[shortened]${ids.length ? ` arXiv ids in this result: ${ids.join(', ')}` : ''}` };
  });
}

let seq = 0;

/** The AgentService over a RadarServiceHandle (its Temporal client and library). */
export function createAgentService(config: Config, logger: Logger, radar: RadarServiceHandle): AgentService {
  const enabled = Boolean(config.LLM_BASE_URL && config.LLM_MODEL);
  const limits = { maxSteps: config.AGENT_MAX_STEPS, maxToolChars: config.AGENT_MAX_TOOL_CHARS, maxSeconds: config.AGENT_MAX_SECONDS };

  async function citedPapers(ids: string[]): Promise<AgentReply['cited']> {
    return Promise.all(
      ids.map(async (id) => {
        const p = await radar.store.getPaper(id).catch(() => null);
        return { id, title: p?.title ?? null, url: p?.links.abs ?? `https://arxiv.org/abs/${id}` };
      }),
    );
  }

  return {
    enabled,

    tools: () => builtinToolSpecs().map((t) => ({ name: t.name, description: t.description })),

    async reset(conversationId) {
      await radar.store.deleteConversation(conversationId);
    },

    async ask(input, progress, options = {}) {
      const started = Date.now();
      const question = input.question.trim();
      if (!question) throw new AppError('INVALID_INPUT', 'The question is empty: ask something.');
      if (!enabled) {
        const a = await radar.askPapers(question, progress, options);
        const ids = [...new Set(a.citations.map((c) => c.arxivId))];
        return {
          answer: a.answer,
          cited: await citedPapers(ids),
          removed: [],
          usedAgent: false,
          notice: NO_LLM_NOTICE,
          steps: 0,
          toolCalls: 0,
          toolChars: 0,
          budget: null,
          trace: [],
          ms: Date.now() - started,
        };
      }
      const prior = input.conversationId ? ((await radar.store.getConversation(input.conversationId))?.messages as AgentMessage[] | undefined) : undefined;
      const messages: AgentMessage[] = [...compactHistory(prior ?? []), { role: 'user', content: question }];
      const client = await radar.temporal();
      const workflowId = `agent-${Date.now().toString(36)}-${process.pid}-${++seq}`;
      const turn: AgentTurnInput = { messages, limits, llmTimeoutMs: config.LLM_TIMEOUT_MS };
      const timeoutMs = (config.AGENT_MAX_SECONDS + 60) * 1000 + 2 * config.LLM_TIMEOUT_MS;
      if (options.signal?.aborted) throw new AppError('CANCELLED', 'Cancelled: the question was withdrawn.');
      const handle = await client.workflow.start('agentTurn', { taskQueue: config.TEMPORAL_TASK_QUEUE, workflowId, args: [turn], workflowExecutionTimeout: timeoutMs });
      const onAbort = () => void handle.cancel().catch(() => {});
      options.signal?.addEventListener('abort', onAbort, { once: true });
      let done = false;
      let seen = 0;
      const poll = (async () => {
        let last = '';
        while (!done) {
          await new Promise((r) => setTimeout(r, POLL_MS));
          if (done) break;
          const [stage, trace] = await Promise.all([
            handle.query<string>('progress').catch(() => ''),
            handle.query<AgentTraceItem[]>('agentTrace').catch(() => [] as AgentTraceItem[]),
          ]);
          for (const item of trace.slice(seen)) options.onTool?.(item);
          seen = Math.max(seen, trace.length);
          if (stage && stage !== last && stage !== 'done') progress?.((last = stage));
        }
      })();
      let result: AgentTurnResult;
      try {
        result = (await handle.result()) as AgentTurnResult;
      } catch (e) {
        if (options.signal?.aborted || (e instanceof WorkflowFailedError && e.cause instanceof CancelledFailure)) {
          throw new AppError('CANCELLED', 'Cancelled: the question was withdrawn.', { cause: e });
        }
        if (e instanceof WorkflowFailedError && e.cause instanceof TimeoutFailure) {
          throw new AppError('TIMED_OUT', `The agent did not finish within ${Math.round(timeoutMs / 1000)} s; try a narrower question or raise AGENT_MAX_SECONDS.`, { cause: e });
        }
        let cause: unknown = e;
        while (cause instanceof Error && cause.cause instanceof Error) cause = cause.cause;
        throw new AppError('LLM_FAILED', `The agent failed: ${errorMessage(cause)}`, { cause: e });
      } finally {
        done = true;
        options.signal?.removeEventListener('abort', onAbort);
        await poll;
      }
      for (const item of result.trace.slice(seen)) options.onTool?.(item);
      if (input.conversationId) {
        await radar.store.saveConversation(input.conversationId, [...(prior ?? []), ...result.messages.slice(messages.length - 1)] as ConversationMessage[]);
      }
      logger.info({ workflowId, steps: result.steps, toolCalls: result.toolCalls, toolChars: result.toolChars, budget: result.budget }, 'agent turn done');
      return {
        answer: result.answer,
        cited: await citedPapers(result.cited),
        removed: result.removed,
        usedAgent: true,
        notice: null,
        steps: result.steps,
        toolCalls: result.toolCalls,
        toolChars: result.toolChars,
        budget: result.budget,
        trace: result.trace,
        ms: Date.now() - started,
      };
    },
  };
}
