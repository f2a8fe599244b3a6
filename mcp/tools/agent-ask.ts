/**
 * `agent_ask(question, conversation_id?)`: the research agent (the same loop as `chat` and Discord's
 * `/arxiv ask`) as a tool, for clients that want a research sub-agent. The answer's citations are
 * checked (only ids a tool returned); the tool calls it made are reported as progress when the
 * client asked for progress, and listed in the structured result.
 */
import type { McpServer, RegisteredTool } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import type { AgentService } from '../../app/agent-service.ts';
import { callOptions } from '../call-options.ts';
import { safely, type ToolDeps } from '../tool-result.ts';

export const agentAskShape = {
  question: z
    .string()
    .trim()
    .min(3)
    .max(2000)
    .describe(
      'A research question; the agent searches arXiv, reads papers and the library, and answers with citations',
    ),
  conversation_id: z
    .string()
    .regex(/^[\w.-]{1,64}$/, 'letters, digits, _ . - (at most 64)')
    .optional()
    .describe(
      'Continue an earlier conversation: pass the same id with each follow-up (omit for a one-off question)',
    ),
};

/** Registers the tool. */
export function registerAgentAskTool(
  server: McpServer,
  deps: ToolDeps & { agent: AgentService },
): RegisteredTool {
  return server.registerTool(
    'agent_ask',
    {
      title: 'Ask the research agent',
      description:
        'A research sub-agent: it decides itself when to search arXiv, read papers (section by section) and look through the library, then answers with citations it verified. Slower than the other tools (several model calls). Pass conversation_id to ask follow-ups.',
      inputSchema: agentAskShape,
    },
    ({ question, conversation_id }, extra) =>
      safely('agent_ask', deps.logger, async () => {
        const { progress, options } = callOptions(extra);
        const r = await deps.agent.ask(
          { question, conversationId: conversation_id ? `mcp:${conversation_id}` : undefined },
          progress,
          {
            ...options,
            // An MCP client is another program (often another model): it may see proposals, never apply them.
            canConfirm: false,
            onTool: (t) => progress?.(`${t.label}${t.isError ? ' (failed)' : ''}`),
          },
        );
        const sources = r.cited
          .map(
            (c, i) =>
              `[${i + 1}] arXiv:${c.id}${c.title ? ` — ${c.title.replace(/\s+/g, ' ')}` : ''} ${c.url}`,
          )
          .join('\n');
        const proposals = r.proposals.map(
          (p) =>
            `Proposed, not applied (agent_ask cannot apply changes; the user can with \`arxiv-radar subscribe\`, the web app or the chat): ${p.title}\n${p.changes.map((c) => `  ${c}`).join('\n')}`,
        );
        const text = [r.notice, r.answer.trim(), sources ? `Sources:\n${sources}` : null, ...proposals]
          .filter(Boolean)
          .join('\n\n');
        const structured = {
          answer: r.answer,
          cited: r.cited,
          removed: r.removed,
          used_agent: r.usedAgent,
          notice: r.notice,
          steps: r.steps,
          tool_calls: r.trace.map((t) => ({
            step: t.step,
            tool: t.tool,
            label: t.label,
            is_error: t.isError,
            chars: t.chars,
          })),
          tool_chars: r.toolChars,
          budget: r.budget,
          ms: r.ms,
          proposals: r.proposals.map((p) => ({ title: p.title, changes: p.changes, applied: false })),
        };
        return { content: [{ type: 'text', text }], structuredContent: structured };
      }),
  );
}
