/**
 * `/arxiv ask question:` — the research agent when an LLM is configured: it searches arXiv, reads
 * papers and the library (progress edits show its tool calls), and answers with checked citations
 * as embeds. The first question starts a thread on the reply; `/arxiv ask` inside that thread
 * continues the same conversation (kept in the library under `discord:<thread id>`). Without an
 * LLM: one sentence saying so, then the cited answer from the library.
 */
import { NO_LLM_NOTICE } from '../../app/agent-service.ts';
import { truncate } from '../../domain/discord-limits.ts';
import type { SlashCommand } from '../command.ts';
import { agentAnswerMessage, answerMessage } from '../format.ts';
import { requiredString } from '../options.ts';

/** Discord's limit on a thread name. */
const THREAD_NAME_MAX = 100;

export const ask: SlashCommand = {
  name: 'ask',
  expensive: true,
  manages: false,
  prepare(inv) {
    const question = requiredString(inv, 'question', 500);
    return async ({ service, agent, progress, signal, startThread }) => {
      if (!agent?.enabled) {
        const message = answerMessage(question, await service.askPapers(question, progress, { signal }));
        return agent ? { ...message, content: NO_LLM_NOTICE } : message;
      }
      let threadId: string | null = null;
      if (!(inv.inThread && inv.channelId)) {
        // The reply must exist before a thread can start on it: the first progress edit makes sure.
        progress('thinking…');
        threadId = await startThread(truncate(question.replace(/\s+/g, ' '), THREAD_NAME_MAX));
      }
      const conversation = inv.inThread && inv.channelId ? inv.channelId : threadId;
      const reply = await agent.ask(
        { question, conversationId: conversation ? `discord:${conversation}` : undefined },
        progress,
        {
          signal,
          owner: inv.userId,
          onTool: (t) => progress(t.label),
        },
      );
      return agentAnswerMessage(question, reply, { threadId });
    };
  },
};
